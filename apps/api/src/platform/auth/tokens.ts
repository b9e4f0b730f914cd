import { SignJWT, jwtVerify, errors } from 'jose';
import { ZTokenClaims, type TokenClaims } from '@predio/contract/usuarios';

export type VerifiedToken = { claims: TokenClaims; jti: string; exp: number };
export type TokenFailure = 'expirado' | 'invalido';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, jti: string, expiraEn: Date): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiraEn.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<VerifiedToken | TokenFailure> {
    try {
      // The algorithm is pinned: a token signed any other way (or 'none') is refused.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = ZTokenClaims.safeParse(payload);
      if (!claims.success || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return 'invalido';
      return { claims: claims.data, jti: payload.jti, exp: payload.exp };
    } catch (err) {
      return err instanceof errors.JWTExpired ? 'expirado' : 'invalido';
    }
  }
}
