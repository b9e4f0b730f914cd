import {
  DIAS_AVISO_CONSIGNACION,
  ESTADOS_EN_OFERTA,
  ETIQUETAS_TIPO,
  type EstadoInmueble,
  type InmuebleResumen,
} from '@predio/contract/inmuebles';
import { FOTO_TAMANOS, rutaPortada, type TamanoFoto } from '@predio/contract/inmuebles-archivos';
import { formatFecha, formatMoneda, formatNumero } from '../../lib/format.ts';
import { API_BASE } from '../../lib/http.ts';

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

type Medidas = Pick<InmuebleResumen, 'area' | 'habitaciones' | 'banos' | 'parqueaderos' | 'estrato'>;

/** "80 m² · 2 hab. · 1 baño · 1 parq. · Estrato 5": what a card or a map popup says of a property. */
export function medidas(i: Medidas, con: { parqueaderos?: boolean; estrato?: boolean } = {}): string {
  return [
    area(i.area),
    i.habitaciones ? `${formatNumero(i.habitaciones)} hab.` : null,
    i.banos ? `${formatNumero(i.banos)} ${i.banos === 1 ? 'baño' : 'baños'}` : null,
    con.parqueaderos !== false && i.parqueaderos ? `${formatNumero(i.parqueaderos)} parq.` : null,
    con.estrato !== false && i.estrato ? `Estrato ${i.estrato}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const COLOR_ESTADO: Record<string, string> = {
  captado: 'default',
  disponible: 'green',
  reservado: 'gold',
  arrendado: 'blue',
  vendido: 'purple',
  retirado: 'red',
};

/** The cover photo of a property (the Admin-Token cookie authorises an <img>); 404 when it has none. */
export const urlPortada = (consecutivo: number, tamano: TamanoFoto = 'grande') =>
  `${API_BASE}${rutaPortada(consecutivo, tamano)}`;

/** Both sizes of the cover for an <img srcSet>: a card takes the small one unless the screen is dense. */
export const srcSetPortada = (consecutivo: number) =>
  (Object.keys(FOTO_TAMANOS) as TamanoFoto[]).map((t) => `${urlPortada(consecutivo, t)} ${FOTO_TAMANOS[t]}w`).join(', ');

/** Today in Bogotá (UTC−5 all year) as YYYY-MM-DD, whatever the browser's time zone. */
export const hoyBogota = (ahora = new Date()) => new Date(ahora.getTime() - 5 * 3600_000).toISOString().slice(0, 10);

/**
 * What the property's header (`texto`) and the search's rows and cards (`corto`) say of its consignment
 * contract while the property is on the market: ended (red), or ending within DIAS_AVISO_CONSIGNACION
 * days (orange, the same window as the asesores' notice 204). Nothing otherwise.
 */
export function avisoConsignacion(
  d: { estado: EstadoInmueble; vigencia_consignacion?: string | null | undefined },
  hoy = hoyBogota(),
): { texto: string; corto: string; color: 'red' | 'orange' } | null {
  const v = d.vigencia_consignacion;
  if (!v || !(ESTADOS_EN_OFERTA as readonly EstadoInmueble[]).includes(d.estado)) return null;
  const dias = Math.round((Date.parse(v.slice(0, 10)) - Date.parse(hoy)) / 86_400_000);
  if (dias < 0)
    return { texto: `Consignación vencida el ${formatFecha(v.slice(0, 10))}`, corto: 'Consignación vencida', color: 'red' };
  if (dias === 0) return { texto: 'La consignación vence hoy', corto: 'Consignación vence hoy', color: 'orange' };
  if (dias <= DIAS_AVISO_CONSIGNACION) {
    const en = dias === 1 ? '1 día' : `${dias} días`;
    return { texto: `La consignación vence en ${en}`, corto: `Consignación vence en ${en}`, color: 'orange' };
  }
  return null;
}
