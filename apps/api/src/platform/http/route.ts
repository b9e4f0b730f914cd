import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { hasIdm } from '@predio/contract/menu';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../deps.ts';
import { sinPermiso } from '../errors/app-error.ts';
import { assertActiva, bearerToken, cookieToken, loadPrincipal, verifyOrThrow, type Principal } from '../auth/principal.ts';

/**
 * Every API route declares who may call it:
 * - a menu idm (number): logged-in users whose current permisos include it;
 * - 'sesion': any logged-in user; 'token': a signed token even if its session ended
 *   (GetUsuario must answer sesion:false); 'publico': nobody needs to log in.
 */
export type Permiso = number | 'sesion' | 'token' | 'publico';

type Schemas = { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type Ctx<S extends Schemas> = {
  req: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  body: Out<S['body']>;
  query: Out<S['querystring']>;
  params: Out<S['params']>;
};
export type TenantCtx<S extends Schemas> = Ctx<S> & { tx: Tx; user: Principal };

/** A response with fields beside `data` at the top of the envelope (token, sesion, exito, ...). */
export class Respuesta {
  constructor(
    readonly data: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {}
}
/** The handler wrote the reply itself (files, streams). */
export const YA_RESPONDIDO = Symbol('ya-respondido');

type Common<S extends Schemas> = {
  method: HTTPMethods;
  url: string;
  schema?: S & { summary?: string; tags?: string[] };
  /** Accept the token from the Admin-Token cookie too (images in <img src>). */
  cookieAuth?: boolean;
};

export type RouteDef<S extends Schemas> =
  | (Common<S> & { permiso: 'publico'; handler: (ctx: Ctx<S>) => Promise<unknown> })
  | (Common<S> & { permiso: Exclude<Permiso, 'publico'>; handler: (ctx: TenantCtx<S>) => Promise<unknown> });

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    permiso?: Permiso;
  }
}

export function envelope(result: unknown): Record<string, unknown> {
  if (result instanceof Respuesta) return { code: CODES.OK, message: 'ok', ...result.extra, data: result.data };
  return { code: CODES.OK, message: 'ok', data: result ?? null };
}

export function defineRoute<S extends Schemas>(app: FastifyInstance, deps: Deps, def: RouteDef<S>): void {
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    ...(def.schema ? { schema: def.schema } : {}),
    config: { permiso: def.permiso },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const base = { req, reply, deps, body: req.body, query: req.query, params: req.params } as Ctx<S>;
      const result =
        def.permiso === 'publico'
          ? await def.handler(base)
          : await runAuthenticated(deps, req, def.permiso, def.cookieAuth === true, (tx, user) =>
              def.handler({ ...base, tx, user }),
            );
      if (result === YA_RESPONDIDO) return reply;
      return reply.send(envelope(result));
    },
  };
  app.route(options);
}

async function runAuthenticated<T>(
  deps: Deps,
  req: FastifyRequest,
  permiso: Exclude<Permiso, 'publico'>,
  cookieAuth: boolean,
  fn: (tx: Tx, user: Principal) => Promise<T>,
): Promise<T> {
  const token = bearerToken(req.headers.authorization) ?? (cookieAuth ? cookieToken(req.headers.cookie, TOKEN_COOKIE) : null);
  const verified = await verifyOrThrow(deps.tokens, token);
  return deps.db.tenant(verified.claims.idempresa, async (tx) => {
    const user = await loadPrincipal(tx, deps.sessions, verified);
    if (permiso !== 'token') assertActiva(user);
    if (typeof permiso === 'number' && !hasIdm(user.permisos, permiso)) throw sinPermiso();
    return fn(tx, user);
  });
}
