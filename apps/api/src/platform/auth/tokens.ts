import { SignJWT, jwtVerify, errors } from 'jose';
import { ZTokenClaims, type TokenClaims } from '@predio/contract/usuarios';

export type VerifiedToken = { claims: TokenClaims; jti: string; exp: number };
export type TokenFailure = 'expirado' | 'invalido';

/** How many verified tokens are remembered (one per active session, so plenty). */
const TOKENS_RECORDADOS = 5000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, by their exact text: checking the HMAC again gives the same answer
   * until the token expires, and each check cost a round trip through WebCrypto's thread pool on
   * every request. Expiry is still checked on every use; a closed session is the session check's
   * business (loadPrincipal), not the signature's.
   */
  private readonly verificados = new Map<string, VerifiedToken>();
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
    const conocido = this.verificados.get(token);
    if (conocido) {
      if (conocido.exp * 1000 > Date.now()) return conocido;
      this.verificados.delete(token);
      return 'expirado';
    }
    const v = await this.verificar(token);
    if (typeof v !== 'string') {
      if (this.verificados.size >= TOKENS_RECORDADOS) this.verificados.clear();
      this.verificados.set(token, v);
    }
    return v;
  }

  private async verificar(token: string): Promise<VerifiedToken | TokenFailure> {
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
