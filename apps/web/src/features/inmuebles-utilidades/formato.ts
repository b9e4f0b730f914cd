import { etiquetaTipo, type Asesor } from '@predio/contract/inmuebles-utilidades';
import { ETIQUETAS_GESTION, type Gestion, type TipoInmueble } from '@predio/contract/inmuebles';
import { formatMoneda } from '../../lib/format.ts';

const moneda = (n: number) => formatMoneda(n).replace(/\u00a0/g, ' ');

/** "Apartamento en arriendo", "Casa en arriendo y venta". */
export const tituloInmueble = (tipo: TipoInmueble, gestion: Gestion) =>
  `${etiquetaTipo(tipo)} en ${ETIQUETAS_GESTION[gestion].toLowerCase()}`;

/** The price a client asks about: the canon per month and/or the sale price. */
export function precioInmueble(p: { gestion: Gestion; canon: number | null; precio_venta: number | null }): string {
  const partes: string[] = [];
  if (p.gestion !== 'venta' && p.canon) partes.push(`${moneda(p.canon)} / mes`);
  if (p.gestion !== 'arriendo' && p.precio_venta) partes.push(moneda(p.precio_venta));
  return partes.join(' · ');
}

export const nombreAsesor = (a: Asesor) => (a.nombre ? `${a.nombre} (${a.usuario})` : a.usuario);
