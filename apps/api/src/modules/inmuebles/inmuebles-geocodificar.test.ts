import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { nominatim } from '../../platform/geo/geocodificador.ts';
import { as, createTestApp, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';

// A local service speaking Nominatim's /search contract (format=jsonv2, countrycodes=co, limit=1), with
// the faults a real one has: a rate limit, an outage, no match, a match abroad.
let servicio: Server;
let url: string;
const consultas: { q: string; agente: string | undefined }[] = [];
let caido = false;

beforeAll(async () => {
  servicio = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const q = u.searchParams.get('q') ?? '';
    consultas.push({ q, agente: req.headers['user-agent'] });
    const json = (status: number, cuerpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(cuerpo));
    };
    if (u.pathname !== '/search' || u.searchParams.get('format') !== 'jsonv2' || u.searchParams.get('countrycodes') !== 'co')
      return json(400, { error: 'consulta inválida' });
    if (caido) return json(503, { error: 'mantenimiento' });
    if (q.includes('Limitada')) return json(429, { error: 'demasiadas consultas' });
    if (q.includes('Inexistente')) return json(200, []);
    if (q.includes('Madrid')) return json(200, [{ lat: '40.4168', lon: '-3.7038' }]);
    return json(200, [{ lat: '10.9878123', lon: '-74.7889456', display_name: q }]);
  });
  await new Promise<void>((ok) => servicio.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(servicio.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((ok) => servicio.close(ok));
});

describe('the Nominatim adapter', () => {
  it('answers the first place in Colombia, rounded, and names the application', async () => {
    const g = nominatim({ url: `${url}/`, agente: 'Predio (pruebas)' });
    expect(await g('Calle 72 # 45-10, Barranquilla, Colombia')).toEqual({ lat: 10.987812, lng: -74.788946 });
    expect(consultas.at(-1)).toEqual({ q: 'Calle 72 # 45-10, Barranquilla, Colombia', agente: 'Predio (pruebas)' });
    expect(await g('Calle Inexistente')).toBeNull();
    // The same street name abroad is not this property.
    expect(await g('Calle Mayor, Madrid')).toBeNull();
  });

  it('says a rate limit, an outage or no answer should be tried again', async () => {
    const g = nominatim({ url, agente: 'Predio (pruebas)', timeoutMs: 300 });
    await expect(g('Calle Limitada')).rejects.toThrow('respondió 429');
    caido = true;
    await expect(g('Calle 1')).rejects.toThrow('respondió 503');
    caido = false;
    const mudo = createServer(() => undefined);
    await new Promise<void>((ok) => mudo.listen(0, '127.0.0.1', ok));
    const g2 = nominatim({ url: `http://127.0.0.1:${(mudo.address() as AddressInfo).port}`, agente: 'x', timeoutMs: 300 });
    await expect(g2('Calle 1')).rejects.toThrow('no respondió');
    mudo.closeAllConnections();
    await new Promise((ok) => mudo.close(ok));
  });
});

describe('a property saved without coordinates', () => {
  let t: TestApp;
  let sinGeo: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ geocoderUrl: url });
    sinGeo = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await sinGeo.close();
  });

  const crear = async (app: TestApp, direccion: string) => {
    const admin = await login(app.app, DEMO.admin1);
    const [m] = await app.db.system((tx) =>
      queryRows<{ id: number }>(tx, sql`select id from municipios where municipio ilike 'barranquilla%' order by id limit 1`),
    );
    const idAdmin = tokenClaims(admin).idUsuario;
    const r = await as(app.app, admin).post('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion,
      id_municipio: m!.id,
      canon: 2_000_000,
      id_asesor_captador: idAdmin,
      id_asesor_comercial: idAdmin,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.consecutivo as number;
  };
  const ubicacion = (app: TestApp, consecutivo: number) =>
    app.db.system(async (tx) => {
      const [f] = await queryRows<{ lat: number | null; lng: number | null; modificado_por: string | null }>(
        tx,
        sql`select lat, lng, modificado_por from inmueble where id_empresa = 1 and consecutivo = ${consecutivo}`,
      );
      return f!;
    });
  const trabajos = (app: TestApp) =>
    app.db.system((tx) =>
      queryRows<{ estado: string; intentos: number; ultimo_error: string | null; resultado: unknown }>(
        tx,
        sql`select estado, intentos, ultimo_error, resultado from trabajo where tipo = 'inmuebles.geocodificar' order by id`,
      ),
    );

  it('is placed on the map by a job, recorded in its history by the geocoder', async () => {
    const n = await crear(t, 'Calle 72 # 45-10');
    expect(await ubicacion(t, n)).toMatchObject({ lat: null });
    await (await crearTrabajos(t.deps)).vuelta();
    expect(await ubicacion(t, n)).toEqual({ lat: 10.987812, lng: -74.788946, modificado_por: 'geocodificador' });
    expect(consultas.at(-1)!.q).toMatch(/^Calle 72 # 45-10, .*Barranquilla.*, Colombia$/);
    const [audit] = await t.db.system((tx) =>
      queryRows<{ usuario: string; accion: string }>(
        tx,
        sql`select usuario, accion from auditoria where entidad = 'inmuebles' and entidad_id = ${String(n)} and accion = 'geolocalizar'`,
      ),
    );
    expect(audit).toEqual({ usuario: 'geocodificador', accion: 'geolocalizar' });
  });

  it('is tried again later when the service is down, and left alone when nothing matches', async () => {
    caido = true;
    const n = await crear(t, 'Carrera 50 # 70-20');
    await (await crearTrabajos(t.deps)).vuelta();
    expect((await trabajos(t)).at(-1)).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect((await trabajos(t)).at(-1)!.ultimo_error).toContain('503');
    expect(await ubicacion(t, n)).toMatchObject({ lat: null });
    caido = false;
    await t.db.system((tx) => tx.execute(sql`update trabajo set ejecutar_en = now() where estado = 'pendiente'`));
    await (await crearTrabajos(t.deps)).vuelta();
    expect(await ubicacion(t, n)).toMatchObject({ lat: 10.987812 });

    const nada = await crear(t, 'Calle Inexistente 1');
    await (await crearTrabajos(t.deps)).vuelta();
    expect((await trabajos(t)).at(-1)).toMatchObject({ estado: 'terminado', resultado: { resultado: 'sin resultado' } });
    expect(await ubicacion(t, nada)).toMatchObject({ lat: null });
  });

  it('asks nothing without GEOCODER_URL', async () => {
    await crear(sinGeo, 'Calle 72 # 45-10');
    expect(await trabajos(sinGeo)).toEqual([]);
  });
});
