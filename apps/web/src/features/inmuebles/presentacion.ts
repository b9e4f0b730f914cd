import { ETIQUETAS_TIPO, type InmuebleResumen } from '@predio/contract/inmuebles';
import { formatMoneda, formatNumero } from '../../lib/format.ts';

/** "$ 2.500.000 /mes", "$ 450.000.000" or both, as a person reads a property's price. */
export function precios(i: Pick<InmuebleResumen, 'canon' | 'precio_venta'>): string[] {
  const out: string[] = [];
  if (i.canon !== null) out.push(`${formatMoneda(i.canon)} /mes`);
  if (i.precio_venta !== null) out.push(formatMoneda(i.precio_venta));
  return out;
}

export const titulo = (i: Pick<InmuebleResumen, 'tipo' | 'barrio' | 'municipio'>) =>
  `${ETIQUETAS_TIPO[i.tipo]} en ${i.barrio ?? i.municipio ?? 'sin ubicación'}`;

export const area = (m2: number | null) => (m2 === null ? null : `${formatNumero(m2)} m²`);

export const COLOR_ESTADO: Record<string, string> = {
  captado: 'default',
  disponible: 'green',
  reservado: 'gold',
  arrendado: 'blue',
  vendido: 'purple',
  retirado: 'red',
};

/** The cover photo of a property (the Admin-Token cookie authorises an <img>); 404 when it has none. */
export const urlPortada = (consecutivo: number) => `/api/inmuebles/${consecutivo}/portada`;
