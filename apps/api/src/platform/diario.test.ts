import { describe, expect, it } from 'vitest';
import { msHastaLaHora, TareaDiaria } from './diario.ts';

const H = 60 * 60 * 1000;

describe('msHastaLaHora: the next given hour in Bogotá (UTC−5)', () => {
  it('07:00 in Bogotá is 12:00 UTC: later today, or tomorrow once it has passed', () => {
    expect(msHastaLaHora(new Date('2026-11-22T06:00:00Z'), 7)).toBe(6 * H);
    expect(msHastaLaHora(new Date('2026-11-22T12:00:00Z'), 7)).toBe(24 * H);
    expect(msHastaLaHora(new Date('2026-11-22T13:30:00Z'), 7)).toBe(22.5 * H);
  });
  it('an evening hour in Bogotá is past midnight UTC, and still at most a day away', () => {
    // 20:00 in Bogotá is 01:00 UTC of the next day.
    expect(msHastaLaHora(new Date('2026-11-22T23:00:00Z'), 20)).toBe(2 * H);
    expect(msHastaLaHora(new Date('2026-11-23T02:00:00Z'), 20)).toBe(23 * H);
    expect(msHastaLaHora(new Date('2026-12-31T20:00:00Z'), 20)).toBe(5 * H);
  });
});

describe('TareaDiaria', () => {
  it('runs after the start, logs its answer or its failure by name, and stops', async () => {
    const vistos: [string, object][] = [];
    const registro = {
      info: (o: object, m: string) => vistos.push([m, o]),
      error: (o: object, m: string) => vistos.push([m, o]),
    };
    const bien = new TareaDiaria('avisos', 7, async () => ({ avisos: 3 }), registro);
    const mal = new TareaDiaria('otra', 7, () => Promise.reject(new Error('sin base')), registro);
    bien.start(5);
    mal.start(5);
    for (let i = 0; i < 100 && vistos.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    await Promise.all([bien.stop(), mal.stop()]);
    expect(vistos.map(([m]) => m).sort()).toEqual(['avisos', 'otra falló']);
    expect(vistos.find(([m]) => m === 'avisos')![1]).toEqual({ avisos: 3 });
  });
});
