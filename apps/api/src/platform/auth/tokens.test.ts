import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const claims = {
  idUsuario: 7,
  idempresa: 1,
  admemp: false,
  nro_id: '123',
  agencia: 0,
  permisos: '491',
  nombre_usuario: 'asesor',
};

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a token until it expires, then refuses it as expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const tokens = new TokenService('secreto-de-prueba-con-32-caracteres!!');
    const token = await tokens.sign(claims, 'jti-1', new Date('2026-11-21T10:01:00Z'));

    expect(await tokens.verify(token)).toMatchObject({ jti: 'jti-1', claims });

    vi.setSystemTime(new Date('2026-11-21T10:01:00Z'));
    expect(await tokens.verify(token)).toBe('expirado');
  });

  it('refuses a token signed with another secret or with a changed signature', async () => {
    const tokens = new TokenService('secreto-de-prueba-con-32-caracteres!!');
    const otra = new TokenService('otro-secreto-de-prueba-con-32-caracteres');
    const ajeno = await otra.sign(claims, 'jti-2', new Date(Date.now() + 60_000));
    expect(await tokens.verify(ajeno)).toBe('invalido');
    const propio = await tokens.sign(claims, 'jti-3', new Date(Date.now() + 60_000));
    const [h, p] = propio.split('.');
    expect(await tokens.verify(`${h}.${p}.firma-cambiada`)).toBe('invalido');
    expect(await tokens.verify(propio)).toMatchObject({ jti: 'jti-3' });
  });
});
