import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/*
 * A local integrators' API (Ciencuadras / Fincaraíz, OpenAPI "Integration Partners" 1.0.0) for the tests
 * and the e2e: header `apikey`; POST/PATCH /listing (arrays) and PATCH /listing/status answer a task;
 * GET /task/{id} answers it READY → COMPLETED (after `lecturasPendientes` reads) with content[] per
 * listing; GET /client/{id}. A listing without what the spec requires ends its task in ERROR with
 * messages.listings. Faults, one per request from `fallas`: '429' (Retry-After, { detail }), '500'
 * ({ error: { tracking_id, message } }), 'lento' (answers after any sane timeout), 'clave' (401).
 * `notificar` posts a task to a webhook as the portal does (headers HUB.ID and VERIFY-TOKEN);
 * Photos get an image id each (the task's content[].multimedia[]); a PATCH whose photos carry ids changes
 * only those and adds the new ones; DELETE /listing/{id}/image/{image_id} takes one off.
 * POST /webhook/{client_id}/subscribe records a subscription (same faults) and answers its id, the HUB.ID.
 */
export type FallaIntegradores = '429' | '500' | 'lento' | 'clave';
export type EventoIntegradores = { accion: 'crear' | 'actualizar' | 'estado'; listing: Record<string, unknown> };

export const INTEGRADORES_CLAVE = 'clave-integrador-de-prueba';
export const INTEGRADORES_CLIENTE = '2b53dfe3-e25e-44d4-8095-3d028e4e8ce4';

type Tarea = {
  id: string;
  status: 'READY' | 'RUNNING' | 'COMPLETED' | 'FORWARDED' | 'ERROR';
  event: 'LISTING_CORE' | 'LISTING_STATUS';
  exec: 'AUTOMATIC';
  integrator: string;
  created: number;
  content: {
    status: string;
    listing_id: string;
    fr_property_id: number;
    external_code: string;
    multimedia: { id: string; image: string; status: string }[];
  }[];
  messages: { listings: unknown[]; images: unknown[] };
  lecturas: number;
};

type Foto = { id: string; image: string; is_main: boolean; sort_order: number };

const P = '/management/api/1.0';
const REQUERIDOS = [
  'description',
  'external_code',
  'client_id',
  'offer',
  'property_type',
  'price',
  'address',
  'locations',
  'area',
  'listing_contact',
];

const sinAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * A part of the features the OpenAPI lists in `categories` (id = name), with a parent group. The ids and
 * names are the spec's; the parents are made up (the spec defines `parent { name, slug }` but lists none).
 * «Terraza» is there twice, as in the spec.
 */
export const CATEGORIAS: [number, string, string][] = [
  [1, 'Aire Acondicionado', 'Interior'],
  [4, 'Piso en Baldosa /  Mármol', 'Interior'],
  [5, 'Parqueadero Visitantes', 'Zonas comunes'],
  [7, 'Jardín', 'Exterior'],
  [10, 'Terraza', 'Exterior'],
  [11, 'Depósito / Bodega', 'Interior'],
  [12, 'En conjunto cerrado', 'Sector'],
  [13, 'Ascensor', 'Zonas comunes'],
  [16, 'Patio', 'Exterior'],
  [17, 'Piscina', 'Zonas comunes'],
  [19, 'Amoblado', 'Interior'],
  [20, 'Cocina Integral', 'Interior'],
  [32, 'Balcón', 'Exterior'],
  [103, 'Gimnasio', 'Zonas comunes'],
  [106, 'Zona Infantil', 'Zonas comunes'],
  [107, 'Zonas Verdes', 'Zonas comunes'],
  [112, 'Salón Comunal', 'Zonas comunes'],
  [129, 'Chimenea', 'Interior'],
  [147, 'Vigilancia 24x7', 'Seguridad'],
  [177, 'Zona de BBQ', 'Zonas comunes'],
  [180, 'Closet', 'Interior'],
  [315, 'Terraza', 'Comercial'],
];

