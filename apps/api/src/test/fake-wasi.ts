import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/*
 * A local Wasi (api.wasi.co v1) for the tests and the e2e: the contract the adapter is written against
 * (docs/portales.md), with state and faults. Every call must carry the company and token below (form
 * fields, or the query string for GET). Each request takes the next fault of `fallas` or succeeds:
 * '429' (with Retry-After), '500', 'lento' (answers after any sane timeout), 'token' (the token expired).
 */
export type FallaWasi = '429' | '500' | 'lento' | 'token';
export type EventoWasi = { accion: 'add' | 'update' | 'delete' | 'image'; id: string; datos: Record<string, string> };

export const WASI_EMPRESA = '778899';
export const WASI_TOKEN = 'token-wasi-de-prueba';

/** The fake's catalogues (Wasi's ids for Colombia, as far as the tests need them). */
export const WASI_REGIONES = [
  { id_region: 2, name: 'Antioquia' },
  { id_region: 3, name: 'Bogotá D.C.' },
  { id_region: 4, name: 'Cundinamarca' },
  { id_region: 21, name: 'Santander' },
];
export const WASI_CIUDADES: Record<number, { id_city: number; name: string }[]> = {
  2: [
    { id_city: 520, name: 'Medellín' },
    { id_city: 530, name: 'Rionegro' },
  ],
  3: [{ id_city: 698, name: 'Bogotá D.C.' }],
  4: [{ id_city: 701, name: 'Chía' }],
  21: [{ id_city: 1530, name: 'Rionegro' }],
};
export const WASI_ZONAS: Record<number, { id_zone: number; name: string }[]> = {
  698: [
    { id_zone: 9001, name: 'Chapinero' },
    { id_zone: 9002, name: 'Usaquén' },
    { id_zone: 9003, name: 'Cedritos' },
  ],
  520: [
    { id_zone: 9101, name: 'El Poblado' },
    { id_zone: 9102, name: 'Laureles' },
  ],
};
export const WASI_TIPOS = [
  { id_property_type: 1, name: 'Casa' },
  { id_property_type: 2, name: 'Apartamento' },
  { id_property_type: 3, name: 'Local' },
  { id_property_type: 4, name: 'Oficina' },
  { id_property_type: 5, name: 'Lote' },
  { id_property_type: 7, name: 'Finca' },
  { id_property_type: 8, name: 'Bodega' },
  { id_property_type: 14, name: 'Apartaestudio' },
  { id_property_type: 15, name: 'Consultorio' },
  { id_property_type: 16, name: 'Edificio' },
  { id_property_type: 20, name: 'Habitación' },
];
/** Wasi's features (made up: ids and names as a property's `features` shows them, internal and external). */
export const WASI_FEATURES = {
  internal: [
    { id: 4, nombre: 'Balcón', name: 'Balcony' },
    { id: 9, nombre: 'Chimenea', name: 'Fireplace' },
    { id: 17, nombre: 'Cocina integral', name: 'Integral kitchen' },
  ],
  external: [
    { id: 52, nombre: 'Piscina', name: 'Swimming pool' },
    { id: 61, nombre: 'Gimnasio', name: 'Gym' },
    { id: 70, nombre: 'Zonas  verdes', name: 'Green areas' },
  ],
};
/** Wasi's list shape: the entries keyed by position beside status and total. */
const lista = (xs: object[]) => ({
  ...Object.fromEntries(xs.map((x, i) => [String(i), x])),
  total: xs.length,
  status: 'success',
});

