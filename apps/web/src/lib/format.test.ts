import { describe, expect, it } from 'vitest';
import { formatFecha, formatFechaLarga, formatMoneda, formatNumero } from './format.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('es-CO formats', () => {
  it('formats COP money without decimals and with dot thousands', () => {
    expect(nbsp(formatMoneda(1234567.8))).toBe('$ 1.234.568');
  });

  it('formats numbers with dot thousands and comma decimals', () => {
    expect(formatNumero(1234567.5)).toBe('1.234.567,5');
  });

  it('formats dates day first and long dates in Spanish', () => {
    const date = new Date(2025, 2, 5, 14, 30);
    expect(formatFecha(date)).toBe('05/03/2025');
    expect(formatFechaLarga(date)).toBe('miércoles, 5 de marzo de 2025');
  });

  it('reads a date-only string as that calendar day, whatever the time zone', () => {
    // The web tests run in Bogotá time (vitest.config): as UTC midnight, 2026-11-01 would be 31/10/2026.
    expect(formatFecha('2026-11-01')).toBe('01/11/2026');
    expect(formatFechaLarga('2026-11-01')).toBe('domingo, 1 de noviembre de 2026');
    expect(formatFecha('2026-11-01T03:00:00Z')).toBe('31/10/2026');
  });

  it('returns an empty string for no date or an invalid one, never "Invalid Date"', () => {
    expect(formatFecha('no es fecha')).toBe('');
    expect(formatFecha(null)).toBe('');
    expect(formatFecha(undefined)).toBe('');
    expect(formatFecha('')).toBe('');
  });
});
