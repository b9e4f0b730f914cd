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

  it('returns an empty string for an invalid date instead of "Invalid Date"', () => {
    expect(formatFecha('no es fecha')).toBe('');
  });
});
