import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * A local Metrocuadrado «PTEC Core» for the tests and the e2e, implementing the contract metrocuadrado.ts
 * reads (docs/portales.md): x-api-key on every call (403 without the right one), POST /auth/login with
 * username, password and identification (401 when wrong) answering a bearer token and its life, properties
 * (POST, PUT, PATCH …/status, GET with status and statusReason), photos (POST …/images, one per position:
 * the same position replaces the image). Each request takes the next fault of `fallas` or succeeds:
 * '429' (with Retry-After), '500', '503', 'lento' (answers after any sane timeout), 'token' (every issued
 * token dies: this call is 401), 'ok' (this request succeeds: to aim a later fault at a later request).
 */
export type FallaMetrocuadrado = '429' | '500' | '503' | 'lento' | 'token' | 'ok';
export type EventoMetrocuadrado = {
  accion: 'login' | 'crear' | 'actualizar' | 'estado' | 'imagen' | 'leer';
  id?: string;
  detalle?: string;
};

export const M2_USUARIO = 'inmobiliaria.demo';
export const M2_CLAVE = 'clave-metrocuadrado-de-prueba';
export const M2_IDENTIFICACION = '900123456';
export const M2_API_KEY = 'apikey-metrocuadrado-de-prueba';

type Inmueble = Record<string, unknown> & { status: string; statusReason: string | null; images: Map<number, number> };

export class FakeMetrocuadrado {
  fallas: FallaMetrocuadrado[] = [];
  retryAfter = '1';
  /** Seconds a token lives. */
  vidaToken = 3600;
  readonly inmuebles = new Map<string, Inmueble>();
  readonly eventos: EventoMetrocuadrado[] = [];
  url = '';
  private tokens = new Set<string>();
  private app: FastifyInstance | null = null;
  private n = 0;

