import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.ts';

const paso = () => {
  let soltar!: () => void;
  const hecho = new Promise<void>((r) => (soltar = r));
  return { hecho, soltar };
};

describe('ConcurrencyLimit', () => {
  it('runs at most max at once, the rest in arrival order, and passes on a turn a failure frees', async () => {
    const limite = new ConcurrencyLimit(2);
    const orden: string[] = [];
    const pasos = [paso(), paso(), paso(), paso()];
    const corre = (i: number, falla = false) =>
      limite.run(async () => {
        orden.push(`empieza ${i}`);
        await pasos[i]!.hecho;
        orden.push(`termina ${i}`);
        if (falla) throw new Error(`falló ${i}`);
        return i;
      });
    const todas = [corre(0, true), corre(1), corre(2), corre(3)];
    await new Promise((r) => setImmediate(r));
    expect(orden).toEqual(['empieza 0', 'empieza 1']);
    expect(limite.queued).toBe(2);
    pasos[0]!.soltar();
    await expect(todas[0]).rejects.toThrow('falló 0');
    await new Promise((r) => setImmediate(r));
    expect(orden).toEqual(['empieza 0', 'empieza 1', 'termina 0', 'empieza 2']);
    for (const p of pasos) p.soltar();
    expect(await Promise.all(todas.slice(1))).toEqual([1, 2, 3]);
    expect(orden.slice(4)).toEqual(['termina 1', 'termina 2', 'empieza 3', 'termina 3']);
    expect(limite.queued).toBe(0);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(/positive integer/);
    expect(() => new ConcurrencyLimit(1.5)).toThrow(/positive integer/);
  });

  it('leaves the turn idle as long as rest says, without keeping the caller waiting', async () => {
    const descansos: number[] = [];
    const limite = new ConcurrencyLimit(1, (ms) => {
      descansos.push(ms);
      return 60;
    });
    const inicios: number[] = [];
    const corre = (i: number) =>
      limite.run(async () => {
        inicios.push(performance.now());
        await new Promise((r) => setTimeout(r, 20));
        return i;
      });
    const t0 = performance.now();
    const primera = corre(0);
    const segunda = corre(1);
    expect(await primera).toBe(0);
    // The first caller is answered when its work ends, not after its rest.
    expect(performance.now() - t0).toBeLessThan(55);
    expect(await segunda).toBe(1);
    expect(inicios[1]! - inicios[0]!).toBeGreaterThanOrEqual(75);
    expect(descansos[0]).toBeGreaterThanOrEqual(18);
  });
});
