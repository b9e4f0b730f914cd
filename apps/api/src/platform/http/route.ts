import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { hasIdm } from '@predio/contract/menu';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../deps.ts';
import { inTenant, type Scope } from '../tenant.ts';
import { sinPermiso } from '../errors/app-error.ts';
import {
  assertActiva,
  bearerToken,
  cookieToken,
  loadPrincipal,
  principalAntes,
  verifyOrThrow,
  type Principal,
} from '../auth/principal.ts';
import type { VerifiedPortalToken, VerifiedToken } from '../auth/tokens.ts';
import { clienteDeSesion, verificarPortal, type ClientePortal } from '../auth/portal.ts';
import type { ConcurrencyLimit } from '../concurrency-limit.ts';
import {
  fastifyResponse,
  type BeforeJson,
  type FileResponse,
  type NoContent,
  type ResponseSpec,
  type WithExtra,
} from './response.ts';

/**
 * Every API route declares who may call it:
 * - a menu idm (number): logged-in users whose current permisos include it;
 * - a list of idm: logged-in users holding any of them (a property is read from its form or the search);
 * - 'sesion': any logged-in user; 'token': a signed token even if its session ended
 *   (GetUsuario must answer sesion:false); 'publico': nobody needs to log in.
 */
export type Permiso = number | readonly number[] | 'sesion' | 'token' | 'publico' | 'portal';

type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType; response?: ResponseSpec };
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
/** What a handler returns: its declared response (dates may still be Date objects), or an answer it wrote itself. */
type Returns<S extends Schemas> = S['response'] extends z.ZodType
  ? BeforeJson<z.output<S['response']>> | (null extends z.output<S['response']> ? void : never) | JsonCrudo | symbol
  : S['response'] extends WithExtra
    ? Respuesta
    : S['response'] extends FileResponse | NoContent
      ? symbol
      : unknown;

export type Ctx<S extends Schemas> = {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  body: Out<S['body']>;
  query: Out<S['querystring']>;
  params: Out<S['params']>;
};
export type TenantCtx<S extends Schemas, P = undefined> = Ctx<S> & Scope & { user: Principal; prep: P };

/** A response with fields beside `data` at the top of the envelope (token, sesion, exito, ...). */
export class Respuesta {
  constructor(
    readonly data: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {}
}
/**
 * `data` already serialised by the database (a JSON text built with json_agg): sent inside the
 * envelope as it is, without parsing every row into objects and stringifying them again.
 */
export class JsonCrudo {
  constructor(readonly texto: string) {}
}
/** The handler wrote the reply itself (files, streams). */
export const YA_RESPONDIDO = Symbol('ya-respondido');

/**
 * Slow work (reading files, drawing PDFs) after the request's transaction commits: PGlite has one
 * connection, and that work inside the transaction would hold every other request back. `enviar`
 * writes the reply; an error it throws is answered through the error handler.
 */
export function afterCommit(
  onCommit: (fn: () => void) => void,
  reply: FastifyReply,
  enviar: () => Promise<unknown>,
): typeof YA_RESPONDIDO {
  onCommit(() => void enviar().catch((e: unknown) => reply.send(e)));
  return YA_RESPONDIDO;
}

type Common<S extends Schemas> = {
  method: HTTPMethods;
  url: string;
  schema?: S & { summary?: string; tags?: string[] };
  /** Accept the token from the Admin-Token cookie too (images in <img src>). */
  cookieAuth?: boolean;
  /**
   * The request only reads, from one snapshot: its transaction is REPEATABLE READ READ ONLY (the reports,
   * whose current period, previous period and chart are separate statements that must agree).
   */
  instantanea?: boolean;
  /**
   * Requests of the routes sharing this limit wait for a turn before their transaction opens, so only so
   * many run at once (the reports).
   */
  limite?: ConcurrencyLimit;
};

export type RouteDef<S extends Schemas, P = undefined> =
  | (Common<S> & { permiso: 'publico'; handler: (ctx: Ctx<S>) => Promise<Returns<S>> })
  | (Common<S> & {
      permiso: Exclude<Permiso, 'publico' | 'portal'>;
      /**
       * Work done before the transaction opens (reading and checking an upload): PGlite has one
       * connection, so slow I/O inside a transaction would stall every other request. It runs once the
       * session and the permission have passed (onRequest), and gets the verified token, for work
       * keyed by the caller.
       */
      prepare?: (ctx: Ctx<S> & { token: VerifiedToken }) => Promise<P>;
      handler: (ctx: TenantCtx<S, P>) => Promise<Returns<S>>;
    });

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    permiso?: Permiso;
  }
}

/** The route's schemas as Fastify takes them: the response's `data` schema wrapped in the envelope. */
function fastifySchema(schema: Schemas & Record<string, unknown>): Record<string, unknown> {
  const { response, ...rest } = schema;
  return response === undefined ? rest : { ...rest, response: fastifyResponse(response) };
}

export function envelope(result: unknown): Record<string, unknown> {
  if (result instanceof Respuesta) return { code: CODES.OK, message: 'ok', ...result.extra, data: result.data };
  return { code: CODES.OK, message: 'ok', data: result ?? null };
}

