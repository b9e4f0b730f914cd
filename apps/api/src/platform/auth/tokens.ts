import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { ZTokenClaims, type TokenClaims } from '@predio/contract/usuarios';

export type VerifiedToken = { claims: TokenClaims; jti: string; exp: number };
export type TokenFailure = 'expirado' | 'invalido';

export class TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify.
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: TokenClaims, jti: string, expiraEn: Date): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiraEn.getTime() / 1000))
      .sign(await this.key);
  }

  async verify(token: string): Promise<VerifiedToken | TokenFailure> {
    try {
      // The algorithm is pinned: a token signed any other way (or 'none') is refused.
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const claims = ZTokenClaims.safeParse(payload);
      if (!claims.success || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return 'invalido';
      return { claims: claims.data, jti: payload.jti, exp: payload.exp };
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expirado' : 'invalido';
    }
  }
}
