import { describe, expect, it } from 'vitest';
import { totalDelPaginador } from './paginador.ts';

describe('totalDelPaginador', () => {
  it('leaves an exact total alone, and keeps one page more past a capped count', () => {
    expect(totalDelPaginador(57, undefined)).toBe(57);
    // 1,000 counted, 20 a page: page 50 is not the last one.
    expect(Math.ceil(totalDelPaginador(1000, false) / 20)).toBe(51);
  });
});
