import { PassThrough } from 'node:stream';
import { setImmediate as turno } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Database, Tx } from '../../db/client.ts';
import type { Archivo } from '../http/archivo.ts';
import { inTenant } from '../tenant.ts';
import { escaparFormula, type Celda } from './celdas.ts';
import { celdaCsv, BOM_CSV } from './csv.ts';
import { nombreExportacion, XLSX } from './exportar.ts';

/** Rows read per transaction: a page takes PGlite a few milliseconds, so a request waits at most that. */
export const FILAS_POR_PARTE = 100;

type Escritor = { agregar(filas: Celda[][]): void; cerrar(): Promise<Buffer> };

/** CSV for Colombian Excel, a page at a time (csv.ts has the format). */
function escritorCsv(encabezados: string[]): Escritor {
  const partes: string[] = [BOM_CSV + encabezados.map(celdaCsv).join(';') + '\r\n'];
  return {
    agregar: (filas) => void partes.push(filas.map((f) => f.map(celdaCsv).join(';') + '\r\n').join('')),
    cerrar: async () => Buffer.from(partes.join(''), 'utf8'),
  };
}

/**
 * An .xlsx written as rows come (ExcelJS's streaming writer): each page's rows are committed and zipped
 * while the next page is read, instead of the whole workbook built in memory at the end. The widths and
 * date columns come from the first page, as escribirXlsx takes them from the first 500 rows.
 */
function escritorXlsx(encabezados: string[], titulo: string): Escritor {
  const salida = new PassThrough();
  const trozos: Buffer[] = [];
  salida.on('data', (b: Buffer) => trozos.push(b));
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  libro.creator = 'Predio Web 3';
  const hoja = libro.addWorksheet(titulo.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  let primera = true;
  return {
    agregar(filas) {
      if (primera) {
        primera = false;
        hoja.columns = encabezados.map((e, i) => {
          const largo = Math.max(e.length, ...filas.slice(0, 500).map((f) => String(f[i] ?? '').length));
          const fecha = filas.some((f) => f[i] instanceof Date);
          return {
            header: e,
            width: Math.min(60, Math.max(10, largo + 2)),
            ...(fecha ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
          };
        });
        hoja.getRow(1).font = { bold: true };
        hoja.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, encabezados.length) } };
        hoja.getRow(1).commit();
      }
      for (const f of filas)
        hoja
          .addRow(f.map((v) => (typeof v === 'string' ? escaparFormula(v) : typeof v === 'boolean' ? (v ? 'Sí' : 'No') : v)))
          .commit();
    },
    async cerrar() {
      if (primera) this.agregar([]);
      hoja.commit();
      await libro.commit();
      return Buffer.concat(trozos);
    },
  };
}

/**
 * A list export read a page per transaction and written as its rows come, so that neither the database
 * (PGlite has one connection) nor this thread is held for the whole export: other requests run between
 * two pages. `ids` are the matches in the list's order, read in the request's own transaction; `leer`
 * answers the cells of some of them, in any order. A record deleted meanwhile is left out; one changed
 * meanwhile is exported as it is when its page is read.
 */
export async function exportarPorPartes(o: {
  db: Database;
  idEmpresa: number;
  ids: readonly number[];
  leer: (tx: Tx, ids: number[]) => Promise<{ id: number; celdas: Celda[] }[]>;
  encabezados: string[];
  base: string;
  titulo: string;
  formato: 'csv' | 'xlsx';
  porParte?: number;
}): Promise<Archivo> {
  const escritor = o.formato === 'csv' ? escritorCsv(o.encabezados) : escritorXlsx(o.encabezados, o.titulo);
  const tamano = o.porParte ?? FILAS_POR_PARTE;
  for (let i = 0; i < o.ids.length; i += tamano) {
    const ids = o.ids.slice(i, i + tamano);
    const filas = await inTenant(o.db, o.idEmpresa, ({ tx }) => o.leer(tx, ids), { background: true });
    const porId = new Map(filas.map((f) => [f.id, f.celdas]));
    escritor.agregar(ids.flatMap((id) => (porId.has(id) ? [porId.get(id)!] : [])));
    // Whatever came in meanwhile (a click, a page) is served before the next page.
    await turno();
  }
  const contenido = await escritor.cerrar();
  return o.formato === 'csv'
    ? { nombre: nombreExportacion(o.base, 'csv'), contentType: 'text/csv; charset=utf-8', contenido }
    : { nombre: nombreExportacion(o.base, 'xlsx'), contentType: XLSX, contenido };
}
