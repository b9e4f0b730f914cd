import { describe, expect, it } from 'vitest';
import {
  correrDias,
  describirRepeticion,
  expandirRepeticion,
  reglasRepeticion,
  ZRepeticion,
  type RepeticionEntrada,
} from './agenda-repeticion.ts';

const regla = (r: RepeticionEntrada) => ZRepeticion.parse(r);
/** Bogotá wall-clock dates and times of the starts, as a person reads them. */
const bogota = (ds: Date[]) => ds.map((d) => new Date(d.getTime() - 5 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '));
const en = (s: string) => new Date(`${s}-05:00`);

describe('expandirRepeticion', () => {
  it('repeats every day at the same Bogotá time, up to the last day included', () => {
    expect(bogota(expandirRepeticion(en('2026-12-29T09:00:00'), regla({ frecuencia: 'diaria', hasta: '2027-01-02' })))).toEqual([
      '2026-12-29 09:00',
      '2026-12-30 09:00',
      '2026-12-31 09:00',
      '2027-01-01 09:00',
      '2027-01-02 09:00',
    ]);
    // Late at night in Bogotá is the next day in UTC: the days are still Bogotá's.
    expect(
      bogota(expandirRepeticion(en('2026-12-30T23:30:00'), regla({ frecuencia: 'diaria', intervalo: 2, veces: 3 }))),
    ).toEqual(['2026-12-30 23:30', '2027-01-01 23:30', '2027-01-03 23:30']);
  });

  it('repeats on the chosen weekdays, weeks starting on Monday, the start day only if it is one of them', () => {
    // Wednesday 2 December 2026.
    expect(
      bogota(expandirRepeticion(en('2026-12-02T10:00:00'), regla({ frecuencia: 'semanal', dias: [3, 1], veces: 5 }))),
    ).toEqual(['2026-12-02 10:00', '2026-12-07 10:00', '2026-12-09 10:00', '2026-12-14 10:00', '2026-12-16 10:00']);
    // From a Thursday, on Mondays and Sundays every two weeks: the Sunday of the start's week, then every other week.
    expect(
      bogota(
        expandirRepeticion(en('2026-12-03T08:00:00'), regla({ frecuencia: 'semanal', intervalo: 2, dias: [1, 7], veces: 4 })),
      ),
    ).toEqual(['2026-12-06 08:00', '2026-12-14 08:00', '2026-12-20 08:00', '2026-12-28 08:00']);
  });

  it('repeats monthly on the start day, skipping months without it (31, 29 February)', () => {
    expect(bogota(expandirRepeticion(en('2027-01-31T15:00:00'), regla({ frecuencia: 'mensual', veces: 6 })))).toEqual([
      '2027-01-31 15:00',
      '2027-03-31 15:00',
      '2027-05-31 15:00',
      '2027-07-31 15:00',
      '2027-08-31 15:00',
      '2027-10-31 15:00',
    ]);
    expect(bogota(expandirRepeticion(en('2028-01-29T07:00:00'), regla({ frecuencia: 'mensual', hasta: '2028-04-30' })))).toEqual([
      '2028-01-29 07:00',
      '2028-02-29 07:00',
      '2028-03-29 07:00',
      '2028-04-29 07:00',
    ]);
    expect(expandirRepeticion(en('2027-01-31T15:00:00'), regla({ frecuencia: 'mensual', intervalo: 3, veces: 2 })).length).toBe(
      2,
    );
  });

  it('never goes past two years, whatever the rule says', () => {
    const xs = expandirRepeticion(en('2026-12-01T09:00:00'), regla({ frecuencia: 'diaria', hasta: '2030-01-01' }));
    expect(xs).toHaveLength(732);
    expect(bogota(xs).at(-1)).toBe('2028-12-01 09:00');
  });
});

describe('reglasRepeticion', () => {
  const inicio = en('2026-12-02T10:00:00');
  const mensajes = (r: RepeticionEntrada) => reglasRepeticion(inicio, regla(r)).map((i) => `${i.path} ${i.message}`);

  it('names «Repetir» for a series without end, with two ends, ending before it starts or after two years', () => {
    expect(mensajes({ frecuencia: 'diaria' })).toEqual([expect.stringMatching(/^repetir Repetir: diga cuándo termina/)]);
    expect(mensajes({ frecuencia: 'diaria', hasta: '2026-12-10', veces: 3 })).toEqual([
      expect.stringMatching(/^repetir Repetir: termina en una fecha o después/),
    ]);
    expect(mensajes({ frecuencia: 'diaria', hasta: '2026-12-01' })).toEqual([
      'repetir.hasta Repetir: la fecha en que termina debe ser igual o posterior al inicio',
    ]);
    expect(mensajes({ frecuencia: 'diaria', hasta: '2028-12-03' })).toEqual([
      'repetir.hasta Repetir: una serie dura como máximo 2 años (hasta el 02/12/2028)',
    ]);
    expect(mensajes({ frecuencia: 'diaria', hasta: '2028-12-02' })).toEqual([]);
    expect(mensajes({ frecuencia: 'semanal', dias: [3], veces: 106 })).toEqual([
      'repetir.veces Repetir: 106 veces pasan de 2 años (la serie puede llegar hasta el 02/12/2028)',
    ]);
    expect(mensajes({ frecuencia: 'semanal', veces: 3 })).toEqual(['repetir.dias Repetir: elija al menos un día de la semana']);
    expect(ZRepeticion.safeParse({ frecuencia: 'diaria', veces: 800 }).error?.issues[0]?.message).toBe(
      'Repetir: se repite como máximo 732 veces',
    );
    expect(ZRepeticion.safeParse({ frecuencia: 'anual', veces: 2 }).error?.issues[0]?.message).toMatch(/^Repetir: la frecuencia/);
  });
});

describe('describirRepeticion and correrDias', () => {
  it('says the rule in Spanish', () => {
    expect(describirRepeticion(regla({ frecuencia: 'semanal', dias: [1, 3, 6], veces: 10 }))).toBe(
      'Cada semana los lunes, miércoles y sábados, 10 veces',
    );
    expect(
      describirRepeticion(regla({ frecuencia: 'mensual', intervalo: 2, hasta: '2027-06-30' }), en('2027-01-31T15:00:00')),
    ).toBe('Cada 2 meses el día 31, hasta el 30/06/2027');
    expect(describirRepeticion(regla({ frecuencia: 'diaria', veces: 1 }))).toBe('Cada día, 1 vez');
  });

  it('moves weekdays around the week', () => {
    expect(correrDias([1, 3], 1)).toEqual([2, 4]);
    expect(correrDias([7], 1)).toEqual([1]);
    expect(correrDias([1], -1)).toEqual([7]);
  });
});
