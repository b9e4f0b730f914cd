import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { CODES } from '@predio/contract/codes';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { FOTO_MAX_BYTES } from '@predio/contract/terceros';
import type { Config } from './config.ts';
import { archivosRoutes } from './platform/archivos/archivos.routes.ts';
import type { Deps } from './platform/deps.ts';
import { registerErrorHandler } from './platform/errors/error-handler.ts';
import { invalido } from './platform/errors/app-error.ts';
import { defineRoute } from './platform/http/route.ts';
import { marcarActividad } from './platform/http/actividad.ts';
import { responseSerializer } from './platform/http/response.ts';
import { peticionParaElLog } from './platform/http/request-log.ts';
import { cabecerasDeSeguridad } from './platform/http/security-headers.ts';
import { realtimeRoutes } from './platform/realtime/ws.routes.ts';
import { loadModules } from './modules/registry.ts';
import { trabajosRoutes } from './platform/jobs/trabajos.routes.ts';
import { DominiosPropios } from './platform/http/dominios.ts';
import { z } from 'zod';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const DOCS_PREFIX = '/api/docs';

/** `modulo`: the folder of apps/api/src/modules that declared it, or 'platform'. */
export type ApiRoute = { method: string; url: string; permiso: unknown; respuesta: boolean; modulo: string };

export async function buildServer(
  deps: Deps,
  opts: { logger?: boolean; logStream?: { write(linea: string): void } } = {},
): Promise<FastifyInstance> {
  // Companies' own domains route to their public site before anything else (platform/http/dominios.ts).
  const dominios = new DominiosPropios(deps.db);
  await dominios.cargar();
  const app = Fastify({
    rewriteUrl: (req) => dominios.reescribir(req),
    logger: opts.logger
      ? {
          level: process.env.LOG_LEVEL ?? 'info',
          // Request URLs carry secrets now and then (a token in a link, a key in a form's query).
          serializers: { req: peticionParaElLog },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        }
      : false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: confianzaProxy(deps.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(!deps.config.produccion));
  registerErrorHandler(app);
  app.decorate('dominiosPropios', dominios);
  dominios.iniciar();
  app.addHook('onClose', async () => dominios.detener());

  // Every API route must declare its permission (ARCHITECTURE "Permissions").
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', function (r) {
    // Each module registers its routes in a plugin of its own, which carries its name.
    const modulo = this.moduloApi ?? 'platform';
    if (!r.url.toLowerCase().startsWith('/api') || r.url.startsWith(DOCS_PREFIX)) return;
    const permiso = r.config?.permiso;
    if (permiso === undefined)
      throw new Error(`La ruta ${String(r.method)} ${r.url} no declara su permiso (idm, 'sesion', 'token' o 'publico').`);
    routes.push({ method: String(r.method), url: r.url, permiso, respuesta: r.schema?.response !== undefined, modulo });
  });

  // Text no field can hold is refused here, naming where it came, rather than as a database error (a 500)
  // wherever a route happens to store or search it: PostgreSQL text cannot hold NUL nor half of a UTF-16
  // pair, and bidirectional overrides let a name show other than it is («Trojan Source»).
  app.addHook('preValidation', async (req) => {
    const malo = textoInvalido({ ruta: req.params, consulta: req.query, cuerpo: req.body });
    if (malo !== null) throw invalido(malo.campo, malo.motivo);
  });

  app.addHook('onRequest', async (req) => marcarActividad(req.url));

  app.addHook('onSend', async (req, reply, payload) => {
    cabecerasDeSeguridad(req, reply);
    return payload;
  });

  await app.register(multipart, { limits: { fileSize: FOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 } });
  // The only message a browser sends is its token (ws accepts 100 MiB by default).
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Predio API',
        version: '1.0.0',
        description: 'API de Predio Web 3. Respuestas en el sobre { code, message, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  const modules = await loadModules();
  await app.register(
    async (api) => {
      defineRoute(api, deps, {
        method: 'GET',
        url: '/health',
        permiso: 'publico',
        schema: {
          response: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
          tags: ['sistema'],
          summary: 'Estado del servicio',
        },
        handler: async () => ({ status: 'ok' as const, db: deps.db.kind }),
      });
      // The platform's own routes, then every module found in apps/api/src/modules (registry.ts).
      archivosRoutes(api, deps);
      trabajosRoutes(api, deps);
      for (const m of modules)
        void api.register(async (sub) => {
          sub.decorate('moduloApi', m.name);
          m.routes(sub, deps);
        });
      realtimeRoutes(api, deps);
    },
    { prefix: '/api' },
  );

  // Routes outside /api (the public site), each module's in a plugin of its own.
  for (const m of modules) if (m.rootRoutes) await app.register(async (raiz) => m.rootRoutes!(raiz, deps));

  const webDist = deps.config.webDist ?? DEFAULT_WEB_DIST;
  const hayWeb = existsSync(`${webDist}/index.html`);
  const hayIngreso = existsSync(`${webDist}/login.html`);
  if (hayWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite-precompress.ts): sent as they are,
      // by the browser's Accept-Encoding, and never under their own names.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await deps.hub.start();
  app.addHook('onClose', () => deps.hub.stop());
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!.toLowerCase();
    // A file under a dot name is none of the app's: the build keeps its manifest in `.vite/`.
    const oculto = path.includes('/.') && /\.[a-z0-9]+$/.test(path);
    if (path.startsWith('/api') || !hayWeb || oculto || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ code: CODES.NO_ENCONTRADO, message: `La ruta ${req.method} ${req.url.split('?')[0]} no existe.` });
    }
    // A file that exists is served as is; every other path is the SPA, whose router decides (or shows /404).
    if (path !== '/' && /\.[a-z0-9]+$/.test(path))
      return reply.header('cache-control', 'no-cache').sendFile(req.url.split('?')[0]!.slice(1));
    // Without a session, /login (and /, which leads there) is the page with its form already drawn.
    const ingreso = hayIngreso && (path === '/login' || path === '/') && !tieneSesion(req.headers.cookie);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .sendFile(ingreso ? 'login.html' : 'index.html');
  });
  return app;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
    /** The module whose plugin this is (the onRoute hook records it). */
    moduloApi?: string;
  }
}

