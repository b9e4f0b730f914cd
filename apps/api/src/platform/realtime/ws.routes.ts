import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODES } from '@predio/contract/codes';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { assertActiva, cookieToken, loadPrincipal, verifyOrThrow } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';

const tokenDe = (req: FastifyRequest) => (req.query as { token?: string }).token ?? cookieToken(req.headers.cookie, TOKEN_COOKIE);

/** Live events (in-app notifications) over a WebSocket; token in ?token= or the Admin-Token cookie. */
export function realtimeRoutes(app: FastifyInstance, deps: Deps): void {
  app.route({
    method: 'GET',
    url: '/ws',
    config: { permiso: 'sesion' },
    schema: { hide: true },
    // A plain HTTP request gets the envelope like any other route: 401 without a token.
    handler: async (req, reply) => {
      await verifyOrThrow(deps.tokens, tokenDe(req));
      return reply.status(426).send({ code: CODES.VALIDACION, message: 'Esta ruta solo acepta conexiones WebSocket.' });
    },
    wsHandler: async (socket, req) => {
      try {
        const verified = await verifyOrThrow(deps.tokens, tokenDe(req));
        const user = await deps.db.tenant(verified.claims.idempresa, (tx) => loadPrincipal(tx, deps.sessions, verified));
        assertActiva(user);
        const off = deps.hub.subscribe(user.idEmpresa, user.idUsuario, (msg) => socket.send(JSON.stringify(msg)));
        socket.on('close', off);
        socket.send(JSON.stringify({ tipo: 'conectado', data: null }));
      } catch (err) {
        socket.send(JSON.stringify({ tipo: 'error', data: err instanceof Error ? err.message : 'error' }));
        socket.close(4401, 'no autorizado');
      }
    },
  });
}
