import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * A local Mercado Libre for the tests and the e2e, from its published developer guide (docs/portales.md):
 * the OAuth2 authorisation page (which approves at once and sends the person back with code and state),
 * POST /oauth/token (authorization_code and refresh_token; refresh tokens are single-use), /users/me,
 * the category tree of site MCO, classified items (POST/PUT /items, /items/{id}/description) and a
 * listing package with a quota, and the questions buyers ask on the items (GET /questions/search, api
 * version 4, newest first; `preguntar` adds one) with the askers' public profiles (GET /users/{id}). Errors answer {message, error, status, cause}. Each API request takes the
 * next fault of `fallas` or succeeds: '429' (with Retry-After), '500', 'lento', 'token' (the access token
 * dies: this call is 401, the refresh token still works), 'ok' (aims a later fault at a later request).
 */
export type FallaMercadoLibre = '429' | '500' | 'lento' | 'token' | 'ok';

export const ML_CLIENTE = '4455667788';
export const ML_SECRETO = 'secreto-ml-de-prueba';
export const ML_USUARIO = 987654;

type Cat = { id: string; name: string; hijas: Cat[] };
const hoja = (id: string, name: string): Cat => ({ id, name, hijas: [] });
const operaciones = (a: string, v: string): Cat[] => [
  hoja(a, 'Arriendo'),
  { id: v, name: 'Venta', hijas: [hoja(`${v}1`, 'Propiedades individuales'), hoja(`${v}2`, 'Proyectos')] },
];
const ARBOL: Cat[] = [
  {
    id: 'MCO1459',
    name: 'Inmuebles',
    hijas: [
      { id: 'MCO1472', name: 'Apartamentos', hijas: operaciones('MCO1473', 'MCO1474') },
      { id: 'MCO1466', name: 'Casas', hijas: operaciones('MCO1467', 'MCO1468') },
      { id: 'MCO1478', name: 'Locales', hijas: operaciones('MCO1479', 'MCO1480') },
    ],
  },
  hoja('MCO1000', 'Electrónica, Audio y Video'),
];
function buscar(id: string, en: Cat[] = ARBOL): Cat | undefined {
  for (const c of en) {
    if (c.id === id) return c;
    const h = buscar(id, c.hijas);
    if (h) return h;
  }
  return undefined;
}

export class FakeMercadoLibre {
  fallas: FallaMercadoLibre[] = [];
  retryAfter = '1';
  /** Listings left in the company's package. */
  cupo = 100;
  /** Seconds an access token lives. */
  vidaToken = 21_600;
  readonly items = new Map<string, Record<string, unknown>>();
  readonly descripciones = new Map<string, string>();
  readonly eventos: { accion: string; id?: string }[] = [];
  /** Questions on the account's items, as Mercado Libre keeps them. */
  readonly preguntas: {
    id: number;
    item_id: string;
    seller_id: number;
    text: string;
    status: string;
    date_created: string;
    from: { id: number };
  }[] = [];
  readonly usuarios = new Map<number, string>([[555001, 'COMPRADORA_TEST']]);
  /** How many times the questions were read. */
  lecturasPreguntas = 0;
  url = '';
  private codigos = new Map<string, string>();
  private accesos = new Set<string>();
  private refrescos = new Set<string>();
  private app: FastifyInstance | null = null;
  private n = 0;

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const error = (reply: FastifyReply, status: number, error: string, message: string, cause: unknown[] = []) =>
      reply.code(status).send({ message, error, status, cause });
    const falla = async (reply: FastifyReply): Promise<boolean> => {
      const f = this.fallas.shift();
      if (!f || f === 'ok') return false;
      if (f === 'lento') {
        await new Promise((r) => setTimeout(r, 20_000).unref());
        return true;
      }
      if (f === 'token') {
        this.accesos.clear();
        return false;
      }
      if (f === '429') void reply.header('retry-after', this.retryAfter);
      void error(
        reply,
        Number(f),
        f === '429' ? 'too_many_requests' : 'internal_error',
        f === '429' ? 'Too many requests' : 'Internal error',
      );
      return true;
    };
    const autorizado = (req: FastifyRequest, reply: FastifyReply): boolean => {
      const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (t && this.accesos.has(t)) return true;
      void error(reply, 401, 'unauthorized', 'invalid access token');
      return false;
    };
    const emitir = () => {
      const access = `APP_USR-${++this.n}`;
      const refresh = `TG-${++this.n}`;
      this.accesos.add(access);
      this.refrescos.add(refresh);
      return {
        access_token: access,
        token_type: 'bearer',
        expires_in: this.vidaToken,
        scope: 'offline_access read write',
        user_id: ML_USUARIO,
        refresh_token: refresh,
      };
    };

