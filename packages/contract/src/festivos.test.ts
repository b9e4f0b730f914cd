import { describe, expect, it } from 'vitest';
import { festivoEn, festivos, pascua } from './festivos.ts';

describe('Colombian holidays', () => {
  it('gives 2026 as the official calendar lists it', () => {
    expect(pascua(2026).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect([...festivos(2026).keys()].sort()).toEqual([
      '2026-01-01',
      '2026-01-12',
      '2026-03-23',
      '2026-04-02',
      '2026-04-03',
      '2026-05-01',
      '2026-05-18',
      '2026-06-08',
      '2026-06-15',
      '2026-06-29',
      '2026-07-20',
      '2026-08-07',
      '2026-08-17',
      '2026-10-12',
      '2026-11-02',
      '2026-11-16',
      '2026-12-08',
      '2026-12-25',
    ]);
  });
  it('reads an instant in Bogotá: 11:00 p. m. of a holiday eve is not the holiday', () => {
    expect(festivoEn(new Date('2026-07-20T10:00:00-05:00'))).toBe('Día de la Independencia');
    expect(festivoEn(new Date('2026-07-19T23:00:00-05:00'))).toBeNull();
    expect(festivoEn(new Date('2027-03-22T09:00:00-05:00'))).toBe('Día de San José');
  });
});
