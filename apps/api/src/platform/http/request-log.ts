import type { FastifyRequest } from 'fastify';

// Query parameters whose value must never reach the log: session tokens, passwords, form keys.
const SECRETO = /token|clave|password|passwd|contrase|secret|key|ticket|firma|signature|auth/i;

function nombre(crudo: string): string {
  try {
    return decodeURIComponent(crudo.replace(/\+/g, ' '));
  } catch {
    return crudo;
  }
}

/** The URL with the value of every secret-looking query parameter replaced; the rest as it came. */
export function urlSinSecretos(url: string): string {
  const i = url.indexOf('?');
  if (i < 0) return url;
  const partes = url
    .slice(i + 1)
    .split('&')
    .map((p) => {
      const j = p.indexOf('=');
      const n = j < 0 ? p : p.slice(0, j);
      return j >= 0 && SECRETO.test(nombre(n)) ? `${n}=[redactado]` : p;
    });
  return `${url.slice(0, i + 1)}${partes.join('&')}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export function peticionParaElLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: urlSinSecretos(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
