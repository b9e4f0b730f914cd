import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CODES } from '@predio/contract/codes';
import { WS_SESION_TERMINADA, ZWsAutenticar } from '@predio/contract/notificaciones';
import { assertActiva, bearerToken, loadPrincipal, verifyOrThrow } from '../auth/principal.ts';
import type { VerifiedToken } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors/app-error.ts';
import { z } from 'zod';

/** How long a new connection may take to send its token. */
const AUTENTICAR_MS = 10_000;
// setTimeout waits at most 2^31-1 ms (24.8 days); a longer session's end is waited for in steps.
const MAX_ESPERA_MS = 2 ** 31 - 1;
/** A server-side failure (the database): the browser reconnects later. */
const ERROR_SERVIDOR = 1011;

const sinToken = () => new AppError(CODES.TOKEN_ILEGAL, 'No ha iniciado sesión: falta el token de acceso.');

/**
 * Whether the page opening the socket is this app's: its Origin is this host, or PUBLIC_URL's. A
 * browser always sends Origin on a WebSocket; a client without one is no page of another site.
 */
export function origenPropio(origin: string | undefined, host: string, publicUrl: string | null): boolean {
  if (origin === undefined) return true;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl !== null && o.origin === new URL(publicUrl).origin) return true;
  try {
    // Read with the origin's scheme, so a default port written or not compares equal.
    return new URL(`${o.protocol}//${host}`).host === o.host;
  } catch {
    return false;
  }
}

/**
 * Live events (in-app notifications) over a WebSocket. The session token is the first message
 * (ZWsAutenticar), never the URL; the connection closes with WS_SESION_TERMINADA when the session ends.
 */
export function realtimeRoutes(app: FastifyInstance, deps: Deps): void {
  app.route({
    method: 'GET',
    url: '/ws',
    config: { permiso: 'sesion' },
    // What a plain HTTP request gets; the upgrade itself has no body.
    schema: { hide: true, response: { 426: z.object({ code: z.number(), message: z.string() }) } },
    // Before the upgrade: a page of another site must not open a connection in its visitor's name.
    onRequest: async (req) => {
      if (!origenPropio(req.headers.origin, req.host, deps.config.publicUrl))
        throw new AppError(CODES.SIN_PERMISO, 'Las notificaciones en vivo solo se abren desde las páginas de Predio.');
    },
    // A plain HTTP request gets the envelope like any other route: 401 without a token or a live session.
    handler: async (req, reply) => {
      const verified = await verifyOrThrow(deps.tokens, bearerToken(req.headers.authorization));
      assertActiva(await deps.db.tenant(verified.claims.idempresa, (tx) => loadPrincipal(tx, deps.sessions, verified)));
      return reply.status(426).send({ code: CODES.VALIDACION, message: 'Esta ruta solo acepta conexiones WebSocket.' });
    },
    wsHandler: (socket, req) => atender(deps, socket, req),
  });
}

function atender(deps: Deps, socket: WebSocket, req: FastifyRequest): void {
  let cerrada = false;
  let off: (() => void) | null = null;
  let reloj: ReturnType<typeof setTimeout> | undefined;

  const cerrar = (err: unknown) => {
    if (cerrada) return;
    cerrada = true;
    if (err instanceof AppError) {
      socket.send(JSON.stringify({ tipo: 'error', data: err.message }));
      socket.close(WS_SESION_TERMINADA, 'sesion no valida');
    } else socket.close(ERROR_SERVIDOR, 'error del servidor');
  };
  socket.on('close', () => {
    cerrada = true;
    clearTimeout(reloj);
    off?.();
  });

  if ((req.query as Record<string, unknown>).token !== undefined) {
    cerrar(new AppError(CODES.TOKEN_ILEGAL, 'El token de acceso va en el primer mensaje, no en la dirección.'));
    return;
  }
  reloj = setTimeout(() => cerrar(sinToken()), AUTENTICAR_MS);
  // Listened for at once: a message that arrives before a listener is lost.
  socket.once('message', (raw: Buffer) => {
    clearTimeout(reloj);
    autenticar(String(raw)).catch(cerrar);
  });

  async function autenticar(texto: string): Promise<void> {
    let primero: unknown;
    try {
      primero = JSON.parse(texto);
    } catch {
      throw sinToken();
    }
    const m = ZWsAutenticar.safeParse(primero);
    if (!m.success) throw sinToken();
    const verified = await verifyOrThrow(deps.tokens, m.data.token);
    const user = await vigente(verified);
    if (cerrada) return;
    let cola = Promise.resolve();
    off = deps.hub.subscribe(user.idEmpresa, user.idUsuario, {
      jti: user.jti,
      // Checked again before each message: a session that ended without telling the hub stops here too.
      enviar: (msg) => {
        cola = cola
          .then(() => vigente(verified))
          .then(() => {
            if (!cerrada) socket.send(JSON.stringify(msg));
          }, cerrar);
      },
      terminar: () => cerrar(new AppError(CODES.OTRO_CLIENTE, 'Su sesión terminó. Inicie sesión de nuevo.')),
    });
    esperarFin(verified.exp * 1000);
    socket.send(JSON.stringify({ tipo: 'conectado', data: null }));
  }

  async function vigente(verified: VerifiedToken) {
    const user = await deps.db.tenant(verified.claims.idempresa, (tx) => loadPrincipal(tx, deps.sessions, verified));
    assertActiva(user);
    return user;
  }

  function esperarFin(expira: number): void {
    const falta = expira - Date.now();
    reloj = setTimeout(
      () =>
        falta > MAX_ESPERA_MS
          ? esperarFin(expira)
          : cerrar(new AppError(CODES.TOKEN_EXPIRADO, 'Su sesión expiró. Inicie sesión de nuevo.')),
      Math.min(Math.max(falta, 0), MAX_ESPERA_MS),
    );
  }
}
