import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { escaparFormula, type Celda } from './celdas.ts';
import { BOM_CSV, celdaCsv } from './csv.ts';

// The sheet writers of an export read a page at a time (por-partes.ts); they run in its worker thread
// (hilo-escritura.ts).

export type Escritor = { agregar(filas: Celda[][]): void; cerrar(): Promise<Buffer> };

export function escritorDe(formato: 'csv' | 'xlsx', encabezados: string[], titulo: string): Escritor {
  return formato === 'csv' ? escritorCsv(encabezados) : escritorXlsx(encabezados, titulo);
}

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
