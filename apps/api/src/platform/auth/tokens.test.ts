import { createHmac } from 'node:crypto';
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

  it('still accepts a session token signed before the change (by jose)', async () => {
    const tokens = new TokenService('secreto-de-prueba-con-32-caracteres!!');
    const deJose =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZFVzdWFyaW8iOjcsImlkZW1wcmVzYSI6MSwiYWRtZW1wIjpmYWxzZSwibnJvX2lkIjoiMTIzIiwiYWdlbmNpYSI6MCwicGVybWlzb3MiOiI0OTEiLCJub21icmVfdXN1YXJpbyI6ImFzZXNvciIsImp0aSI6Imp0aS1qb3NlIiwiaWF0IjoxNzk1MDAwMDAwLCJleHAiOjQxMDI0NDQ4MDB9.oG2ldWz0Rn8gDzX5Q8t2a2oKpQ1hzX5BZJXKxEBSlQs';
    expect(await tokens.verify(deJose)).toEqual({ claims, jti: 'jti-jose', exp: 4102444800 });
  });

  it('refuses, even when signed with the right secret, another algorithm, bad claims or a bad shape', async () => {
    const secreto = 'secreto-de-prueba-con-32-caracteres!!';
    const tokens = new TokenService(secreto);
    const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
    const firmado = (header: unknown, payload: unknown) => {
      const contenido = `${b64(header)}.${b64(payload)}`;
      return `${contenido}.${createHmac('sha256', secreto).update(contenido).digest('base64url')}`;
    };
    const hs256 = { alg: 'HS256', typ: 'JWT' };
    const exp = Math.floor(Date.now() / 1000) + 60;
    const bien = { ...claims, jti: 'j', exp };
    expect(await tokens.verify(firmado(hs256, bien))).toMatchObject({ jti: 'j', exp });
    for (const [caso, token] of [
      ['alg none', firmado({ alg: 'none' }, bien)],
      ['alg HS512 in the header', firmado({ alg: 'HS512', typ: 'JWT' }, bien)],
      ['a critical header', firmado({ ...hs256, crit: ['b64'] }, bien)],
      ['not yet valid', firmado(hs256, { ...bien, nbf: exp })],
      ['without jti', firmado(hs256, { ...claims, exp })],
      ['exp as text', firmado(hs256, { ...bien, exp: String(exp) })],
      ['claims of another shape', firmado(hs256, { ...bien, idempresa: 'uno' })],
      ['a payload that is a list', firmado(hs256, [bien])],
      ['a payload that is not JSON', firmado(hs256, 'no es json')],
      ['two parts', firmado(hs256, bien).split('.').slice(0, 2).join('.')],
      ['four parts', `${firmado(hs256, bien)}.x`],
      ['the signature with one more character', `${firmado(hs256, bien)}A`],
      ['empty', ''],
    ] as const)
      expect(await tokens.verify(token), caso).toBe('invalido');
  });

  it('keeps the realms apart: a portal token is no staff token, and a staff token no portal token', async () => {
    const tokens = new TokenService('secreto-de-prueba-con-32-caracteres!!');
    const exp = new Date(Date.now() + 60_000);
    const portal = await tokens.signPortal({ idempresa: 1, idCliente: 4 }, 'p-1', exp);
    const staff = await tokens.sign(claims, 's-1', exp);
    expect(await tokens.verify(portal)).toBe('otro_reino');
    expect(await tokens.verifyPortal(staff)).toBe('otro_reino');
    expect(await tokens.verifyPortal(portal)).toMatchObject({
      claims: { reino: 'portal', idempresa: 1, idCliente: 4 },
      jti: 'p-1',
    });
    // Signed with another key: refused like any forged token.
    const otro = new TokenService('otro-secreto-de-prueba-con-32-caract!!');
    expect(await tokens.verifyPortal(await otro.signPortal({ idempresa: 1, idCliente: 4 }, 'p-2', exp))).toBe('invalido');
  });
});
