import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { NO_CONTENT } from '../../platform/http/response.ts';
import { defineRoute, envelope, YA_RESPONDIDO } from '../../platform/http/route.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { inTenant } from '../../platform/tenant.ts';
import type { FeedQuery } from '@predio/contract/pagina-web';
import { generarFeed, type FormatoFeed } from './feed-sitio.ts';
import * as publico from './publico.service.ts';

/** The path segment that, in place of a company's id, says «the company of this key». */
export const SEGMENTO_CLAVE = 'api';

/** Requests that named their company by its API key, with the origins that company allows. */
const porClave = new WeakMap<FastifyRequest, publico.EmpresaPorClave>();

const claveDe = (req: FastifyRequest): string | undefined => {
  const h = req.headers['x-api-key'];
  const q = (req.query as Record<string, unknown> | undefined)?.key;
  const v = typeof h === 'string' && h !== '' ? h : typeof q === 'string' && q !== '' ? q : undefined;
  return v?.trim();
};

const METODOS = 'GET, POST, OPTIONS';
const CABECERAS = 'x-api-key, content-type, if-none-match';

/**
 * The public API by key: `/api/publico/api/<recurso>` with the key in `X-Api-Key` or `?key=` reads the
 * same routes as `/api/publico/<id>/<recurso>` (the id is put in its place before validation), and only
 * those answers carry CORS headers, for the origins the company listed in Compañía. The id-based paths
 * are for Predio's own /sitio pages, which are same-origin and need no CORS.
 */
export function claveApiPublica(app: FastifyInstance, deps: Deps): void {
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.url?.startsWith('/api/publico/:empresa')) return;
    const params = req.params as Record<string, string>;
    if (params.empresa?.toLowerCase() !== SEGMENTO_CLAVE) return;
    const clave = claveDe(req);
    if (!clave)
      throw new AppError(
        CODES.CREDENCIALES,
        'Falta la clave de la API: envíela en el encabezado X-Api-Key o en el parámetro key.',
        [{ campo: 'key', mensaje: 'es obligatoria' }],
      );
    const e = await publico.empresaPorClave(deps.db, clave);
    if (!e)
      throw new AppError(
        CODES.CREDENCIALES,
        'La clave de la API no es válida: use la vigente de Compañía › API pública y dominio del sitio web (una clave cambiada deja de servir).',
        [{ campo: 'key', mensaje: 'no es válida' }],
      );
    params.empresa = String(e.id_empresa);
    porClave.set(req, e);
  });

  // Errors too (401 after the key, 404, 429): the site's script can read the message.
  app.addHook('onSend', async (req, reply, payload) => {
    const e = porClave.get(req);
    if (e) {
      reply.header('vary', varyConOrigen(reply.getHeader('vary')));
      const origen = req.headers.origin;
      if (origen && e.cors_origenes.includes(origen))
        reply.header('access-control-allow-origin', origen).header('access-control-expose-headers', 'etag, retry-after');
    }
    return payload;
  });

  defineRoute(app, deps, {
    method: 'OPTIONS',
    url: `/publico/${SEGMENTO_CLAVE}/*`,
    permiso: 'publico',
    schema: {
      response: NO_CONTENT,
      tags: ['pagina-web'],
      summary: 'Público: preflight CORS de la API por clave (orígenes de Compañía)',
    },
    handler: async ({ req, reply }) => {
      const origen = req.headers.origin;
      reply.header('vary', 'origin');
      if (origen && (await publico.origenPermitido(deps.db, origen, claveDe(req))))
        reply
          .header('access-control-allow-origin', origen)
          .header('access-control-allow-methods', METODOS)
          .header('access-control-allow-headers', CABECERAS)
          .header('access-control-max-age', '600');
      // An origin not listed gets no CORS headers: the browser then stops the request itself.
      await reply.code(204).send();
      return YA_RESPONDIDO;
    },
  });
}

function varyConOrigen(actual: unknown): string {
  const v = typeof actual === 'string' ? actual : Array.isArray(actual) ? actual.join(', ') : '';
  return /(^|,\s*)origin(\s*,|$)/i.test(v) ? v : v ? `${v}, origin` : 'origin';
}

