import type { Archivo } from '../http/archivo.ts';
import type { Hoja } from './celdas.ts';
import { escribirCsv } from './csv.ts';
import { escribirXlsx } from './xlsx.ts';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

/** A list export as the browser saves it: `<base>-<AAAA-MM-DD>.csv|xlsx`, dated in Colombia. */
export const nombreExportacion = (base: string, formato: 'csv' | 'xlsx') => `${base}-${hoyBogota()}.${formato}`;

export async function exportarHoja(o: { hoja: Hoja; base: string; titulo: string; formato: 'csv' | 'xlsx' }): Promise<Archivo> {
  const nombre = nombreExportacion(o.base, o.formato);
  return o.formato === 'csv'
    ? { nombre, contentType: 'text/csv; charset=utf-8', contenido: escribirCsv(o.hoja) }
    : { nombre, contentType: XLSX, contenido: await escribirXlsx({ ...o.hoja, titulo: o.titulo }) };
}