type Ubicacion = {
  id: string;
  name: string;
  location_type: string;
  country: string | null;
  state: string | null;
  city: string | null;
};
const barrio = (id: string, name: string, city: string, state: string): Ubicacion => ({
  id,
  name,
  location_type: 'NEIGHBOURHOOD',
  country: 'Colombia',
  state,
  city,
});
/** Places as GET /location answers them (the spec's example: a Bogotá barrio's city is «Bogotá, d.c.»). */
export const UBICACIONES: Ubicacion[] = [
  barrio('4faca461-6a83-41cb-a57e-f3860624826a', 'Cedritos', 'Bogotá, d.c.', 'Cundinamarca'),
  barrio('1895e0a3-60b8-4a9d-858d-f2c7297b48b2', 'Chapinero', 'Bogotá, d.c.', 'Cundinamarca'),
  barrio('8a1f4c52-0d8e-4a57-9d35-4b0e7c1a2f10', 'Chapinero Alto', 'Bogotá, d.c.', 'Cundinamarca'),
  barrio('c2b6e8d1-5f3a-4c7e-9b21-7d4e6f8a1b30', 'Teusaquillo', 'Bogotá, d.c.', 'Cundinamarca'),
  barrio('e7d9a3b4-2c1f-4e8d-a6b5-3f9c8d7e6a40', 'El Prado', 'Barranquilla', 'Atlántico'),
  barrio('f1e2d3c4-b5a6-4978-8a1b-2c3d4e5f6a50', 'El Poblado', 'Medellín', 'Antioquia'),
  {
    id: '52261b15-76b0-4f8c-a10a-105139d8d809',
    name: 'Chapinero',
    location_type: 'LOCALITY',
    country: 'Colombia',
    state: 'Bogotá, d.c.',
    city: 'Bogotá',
  },
  {
    id: 'd0ac326a-cade-4a06-86c1-6a8897bf56b3',
    name: 'Bogotá',
    location_type: 'CITY',
    country: 'Colombia',
    state: 'Bogotá, d.c.',
    city: null,
  },
];

