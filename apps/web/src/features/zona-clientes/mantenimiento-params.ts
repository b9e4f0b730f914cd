import { ESTADOS_MANTENIMIENTO, SORT_MANTENIMIENTO, URGENCIAS } from '@predio/contract/zona-clientes';
import { definirLista, id, texto, unoDe, variosDe, type EstadoLista } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';

export const PATH_MANTENIMIENTO = '/zonaclientes/solicitudesmantenimiento';

/** The list's criteria as they travel in the URL and to GET /api/solicitudes-mantenimiento (same names). */
export const listaMantenimiento = definirLista({
  filtros: { q: texto(), estado: variosDe(ESTADOS_MANTENIMIENTO), urgencia: unoDe(URGENCIAS), asignado: id() },
  orden: SORT_MANTENIMIENTO,
});

export type MantenimientoParams = EstadoLista<(typeof listaMantenimiento)['filtros'], (typeof SORT_MANTENIMIENTO)[number]>;

export const useMantenimientoParams = () =>
  useListaUrl(listaMantenimiento, PATH_MANTENIMIENTO, { detalle: { clave: 'abrir', nuevo: 'nueva' } });