  /** What the portal does on its own (its moderators, an expiry): the reconciliation must notice it. */
  cambiarEstado(id: string, status: string, statusReason: string | null = null): void {
    const i = this.inmuebles.get(id);
    if (!i) throw new Error(`sin inmueble ${id}`);
    i.status = status;
    i.statusReason = statusReason;
  }

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
    // Enough of multipart for the images: the text fields, and that a file came.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 20_000_000 }, (_r, body, done) => {
      const texto = (body as Buffer).toString('latin1');
      const campos: Record<string, string> = {};
      for (const m of texto.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) campos[m[1]!] = m[2]!;
      campos.__archivo = /name="image"; filename="/.test(texto) ? 'si' : 'no';
      done(null, campos);
    });
    const error = (reply: FastifyReply, status: number, message: string) =>
      reply.code(status).send({ code: status, message, traceId: `tr-${++this.n}` });
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
      void error(reply, Number(f), f === '429' ? 'Too Many Requests' : 'Servicio no disponible');
      return true;
    };
    const conClave = (req: FastifyRequest, reply: FastifyReply): boolean => {
      if (req.headers['x-api-key'] === M2_API_KEY) return true;
      void error(reply, 403, 'Invalid API key');
      return false;
    };
    const autorizado = (req: FastifyRequest, reply: FastifyReply): boolean => {
      if (!conClave(req, reply)) return false;
      const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (t && this.tokens.has(t)) return true;
      void error(reply, 401, 'Token inválido o vencido');
      return false;
    };
    type Cuerpo = {
      externalCode?: string;
      identification?: string;
      propertyType?: string;
      transactions?: { type?: string; price?: number }[];
      stratum?: number;
      location?: { address?: string; city?: string };
      description?: string;
    };
    const invalido = (a: Cuerpo): string | null => {
      if (!a.externalCode) return 'externalCode es obligatorio';
      if (a.identification !== M2_IDENTIFICACION) return 'identification no corresponde a la inmobiliaria';
      if (!a.propertyType) return 'propertyType es obligatorio';
      if (!Array.isArray(a.transactions) || a.transactions.length === 0) return 'transactions es obligatorio';
      if (a.transactions.some((t) => !t.price || t.price <= 0)) return 'El precio de la transacción debe ser mayor que cero';
      if (!a.stratum) return 'stratum es obligatorio';
      if (!a.location?.address || !a.location.city) return 'location.address y location.city son obligatorios';
      if (!a.description) return 'description es obligatorio';
      return null;
    };
    const publico = (id: string, i: Inmueble) => {
      const { images, ...resto } = i;
      return { id, ...resto, images: images.size };
    };

    // Catalogues: the API key only (no token), as the SDK's catalogue calls.
    app.get('/ptec/v1/catalogs/cities', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!conClave(req, reply)) return reply;
      return [
        { id: 'MED', name: 'Medellín', departmentId: '05', departmentName: 'Antioquia' },
        { id: 'BOG', name: 'Bogotá D.C.', departmentId: '11', departmentName: 'Bogotá D.C.' },
      ];
    });
    app.get<{ Querystring: { cityId?: string } }>('/ptec/v1/catalogs/neighborhoods', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!conClave(req, reply)) return reply;
      const barrios: Record<string, { id: string; name: string }[]> = {
        BOG: [
          { id: 'BOG-CHAP', name: 'Chapinero' },
          { id: 'BOG-TEUS', name: 'Teusaquillo' },
        ],
        MED: [{ id: 'MED-POB', name: 'El Poblado' }],
      };
      return barrios[req.query.cityId ?? ''] ?? [];
    });
    app.post('/ptec/v1/auth/login', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!conClave(req, reply)) return reply;
      const b = (req.body ?? {}) as { username?: string; password?: string; identification?: string };
      if (b.username !== M2_USUARIO || b.password !== M2_CLAVE || b.identification !== M2_IDENTIFICACION)
        return error(reply, 401, 'Usuario, contraseña o identificación incorrectos');
      const token = `m2-${++this.n}`;
      this.tokens.add(token);
      this.eventos.push({ accion: 'login' });
      return { token, tokenType: 'Bearer', expiresIn: this.vidaToken };
    });
    app.post('/ptec/v1/properties', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const a = (req.body ?? {}) as Cuerpo;
      const mal = invalido(a);
      if (mal) return error(reply, 422, mal);
      for (const [id, i] of this.inmuebles)
        if (i.externalCode === a.externalCode && (i.status === 'PUBLISHED' || i.status === 'PENDING'))
          return error(reply, 409, `El código ${a.externalCode} ya está publicado como ${id}`);
      const id = `M2-${1000 + ++this.n}`;
      this.inmuebles.set(id, { ...(a as Record<string, unknown>), status: 'PUBLISHED', statusReason: null, images: new Map() });
      this.eventos.push({ accion: 'crear', id });
      return reply.code(201).send({ id, status: 'PUBLISHED' });
    });
    app.get<{ Params: { id: string } }>('/ptec/v1/properties/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const i = this.inmuebles.get(req.params.id);
      if (!i) return error(reply, 404, 'Inmueble no encontrado');
      this.eventos.push({ accion: 'leer', id: req.params.id });
      return publico(req.params.id, i);
    });
    app.put<{ Params: { id: string } }>('/ptec/v1/properties/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const i = this.inmuebles.get(req.params.id);
      if (!i) return error(reply, 404, 'Inmueble no encontrado');
      const a = (req.body ?? {}) as Cuerpo;
      const mal = invalido(a);
      if (mal) return error(reply, 422, mal);
      Object.assign(i, a);
      // Corrected data goes back through moderation, which (here) accepts it.
      if (i.status === 'REJECTED') [i.status, i.statusReason] = ['PUBLISHED', null];
      this.eventos.push({ accion: 'actualizar', id: req.params.id });
      return publico(req.params.id, i);
    });
    app.patch<{ Params: { id: string } }>('/ptec/v1/properties/:id/status', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const i = this.inmuebles.get(req.params.id);
      if (!i) return error(reply, 404, 'Inmueble no encontrado');
      const status = (req.body as { status?: string } | null)?.status;
      if (status !== 'INACTIVE' && status !== 'PUBLISHED') return error(reply, 422, 'status debe ser PUBLISHED o INACTIVE');
      i.status = status;
      i.statusReason = null;
      this.eventos.push({ accion: 'estado', id: req.params.id, detalle: status });
      return publico(req.params.id, i);
    });
    app.post<{ Params: { id: string } }>('/ptec/v1/properties/:id/images', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const i = this.inmuebles.get(req.params.id);
      if (!i) return error(reply, 404, 'Inmueble no encontrado');
      const d = (req.body ?? {}) as Record<string, string>;
      if (d.__archivo !== 'si') return error(reply, 422, 'image es obligatorio');
      const pos = Number(d.position);
      if (!Number.isInteger(pos) || pos < 1) return error(reply, 422, 'position debe ser un entero mayor que cero');
      i.images.set(pos, ++this.n);
      this.eventos.push({ accion: 'imagen', id: req.params.id, detalle: String(pos) });
      return reply.code(201).send({ position: pos });
    });
    const dir = await app.listen({ host: '127.0.0.1', port: 0 });
    this.app = app;
    this.url = `${dir}/ptec/v1`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }
}
