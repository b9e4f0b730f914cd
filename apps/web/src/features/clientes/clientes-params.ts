import { ESTADOS_CLIENTE, SORT_CLIENTES } from '@predio/contract/clientes';
import { GESTIONES } from '@predio/contract/inmuebles';
import { definirLista, dia, id, texto, unoDe, variosDe, type EstadoLista } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';

/** The list's criteria as they travel in the URL and to GET /api/clientes (same names). */
export const listaClientes = definirLista({
  filtros: {
    q: texto(),
    estado: variosDe(ESTADOS_CLIENTE),
    asesor: id(),
    medio: id(),
    gestion: unoDe(GESTIONES),
    consecutivo: id(),
    ingresoDesde: dia(),
    ingresoHasta: dia(),
    cierreDesde: dia(),
    cierreHasta: dia(),
  },
  orden: SORT_CLIENTES,
});

export type ClientesParams = EstadoLista<(typeof listaClientes)['filtros'], (typeof SORT_CLIENTES)[number]>;

export const FILTROS_VACIOS = listaClientes.vacios;

export const leerParams = (sp: URLSearchParams | string): ClientesParams => listaClientes.leer(sp);

/** The API query string (without page and size for an export). */
export const consultaClientes = (p: ClientesParams, paginar: boolean) => listaClientes.consulta(p, paginar);

export const hayFiltros = (p: ClientesParams) => listaClientes.hayFiltros(p);

/**
 * `abrir`: the consecutivo of the lead whose form is open, or 'nuevo' (clienteAbrir deep link). The
 * buscador does not bring its filter back on its own: spec §3's client-statistics filter expires after
 * 5 minutes, and its page restores it from that store.
 */
export function useClientesParams(path: string, o: { restaurar?: boolean } = {}) {
  return useListaUrl(listaClientes, path, { detalle: { clave: 'abrir', nuevo: 'nuevo' }, restaurar: o.restaurar ?? true });
}
