import { describe, expect, it } from 'vitest';
import { siguienteIndice } from './tv-indice.ts';

describe('siguienteIndice', () => {
  it('advances and wraps around both ends', () => {
    expect(siguienteIndice(0, 1, 3)).toBe(1);
    expect(siguienteIndice(2, 1, 3)).toBe(0);
    expect(siguienteIndice(0, -1, 3)).toBe(2);
  });
  it('copes with a list that shrank after a refresh, and with none', () => {
    expect(siguienteIndice(7, 1, 3)).toBe(0);
    expect(siguienteIndice(4, 0, 0)).toBe(0);
  });
});
