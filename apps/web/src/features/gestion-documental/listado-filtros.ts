import { ORDEN_RADICADOS, TIPOS_RADICADO } from '@predio/contract/gestion-documental';
import { definirLista, dia, id, texto, unoDe } from '../../components/lista/campos-url.ts';

/** The radicados' criteria as they travel in the URL and to the API (same names). */
export const listaRadicados = definirLista({
  filtros: {
    q: texto(),
    tipo: unoDe(TIPOS_RADICADO),
    id_area: id(),
    id_serie: id(),
    id_subserie: id(),
    id_tipo_documental: id(),
    id_estado: id(),
    inmueble: id(),
    id_contrato: id(),
    desde: dia(),
    hasta: dia(),
  },
  orden: ORDEN_RADICADOS,
});

export type OrdenRadicados = (typeof ORDEN_RADICADOS)[number];