/** The keys of public answers that hold an address of Predio's (photos, covers, banners, the logo). */
const CLAVES_URL = new Set(['grande', 'miniatura', 'portada', 'imagen', 'imagen_movil', 'logo']);

/**
 * The answer with its image addresses absolute (PUBLIC_URL, else this request's host), so a site on
 * another domain can use them as they come, as the feed's are.
 */
export function conUrlsAbsolutas<T>(v: T, base: string): T {
  if (Array.isArray(v)) return v.map((x: unknown) => conUrlsAbsolutas(x, base)) as T;
  if (!v || typeof v !== 'object' || v instanceof Date) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [
      k,
      CLAVES_URL.has(k) && typeof x === 'string' && x.startsWith('/') ? `${base}${x}` : conUrlsAbsolutas(x, base),
    ]),
  ) as T;
}

/**
 * A public read: limited per address and company, the company's data read under its RLS, and answered
 * with an ETag (a site polling the same list gets 304 without the body).
 */
export async function leerPublico<T>(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  idEmpresa: number,
  leer: (tx: Tx, e: publico.EmpresaSitio) => Promise<T>,
): Promise<typeof YA_RESPONDIDO> {
  await publico.limitar(deps.db, req.ip, idEmpresa);
  const e = await publico.empresa(deps.db, idEmpresa);
  const data = await inTenant(deps.db, idEmpresa, ({ tx }) => leer(tx, e));
  const cuerpo = JSON.stringify(envelope(conUrlsAbsolutas(data, urlPublica(deps.config.publicUrl, req))));
  const etag = `"${createHash('sha1').update(cuerpo).digest('base64url')}"`;
  reply.header('cache-control', 'public, max-age=60').header('etag', etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === etag) await reply.code(304).send();
  else await reply.type('application/json; charset=utf-8').send(cuerpo);
  return YA_RESPONDIDO;
}

/**
 * The address of another page of the feed: this request's own path and parameters (a `?key=` stays, a key
 * sent in the header is not written out) with `pagina` changed, absolute.
 */
export function otraPaginaFeed(base: string, url: string, pagina: number): string {
  const [ruta, consulta = ''] = url.split('?', 2) as [string, string?];
  const q = new URLSearchParams(consulta);
  q.set('pagina', String(pagina));
  return `${base}${ruta}?${q.toString()}`;
}

/**
 * The property feed (XML or JSON, no envelope: portals read it as a file), with the read limits and
 * ETag of the public API; photos and pages are absolute addresses (PUBLIC_URL, else this request's host).
 * Paged (`?pagina=&por_pagina=`, at most 5,000 a page): the file says the total, the page and the next
 * page's address, and the `Link: <…>; rel="next"` header says it too.
 */
export async function servirFeed(
  deps: Deps,
  req: FastifyRequest,
  reply: FastifyReply,
  idEmpresa: number,
  formato: FormatoFeed,
  q: FeedQuery,
): Promise<typeof YA_RESPONDIDO> {
  await publico.limitar(deps.db, req.ip, idEmpresa);
  const empresa = await publico.empresa(deps.db, idEmpresa);
  const { inmuebles, total } = await inTenant(deps.db, idEmpresa, async ({ tx }) => ({
    inmuebles: await publico.inmuebles(tx, idEmpresa, { limite: q.por_pagina, pagina: q.pagina }),
    total: await publico.contarInmuebles(tx, { limite: q.por_pagina }),
  }));
  const base = urlPublica(deps.config.publicUrl, req);
  const paginas = Math.max(1, Math.ceil(total / q.por_pagina));
  const siguiente = q.pagina < paginas ? otraPaginaFeed(base, req.url, q.pagina + 1) : null;
  const f = generarFeed({
    formato,
    empresa,
    inmuebles,
    base,
    paginado: { total, pagina: q.pagina, por_pagina: q.por_pagina, paginas, siguiente },
  });
  reply.header('cache-control', 'public, max-age=300').header('etag', f.etag).header('vary', 'accept-encoding');
  if (siguiente) reply.header('link', `<${siguiente}>; rel="next"`);
  if (req.headers['if-none-match'] === f.etag) await reply.code(304).send();
  else await reply.type(f.contentType).send(f.contenido);
  return YA_RESPONDIDO;
}
