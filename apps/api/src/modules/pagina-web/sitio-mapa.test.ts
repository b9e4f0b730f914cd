import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, type TestApp, ok } from '../../test/harness.ts';
import { RUTA_LEAFLET } from './sitio-recursos.ts';

// The site's maps (issue 32): the points of the search and of a property page travel in the page, rounded
// so the exact place never leaves Predio; Leaflet and the map's script are Predio's own files; pages and
// files go compressed.

let t: TestApp;
let admin1: string;
const c: Record<string, number> = {};

const pedir = (token: string | null, method: InjectOptions['method'], url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
const html = async (url: string) => {
  const r = await pedir(null, 'GET', url);
  expect(r.statusCode, r.body.slice(0, 400)).toBe(200);
  return r.body;
};
const desescapar = (s: string) =>
  s.replace(/&(quot|#39|lt|gt|amp);/g, (_, x: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[x]!);
/** The map's container and its points, as /sitio/mapa.js reads them. */
function mapaDe(body: string) {
  const div = /<div id="mapa"[^>]*>/.exec(body)?.[0];
  if (!div) return null;
  const attr = (k: string) => {
    const m = new RegExp(`${k}="([^"]*)"`).exec(div);
    return m ? desescapar(m[1]!) : null;
  };
  return {
    div,
    teselas: attr('data-teselas'),
    atribucion: attr('data-atribucion'),
    enlace: attr('data-enlace'),
    leaflet: attr('data-leaflet'),
    zona: div.includes(' data-zona'),
    puntos: JSON.parse(attr('data-puntos') ?? '[]') as {
      consecutivo: number;
      lat: number;
      lng: number;
      titulo: string;
      precio: string;
      corto: string;
    }[],
  };
}

async function inmueble(nombre: string, datos: Record<string, unknown>, estado = 'disponible') {
  const i = ok<{ consecutivo: number }>(
    await pedir(admin1, 'POST', '/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: `Calle secreta ${nombre}`,
      descripcion: `Inmueble ${nombre}`,
      ...datos,
    }),
  );
  if (estado !== 'captado') ok(await pedir(admin1, 'POST', `/api/inmuebles/${i.consecutivo}/estado`, { estado }));
  c[nombre] = i.consecutivo;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  // Prices no other test file uses, so the search can single these out.
  await inmueble('UBICADO', { canon: 2_345_001, habitaciones: 2, id_municipio: m!.id, lat: 6.245678, lng: -75.589123 });
  await inmueble('VENTA', { gestion: 'venta', precio_venta: 2_345_002, id_municipio: m!.id, lat: 6.2101, lng: -75.5702 });
  await inmueble('SIN_PUNTO', { canon: 2_345_003, id_municipio: m!.id });
  await inmueble('CAPTADO', { canon: 2_345_004, id_municipio: m!.id, lat: 6.3, lng: -75.6 }, 'captado');
});
afterAll(() => t.close());

const BUSQUEDA = '/sitio/1/inmuebles?precio_min=2345000&precio_max=2345009';

describe('the site maps', () => {
  it('puts the available located properties of the results on the search map, rounded, with price and link', async () => {
    const body = await html(BUSQUEDA);
    const m = mapaDe(body)!;
    expect(m).not.toBeNull();
    expect(body).toContain('<script src="/sitio/mapa.js" defer></script>');
    expect(body).toContain('<a href="#mapa-titulo">Ver en el mapa</a>');
    expect(m.leaflet).toBe(RUTA_LEAFLET);
    expect(m.enlace).toBe('/sitio/1/inmuebles/');
    expect(m.zona).toBe(false);
    // Company 1 never set a tile server: the default of Configurar.
    expect(m.teselas).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(m.atribucion).toBe('© colaboradores de OpenStreetMap');
    expect(m.puntos.map((p) => p.consecutivo).sort()).toEqual([c.UBICADO, c.VENTA].sort());
    const u = m.puntos.find((p) => p.consecutivo === c.UBICADO)!;
    // A grid of 0.002°: 6.245678 → 6.246, -75.589123 → -75.59; the exact digits are nowhere in the page.
    expect(u).toMatchObject({ lat: 6.246, lng: -75.59, precio: '$ 2.345.001 / mes' });
    expect(u.titulo).toContain('Apartamento en arriendo');
    expect(u.corto).toMatch(/^\$ 2,3\s?M/);
    expect(m.puntos.find((p) => p.consecutivo === c.VENTA)).toMatchObject({ lat: 6.21, lng: -75.57 });
    for (const exacto of ['6.245678', '75.589123', '6.2101', '75.5702', 'Calle secreta']) expect(body).not.toContain(exacto);
  });

  it('gives the whole result set as light points (consecutivo, rounded point, price), with the search filters', async () => {
    const puntos = ok<Record<string, unknown>[]>(
      await pedir(null, 'GET', '/api/publico/1/inmuebles/puntos?precio_min=2345000&precio_max=2345009'),
    );
    expect(puntos.map((p) => p.consecutivo).sort()).toEqual([c.UBICADO, c.VENTA].sort());
    expect(puntos.find((p) => p.consecutivo === c.UBICADO)).toEqual({
      consecutivo: c.UBICADO,
      lat: 6.246,
      lng: -75.59,
      precio: 2_345_001,
    });
    for (const p of puntos) expect(Object.keys(p).sort()).toEqual(['consecutivo', 'lat', 'lng', 'precio']);
    // The same filters as the search: gestión narrows them.
    const venta = ok<{ consecutivo: number }[]>(
      await pedir(null, 'GET', '/api/publico/1/inmuebles/puntos?gestion=venta&precio_min=2345000&precio_max=2345009'),
    );
    expect(venta.map((p) => p.consecutivo)).toEqual([c.VENTA]);
    const r = await pedir(null, 'GET', '/api/publico/1/inmuebles/puntos?precio_min=abc');
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('precio_min debe ser un número');
    expect(
      ok<unknown[]>(await pedir(null, 'GET', '/api/publico/2/inmuebles/puntos?precio_min=2345000&precio_max=2345009')),
    ).toEqual([]);
    expect((await pedir(null, 'GET', '/api/publico/999/inmuebles/puntos')).statusCode).toBe(404);
  });

  it('draws every located match when the results take several pages, not just the page of 12', async () => {
    const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
    // 14 located, two of them in the very same rounded spot, and one without a point: 15 results.
    for (let n = 0; n < 14; n++)
      await inmueble(`MUCHOS_${n}`, {
        canon: 3_456_100 + n,
        id_municipio: m!.id,
        lat: n < 2 ? 6.2001 : 6.2 + n * 0.01,
        lng: n < 2 ? -75.5001 : -75.5 - n * 0.01,
      });
    await inmueble('MUCHOS_SIN', { canon: 3_456_199, id_municipio: m!.id });
    const body = await html('/sitio/1/inmuebles?precio_min=3456100&precio_max=3456199');
    expect(body).toContain('15 inmuebles encontrados');
    const div = /<div id="mapa"[^>]*>/.exec(body)![0];
    const todos = desescapar(/data-todos="([^"]*)"/.exec(div)![1]!);
    expect(todos).toBe('/api/publico/1/inmuebles/puntos?precio_min=3456100&precio_max=3456199');
    expect(body).toContain('<h2 id="mapa-titulo">Mapa de los inmuebles</h2>');
    expect(mapaDe(body)!.puntos.length).toBeLessThanOrEqual(12);
    const todosPuntos = ok<{ consecutivo: number; lat: number; lng: number }[]>(await pedir(null, 'GET', todos));
    expect(todosPuntos.length).toBe(14);
    const mismoSitio = todosPuntos.filter((p) => p.lat === 6.2 && p.lng === -75.5);
    expect(mismoSitio.length).toBe(2);
    // The second page keeps the same address for all the points (the page number is not in it).
    const segunda = await html('/sitio/1/inmuebles?precio_min=3456100&precio_max=3456199&pagina=2');
    expect(desescapar(/data-todos="([^"]*)"/.exec(/<div id="mapa"[^>]*>/.exec(segunda)![0])![1]!)).toBe(todos);
    // One page of results: no request for more.
    expect(await html(BUSQUEDA)).not.toContain('data-todos');
  });

  it('leaves the map out when no result has a location, and on searches that fail', async () => {
    for (const url of ['/sitio/1/inmuebles?precio_min=2345003&precio_max=2345003', '/sitio/1/inmuebles?precio_min=abc']) {
      const r = await pedir(null, 'GET', url);
      expect(r.body).not.toContain('id="mapa"');
      expect(r.body).not.toContain('<script');
    }
    // A property only «captado» is not on the site, nor on its map.
    expect(JSON.stringify(mapaDe(await html('/sitio/1/inmuebles'))?.puntos)).not.toContain(`"consecutivo":${c.CAPTADO},`);
  });

  it("shows a property's approximate area on its page, with the company's tile server", async () => {
    ok(
      await pedir(admin1, 'PUT', '/api/configurarPredio/configuracion', {
        ajustes: { urlMosaicoMapa: 'https://mapas.ejemplo.co/{z}/{x}/{y}.png', atribucionMapa: 'Mapas <Ejemplo> & Cía' },
      }),
    );
    const body = await html(`/sitio/1/inmuebles/${c.UBICADO}`);
    const m = mapaDe(body)!;
    expect(m.zona).toBe(true);
    expect(m.puntos).toEqual([expect.objectContaining({ consecutivo: c.UBICADO, lat: 6.246, lng: -75.59 })]);
    expect(m.teselas).toBe('https://mapas.ejemplo.co/{z}/{x}/{y}.png');
    expect(m.atribucion).toBe('Mapas <Ejemplo> & Cía');
    expect(body).toContain('Mapas &lt;Ejemplo&gt; &amp; Cía');
    expect(body).toContain('La ubicación es aproximada');
    expect(body).not.toContain('6.245678');
    const sin = await html(`/sitio/1/inmuebles/${c.SIN_PUNTO}`);
    expect(sin).not.toContain('id="mapa"');
    expect(sin).not.toContain('<script');
  });

  it('gives the JSON API the same rounded point, and null without coordinates', async () => {
    const r = await pedir(null, 'GET', `/api/publico/1/inmuebles/${c.UBICADO}`);
    expect(r.json().data.ubicacion).toEqual({ lat: 6.246, lng: -75.59 });
    expect(r.body).not.toContain('6.245678');
    expect(ok<{ ubicacion: unknown }>(await pedir(null, 'GET', `/api/publico/1/inmuebles/${c.SIN_PUNTO}`)).ubicacion).toBeNull();
  });

  it("serves Leaflet and the map's script from Predio, compressed, and compresses the pages", async () => {
    const js = await pedir(null, 'GET', `${RUTA_LEAFLET}/leaflet.js`);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('text/javascript');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('Leaflet');
    const br = await pedir(null, 'GET', `${RUTA_LEAFLET}/leaflet.js`, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(js.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(js.rawPayload)).toBe(true);
    const css = await pedir(null, 'GET', `${RUTA_LEAFLET}/leaflet.css`, undefined, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-type']).toContain('text/css');
    expect(gunzipSync(css.rawPayload).toString()).toContain('.leaflet-container');
    const script = await pedir(null, 'GET', '/sitio/mapa.js');
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('IntersectionObserver');
    expect(
      (await pedir(null, 'GET', '/sitio/estilos.css', undefined, { 'accept-encoding': 'br' })).headers['content-encoding'],
    ).toBe('br');

    const plano = await pedir(null, 'GET', BUSQUEDA);
    const gz = await pedir(null, 'GET', BUSQUEDA, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plano.body);
    expect(plano.headers['content-encoding']).toBeUndefined();
    const pagBr = await pedir(null, 'GET', BUSQUEDA, undefined, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(pagBr.rawPayload).toString()).toBe(plano.body);
  });
});
