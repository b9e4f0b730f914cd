import { describe, expect, it } from 'vitest';
import { totalDelPaginador } from './paginador.ts';

describe('totalDelPaginador', () => {
  it('leaves an exact total alone, and keeps one page more past a capped count', () => {
    expect(totalDelPaginador(57, undefined)).toBe(57);
    // 1,000 counted, 20 a page: page 50 is not the last one.
    expect(Math.ceil(totalDelPaginador(1000, false) / 20)).toBe(51);
  });

  it('keeps the pages a search read reachable past its count, and one more while another follows', () => {
    // Page 60 of 20 read (1,180 matches seen) and more follow: page 61 stays reachable.
    expect(Math.ceil(totalDelPaginador(1000, false, 59 * 20 + 20 + 1) / 20)).toBe(61);
    // The count has not arrived: the first page and the promise of a second.
    expect(Math.ceil(totalDelPaginador(0, undefined, 21) / 20)).toBe(2);
    // A short last page: what was read is the total.
    expect(totalDelPaginador(0, undefined, 47)).toBe(47);
  });
});
