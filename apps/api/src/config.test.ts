import { describe, expect, it } from 'vitest';
import { diasAdjuntos, urlPublica } from './config.ts';

describe('PUBLIC_URL', () => {
  it('is optional, and kept without its trailing slash', () => {
    expect(urlPublica(undefined)).toBeNull();
    expect(urlPublica('')).toBeNull();
    expect(urlPublica('https://predio.agencia.co/')).toBe('https://predio.agencia.co');
    expect(urlPublica('http://10.0.0.5:3000/predio/')).toBe('http://10.0.0.5:3000/predio');
  });

  it('stops the start with the reason when it is not an http(s) address', () => {
    expect(() => urlPublica('predio.agencia.co')).toThrow('PUBLIC_URL no es una dirección válida: «predio.agencia.co»');
    expect(() => urlPublica('ftp://predio.agencia.co')).toThrow('PUBLIC_URL debe empezar por http:// o https://');
  });
});

describe('CORREO_ADJUNTOS_DIAS', () => {
  it('is 90 days unless set, and a whole number of days, 1 or more', () => {
    expect(diasAdjuntos(undefined)).toBe(90);
    expect(diasAdjuntos(' ')).toBe(90);
    expect(diasAdjuntos('30')).toBe(30);
    for (const malo of ['0', '-5', '2.5', 'noventa'])
      expect(() => diasAdjuntos(malo)).toThrow(`CORREO_ADJUNTOS_DIAS debe ser un número entero de días, 1 o más: «${malo}»`);
  });
});
