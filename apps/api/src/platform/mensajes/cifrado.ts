import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Provider credentials at rest (issue 27 §2): AES-256-GCM with a key derived (HKDF-SHA256) from
 * MENSAJES_CLAVE when set, else from the session secret. Changing that secret makes saved credentials
 * unreadable: they must be typed again (the provider then says «credenciales ilegibles»).
 * Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export class Cifrador {
  private readonly clave: Buffer;
  /** `proposito` derives a key of its own per use (portal tokens are not readable with the SMS key). */
  constructor(secreto: string, proposito = 'mensajes.credenciales.v1') {
    this.clave = Buffer.from(hkdfSync('sha256', secreto, 'predio', proposito, 32));
  }

  cifrar(texto: string): string {
    if (!texto) return '';
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.clave, iv);
    const datos = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), datos].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.');
  }

  /** null when it cannot be read (another key, tampered). */
  descifrar(sobre: string): string | null {
    if (!sobre) return '';
    const [v, iv, tag, datos] = sobre.split('.');
    if (v !== 'v1' || !iv || !tag || datos === undefined) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.clave, Buffer.from(iv, 'base64url'));
      d.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([d.update(Buffer.from(datos, 'base64url')), d.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** The server's cipher for provider credentials: MENSAJES_CLAVE, else the session secret. */
export const cifradorDe = (c: { mensajesClave: string | null; sessionSecret: string }, proposito?: string) =>
  new Cifrador(c.mensajesClave ?? c.sessionSecret, proposito);