/**
 * Fastify 5.12 trusts nobody for a bare number, since it cannot tell the proxy from a client that
 * connects directly: a hop count here means what the README says, the nearest n addresses are proxies.
 */
/** Whether the request carries the session cookie the web app keeps its token in (valid or not). */
function tieneSesion(cookie: string | undefined): boolean {
  return (cookie ?? '').split(';').some((c) => c.trim().startsWith(`${TOKEN_COOKIE}=`));
}

function confianzaProxy(t: Config['trustProxy']): boolean | string[] | ((direccion: string, salto: number) => boolean) {
  return typeof t === 'number' ? (_direccion, salto) => salto < t : t;
}

// Half of a UTF-16 surrogate pair, alone (what String.prototype.isWellFormed finds; its lib is ES2024).
const SURROGADO_SOLO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069); the plain marks U+200E/U+200F stay.
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

/** Why a text cannot be stored, or null when it can. */
function motivoTexto(v: string): string | null {
  if (v.includes('\u0000')) return 'contiene un carácter no válido (NUL)';
  if (SURROGADO_SOLO.test(v)) return 'contiene un carácter no válido (Unicode mal formado)';
  if (BIDI.test(v)) return 'contiene un carácter de control de dirección del texto no permitido';
  return null;
}

/**
 * The path of the first text that cannot be stored ('q', 'propietarios.0.nombre') and why, or null. Keys
 * are looked at too: a body's keys can end up in a JSON column.
 */
export function textoInvalido(entrada: {
  ruta: unknown;
  consulta: unknown;
  cuerpo: unknown;
}): { campo: string; motivo: string } | null {
  const buscar = (v: unknown, camino: string, profundidad: number): { campo: string; motivo: string } | null => {
    if (typeof v === 'string') {
      const motivo = motivoTexto(v);
      return motivo === null ? null : { campo: camino, motivo };
    }
    if (v === null || typeof v !== 'object' || profundidad > 20 || Buffer.isBuffer(v)) return null;
    for (const [k, x] of Object.entries(v)) {
      const sub = camino === '' ? k : `${camino}.${k}`;
      const motivoClave = motivoTexto(k);
      if (motivoClave !== null) return { campo: sub, motivo: motivoClave };
      const r = buscar(x, sub, profundidad + 1);
      if (r !== null) return r;
    }
    return null;
  };
  for (const [parte, v] of Object.entries(entrada)) {
    const r = buscar(v, '', 0);
    if (r !== null) return r.campo === '' ? { ...r, campo: `(${parte})` } : r;
  }
  return null;
}