    app.get<{ Querystring: Record<string, string> }>('/authorization', async (req, reply) => {
      const q = req.query;
      if (q.client_id !== ML_CLIENTE || q.response_type !== 'code' || !q.redirect_uri)
        return reply.code(400).send('Aplicación no válida');
      const code = `TG-code-${++this.n}`;
      this.codigos.set(code, q.redirect_uri);
      const destino = new URL(q.redirect_uri);
      destino.searchParams.set('code', code);
      if (q.state) destino.searchParams.set('state', q.state);
      return reply.redirect(destino.toString());
    });
    app.post('/oauth/token', async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string>;
      if (b.client_id !== ML_CLIENTE || b.client_secret !== ML_SECRETO)
        return error(reply, 401, 'invalid_client', 'invalid client_id or client_secret');
      if (b.grant_type === 'authorization_code') {
        const uri = this.codigos.get(b.code ?? '');
        if (!uri || uri !== b.redirect_uri)
          return error(
            reply,
            400,
            'invalid_grant',
            'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
          );
        this.codigos.delete(b.code!);
        this.eventos.push({ accion: 'autorizar' });
        return emitir();
      }
      if (b.grant_type === 'refresh_token') {
        if (!this.refrescos.has(b.refresh_token ?? ''))
          return error(
            reply,
            400,
            'invalid_grant',
            'Error validating grant. Your authorization code or refresh token may be expired or it was already used',
          );
        this.refrescos.delete(b.refresh_token!);
        this.eventos.push({ accion: 'renovar' });
        return emitir();
      }
      return error(reply, 400, 'unsupported_grant_type', 'unsupported grant_type');
    });
    app.get('/users/me', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      return { id: ML_USUARIO, nickname: 'INMOBILIARIADEMO', site_id: 'MCO' };
    });
    app.get('/sites/MCO/categories', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      return ARBOL.map(({ id, name }) => ({ id, name }));
    });
    app.get<{ Params: { id: string } }>('/categories/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      const c = buscar(req.params.id);
      if (!c) return error(reply, 404, 'not_found', `Category ${req.params.id} not found`);
      return { id: c.id, name: c.name, children_categories: c.hijas.map(({ id, name }) => ({ id, name })) };
    });
    app.post('/items', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const b = (req.body ?? {}) as Record<string, unknown>;
      const cat = buscar(String(b.category_id ?? ''));
      if (!cat || cat.hijas.length > 0)
        return error(reply, 400, 'validation_error', 'Validation error', [
          { code: 'item.category_id.invalid', message: 'Category is not a leaf' },
        ]);
      if (b.buying_mode !== 'classified')
        return error(reply, 400, 'validation_error', 'Validation error', [
          { code: 'item.buying_mode.invalid', message: 'buying_mode must be classified' },
        ]);
      if (!['silver', 'gold', 'gold_premium'].includes(String(b.listing_type_id)))
        return error(reply, 400, 'validation_error', 'Validation error', [
          { code: 'item.listing_type_id.invalid', message: 'Invalid listing type' },
        ]);
      if (this.cupo <= 0)
        return error(reply, 400, 'validation_error', 'Validation error', [
          { code: 'pack_quota_exceeded', message: 'The package has no quota available' },
        ]);
      this.cupo--;
      const id = `MCO${700000 + ++this.n}`;
      this.items.set(id, { ...b, status: 'active' });
      this.eventos.push({ accion: 'crear', id });
      return reply.code(201).send({ id, status: 'active', permalink: `https://inmueble.mercadolibre.com.co/${id}` });
    });
    app.get<{ Params: { id: string } }>('/items/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const it = this.items.get(req.params.id);
      if (!it) return error(reply, 404, 'not_found', `Item ${req.params.id} not found`);
      return { id: req.params.id, status: it.status, sub_status: it.sub_status ?? [] };
    });
    app.put<{ Params: { id: string } }>('/items/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const it = this.items.get(req.params.id);
      if (!it) return error(reply, 404, 'not_found', `Item ${req.params.id} not found`);
      const b = (req.body ?? {}) as Record<string, unknown>;
      if ('category_id' in b || 'listing_type_id' in b)
        return error(reply, 400, 'validation_error', 'Validation error', [
          { code: 'item.fields.not_modifiable', message: 'category_id and listing_type_id cannot be modified' },
        ]);
      this.items.set(req.params.id, { ...it, ...b });
      this.eventos.push({ accion: b.status === 'closed' ? 'cerrar' : 'actualizar', id: req.params.id });
      return { id: req.params.id, status: b.status ?? it.status };
    });
    const descripcion = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      if (!this.items.has(req.params.id)) return error(reply, 404, 'not_found', `Item ${req.params.id} not found`);
      this.descripciones.set(req.params.id, String((req.body as { plain_text?: string } | null)?.plain_text ?? ''));
      return { text: '', plain_text: this.descripciones.get(req.params.id) };
    };
    app.post('/items/:id/description', descripcion);
    app.put('/items/:id/description', descripcion);
    app.get<{ Querystring: Record<string, string> }>('/questions/search', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const q = req.query;
      if (q.api_version !== '4') return error(reply, 400, 'bad_request', 'api_version must be 4');
      if (String(q.seller_id) !== String(ML_USUARIO)) return error(reply, 403, 'forbidden', 'Invalid caller.id');
      this.lecturasPreguntas++;
      const orden = [...this.preguntas].sort((a, b) => b.date_created.localeCompare(a.date_created));
      const desde = Number(q.offset ?? 0);
      const limite = Math.min(Number(q.limit ?? 50), 50);
      return { total: orden.length, limit: limite, questions: orden.slice(desde, desde + limite) };
    });
    app.get<{ Params: { id: string } }>('/users/:id', async (req, reply) => {
      if (await falla(reply)) return reply;
      const apodo = this.usuarios.get(Number(req.params.id));
      if (!apodo) return error(reply, 404, 'not_found', `User ${req.params.id} not found`);
      return { id: Number(req.params.id), nickname: apodo, site_id: 'MCO' };
    });
    const dir = await app.listen({ host: '127.0.0.1', port: 0 });
    this.app = app;
    this.url = dir;
    return this.url;
  }

  /** A buyer asks on an item (the fake's clock, or the date given). Answers the question's id. */
  preguntar(o: { item: string; texto: string; de?: number; fecha?: Date }): number {
    const id = 13_000_000_000 + ++this.n;
    this.preguntas.push({
      id,
      item_id: o.item,
      seller_id: ML_USUARIO,
      text: o.texto,
      status: 'UNANSWERED',
      date_created: (o.fecha ?? new Date()).toISOString(),
      from: { id: o.de ?? 555001 },
    });
    return id;
  }

  /** An access token for the tests that need the account connected without the OAuth round trip. */
  tokenDePrueba(): string {
    const t = `APP_USR-prueba-${++this.n}`;
    this.accesos.add(t);
    return t;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }
}
