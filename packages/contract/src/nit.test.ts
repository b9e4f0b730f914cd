import { describe, expect, it } from 'vitest';
import { digitoVerificacion, nitValido, ZNit } from './nit.ts';

describe('digitoVerificacion (DIAN)', () => {
  it('matches the check digit of well-known Colombian NITs', () => {
    // Published NITs: Bancolombia, Ecopetrol, DIAN, Almacenes Éxito, Davivienda.
    expect(digitoVerificacion('890903938')).toBe(8);
    expect(digitoVerificacion('899999068')).toBe(1);
    expect(digitoVerificacion('800197268')).toBe(4);
    expect(digitoVerificacion('890900608')).toBe(9);
    expect(digitoVerificacion('860034313')).toBe(7);
  });

  it('gives 0 and 1 when the remainder is 0 or 1', () => {
    expect(digitoVerificacion('900654321')).toBe(0);
    expect(digitoVerificacion('830114921')).toBe(1);
  });

  it('ignores dots and refuses an empty or too long number', () => {
    expect(digitoVerificacion('890.903.938')).toBe(8);
    expect(() => digitoVerificacion('')).toThrow();
    expect(() => digitoVerificacion('1234567890123456')).toThrow();
  });
});

describe('ZNit', () => {
  it('normalises a valid NIT', () => {
    expect(ZNit.parse(' 890.903.938 - 8 ')).toBe('890903938-8');
    expect(nitValido('899999068-1')).toBe(true);
  });

  it('says why a NIT is refused', () => {
    const mal = ZNit.safeParse('890903938-7');
    expect(mal.success).toBe(false);
    expect(mal.error?.issues[0]?.message).toBe('tiene un dígito de verificación errado: para 890903938 es 8');
    expect(ZNit.safeParse('890903938').error?.issues[0]?.message).toMatch(/número-DV/);
    expect(nitValido('abc-1')).toBe(false);
  });
});
