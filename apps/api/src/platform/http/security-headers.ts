import type { FastifyReply, FastifyRequest } from 'fastify';

// A host name or address with its port: nothing that could end a directive and start another.
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Content-Security-Policy of every answer (the app's page, the API docs, the API). Scripts only
 * from this server's files: the built index.html has no inline script, and zod runs without eval in
 * the browser (apps/web/src/lib/zod-sin-eval.ts).
 */
export function politicaDeContenido(host: string): string {
  const socket = HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd (CSS-in-JS) and swagger-ui write <style> elements at run time; a nonce would need the page
    // rendered per request. Styles cannot run code, scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    // Map tiles come from the company's tile server, a setting that may be any https address; photos
    // shown before upload are blobs; leaflet and antd use data: images.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // The live notifications socket: 'self' covers it in current browsers, the host spelled out in older ones.
    `connect-src 'self'${socket}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export function cabecerasDeSeguridad(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('content-security-policy', politicaDeContenido(req.host));
  reply.header('x-content-type-options', 'nosniff');
  // Other sites (the map's tile server) learn which agency's server asked, never the page's path.
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('x-frame-options', 'SAMEORIGIN');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
  // Only over HTTPS (req.protocol believes X-Forwarded-Proto from a trusted proxy only): sent over
  // plain HTTP it would lock out a server that has no certificate.
  if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
}
