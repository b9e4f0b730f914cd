import { escaparFormula, excedido, numero, SIN_LIMITES, type Celda, type Hoja, type Limites } from './celdas.ts';

// CSV for Colombian Excel: UTF-8 with BOM (or accents break), ';' between cells and decimal comma.

export const BOM_CSV = '\uFEFF';

export function celdaCsv(v: Celda): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  const s = escaparFormula(v instanceof Date ? v.toISOString().slice(0, 10) : v);
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function escribirCsv(h: Hoja): Buffer {
  const lineas = [h.encabezados, ...h.filas].map((fila) => fila.map(celdaCsv).join(';'));
  return Buffer.from(BOM_CSV + lineas.join('\r\n') + '\r\n', 'utf8');
}

/** The separator is the one of ; , or tab that appears most in the header line (outside quotes). */
function separador(texto: string): string {
  const linea = texto.slice(0, texto.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const cuenta = (c: string) => linea.split(c).length - 1;
  return [';', ',', '\t'].reduce((a, b) => (cuenta(b) > cuenta(a) ? b : a));
}

/** RFC 4180 reader: quoted cells may hold separators, quotes ("") and line breaks. Stops at the first limit passed. */
export function leerCsv(buf: Buffer, limites: Limites = SIN_LIMITES): string[][] {
  const texto = buf.toString('utf8').replace(/^\uFEFF/, '');
  const sep = separador(texto);
  const filas: string[][] = [];
  let fila: string[] = [];
  let actual = '';
  let comillas = false;
  let celdas = 0;
  const cerrarCelda = () => {
    fila.push(actual);
    actual = '';
    if (fila.length > limites.columnas)
      throw excedido.columnas(limites, `la columna ${numero(fila.length)} de la fila ${numero(filas.length + 1)}`);
    if (++celdas > limites.celdas) throw excedido.celdas(limites);
  };
  const cerrarFila = () => {
    filas.push(fila);
    fila = [];
    // The header is not a row of data.
    if (filas.length > limites.filas + 1) throw excedido.filas(limites);
  };
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i]!;
    if (comillas) {
      if (c === '"' && texto[i + 1] === '"') {
        actual += '"';
        i++;
      } else if (c === '"') comillas = false;
      else actual += c;
    } else if (c === '"' && actual === '') comillas = true;
    else if (c === sep) cerrarCelda();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      cerrarCelda();
      cerrarFila();
    } else actual += c;
  }
  if (actual !== '' || fila.length > 0) {
    cerrarCelda();
    cerrarFila();
  }
  return filas;
}
