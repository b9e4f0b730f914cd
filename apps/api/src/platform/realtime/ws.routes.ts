import type { FastifyInstance } from 'fastify';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { assertActiva, cookieToken, loadPrincipal, verifyOrThrow } from '../auth/principal.ts';
import type { Deps } from '../deps.ts';

/** Live events (in-app notifications) over a WebSocket; token in ?token= or the Admin-Token cookie. */
export function realtimeRoutes(app: FastifyInstance, deps: Deps): void {
  app.get('/ws', { websocket: true, config: { permiso: 'sesion' } }, async (socket, req) => {
    try {
      const q = req.query as { token?: string };
      const verified = await verifyOrThrow(deps.tokens, q.token ?? cookieToken(req.headers.cookie, TOKEN_COOKIE));
      const user = await deps.db.tenant(verified.claims.idempresa, (tx) => loadPrincipal(tx, deps.sessions, verified));
      assertActiva(user);
      const off = deps.hub.subscribe(user.idEmpresa, user.idUsuario, (msg) => socket.send(JSON.stringify(msg)));
      socket.on('close', off);
      socket.send(JSON.stringify({ tipo: 'conectado', data: null }));
    } catch (err) {
      socket.send(JSON.stringify({ tipo: 'error', data: err instanceof Error ? err.message : 'error' }));
      socket.close(4401, 'no autorizado');
    }
  });
}
