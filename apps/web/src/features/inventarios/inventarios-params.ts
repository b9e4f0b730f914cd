import { ESTADOS_INVENTARIO, SORT_INVENTARIOS, TIPOS_INVENTARIO } from '@predio/contract/inventarios';
import { definirLista, dia, id, texto, unoDe, type EstadoLista } from '../../components/lista/campos-url.ts';

export const PATH_INVENTARIOS = '/inventarios/administracion-inventarios';
export const enlaceInventario = (id: number) => `/inventarios/inventario/${id}`;

/** The list's criteria as they travel in the URL and to GET /api/inventarios (same names). */
export const listaInventarios = definirLista({
  filtros: {
    q: texto(),
    consecutivo_inmueble: id(),
    tipo: unoDe(TIPOS_INVENTARIO),
    estado: unoDe(ESTADOS_INVENTARIO),
    desde: dia(),
    hasta: dia(),
    usuario: id(),
  },
  orden: SORT_INVENTARIOS,
});

export type InventariosParams = EstadoLista<(typeof listaInventarios)['filtros'], (typeof SORT_INVENTARIOS)[number]>;
