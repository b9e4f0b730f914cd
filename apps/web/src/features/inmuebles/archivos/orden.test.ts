import { describe, expect, it } from 'vitest';
import { mover, moverPaso, ordenarPorIds, ordenTrasSoltar } from './orden.ts';

describe('mover', () => {
  it('moves an item forwards and backwards', () => {
    expect(mover([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(mover([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });
  it('leaves the list alone for the same or an invalid index, without mutating it', () => {
    const l = [1, 2, 3];
    expect(mover(l, 1, 1)).toEqual([1, 2, 3]);
    expect(mover(l, -1, 1)).toEqual([1, 2, 3]);
    expect(mover(l, 0, 3)).toEqual([1, 2, 3]);
    expect(l).toEqual([1, 2, 3]);
  });
});

describe('moverPaso', () => {
  it('moves one place left or right', () => {
    expect(moverPaso([10, 20, 30], 20, -1)).toEqual([20, 10, 30]);
    expect(moverPaso([10, 20, 30], 20, 1)).toEqual([10, 30, 20]);
  });
  it('answers null at either end or for an unknown id', () => {
    expect(moverPaso([10, 20, 30], 10, -1)).toBeNull();
    expect(moverPaso([10, 20, 30], 30, 1)).toBeNull();
    expect(moverPaso([10, 20, 30], 99, 1)).toBeNull();
  });
});

describe('ordenTrasSoltar', () => {
  it('puts the dragged photo where the target was', () => {
    expect(ordenTrasSoltar([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(ordenTrasSoltar([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
  });
  it('answers null when dropped on itself, outside, or on an unknown id', () => {
    expect(ordenTrasSoltar([1, 2, 3], 2, 2)).toBeNull();
    expect(ordenTrasSoltar([1, 2, 3], 2, null)).toBeNull();
    expect(ordenTrasSoltar([1, 2, 3], 2, 9)).toBeNull();
  });
});

describe('ordenarPorIds', () => {
  it('sorts the cached photos by the new id list and renumbers orden', () => {
    const fotos = [
      { id: 1, orden: 1 },
      { id: 2, orden: 2 },
      { id: 3, orden: 3 },
    ];
    expect(ordenarPorIds(fotos, [3, 1, 2])).toEqual([
      { id: 3, orden: 1 },
      { id: 1, orden: 2 },
      { id: 2, orden: 3 },
    ]);
  });
});
