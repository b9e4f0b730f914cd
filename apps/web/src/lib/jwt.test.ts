import { describe, expect, it } from 'vitest';
import { decodeClaims } from './jwt.ts';

function tokenWith(payload: unknown): string {
  const json = new TextEncoder().encode(JSON.stringify(payload));
  const base64url = btoa(String.fromCharCode(...json))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${base64url}.firma`;
}

const claims = {
  idUsuario: 7,
  idempresa: 1,
  admemp: false,
  nro_id: '71650321',
  agencia: 0,
  permisos: '489,490',
  nombre_usuario: 'asesor',
};

describe('decodeClaims (spec §3)', () => {
  it('reads the claims of the login token, accented names included', () => {
    expect(decodeClaims(tokenWith({ ...claims, nombre_usuario: 'María José', exp: 1 }))).toEqual({
      ...claims,
      nombre_usuario: 'María José',
    });
  });

  it('returns null for tokens that are not ours', () => {
    expect(decodeClaims('no-es-un-token')).toBeNull();
    expect(decodeClaims('a.%%%.c')).toBeNull();
    expect(decodeClaims(tokenWith({ idUsuario: 'siete' }))).toBeNull();
  });
});
