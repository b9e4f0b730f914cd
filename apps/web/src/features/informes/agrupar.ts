import { agruparInforme, type ColumnaInforme, type FilaInforme } from '@predio/contract/informes';

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

export { columnasAgrupables } from '@predio/contract/informes';

/**
 * The report's rows grouped by one column (the contract's `agruparInforme`, which the exports use too) as
 * table rows: each group a heading row with its count and subtotals; without a column, the rows as they are.
 */
export function agruparFilas(columnas: ColumnaInforme[], filas: FilaInforme[], por: string | null): FilaTabla[] {
  const conClave = new Map(filas.map((f, i) => [f, String(i)]));
  const fila = (f: FilaInforme): FilaTabla => ({ ...f, __fila: conClave.get(f)! });
  const grupos = agruparInforme(columnas, filas, por);
  if (!grupos) return filas.map(fila);
  return grupos.map((g, i) => ({
    __fila: `g${i}`,
    __grupo: `${g.valor} (${g.filas.length})`,
    ...g.subtotales,
    children: g.filas.map(fila),
  }));
}
