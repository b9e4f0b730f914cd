import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import {
  escaparFormula,
  excedido,
  numero,
  SIN_LIMITES,
  type Celda,
  type Hoja,
  type Limites,
  type LimiteExcedido,
} from './celdas.ts';

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

/**
 * Unzips every part of the file counting its bytes (and, in the sheets, the rows and cells it declares),
 * before ExcelJS builds the whole workbook in memory: a small file can unzip to gigabytes or hold hundreds
 * of thousands of rows, and is refused here after reading no more than the limits.
 */
async function revisarZip(buf: Buffer, l: Limites): Promise<void> {
  const zip = await JSZip.loadAsync(buf);
  // The sizes the zip declares (JSZip keeps them, outside its types): an honest one past the limit is refused
  // before anything is inflated; one that lies is caught by the counting below.
  const declarado = Object.values(zip.files).reduce(
    (n, e) => n + ((e as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0),
    0,
  );
  if (declarado > l.descomprimido) throw excedido.descomprimido(l);
  let bytes = 0;
  let filas = 0;
  let celdas = 0;
  for (const entrada of Object.values(zip.files)) {
    if (entrada.dir) continue;
    const esHoja = /^\/?xl\/worksheets\/[^/]+\.xml$/i.test(entrada.name);
    // Tags cut between two pieces are read again with the next one.
    let resto = '';
    await new Promise<void>((resolve, reject) => {
      const flujo = entrada.nodeStream('nodebuffer');
      flujo.on('data', (trozo: Buffer) => {
        bytes += trozo.length;
        let error: LimiteExcedido | null = bytes > l.descomprimido ? excedido.descomprimido(l) : null;
        if (!error && esHoja) {
          const texto = resto + trozo.toString('latin1');
          let ultima = -1;
          for (const m of texto.matchAll(ETIQUETA)) {
            if (m[1] === 'row') filas++;
            else celdas++;
            ultima = m.index;
          }
          const corte = texto.lastIndexOf('<');
          resto = corte > ultima && corte >= texto.length - 5 ? texto.slice(corte) : '';
          // The header is not a row of data.
          if (filas > l.filas + 1) error = excedido.filas(l);
          else if (celdas > l.celdas) error = excedido.celdas(l);
        }
        if (error) {
          flujo.pause();
          reject(error);
        }
      });
      flujo.on('error', reject);
      flujo.on('end', resolve);
    });
  }
}
const ETIQUETA = /<(row|c)[\s/>]/g;

/**
 * The first sheet as rows of cells (empty cells are null), as wide as its last column with a value.
 * Stops at the first limit passed.
 */
export async function leerXlsx(buf: Buffer, limites: Limites = SIN_LIMITES): Promise<Celda[][]> {
  await revisarZip(buf, limites);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(buf as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0];
  if (!hoja) return [];
  // The size once, from the cells with a value (hoja.columnCount walks every row each time it is read).
  let alto = 0;
  let ancho = 0;
  hoja.eachRow((row, n) => {
    alto = n;
    if (n > limites.filas + 1) throw excedido.filas(limites);
    row.eachCell((celda, c) => {
      if (c > limites.columnas) throw excedido.columnas(limites, `la celda ${celda.address} (columna ${numero(c)})`);
      ancho = Math.max(ancho, c);
    });
  });
  if (alto * ancho > limites.celdas) throw excedido.celdas(limites);
  const filas: Celda[][] = [];
  for (let n = 1; n <= alto; n++) {
    const row = hoja.findRow(n);
    const celdas: Celda[] = [];
    for (let c = 1; c <= ancho; c++) celdas.push(valor(row?.findCell(c)?.value));
    filas.push(celdas);
  }
  return filas;
}
