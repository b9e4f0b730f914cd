/** A cell of an exported or imported sheet. */
export type Celda = string | number | boolean | Date | null;

export type Hoja = { encabezados: string[]; filas: Celda[][] };

// A spreadsheet runs a cell that starts with one of these as a formula (CSV/formula injection, OWASP).
const FORMULA = /^[=+\-@\t\r]/;

/** Text that a spreadsheet would take for a formula gets a leading apostrophe. */
export const escaparFormula = (s: string) => (FORMULA.test(s) ? `'${s}` : s);

/** Undoes escaparFormula on import, so an exported file re-imports to the same values. */
export const desescaparFormula = (s: string) => (s.startsWith("'") && FORMULA.test(s.slice(1)) ? s.slice(1) : s);
