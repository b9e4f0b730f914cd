import { describe, expect, it } from 'vitest';
import { escala } from './grafico.tsx';

describe('escala', () => {
  it('small counts get one line per unit, none repeated', () => {
    expect(escala(3)).toEqual({ tope: 3, marcas: [0, 1, 2, 3] });
    expect(escala(0)).toEqual({ tope: 1, marcas: [0, 1] });
    expect(escala(1)).toEqual({ tope: 1, marcas: [0, 1] });
  });
  it('larger figures get a round step and at most five lines above zero', () => {
    expect(escala(7)).toEqual({ tope: 8, marcas: [0, 2, 4, 6, 8] });
    expect(escala(23)).toEqual({ tope: 25, marcas: [0, 5, 10, 15, 20, 25] });
    const dinero = escala(3_150_000);
    expect(dinero.marcas.at(-1)).toBe(dinero.tope);
    expect(dinero.tope).toBeGreaterThanOrEqual(3_150_000);
    expect(dinero.marcas.length).toBeLessThanOrEqual(6);
    expect(new Set(dinero.marcas).size).toBe(dinero.marcas.length);
  });
});
