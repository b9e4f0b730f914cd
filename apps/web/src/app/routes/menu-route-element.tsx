import { Navigate, useParams } from 'react-router';
import type { FlatRoute } from '@predio/contract/menu';
import { paramsAreValid } from './menu-routes.ts';
import { ACCIONES_MAESTRO, ConstructionPage, MaestroPage, PAGES, PAGINAS_CON_MAESTRO, maestroDeRuta } from './page-registry.ts';

export function MenuRouteElement({ route }: { route: FlatRoute }) {
  const params = useParams();
  if (!paramsAreValid(route.params, params)) return <Navigate to="/404" replace />;
  const maestro = maestroDeRuta(route);
  if (maestro !== undefined) {
    const tabla = <MaestroPage key={maestro.key} def={maestro} AccionFila={ACCIONES_MAESTRO[maestro.key]} />;
    const Conjunto = route.component === undefined ? undefined : PAGINAS_CON_MAESTRO[route.component];
    return Conjunto === undefined ? tabla : <Conjunto maestro={tabla} />;
  }
  const Page = route.component === undefined ? undefined : PAGES[route.component];
  return Page === undefined ? <ConstructionPage route={route} /> : <Page />;
}
