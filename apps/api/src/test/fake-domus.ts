import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/*
 * A local Domus API 3.0 for the tests and the e2e, from its documentation (docs/portales.md): the raw
 * token in `Authorization`, the catalogues /general/biz, /general/types and /general/status
 * ({code, message, data: [{code, name}]}), POST /properties and PUT /properties/{codpro} (form fields,
 * answering {code, message, property: {idpro, codpro}}) and PUT /properties/status/{codpro}. Domus never
 * deletes a property. Each request takes the next fault of `fallas` or succeeds: '429' (with
 * Retry-After), '500', 'lento' (answers after any sane timeout), 'token' (the token was revoked: 401).
 */
export type FallaDomus = '429' | '500' | 'lento' | 'token';
export type EventoDomus = { accion: 'crear' | 'actualizar' | 'estado'; codpro: string; datos: Record<string, string> };

export const DOMUS_TOKEN = 'token-domus-de-prueba';

const BIZ = [
  { code: 1, name: 'ARRIENDO' },
  { code: 2, name: 'VENTA' },
  { code: 3, name: 'ARRIENDO Y VENTA' },
];
const TIPOS = [
  { code: 1, name: 'APARTAMENTO' },
  { code: 2, name: 'CASA' },
  { code: 3, name: 'LOCAL' },
  { code: 4, name: 'OFICINA' },
  { code: 5, name: 'LOTE' },
  { code: 6, name: 'BODEGA' },
  { code: 7, name: 'FINCA' },
  { code: 13, name: 'APARTAESTUDIO' },
];
const ESTADOS = [
  { code: 1, name: 'Disponible' },
  { code: 2, name: 'Arrendado' },
  { code: 3, name: 'Vendido' },
  { code: 5, name: 'Retirado' },
];

export class FakeDomus {
  fallas: FallaDomus[] = [];
  retryAfter = '1';
  readonly propiedades = new Map<string, Record<string, string>>();
  readonly eventos: EventoDomus[] = [];
  url = '';
  private app: FastifyInstance | null = null;
  private siguiente = 700;

  async start(): Promise<string> {
    const app = Fastify({ logger: false });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const falla = async (reply: FastifyReply): Promise<boolean> => {
      const f = this.fallas.shift();
      if (!f) return false;
      if (f === 'lento') {
        await new Promise((r) => setTimeout(r, 20_000).unref());
        return true;
      }
      if (f === '429')
        void reply.code(429).header('retry-after', this.retryAfter).send({ code: 429, message: 'Too Many Attempts.' });
      else if (f === '500') void reply.code(500).send({ code: 500, message: 'Server Error' });
      else void reply.code(401).send({ code: 401, message: 'Unauthorized' });
      return true;
    };
    const autorizado = (req: FastifyRequest, reply: FastifyReply): boolean => {
      if (req.headers.authorization === DOMUS_TOKEN) return true;
      void reply.code(401).send({ code: 401, message: 'Unauthorized' });
      return false;
    };
    const catalogo = (data: unknown[]) => async (req: FastifyRequest, reply: FastifyReply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      return { code: 200, message: 'OK', data };
    };
    app.get('/3.0/general/biz', catalogo(BIZ));
    app.get('/3.0/general/types', catalogo(TIPOS));
    app.get('/3.0/general/status', catalogo(ESTADOS));
    const datos = (b: unknown) => (b ?? {}) as Record<string, string>;
    const invalido = (d: Record<string, string>, crear: boolean): string | null => {
      if (crear) for (const c of ['city', 'address', 'biz', 'type']) if (!d[c]) return `The ${c} field is required.`;
      if (d.biz && !BIZ.some((b) => String(b.code) === d.biz)) return 'The selected biz is invalid.';
      if (d.type && !TIPOS.some((b) => String(b.code) === d.type)) return 'The selected type is invalid.';
      if (d.city && !/^\d{5}$/.test(d.city)) return 'The selected city is invalid.';
      return null;
    };

    app.post('/3.0/properties', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const d = datos(req.body);
      const mal = invalido(d, true);
      if (mal) return reply.code(422).send({ code: 422, message: mal });
      const codpro = String(this.siguiente++);
      this.propiedades.set(codpro, { ...d, status: '1' });
      this.eventos.push({ accion: 'crear', codpro, datos: d });
      return {
        code: 200,
        message: 'The property was created successfully',
        property: { idpro: 90000 + Number(codpro), codpro: Number(codpro), pictures: [], pictures360: [] },
      };
    });
    app.put<{ Params: { codpro: string } }>('/3.0/properties/:codpro', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const p = this.propiedades.get(req.params.codpro);
      if (!p) return reply.code(404).send({ code: 404, message: 'Property not found' });
      const d = datos(req.body);
      if ('status' in d) return reply.code(422).send({ code: 422, message: 'The status cannot be changed here.' });
      const mal = invalido(d, false);
      if (mal) return reply.code(422).send({ code: 422, message: mal });
      this.propiedades.set(req.params.codpro, { ...p, ...d });
      this.eventos.push({ accion: 'actualizar', codpro: req.params.codpro, datos: d });
      return { code: 200, message: 'The property was updated successfully', property: { codpro: Number(req.params.codpro) } };
    });
    // GET /properties/{codpro} (inferred like the reconciliation that reads it): the property and its status code.
    app.get<{ Params: { codpro: string } }>('/3.0/properties/:codpro', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const p = this.propiedades.get(req.params.codpro);
      if (!p) return reply.code(404).send({ code: 404, message: 'Property not found' });
      return { code: 200, message: 'OK', data: { ...p, codpro: Number(req.params.codpro), status: Number(p.status) } };
    });
    app.put<{ Params: { codpro: string } }>('/3.0/properties/status/:codpro', async (req, reply) => {
      if (await falla(reply)) return reply;
      if (!autorizado(req, reply)) return reply;
      const p = this.propiedades.get(req.params.codpro);
      if (!p) return reply.code(404).send({ code: 404, message: 'Property not found' });
      const d = datos(req.body);
      if (!ESTADOS.some((e) => String(e.code) === d.status))
        return reply.code(422).send({ code: 422, message: 'The selected status is invalid.' });
      this.propiedades.set(req.params.codpro, { ...p, status: d.status! });
      this.eventos.push({ accion: 'estado', codpro: req.params.codpro, datos: d });
      return {
        code: 200,
        message: "The property's status was updated successfully",
        property: { codpro: Number(req.params.codpro), status: d.status },
      };
    });
    const dir = await app.listen({ host: '127.0.0.1', port: 0 });
    this.app = app;
    this.url = `${dir}/3.0`;
    return this.url;
  }

  async stop(): Promise<void> {
    await this.app?.close();
  }
}
