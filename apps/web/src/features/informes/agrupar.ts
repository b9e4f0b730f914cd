import type { ColumnaInforme, FilaInforme } from '@predio/contract/informes';

/** A table row: a report row, or a group's heading row holding its rows as children. */
export type FilaTabla = {
  [clave: string]: string | number | null | undefined | FilaTabla[];
  __fila: string;
  __grupo?: string;
  enlace?: string | null;
  children?: FilaTabla[];
};

/** One cell's value (a row's children are not a cell). */
export const celda = (f: FilaTabla, clave: string) => {
  const v = f[clave];
  return Array.isArray(v) ? null : v;
};

/** The columns a report's table can be grouped by: its text columns. */
export const columnasAgrupables = (columnas: ColumnaInforme[]) => columnas.filter((c) => c.tipo === 'texto');

/**
 * The report's rows grouped by one column, groups in the order their first row comes (the report's own
 * order), each with its count and the subtotals of the summed columns; without a column, the rows as they are.
 */
export function agruparFilas(columnas: ColumnaInforme[], filas: FilaInforme[], por: string | null): FilaTabla[] {
  const planas: FilaTabla[] = filas.map((f, i) => ({ ...f, __fila: String(i) }));
  if (!por || !columnasAgrupables(columnas).some((c) => c.clave === por)) return planas;
  const grupos = new Map<string, FilaTabla[]>();
  for (const f of planas) {
    const v = celda(f, por);
    const k = v === null || v === undefined || v === '' ? 'Sin dato' : String(v);
    const g = grupos.get(k);
    if (g) g.push(f);
    else grupos.set(k, [f]);
  }
  return [...grupos].map(([valor, hijas], i) => {
    const subtotales: Record<string, number> = {};
    for (const c of columnas) if (c.total) subtotales[c.clave] = hijas.reduce((n, f) => n + Number(celda(f, c.clave) ?? 0), 0);
    return { __fila: `g${i}`, __grupo: `${valor} (${hijas.length})`, ...subtotales, children: hijas };
  });
}
