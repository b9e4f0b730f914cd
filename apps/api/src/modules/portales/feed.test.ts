import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, multipart, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { generarFeed, type FichaFeed } from './feed.ts';

// Portals that read a feed (issue 34): the mapping, the secret address, what goes in and what stays out,
// the states each read leaves, «sin cambios» (304), and that no other company or guesser reads it.

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let municipio: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id;
  });
});
afterAll(() => t.close());

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const base = (extra: Record<string, unknown> = {}) => ({
  tipo: 'apartamento',
  gestion: 'arriendo',
  direccion: 'Calle 10 # 43-20 Apto 501',
  id_municipio: municipio,
  estrato: 4,
  area_construida: 72.5,
  habitaciones: 3,
  banos: 2,
  parqueaderos: 1,
  canon: 2_500_000,
  descripcion: 'Apartamento con balcón & vista <norte>',
  propietarios: [],
  publicar: { casa_raiz: true },
  ...extra,
});

async function crear(extra: Record<string, unknown> = {}, o: { foto?: boolean; estado?: string } = {}) {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', base(extra));
  expect(r.statusCode, r.body).toBe(200);
  const { consecutivo } = r.json().data as { consecutivo: number };
  if (o.foto ?? true) {
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3344' } })
      .jpeg()
      .toBuffer();
    const body = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data });
    const f = await t.app.inject({
      method: 'POST',
      url: `/api/inmuebles/${consecutivo}/fotos`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin1}` },
    });
    expect(f.statusCode, f.body).toBe(200);
  }
  if ((o.estado ?? 'disponible') !== 'captado') {
    const e = await pedir(admin1, 'POST', `/api/inmuebles/${consecutivo}/estado`, { estado: o.estado ?? 'disponible' });
    expect(e.statusCode, e.body).toBe(200);
  }
  return consecutivo;
}

const leerFeed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'user-agent': 'CasaRaizBot/1.0', ...headers } });

type Pub = { consecutivo: number; en_feed: boolean; faltan: string[]; estado: string | null; marcado: boolean };
const lista = async () => (await pedir(admin1, 'GET', '/api/portales/casa_raiz/feed/inmuebles')).json().data as Pub[];

describe('the feed a portal reads', () => {
  let url: string;
  let completo: number;
  let sinFoto: number;
  let captado: number;
  let noMarcado: number;

  beforeAll(async () => {
    completo = await crear();
    sinFoto = await crear({ descripcion: '' }, { foto: false });
    captado = await crear({}, { estado: 'captado' });
    noMarcado = await crear({ publicar: {} });
  });

  it('has no address until it is configured, and 404s on any guess', async () => {
    const c = (await pedir(admin1, 'GET', '/api/portales/casa_raiz/feed')).json().data;
    expect(c).toMatchObject({ configurado: false, activo: false, url: null, ultima_lectura: null, lecturas_30_dias: 0 });
    const r = await t.app.inject({ method: 'GET', url: '/api/publico/1/portales/casa_raiz/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(r.statusCode).toBe(404);
  });

  it('creates a secret address on the first save and keeps it on later saves', async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', { activo: true, formato: 'xml' });
    expect(r.statusCode, r.body).toBe(200);
    url = r.json().data.url as string;
    expect(url).toMatch(/\/api\/publico\/1\/portales\/casa_raiz\/[A-Za-z0-9_-]{32}$/);
    const otra = await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', { activo: true, formato: 'xml' });
    expect(otra.json().data.url).toBe(url);
    // Audited, without the token.
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: unknown }>(
        tx,
        sql`select cambios from auditoria where entidad = 'portal_config' and entidad_id = 'casa_raiz'`,
      ),
    );
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(url.split('/').pop()!);
  });

  it('serves well-formed XML with only the complete, available, marked properties', async () => {
    const r = await leerFeed(url);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(XMLValidator.validate(r.body)).toBe(true);
    const doc = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (n) => n === 'inmueble' || n === 'foto',
    }).parse(r.body) as { inmuebles: { inmueble?: Record<string, unknown>[]; '@_total': string } };
    const refs = (doc.inmuebles.inmueble ?? []).map((i) => Number(i.referencia));
    expect(refs).toContain(completo);
    for (const fuera of [sinFoto, captado, noMarcado]) expect(refs).not.toContain(fuera);
    const mio = doc.inmuebles.inmueble!.find((i) => Number(i.referencia) === completo)!;
    expect(mio).toMatchObject({
      tipo: 'Apartamento',
      gestion: 'Arriendo',
      canon: '2500000',
      descripcion: 'Apartamento con balcón & vista <norte>',
      estrato: '4',
    });
    const fotos = (mio.fotos as { foto: string[] }).foto;
    expect(fotos).toHaveLength(1);
    // The photo's address answers the image to anyone (the portal downloads it).
    const foto = await t.app.inject({ method: 'GET', url: new URL(fotos[0]!).pathname });
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toMatch(/^image\//);
  });

  it('records the read and leaves each property its state, with what is missing named', async () => {
    const c = (await pedir(admin1, 'GET', '/api/portales/casa_raiz/feed')).json().data;
    expect(c.ultima_lectura).toMatchObject({ agente: 'CasaRaizBot/1.0', sin_cambios: false });
    expect(c.ultima_lectura.inmuebles).toBeGreaterThanOrEqual(1);
    const l = await lista();
    expect(l.find((p) => p.consecutivo === completo)).toMatchObject({ en_feed: true, faltan: [], estado: 'enviado' });
    expect(l.find((p) => p.consecutivo === sinFoto)).toMatchObject({
      en_feed: false,
      faltan: ['Descripción', 'Fotos (al menos una)'],
      estado: 'error',
    });
    // Not on offer: listed (it is marked) but nothing is missing, and it was never in the feed.
    expect(l.find((p) => p.consecutivo === captado)).toMatchObject({ en_feed: false, faltan: [], estado: null });
    expect(l.find((p) => p.consecutivo === noMarcado)).toBeUndefined();
  });

  it('answers 304 when the portal already has this version, and records that too', async () => {
    const r = await leerFeed(url);
    const again = await leerFeed(url, { 'if-none-match': r.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const c = (await pedir(admin1, 'GET', '/api/portales/casa_raiz/feed')).json().data;
    expect(c.ultima_lectura.sin_cambios).toBe(true);
    expect(c.lecturas_30_dias).toBeGreaterThanOrEqual(3);
  });

  it('drops a property taken out and says so after the next read', async () => {
    const q = await pedir(admin1, 'POST', `/api/portales/casa_raiz/feed/inmuebles/${completo}/quitar`);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data).toMatchObject({ marcado: false, en_feed: false });
    const r = await leerFeed(url);
    expect(r.body).not.toContain(`<referencia>${completo}</referencia>`);
    expect((await lista()).find((p) => p.consecutivo === completo)).toMatchObject({ estado: 'despublicado' });
    const h = await pedir(admin1, 'GET', `/api/inmuebles/${completo}`);
    expect(h.json().data.publicar.casa_raiz).toBe(false);
    await pedir(admin1, 'POST', `/api/portales/casa_raiz/feed/inmuebles/${completo}/incluir`);
    expect((await leerFeed(url)).body).toContain(`<referencia>${completo}</referencia>`);
  });

  it('uses the mapped names, types and JSON when configured so', async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', {
      activo: true,
      formato: 'json',
      campos: [
        { campo: 'referencia', nombre: 'codigo' },
        { campo: 'tipo', nombre: 'tipo_inmueble' },
        { campo: 'canon', nombre: 'valor_arriendo' },
        { campo: 'fotos', nombre: 'imagenes' },
      ],
      tipos: { apartamento: 'APTO' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const f = await leerFeed(url);
    expect(f.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = f.json() as { inmobiliaria: string; total: number; inmuebles: Record<string, unknown>[] };
    const mio = doc.inmuebles.find((i) => i.codigo === String(completo))!;
    expect(Object.keys(mio).sort()).toEqual(['codigo', 'imagenes', 'tipo_inmueble', 'valor_arriendo']);
    expect(mio).toMatchObject({ tipo_inmueble: 'APTO', valor_arriendo: 2_500_000 });
    const prev = (await pedir(admin1, 'GET', '/api/portales/casa_raiz/feed/vista-previa')).json().data;
    expect(prev.formato).toBe('json');
    expect(JSON.parse(prev.contenido).inmuebles).toEqual(doc.inmuebles);
  });

  it('refuses a bad mapping with a message naming the field', async () => {
    const casos: [unknown, string][] = [
      [{ campos: [{ campo: 'canon', nombre: 'valor' }] }, 'El campo Campos debe incluir la referencia'],
      [{ campos: [{ campo: 'referencia', nombre: '1codigo' }] }, 'El campo Nombre en el portal admite'],
      [
        {
          campos: [
            { campo: 'referencia', nombre: 'a' },
            { campo: 'canon', nombre: 'A' },
          ],
        },
        'El campo Nombre en el portal repite «A»',
      ],
      [{ campos: [{ campo: 'clave', nombre: 'x' }] }, 'El campo Campos tiene un campo desconocido'],
      [{ formato: 'csv' }, 'El campo Formato debe ser XML o JSON'],
      [{ tipos: { castillo: 'X' } }, 'El campo Tipos en el portal'],
    ];
    for (const [body, mensaje] of casos) {
      const r = await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.body).toContain(mensaje);
    }
  });

  it('closes the old address when a new one is generated, and when the portal is inactive', async () => {
    const nueva = (await pedir(admin1, 'POST', '/api/portales/casa_raiz/feed/direccion')).json().data.url as string;
    expect(nueva).not.toBe(url);
    expect((await leerFeed(url)).statusCode).toBe(404);
    expect((await leerFeed(nueva)).statusCode).toBe(200);
    await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', { activo: false });
    expect((await leerFeed(nueva)).statusCode).toBe(404);
    url = nueva;
  });

  it('keeps companies and permissions apart', async () => {
    expect((await pedir(asesor1, 'GET', '/api/portales/casa_raiz/feed')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'POST', `/api/portales/casa_raiz/feed/inmuebles/${completo}/quitar`)).statusCode).toBe(403);
    expect((await pedir(admin2, 'GET', '/api/portales/casa_raiz/feed')).json().data).toMatchObject({ configurado: false });
    expect((await pedir(admin2, 'GET', '/api/portales/casa_raiz/feed/inmuebles')).json().data).toEqual([]);
    expect((await pedir(admin2, 'POST', `/api/portales/casa_raiz/feed/inmuebles/999999/incluir`)).statusCode).toBe(404);
    // Company 1's token under company 2's number is «no existe».
    await pedir(admin1, 'PUT', '/api/portales/casa_raiz/feed', { activo: true });
    const token = url.split('/').pop()!;
    expect((await t.app.inject({ method: 'GET', url: `/api/publico/2/portales/casa_raiz/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/publico/1/portales/casa_raiz/${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/publico/1/portales/wasi/${token}` })).statusCode).toBe(400);
  });
});

describe('generarFeed (golden)', () => {
  const ficha: FichaFeed = {
    consecutivo: 1043,
    tipo: 'casa',
    gestion: 'venta',
    estado: 'disponible',
    direccion: 'Carrera 7 # 12-30',
    municipio: 'Chía',
    departamento: 'Cundinamarca',
    codigo_dane: '25175',
    barrio: 'Fontanar',
    estrato: 5,
    area_construida: 180,
    area_privada: null,
    area_lote: 240,
    habitaciones: 4,
    banos: 3,
    parqueaderos: 2,
    piso: null,
    anio_construccion: 2015,
    canon: null,
    precio_venta: 980_000_000,
    administracion: 420_000,
    descripcion: 'Casa "esquinera" con jardín\u0007 y chimenea',
    lat: 4.8616,
    lng: -74.0329,
    fotos: [31, 32],
    fotosUrl: [],
    modificado_en: '2026-11-20T15:00:00.000Z',
  };
  const golden = (nombre: string, texto: string) => {
    const ruta = new URL(`./__golden__/${nombre}`, import.meta.url);
    if (process.env.ACTUALIZAR_GOLDEN) writeFileSync(ruta, texto);
    expect(texto).toBe(readFileSync(ruta, 'utf8'));
  };
  const comun = {
    fichas: [ficha],
    enlaces: { base: 'https://predio.example.co', idEmpresa: 7 },
    inmobiliaria: 'Inmobiliaria Andes & Cía',
    generadoEn: new Date('2026-11-27T12:00:00.000Z'),
  };
  const campos = [
    { campo: 'referencia', nombre: 'referencia' },
    { campo: 'titulo', nombre: 'titulo' },
    { campo: 'tipo', nombre: 'tipo' },
    { campo: 'precio_venta', nombre: 'precio' },
    { campo: 'descripcion', nombre: 'descripcion' },
    { campo: 'canon', nombre: 'canon' },
    { campo: 'fotos', nombre: 'fotos' },
    { campo: 'url', nombre: 'url' },
  ] as const;

  it('writes the XML layout', () => {
    const f = generarFeed({ ...comun, mapeo: { formato: 'xml', campos: [...campos], tipos: { casa: 'CASA' } } });
    expect(XMLValidator.validate(f.contenido)).toBe(true);
    golden('feed-casa.xml', f.contenido);
  });

  it('writes the JSON layout, and the same data gives the same ETag at another time', () => {
    const f = generarFeed({ ...comun, mapeo: { formato: 'json', campos: [...campos], tipos: {} } });
    golden('feed-casa.json', f.contenido);
    const luego = generarFeed({ ...comun, generadoEn: new Date(), mapeo: { formato: 'json', campos: [...campos], tipos: {} } });
    expect(luego.etag).toBe(f.etag);
  });
});