export class FakeIntegradores {
  fallas: FallaIntegradores[] = [];
  retryAfter = '1';
  /** Reads of GET /task that answer RUNNING before it completes. */
  lecturasPendientes = 0;
  readonly listings = new Map<string, Record<string, unknown>>();
  readonly tareas = new Map<string, Tarea>();
  readonly eventos: EventoIntegradores[] = [];
  /** Photo addresses downloaded (each new photo received by URL) and image ids deleted one by one. */
  readonly descargas: string[] = [];
  readonly borradas: string[] = [];
  private imagen = 1;
  /** Webhook subscriptions received (POST /webhook/{id}/subscribe), latest last. */
  readonly suscripciones: { id: string; url: string; verify_token: string; status: string }[] = [];
  peticiones = 0;
  /** The catalogue calls received (paths), to check what a load asked. */
  readonly lecturasCatalogo: string[] = [];
  porPaginaCategorias = 10;
  url = '';
  private app: FastifyInstance | null = null;
  private fr = 10_002_000;

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
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
        void reply
          .code(429)
          .header('retry-after', this.retryAfter)
          .send({ detail: 'Request was throttled. Expected available in 1 seconds.' });
      else if (f === '500')
        void reply.code(500).send({ error: { tracking_id: 'a91ce369bb844c2fbad5a573e7b94b39', message: 'Internal Error' } });
      else void reply.code(401).send({ message: 'Invalid authentication credentials' });
      return true;
    };
    const autorizado = (apikey: unknown, reply: FastifyReply): boolean => {
      if (apikey === INTEGRADORES_CLAVE) return true;
      void reply.code(401).send({ message: 'Invalid authentication credentials' });
      return false;
    };
    const nuevaTarea = (event: Tarea['event']): Tarea => {
      const t: Tarea = {
        id: randomUUID(),
        status: 'READY',
        event,
        exec: 'AUTOMATIC',
        integrator: 'PREDIO',
        created: Date.now() / 1000,
        content: [],
        messages: { listings: [], images: [] },
        lecturas: 0,
      };
      this.tareas.set(t.id, t);
      return t;
    };
    const respuesta = (t: Tarea) => ({ task: { id: t.id, status: t.status, created: t.created, integrator: t.integrator } });
    /**
     * The listing's photos after a POST or PATCH: items with `id` are photos the portal has (order and main
     * change, nothing downloaded); items with `image` are downloaded and get a new id. Without any `id` in
     * the request the set is replaced (the «recepción masiva» of a whole set). Answers the task's multimedia.
     */
    const fotos = (l: Record<string, unknown>, antes: Foto[]): { set: Foto[]; multimedia: Tarea['content'][0]['multimedia'] } => {
      const pedidas = Array.isArray(l.photos) ? (l.photos as Record<string, unknown>[]) : [];
      const incremental = pedidas.some((p) => typeof p.id === 'string');
      const set: Foto[] = incremental ? antes.map((f) => ({ ...f })) : [];
      const multimedia: Tarea['content'][0]['multimedia'] = [];
      for (const p of pedidas) {
        const existente = typeof p.id === 'string' ? set.find((f) => f.id === p.id) : undefined;
        if (existente) {
          existente.is_main = Boolean(p.is_main);
          existente.sort_order = Number(p.sort_order);
        } else if (typeof p.image === 'string') {
          this.descargas.push(p.image);
          const f = { id: `img-${this.imagen++}`, image: p.image, is_main: Boolean(p.is_main), sort_order: Number(p.sort_order) };
          set.push(f);
          multimedia.push({ id: f.id, image: f.image, status: 'COMPLETED' });
        }
      }
      return { set: set.sort((a, b) => a.sort_order - b.sort_order), multimedia };
    };
    /** What the task will say for one listing: ERROR naming the first missing field, or COMPLETED. */
    const procesar = (
      t: Tarea,
      l: Record<string, unknown>,
      listingId: string,
      multimedia: Tarea['content'][0]['multimedia'] = [],
    ) => {
      const falta = REQUERIDOS.find((c) => l[c] === undefined || l[c] === '' || l[c] === null);
      const precio = Number(l.price);
      const error = falta ? `${falta} is required.` : !(precio > 0) ? 'price must be positive.' : null;
      t.content.push({
        status: error ? 'ERROR' : 'COMPLETED',
        listing_id: listingId,
        fr_property_id: this.fr++,
        external_code: String(l.external_code ?? ''),
        multimedia: error ? [] : multimedia,
      });
      if (error)
        t.messages.listings.push({
          listing_id: listingId,
          external_code: String(l.external_code ?? ''),
          error: {
            message: 'Error Sending Data to Ciencuadras Core',
            field: { description: error, status_code: 116, default_code: 'invalid_value' },
          },
        });
      return !error;
    };

    app.get<{ Params: { id: string } }>(P + '/client/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      if (req.params.id !== INTEGRADORES_CLIENTE) return reply.code(404).send({ detail: 'No encontrado.' });
      return [{ id: INTEGRADORES_CLIENTE, name: 'Inmobiliaria', initial_quota: 1400, remained_quota: 193, used_quota: 1207 }];
    });
    // POST /webhook/{client_id}/subscribe { url, verify_token, events }: the subscription's id is the HUB.ID.
    app.post<{ Params: { id: string }; Body: { url?: unknown; verify_token?: unknown } }>(
      P + '/webhook/:id/subscribe',
      async (req, reply) => {
        if (await falla(reply)) return reply;
        if (!autorizado(req.headers.apikey, reply)) return reply;
        if (req.params.id !== INTEGRADORES_CLIENTE) return reply.code(404).send({ detail: 'No encontrado.' });
        const { url, verify_token } = req.body ?? {};
        if (typeof url !== 'string' || !/^https?:\/\//.test(url) || typeof verify_token !== 'string' || !verify_token)
          return reply.code(400).send({ message: 'url and verify_token are required' });
        const s = { id: randomUUID(), url, verify_token, status: 'ACTIVE' };
        this.suscripciones.push(s);
        return { id: s.id, url: s.url, status: s.status };
      },
    );
    app.post(P + '/listing', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      if (!Array.isArray(req.body)) return reply.code(400).send({ message: 'The body must be an array of listings' });
      const t = nuevaTarea('LISTING_CORE');
      for (const l of req.body as Record<string, unknown>[]) {
        const id = randomUUID();
        const f = fotos(l, []);
        if (procesar(t, l, id, f.multimedia)) this.listings.set(id, { ...l, photos: f.set, status: 4 });
        this.eventos.push({ accion: 'crear', listing: l });
      }
      return respuesta(t);
    });
    app.patch(P + '/listing', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      if (!Array.isArray(req.body)) return reply.code(400).send({ message: 'The body must be an array of listings' });
      const t = nuevaTarea('LISTING_CORE');
      for (const l of req.body as Record<string, unknown>[]) {
        const id = String(l.listing_id ?? '');
        if (!this.listings.has(id)) {
          t.content.push({
            status: 'ERROR',
            listing_id: id,
            fr_property_id: 0,
            external_code: String(l.external_code ?? ''),
            multimedia: [],
          });
          t.messages.listings.push({
            listing_id: id,
            external_code: String(l.external_code ?? ''),
            error: { message: 'Listing not found' },
          });
        } else {
          const antes = this.listings.get(id)!;
          const f = fotos(l, (antes.photos as Foto[] | undefined) ?? []);
          if (procesar(t, l, id, f.multimedia)) this.listings.set(id, { ...antes, ...l, photos: f.set });
        }
        this.eventos.push({ accion: 'actualizar', listing: l });
      }
      return respuesta(t);
    });
    // DELETE /listing/{listing_id}/image/{image_id}: one photo off the listing (404 when unknown).
    app.delete<{ Params: { id: string; imagen: string } }>(P + '/listing/:id/image/:imagen', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const l = this.listings.get(req.params.id);
      const set = (l?.photos as Foto[] | undefined) ?? [];
      if (!l || !set.some((f) => f.id === req.params.imagen)) return reply.code(404).send({ detail: 'No encontrado.' });
      l.photos = set.filter((f) => f.id !== req.params.imagen);
      this.borradas.push(req.params.imagen);
      return { id: req.params.imagen, status: 'DELETED' };
    });
    app.patch(P + '/listing/status', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const t = nuevaTarea('LISTING_STATUS');
      for (const s of req.body as { listing_id: string; client_id: string; status: string }[]) {
        const l = this.listings.get(s.listing_id);
        const ok = Boolean(l) && (s.status === 'ACTIVE' || s.status === 'DELETED');
        if (l && ok) l.status = s.status === 'DELETED' ? 7 : 4;
        t.content.push({
          status: ok ? 'COMPLETED' : 'ERROR',
          listing_id: s.listing_id,
          fr_property_id: 0,
          external_code: String(l?.external_code ?? ''),
          multimedia: [],
        });
        this.eventos.push({ accion: 'estado', listing: s });
      }
      return respuesta(t);
    });
    // GET /category: the features, paged by limit/offset (at most `porPaginaCategorias` a page).
    app.get<{ Querystring: Record<string, string> }>(P + '/category', async (req, reply) => {
      this.lecturasCatalogo.push('/category');
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const limit = Math.min(Number(req.query.limit ?? 10) || 10, this.porPaginaCategorias);
      const offset = Number(req.query.offset ?? 0) || 0;
      return {
        total: CATEGORIAS.length,
        list: {
          hits: CATEGORIAS.slice(offset, offset + limit).map(([id, name, padre]) => ({
            id,
            name,
            slug: sinAcentos(name).replace(/ /g, '-'),
            parent: { name: padre, slug: sinAcentos(padre).replace(/ /g, '-') },
          })),
        },
      };
    });
    // GET /location/{name}: autocomplete, the first five places whose words contain every word asked, or null.
    app.get<{ Params: { name: string } }>(P + '/location/:name', async (req, reply) => {
      this.lecturasCatalogo.push(`/location/${req.params.name}`);
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const palabras = sinAcentos(req.params.name).split(' ').filter(Boolean);
      const hits = UBICACIONES.filter((u) => {
        const texto = ` ${sinAcentos(`${u.name} ${u.city ?? ''} ${u.state ?? ''}`)} `;
        return palabras.every((w) => texto.includes(` ${w}`));
      }).slice(0, 5);
      return reply.type('application/json').send(JSON.stringify(hits.length > 0 ? hits : null));
    });
    // GET /listing/{listing_id} (ListingResponse200): a one-item list with the listing's status code.
    app.get<{ Params: { id: string } }>(P + '/listing/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const l = this.listings.get(req.params.id);
      if (!l) return reply.code(404).send({ detail: 'No encontrado.' });
      return [
        {
          client: INTEGRADORES_CLIENTE,
          offer: l.offer,
          property_type: l.property_type,
          status: l.status,
          ...(l.status_description ? { status_description: l.status_description } : {}),
          fr_property_id: 10_002_072,
        },
      ];
    });
    app.get<{ Params: { id: string } }>(P + '/task/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req.headers.apikey, reply)) return reply;
      const t = this.tareas.get(req.params.id);
      if (!t) return reply.code(404).send({ message: 'Object not found' });
      t.lecturas++;
      if (t.lecturas > this.lecturasPendientes) this.terminar(t);
      else t.status = 'RUNNING';
      return { task: this.cuerpo(t) };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const a = app.server.address();
    if (!a || typeof a === 'string') throw new Error('sin puerto');
    this.app = app;
    this.url = `http://127.0.0.1:${a.port}/management/api/1.0`;
    return this.url;
  }

  private terminar(t: Tarea) {
    if (t.status === 'READY' || t.status === 'RUNNING')
      t.status = t.content.length > 0 && t.content.every((c) => c.status === 'ERROR') ? 'ERROR' : 'COMPLETED';
  }

  private cuerpo(t: Tarea) {
    const { lecturas: _l, ...resto } = t;
    return { ...resto, updated: Date.now() / 1000 };
  }

  /** Listings still active (status 4), by external_code. */
  activos(): string[] {
    return [...this.listings.values()].filter((l) => l.status === 4).map((l) => String(l.external_code));
  }

  /** Settles every task and posts each to the webhook, as the portal does; answers the HTTP statuses. */
  async notificar(url: string, hubId: string, verifyToken: string): Promise<number[]> {
    const out: number[] = [];
    for (const t of this.tareas.values()) {
      this.terminar(t);
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'HUB.ID': hubId, 'VERIFY-TOKEN': verifyToken },
        body: JSON.stringify({ task: this.cuerpo(t) }),
      });
      out.push(r.status);
    }
    return out;
  }

  async stop(): Promise<void> {
    this.app?.server.closeAllConnections();
    await this.app?.close();
  }
}
