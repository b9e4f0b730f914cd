import ExcelJS from 'exceljs';
import { escaparFormula, type Celda, type Hoja } from './celdas.ts';

export async function escribirXlsx(h: Hoja & { titulo: string }): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Predio Web 3';
  const hoja = libro.addWorksheet(h.titulo.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = h.encabezados.map((e, i) => {
    const largo = Math.max(e.length, ...h.filas.slice(0, 500).map((f) => String(f[i] ?? '').length));
    return { header: e, width: Math.min(60, Math.max(10, largo + 2)) };
  });
  for (const f of h.filas) {
    hoja.addRow(f.map((v) => (typeof v === 'string' ? escaparFormula(v) : typeof v === 'boolean' ? (v ? 'Sí' : 'No') : v)));
  }
  hoja.getRow(1).font = { bold: true };
  hoja.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, h.encabezados.length) } };
  for (const [i, c] of hoja.columns.entries()) if (h.filas.some((f) => f[i] instanceof Date)) c.numFmt = 'yyyy-mm-dd';
  return Buffer.from(await libro.xlsx.writeBuffer());
}

function valor(v: ExcelJS.CellValue): Celda {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('result' in v) return v.result === undefined || typeof v.result === 'object' ? null : v.result;
  return null;
}

/** The first sheet as rows of cells (empty cells are null). */
export async function leerXlsx(buf: Buffer): Promise<Celda[][]> {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(buf as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0];
  if (!hoja) return [];
  const filas: Celda[][] = [];
  hoja.eachRow({ includeEmpty: true }, (row, n) => {
    const celdas: Celda[] = [];
    for (let c = 1; c <= hoja.columnCount; c++) celdas.push(valor(row.getCell(c).value));
    filas[n - 1] = celdas;
  });
  return Array.from(filas, (f) => f ?? []);
}