export function defineRoute<S extends Schemas, P = undefined>(app: FastifyInstance, deps: Deps, def: RouteDef<S, P>): void {
  // The token, the session and the permission are checked before the body is parsed or validated and
  // before `prepare`: a caller without the right gets 401/403, never a validation message, and cannot
  // make the server parse a large body, read an upload or hash a password. The session comes from the
  // cache when it is there, so a burst of requests costs no transaction more.
  const verificados = new WeakMap<FastifyRequest, VerifiedToken>();
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    ...(def.schema ? { schema: fastifySchema(def.schema) } : {}),
    config: { permiso: def.permiso },
    ...(def.permiso === 'publico'
      ? {}
      : {
          onRequest: async (req: FastifyRequest) => {
            const token =
              bearerToken(req.headers.authorization) ?? (def.cookieAuth ? cookieToken(req.headers.cookie, TOKEN_COOKIE) : null);
            const verificado = await verifyOrThrow(deps.tokens, token);
            verificados.set(req, verificado);
            if (def.permiso !== 'token') autorizar(await principalAntes(deps.db, deps.sessions, verificado), def.permiso);
          },
        }),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const base = { req, reply, deps, body: req.body, query: req.query, params: req.params } as Ctx<S>;
      let result: unknown;
      if (def.permiso === 'publico') {
        result = await def.handler(base);
      } else {
        const token = verificados.get(req)!;
        const prep = (def.prepare ? await def.prepare({ ...base, token }) : undefined) as P;
        const permiso = def.permiso;
        const run = () =>
          runAuthenticated(
            deps,
            token,
            permiso,
            (scope, user) => def.handler({ ...base, ...scope, user, prep }),
            def.instantanea === true,
          );
        result = await (def.limite ? def.limite.run(run) : run());
      }
      if (result === YA_RESPONDIDO) return reply;
      if (result instanceof JsonCrudo) {
        // Checked against the contract like any answer where answers are checked (not in production).
        if (def.schema?.response && !deps.config.produccion) return reply.send(envelope(JSON.parse(result.texto)));
        return reply.type('application/json; charset=utf-8').send(`{"code":${CODES.OK},"message":"ok","data":${result.texto}}`);
      }
      return reply.send(envelope(result));
    },
  };
  app.route(options);
}

async function runAuthenticated<T>(
  deps: Deps,
  verified: VerifiedToken,
  permiso: Exclude<Permiso, 'publico' | 'portal'>,
  fn: (scope: Scope, user: Principal) => Promise<T>,
  instantanea = false,
): Promise<T> {
  // Checked again inside the request's transaction: this is the check the work relies on.
  return inTenant(
    deps.db,
    verified.claims.idempresa,
    async (scope) => {
      const user = await loadPrincipal(scope.tx, deps.sessions, verified);
      autorizar(user, permiso);
      return fn(scope, user);
    },
    instantanea ? { instantanea } : undefined,
  );
}

function autorizar(user: Principal, permiso: Exclude<Permiso, 'publico' | 'portal'>): void {
  if (permiso === 'token') return;
  assertActiva(user);
  if (typeof permiso === 'number' && !hasIdm(user.permisos, permiso)) throw sinPermiso();
  if (Array.isArray(permiso) && !permiso.some((idm: number) => hasIdm(user.permisos, idm))) throw sinPermiso();
}

// ---- Zona clientes (issue 31): routes of the client portal's realm ----

export type PortalCtx<S extends Schemas, P = undefined> = Ctx<S> & Scope & { cliente: ClientePortal; prep: P };

export type PortalRouteDef<S extends Schemas, P = undefined> = Common<S> & {
  /**
   * What the client needs beyond a live session (a portal section shown to their kind): checked with the
   * session, before any upload streams in, and again in the handler's transaction.
   */
  acceso?: (o: { tx: Tx; cliente: ClientePortal }) => Promise<void>;
  /** Work before the transaction (an upload), once the portal token and its session passed. */
  prepare?: (ctx: Ctx<S> & { token: VerifiedPortalToken; cliente: ClientePortal }) => Promise<P>;
  handler: (ctx: PortalCtx<S, P>) => Promise<Returns<S>>;
};

/**
 * A route of the zona clientes: only a portal client's token opens it (a staff token is refused by
 * verifyPortal, whatever its permisos), and a portal token opens no other route (TokenService.verify
 * refuses it). The session is read in the request's own transaction, under the company's RLS.
 */
export function definePortalRoute<S extends Schemas, P = undefined>(
  app: FastifyInstance,
  deps: Deps,
  def: PortalRouteDef<S, P>,
): void {
  const verificados = new WeakMap<FastifyRequest, { token: VerifiedPortalToken; cliente: ClientePortal }>();
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    ...(def.schema ? { schema: fastifySchema(def.schema) } : {}),
    config: { permiso: 'portal' },
    onRequest: async (req: FastifyRequest) => {
      const token = await verificarPortal(deps, bearerToken(req.headers.authorization));
      const cliente = await deps.db.tenant(token.claims.idempresa, async (tx) => {
        const c = await clienteDeSesion(tx, token);
        await def.acceso?.({ tx, cliente: c });
        return c;
      });
      verificados.set(req, { token, cliente });
    },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const base = { req, reply, deps, body: req.body, query: req.query, params: req.params } as Ctx<S>;
      const v = verificados.get(req)!;
      const prep = (def.prepare ? await def.prepare({ ...base, ...v }) : undefined) as P;
      const result = await inTenant(deps.db, v.token.claims.idempresa, async (scope) => {
        // Checked again inside the transaction the work relies on (a session closed meanwhile).
        const cliente = await clienteDeSesion(scope.tx, v.token);
        await def.acceso?.({ tx: scope.tx, cliente });
        return def.handler({ ...base, ...scope, cliente, prep });
      });
      if (result === YA_RESPONDIDO) return reply;
      return reply.send(envelope(result));
    },
  };
  app.route(options);
}
