import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * A local Proppit «Real Time Processor API» v2 for the tests and the e2e, from its OpenAPI 3.1 document
 * (docs/portales.md): POST /token, the ads of an approved publisher (POST, PUT, DELETE by referenceId with
 * ?externalId), GET of a publisher (404 when not approved) and the error schema {status, requestId, error,
 * timestamp}. Each request takes the next fault of `fallas` or succeeds: '429' (with Retry-After), '500',
 * '503', 'lento' (answers after any sane timeout), 'token' (every issued token dies: this call is 401),
 * 'ok' (this request succeeds: to aim a later fault at a later request).
 */
export type FallaProppit = '429' | '500' | '503' | 'lento' | 'token' | 'ok';
export type EventoProppit = { accion: 'token' | 'crear' | 'actualizar' | 'borrar'; ref?: string };

export const PROPPIT_USUARIO = 'predio-crm';
export const PROPPIT_CLAVE = 'clave-proppit-de-prueba';
export const PROPPIT_ANUNCIANTE = 'inmobiliaria-demo';

export class FakeProppit {
  fallas: FallaProppit[] = [];
  retryAfter = '1';
  /** Publishers Proppit's team has approved. */
  readonly aprobados = new Set([PROPPIT_ANUNCIANTE]);
  readonly anuncios = new Map<string, Record<string, unknown>>();
  /** Ads Proppit keeps but shows on no site (its plan does not cover them): GET answers 404. */
  readonly sinSitio = new Set<string>();
  readonly eventos: EventoProppit[] = [];
  /** Seconds a token lives. */
  vidaToken = 3600;
  url = '';
  private tokens = new Set<string>();
  private app: FastifyInstance | null = null;
  private n = 0;

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
    const error = (reply: FastifyReply, status: number, mensaje: string) =>
      reply.code(status).send({ status, requestId: `req-${++this.n}`, error: mensaje, timestamp: new Date().toISOString() });
    const falla = async (reply: FastifyReply): Promise<boolean> => {
      const f = this.fallas.shift();
      if (!f || f === 'ok') return false;
      if (f === 'lento') {
        await new Promise((r) => setTimeout(r, 20_000).unref());
        return true;
      }
      if (f === 'token') {
        this.tokens.clear();
        return false;
      }
      if (f === '429') void reply.header('retry-after', this.retryAfter);
      void error(reply, Number(f), f === '429' ? 'Too Many Requests' : 'Service unavailable');
      return true;
    };
    const autorizado = (req: FastifyRequest, reply: FastifyReply): boolean => {
      const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (t && this.tokens.has(t)) return true;
      void error(reply, 401, 'Missing or invalid token');
      return false;
    };
    type Anuncio = {
      referenceId?: string;
      publisher?: { externalId?: string };
      property?: { type?: string; location?: { coordinates?: { lat?: number; long?: number } } };
      operations?: unknown[];
      title?: { text?: string };
      description?: { text?: string };
    };
    const invalido = (a: Anuncio): string | null => {
      if (!a.referenceId) return 'referenceId is required';
      if (!a.property?.type) return 'property.type is required';
      const c = a.property.location?.coordinates;
      if (typeof c?.lat !== 'number' || typeof c.long !== 'number') return 'property.location.coordinates is required';
      if (!Array.isArray(a.operations) || a.operations.length === 0) return 'operations is required';
      if (!a.title?.text || !a.description?.text) return 'title and description are required';
      return null;
    };

    app.post('/api/v2/token', async (req, reply) => {
      if (await falla(reply)) return reply;
      const b = (req.body ?? {}) as { user?: string; password?: string };
      if (b.user !== PROPPIT_USUARIO || b.password !== PROPPIT_CLAVE) return error(reply, 401, 'Invalid user or password');
      const token = `tk-${++this.n}`;
      this.tokens.add(token);
      this.eventos.push({ accion: 'token' });
      return { token, expiration: Math.floor(Date.now() / 1000) + this.vidaToken };
    });
    app.get<{ Params: { id: string } }>('/api/v2/proppit/:country/publishers/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      if (!this.aprobados.has(req.params.id)) return error(reply, 404, 'Publisher not found');
      return { id: req.params.id, name: 'Inmobiliaria' };
    });
    app.post<{ Params: { country: string } }>('/api/v2/proppit/:country/ads', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const a = (req.body ?? {}) as Anuncio;
      const mal = invalido(a);
      if (mal) return error(reply, 400, mal);
      if (!this.aprobados.has(a.publisher?.externalId ?? '')) return error(reply, 404, 'Publisher not found');
      if (this.anuncios.has(a.referenceId!)) return error(reply, 400, `Ad ${a.referenceId} already exists`);
      this.anuncios.set(a.referenceId!, a as Record<string, unknown>);
      this.eventos.push({ accion: 'crear', ref: a.referenceId });
      return reply.code(201).send({ ...a, status: 'published' });
    });
    app.put<{ Params: { ref: string } }>('/api/v2/proppit/:country/ads/:ref', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      if (!this.anuncios.has(req.params.ref)) return error(reply, 404, 'Ad not found');
      const a = (req.body ?? {}) as Anuncio;
      const mal = invalido(a);
      if (mal) return error(reply, 400, mal);
      this.anuncios.set(req.params.ref, a as Record<string, unknown>);
      this.eventos.push({ accion: 'actualizar', ref: req.params.ref });
      return { ...a, status: 'published' };
    });
    // GET property-types: the contract's example shape, each type with its allowed amenities.
    app.get('/api/v2/proppit/:country/property-types', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      return [
        {
          id: 'apartment',
          nearbyLocations: ['main street'],
          amenities: ['air conditioning', 'gym', 'swimming pool', 'balcony'],
          rules: ['pets allowed'],
        },
        { id: 'house', nearbyLocations: ['park'], amenities: ['garden', 'swimming pool', 'fireplace'], rules: ['pets allowed'] },
      ];
    });
    // GET an ad: the contract answers it while published on some site (status «published»), else 404.
    app.get<{ Params: { ref: string }; Querystring: { externalId?: string } }>(
      '/api/v2/proppit/:country/ads/:ref',
      async (req, reply) => {
        if (await falla(reply)) return reply;
        if (!autorizado(req, reply)) return reply;
        const a = this.anuncios.get(req.params.ref) as Anuncio | undefined;
        if (!a || a.publisher?.externalId !== req.query.externalId || this.sinSitio.has(req.params.ref))
          return error(reply, 404, 'Ad not found');
        return { ...a, status: 'published' };
      },
    );
    app.delete<{ Params: { ref: string }; Querystring: { externalId?: string } }>(
      '/api/v2/proppit/:country/ads/:ref',
      async (req, reply) => {
        if (await falla(reply)) return reply;
        if (!autorizado(req, reply)) return reply;
        const a = this.anuncios.get(req.params.ref) as Anuncio | undefined;
        if (!a || a.publisher?.externalId !== req.query.externalId) return error(reply, 404, 'Ad not found');
        this.anuncios.delete(req.params.ref);
        this.eventos.push({ accion: 'borrar', ref: req.params.ref });
        return reply.code(200).send();
      },
    );
    const dir = await app.listen({ host: '127.0.0.1', port: 0 });
    this.app = app;
    this.url = `${dir}/api/v2`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }
}
