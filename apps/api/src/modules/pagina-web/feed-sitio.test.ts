import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { ApiPublica } from '@predio/contract/empresa';
import { CAMPOS_PRIVADOS } from '@predio/contract/pagina-web';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, multipart, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

// The property feed (XML and JSON) of Página web: valid, complete, absolute, cached, and never internal.

let t: TestApp;
let admin1: string;
let admin2: string;
let disponible: number;
let retirado: number;
let ajeno: number;

const DESCRIPCION = `Apto <b>"Tom & Jerry's"</b> ]]> <!-- no --> ñandú 🏠 fin`;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

function claves(v: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) claves(x, acc);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      acc.add(k.replace(/^@_/, ''));
      claves(x, acc);
    }
  return acc;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (n) => ['inmueble', 'foto', 'caracteristica'].includes(n),
});
type ItemXml = Record<string, string> & { fotos?: { foto: string[] } };

async function crear(token: string, municipio: number, o: Record<string, unknown>): Promise<number> {
  const c = ok<{ consecutivo: number }>(
    await pedir(token, 'POST', '/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Carrera 70 # 44-12 Int 5',
      id_municipio: municipio,
      canon: 1_850_000,
      habitaciones: 3,
      banos: 2,
      area_construida: 82.5,
      descripcion: DESCRIPCION,
      observaciones_internas: 'Nota interna del feed',
      codigo_llaves: 'LL-FEED-9',
      ...o,
    }),
  ).consecutivo;
  ok(await pedir(token, 'POST', `/api/inmuebles/${c}/estado`, { estado: 'disponible' }));
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  const muni = async (e: number) =>
    (await t.db.tenant(e, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`)))[0]!.id;
  disponible = await crear(admin1, await muni(1), { lat: 6.251234, lng: -75.563456 });
  retirado = await crear(admin1, await muni(1), { descripcion: 'Retirado del feed' });
  ok(await pedir(admin1, 'POST', `/api/inmuebles/${retirado}/estado`, { estado: 'reservado' }));
  ajeno = await crear(admin2, await muni(2), { descripcion: 'De otra inmobiliaria' });
  const foto = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 20, b: 160 } } })
    .jpeg()
    .toBuffer();
  const f = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data: foto });
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/inmuebles/${disponible}/fotos`,
    payload: f.payload,
    headers: { ...f.headers, authorization: `Bearer ${admin1}` },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => t.close());

describe('property feed', () => {
  it('is valid XML with every available property, absolute photo addresses, escaped text and nothing internal', async () => {
    const r = await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.xml');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(r.body)).toBe(true);
    const doc = xml.parse(r.body) as { inmuebles: { inmueble: ItemXml[]; '@_total': string; '@_inmobiliaria': string } };
    const items = doc.inmuebles.inmueble;
    expect(Number(doc.inmuebles['@_total'])).toBe(items.length);
    expect(doc.inmuebles['@_inmobiliaria']).toBeTruthy();
    const codigos = items.map((i) => i.codigo);
    expect(codigos).toContain(String(disponible));
    expect(codigos).not.toContain(String(retirado));
    const i = items.find((x) => x.codigo === String(disponible))!;
    // Parsed back, the text is what was typed: the escaping round-trips.
    expect(i.descripcion).toBe(DESCRIPCION);
    expect(i.tipo).toBe('apartamento');
    expect(i.gestion).toBe('arriendo');
    expect(i.canon).toBe('1850000');
    expect(i.moneda).toBe('COP');
    expect(i.habitaciones).toBe('3');
    expect(i.area_construida).toBe('82.5');
    // The public API's rounded point (a grid of 0.002°), never the one staff typed.
    expect([i.latitud, i.longitud]).toEqual(['6.252', '-75.564']);
    expect(i.municipio).toBeTruthy();
    expect(i.titulo).toMatch(/^Apartamento en arriendo en /);
    expect(i.url).toBe(`http://localhost:80/sitio/1/inmuebles/${disponible}`);
    expect(i.fotos!.foto.length).toBe(1);
    const foto = i.fotos!.foto[0]!;
    expect(foto).toMatch(/^http:\/\/localhost:80\/api\/publico\/1\/archivos\/\d+$/);
    const img = await pedir(null, 'GET', foto.replace('http://localhost:80', ''));
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');

    const vistas = claves(doc);
    for (const c of CAMPOS_PRIVADOS) expect(vistas.has(c), `el feed XML expone ${c}`).toBe(false);
    for (const interno of [
      'Nota interna del feed',
      'LL-FEED-9',
      'Carrera 70 # 44-12',
      'De otra inmobiliaria',
      'Retirado del feed',
      '6.251234',
      '75.563456',
    ])
      expect(r.body).not.toContain(interno);
  });

  it('gives the same properties in JSON, and answers 304 to its ETag until something published changes', async () => {
    const x = xml.parse((await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.xml')).body) as {
      inmuebles: { inmueble: ItemXml[] };
    };
    const r = await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const j = r.json() as {
      inmobiliaria: { nombre: string; sitio: string };
      total: number;
      inmuebles: { codigo: string; descripcion: string; canon: number; fotos: string[]; ascensor: boolean }[];
    };
    expect(j.inmuebles.map((i) => i.codigo)).toEqual(x.inmuebles.inmueble.map((i) => i.codigo));
    expect(j.total).toBe(j.inmuebles.length);
    expect(j.inmobiliaria.sitio).toBe('http://localhost:80/sitio/1');
    const i = j.inmuebles.find((y) => y.codigo === String(disponible))!;
    expect(i.descripcion).toBe(DESCRIPCION);
    expect(i.canon).toBe(1_850_000);
    expect(i.ascensor).toBe(false);
    expect(i.fotos[0]).toMatch(/^http:\/\/localhost:80\/api\/publico\/1\/archivos\/\d+$/);
    const vistas = claves(j);
    for (const c of CAMPOS_PRIVADOS) expect(vistas.has(c), `el feed JSON expone ${c}`).toBe(false);
    expect(r.body).not.toContain('Nota interna del feed');
    expect(r.body).not.toContain('LL-FEED-9');

    for (const url of ['/api/publico/1/feed/inmuebles.json', '/api/publico/1/feed/inmuebles.xml']) {
      const a = await pedir(null, 'GET', url);
      const etag = a.headers.etag as string;
      expect(etag).toMatch(/^"/);
      expect((await pedir(null, 'GET', url, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    }
    const antes = (await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json')).headers.etag as string;
    // An internal note changes nothing the feed shows: same ETag.
    const [{ id }] = (await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${disponible}`),
    )) as [{ id: number }];
    await t.db.tenant(1, (tx) => tx.execute(sql`update inmueble set observaciones_internas = 'Otra nota' where id = ${id}`));
    expect((await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json')).headers.etag).toBe(antes);
    await t.db.tenant(1, (tx) => tx.execute(sql`update inmueble set canon = 1900000 where id = ${id}`));
    const despues = await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json', undefined, { 'if-none-match': antes });
    expect(despues.statusCode).toBe(200);
    expect(despues.body).toContain('1900000');
  });

  it('is read by key with CORS for a listed origin; another company’s feed holds only its own', async () => {
    const { clave } = ok<ApiPublica>(
      await pedir(admin1, 'PUT', '/api/empresa/api-publica', { clave: 'generar', origenes: ['https://portal.example.co'] }),
    );
    const r = await pedir(null, 'GET', `/api/publico/api/feed/inmuebles.xml?key=${clave}`, undefined, {
      origin: 'https://portal.example.co',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('https://portal.example.co');
    expect(r.body).toContain(`<codigo>${disponible}</codigo>`);
    expect(r.body).not.toContain(clave!);
    expect((await pedir(null, 'GET', '/api/publico/api/feed/inmuebles.json')).statusCode).toBe(401);

    const de2 = (await pedir(null, 'GET', '/api/publico/2/feed/inmuebles.json')).json() as {
      inmuebles: { codigo: string; descripcion: string }[];
    };
    expect(de2.inmuebles.some((i) => i.descripcion === 'De otra inmobiliaria' && i.codigo === String(ajeno))).toBe(true);
    expect(de2.inmuebles.some((i) => i.descripcion === DESCRIPCION)).toBe(false);
    expect((await pedir(null, 'GET', '/api/publico/999/feed/inmuebles.xml')).statusCode).toBe(404);
  });

  it('pages with ?pagina=&por_pagina= (up to 5,000), with the total, the pages and the next page’s address', async () => {
    // Three more available properties: the company has at least four.
    const m = (
      await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))
    )[0]!.id;
    for (const n of [1, 2, 3]) await crear(admin1, m, { descripcion: `Página ${n}` });
    const todo = (await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json')).json() as {
      total: number;
      pagina: number;
      por_pagina: number;
      paginas: number;
      siguiente: string | null;
      inmuebles: { codigo: string }[];
    };
    expect(todo.total).toBe(todo.inmuebles.length);
    expect([todo.pagina, todo.por_pagina, todo.paginas, todo.siguiente]).toEqual([1, 5000, 1, null]);
    const total = todo.total;
    expect(total).toBeGreaterThanOrEqual(4);

    // Two a page: every property once, in the same order, and the last page says there is no next one.
    const vistos: string[] = [];
    let url: string | null = '/api/publico/1/feed/inmuebles.json?por_pagina=2';
    let paginas = 0;
    while (url) {
      const r = await pedir(null, 'GET', url.replace('http://localhost:80', ''));
      expect(r.statusCode, r.body).toBe(200);
      const j = r.json() as typeof todo;
      expect(j.total).toBe(total);
      expect(j.por_pagina).toBe(2);
      expect(j.paginas).toBe(Math.ceil(total / 2));
      expect(j.inmuebles.length).toBeLessThanOrEqual(2);
      vistos.push(...j.inmuebles.map((i) => i.codigo));
      if (j.siguiente) {
        expect(j.siguiente).toBe(`http://localhost:80/api/publico/1/feed/inmuebles.json?por_pagina=2&pagina=${j.pagina + 1}`);
        expect(r.headers.link).toBe(`<${j.siguiente}>; rel="next"`);
      } else expect(r.headers.link).toBeUndefined();
      url = j.siguiente;
      paginas++;
    }
    expect(paginas).toBe(Math.ceil(total / 2));
    expect(vistos).toEqual(todo.inmuebles.map((i) => i.codigo));

    // XML: the same on the root element; by key, the next address keeps ?key= (the portal's own).
    const { clave } = ok<ApiPublica>(await pedir(admin1, 'PUT', '/api/empresa/api-publica', { clave: 'generar', origenes: [] }));
    const x = await pedir(null, 'GET', `/api/publico/api/feed/inmuebles.xml?key=${clave}&por_pagina=3&pagina=1`);
    expect(x.statusCode, x.body).toBe(200);
    expect(XMLValidator.validate(x.body)).toBe(true);
    const raiz = (xml.parse(x.body) as { inmuebles: Record<string, string> & { inmueble: ItemXml[] } }).inmuebles;
    expect([raiz['@_total'], raiz['@_pagina'], raiz['@_por_pagina'], raiz['@_paginas']]).toEqual([
      String(total),
      '1',
      '3',
      String(Math.ceil(total / 3)),
    ]);
    expect(raiz.inmueble.length).toBe(3);
    expect(raiz['@_siguiente']).toBe(`http://localhost:80/api/publico/api/feed/inmuebles.xml?key=${clave}&por_pagina=3&pagina=2`);
    // A page past the last is empty, not an error.
    const lejos = (await pedir(null, 'GET', '/api/publico/1/feed/inmuebles.json?pagina=50')).json() as typeof todo;
    expect([lejos.inmuebles.length, lejos.total, lejos.siguiente]).toEqual([0, total, null]);
  });

  it('refuses bad paging naming the parameter', async () => {
    for (const [q, texto] of [
      ['por_pagina=5001', 'por_pagina debe ser como máximo 5000'],
      ['por_pagina=0', 'por_pagina debe ser al menos 1'],
      ['pagina=0', 'pagina debe ser al menos 1'],
      ['pagina=dos', 'pagina debe ser un número'],
    ] as const) {
      const r = await pedir(null, 'GET', `/api/publico/1/feed/inmuebles.xml?${q}`);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(texto);
    }
  });
});
