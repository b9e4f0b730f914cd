import { describe, expect, it } from 'vitest';
import type { ColumnaInforme } from '@predio/contract/informes';
import { agruparFilas, columnasAgrupables } from './agrupar.ts';

const columnas: ColumnaInforme[] = [
  { clave: 'consecutivo', titulo: 'Código', tipo: 'entero' },
  { clave: 'asesor', titulo: 'Asesor', tipo: 'texto' },
  { clave: 'canon', titulo: 'Canon', tipo: 'dinero', total: true },
];
const filas = [
  { consecutivo: 1, asesor: 'Ana', canon: 100 },
  { consecutivo: 2, asesor: 'Beto', canon: 50 },
  { consecutivo: 3, asesor: 'Ana', canon: 25 },
  { consecutivo: 4, asesor: null, canon: null },
];

describe('agruparFilas', () => {
  it('groups by a text column in the report’s order, with counts and subtotals', () => {
    const g = agruparFilas(columnas, filas, 'asesor');
    expect(g.map((x) => [x.__grupo, x.canon, x.children?.map((f) => f.consecutivo)])).toEqual([
      ['Ana (2)', 125, [1, 3]],
      ['Beto (1)', 50, [2]],
      ['Sin dato (1)', 0, [4]],
    ]);
  });
  it('leaves the rows as they are without a column, or with a column that is not a text column', () => {
    expect(agruparFilas(columnas, filas, null).map((f) => f.consecutivo)).toEqual([1, 2, 3, 4]);
    expect(agruparFilas(columnas, filas, 'canon').some((f) => f.children)).toBe(false);
    expect(columnasAgrupables(columnas).map((c) => c.clave)).toEqual(['asesor']);
  });
});
