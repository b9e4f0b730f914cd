import { ROLES, SORT_TERCEROS } from '@predio/contract/terceros';
import { bandera, booleano, definirLista, texto, unoDe, type EstadoLista } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';

export const PATH_TERCEROS = '/maestros/terceros';

/** The list's criteria as they travel in the URL and to GET /api/terceros (same names). */
export const listaTerceros = definirLista({
  filtros: {
    q: texto(),
    rol: unoDe(ROLES.map((r) => r.key)),
    activo: booleano(),
    sinAutorizacionDatos: bandera(),
  },
  orden: SORT_TERCEROS,
});

export type TercerosParams = EstadoLista<(typeof listaTerceros)['filtros'], (typeof SORT_TERCEROS)[number]>;

export const consultaTerceros = (p: TercerosParams, paginar: boolean) => listaTerceros.consulta(p, paginar);

/** The open form: a tercero's id or 'nuevo'; kept in the URL (?tercero=) so a duplicate's link can open it. */
export const useTercerosParams = () =>
  useListaUrl(listaTerceros, PATH_TERCEROS, { detalle: { clave: 'tercero', nuevo: 'nuevo' } });
