/** A cell of an exported or imported sheet. */
export type Celda = string | number | boolean | Date | null;

export type Hoja = { encabezados: string[]; filas: Celda[][] };

// A spreadsheet runs a cell that starts with one of these as a formula (CSV/formula injection, OWASP).
const FORMULA = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would take for a formula gets a leading apostrophe. */
export const escaparFormula = (s: string) => (FORMULA.test(s) ? `'${s}` : s);

/** Undoes escaparFormula on import, so an exported file re-imports to the same values. */
export const desescaparFormula = (s: string) => (s.startsWith("'") && FORMULA.test(s.slice(1)) ? s.slice(1) : s);

/** How much a file read for an import may hold: rows of data (besides the header), columns, cells, and bytes unzipped. */
export type Limites = { filas: number; columnas: number; celdas: number; descomprimido: number };

export const SIN_LIMITES: Limites = { filas: Infinity, columnas: Infinity, celdas: Infinity, descomprimido: Infinity };

/** A file past one of its Limites; the message, in Spanish, says which and how to fix it. */
export class LimiteExcedido extends Error {}

export const numero = (n: number) => n.toLocaleString('es-CO');

export const excedido = {
  filas: (l: Limites) =>
    new LimiteExcedido(`tiene más de ${numero(l.filas)} filas de datos; admite máximo ${numero(l.filas)} por archivo`),
  columnas: (l: Limites, donde: string) =>
    new LimiteExcedido(`tiene datos en ${donde}; admite máximo ${numero(l.columnas)} columnas`),
  celdas: (l: Limites) =>
    new LimiteExcedido(`tiene más de ${numero(l.celdas)} celdas; admite máximo ${numero(l.celdas)} por archivo`),
  descomprimido: (l: Limites) =>
    new LimiteExcedido(
      `descomprimido ocupa más de ${numero(l.descomprimido / 1024 / 1024)} MB; admite máximo ${numero(l.descomprimido / 1024 / 1024)} MB`,
    ),
};
