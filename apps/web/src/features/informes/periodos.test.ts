import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { rangoDe } from './periodos.ts';

describe('rangoDe', () => {
  const jueves = dayjs('2026-03-05T10:00:00');
  it('gives each preset’s days', () => {
    expect(rangoDe('hoy', jueves)).toEqual({ desde: '2026-03-05', hasta: '2026-03-05' });
    expect(rangoDe('semana', jueves)).toEqual({ desde: '2026-03-02', hasta: '2026-03-05' });
    expect(rangoDe('semana', dayjs('2026-03-08T10:00:00'))).toEqual({ desde: '2026-03-02', hasta: '2026-03-08' });
    expect(rangoDe('mes', jueves)).toEqual({ desde: '2026-03-01', hasta: '2026-03-05' });
    expect(rangoDe('mes-anterior', jueves)).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(rangoDe('anio', jueves)).toEqual({ desde: '2026-01-01', hasta: '2026-03-05' });
  });
});
