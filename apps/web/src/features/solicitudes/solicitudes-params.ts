import { CANAL_VALUES, ESTADO_VALUES, PORTAL_VALUES, SORT_SOLICITUDES, TIPO_VALUES } from '@predio/contract/solicitudes';
import { definirLista, dia, id, idO, texto, variosDe, type EstadoLista } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';

export const PATH_SOLICITUDES = '/propiedades/solicitudes';

/** The list's criteria as they travel in the URL and to GET /api/solicitudes (same names). */
export const listaSolicitudes = definirLista({
  filtros: {
    q: texto(),
    estado: variosDe(ESTADO_VALUES),
    canal: variosDe(CANAL_VALUES),
    portal: variosDe(PORTAL_VALUES),
    tipo: variosDe(TIPO_VALUES),
    asignado: idO('ninguno'),
    desde: dia(),
    hasta: dia(),
    inmueble: id(),
  },
  orden: SORT_SOLICITUDES,
});

export type SolicitudesParams = EstadoLista<(typeof listaSolicitudes)['filtros'], (typeof SORT_SOLICITUDES)[number]>;

export const leerParams = (sp: URLSearchParams | string) => listaSolicitudes.leer(sp);
export const consultaSolicitudes = (p: SolicitudesParams, paginar: boolean) => listaSolicitudes.consulta(p, paginar);
export const conFiltros = (p: SolicitudesParams) => listaSolicitudes.hayFiltros(p);

/** The open request: its número, 'nueva' for the create form; `abrir` is what notifications link to. */
export type Abierta = number | 'nueva' | null;

export const useSolicitudesParams = () =>
  useListaUrl(listaSolicitudes, PATH_SOLICITUDES, { detalle: { clave: 'abrir', nuevo: 'nueva' } });