export class FakeWasi {
  fallas: FallaWasi[] = [];
  retryAfter = '1';
  readonly propiedades = new Map<string, Record<string, string>>();
  readonly imagenes = new Map<string, number>();
  readonly eventos: EventoWasi[] = [];
  peticiones = 0;
  url = '';
  private app: FastifyInstance | null = null;
  private siguiente = 5000;

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // Enough of multipart for upload-image: the text fields, and that a file came.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 20_000_000 }, (_r, body, done) => {
      const texto = (body as Buffer).toString('latin1');
      const campos: Record<string, string> = {};
      for (const m of texto.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) campos[m[1]!] = m[2]!;
      campos.__archivo = /name="image"; filename="/.test(texto) ? 'si' : 'no';
      done(null, campos);
    });
    app.addHook('onRequest', async () => {
      this.peticiones++;
    });
    const falla = async (reply: FastifyReply): Promise<boolean> => {
      const f = this.fallas.shift();
      if (!f) return false;
      if (f === 'lento') {
        await new Promise((r) => setTimeout(r, 20_000).unref());
        return true;
      }
      if (f === '429')
        void reply.code(429).header('retry-after', this.retryAfter).send({ status: 'error', message: 'Too many requests' });
      else if (f === '500') void reply.code(500).send({ status: 'error', message: 'Internal server error' });
      else void reply.code(401).send({ status: 'error', message: 'The wasi_token has expired' });
      return true;
    };
    const autorizado = (d: Record<string, string>, reply: FastifyReply): boolean => {
      if (d.id_company === WASI_EMPRESA && d.wasi_token === WASI_TOKEN) return true;
      // Wasi answers a bad token with its error body (HTTP 200 in its docs' examples).
      void reply.send({ status: 'error', message: 'Invalid id_company or wasi_token' });
      return false;
    };
    const datos = (b: unknown) => (b ?? {}) as Record<string, string>;

    app.get('/v1/property/search', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return { total: this.propiedades.size };
    });
    app.get('/v1/property-type/all', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return lista(WASI_TIPOS);
    });
    app.get('/v1/feature/all', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return { ...WASI_FEATURES, status: 'success' };
    });
    app.get<{ Params: { id: string } }>('/v1/location/regions-from-country/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return lista(req.params.id === '1' ? WASI_REGIONES : []);
    });
    app.get<{ Params: { id: string } }>('/v1/location/cities-from-region/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return lista(WASI_CIUDADES[Number(req.params.id)] ?? []);
    });
    app.get<{ Params: { id: string } }>('/v1/location/zones-from-city/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      return lista(WASI_ZONAS[Number(req.params.id)] ?? []);
    });
    app.get<{ Params: { id: string } }>('/v1/property/get/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.query as Record<string, string>, reply)) return reply;
      const p = this.propiedades.get(req.params.id);
      if (!p) return { status: 'error', message: 'Property not found' };
      return { status: 'success', id_property: Number(req.params.id), ...p, id_status_on_page: Number(p.id_status_on_page ?? 1) };
    });
    app.post('/v1/property/add', async (req, reply) => {
      if (await falla(reply)) return reply;
      const d = datos(req.body);
      if (!autorizado(d, reply)) return reply;
      for (const campo of ['id_property_type', 'id_city', 'title', 'address'])
        if (!d[campo]) return { status: 'error', message: `The field ${campo} is required` };
      const id = String(this.siguiente++);
      this.propiedades.set(id, d);
      this.eventos.push({ accion: 'add', id, datos: d });
      return { status: 'success', id_property: Number(id) };
    });
    app.post<{ Params: { id: string } }>('/v1/property/update/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      const d = datos(req.body);
      if (!autorizado(d, reply)) return reply;
      if (!this.propiedades.has(req.params.id)) return { status: 'error', message: 'Property not found' };
      this.propiedades.set(req.params.id, { ...this.propiedades.get(req.params.id), ...d });
      this.eventos.push({ accion: 'update', id: req.params.id, datos: d });
      return { status: 'success', id_property: Number(req.params.id) };
    });
    app.post<{ Params: { id: string } }>('/v1/property/delete/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      const d = datos(req.body);
      if (!autorizado(d, reply)) return reply;
      if (!this.propiedades.delete(req.params.id)) return { status: 'error', message: 'Property not found' };
      this.eventos.push({ accion: 'delete', id: req.params.id, datos: d });
      return { status: 'success' };
    });
    app.post<{ Params: { id: string } }>('/v1/property/upload-image/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      const d = datos(req.body);
      if (!autorizado(d, reply)) return reply;
      if (!this.propiedades.has(req.params.id)) return { status: 'error', message: 'Property not found' };
      if (d.__archivo !== 'si') return { status: 'error', message: 'The field image is required' };
      this.imagenes.set(req.params.id, (this.imagenes.get(req.params.id) ?? 0) + 1);
      this.eventos.push({ accion: 'image', id: req.params.id, datos: d });
      return { status: 'success' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const a = app.server.address();
    if (!a || typeof a === 'string') throw new Error('sin puerto');
    this.app = app;
    this.url = `http://127.0.0.1:${a.port}/v1`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.app?.server.closeAllConnections();
    await this.app?.close();
  }
}
