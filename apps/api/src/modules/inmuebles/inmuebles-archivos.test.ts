import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitAfterCommit } from '../../platform/tras-confirmar.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { FOTO_INMUEBLE_MAX_BYTES } from '@predio/contract/inmuebles-archivos';
import { queryRows } from '../../db/rows.ts';
import { archivo } from '../../db/schema/archivos.ts';
import { auditoria } from '../../db/schema/plataforma.ts';
import {
  as,
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let consulta1: string; // 491 only: sees properties, cannot change them
let terceros1: string; // no property permission at all
let tv1: string; // the TV display (10521): the cover photo only

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

type Archivo = { filename: string; contentType: string; data: Buffer; field?: string };

/** A multipart body with several files (the harness builds one). */
function varios(archivos: Archivo[], campos: Record<string, string> = {}) {
  const boundary = `----predio${randomBytes(8).toString('hex')}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos))
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const a of archivos)
    partes.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${a.field ?? 'file'}"; filename="${a.filename}"\r\nContent-Type: ${a.contentType}\r\n\r\n`,
      ),
      a.data,
      Buffer.from('\r\n'),
    );
  partes.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const subir = (token: string, url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });

const jpeg = (w: number, h: number, color = '#4477aa') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const foto = async (nombre: string, w = 1200, h = 900, color?: string): Promise<Archivo> => ({
  filename: nombre,
  contentType: 'image/jpeg',
  data: await jpeg(w, h, color),
});

function error(r: LightMyRequestResponse, status: number, code: number): string {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().code).toBe(code);
  return r.json().message as string;
}

type FotoJson = { id: number; orden: number; portada: boolean; ancho: number; alto: number; nombre_original: string };
const fotosDe = async (consecutivo: number, token = admin1): Promise<FotoJson[]> => {
  const r = await as(t.app, token).get(`/api/inmuebles/${consecutivo}/fotos`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as FotoJson[];
};

const auditoriaDe = (idEmpresa: number, consecutivo: number) =>
  t.db.tenant(idEmpresa, (tx) =>
    tx
      .select({ accion: auditoria.accion, cambios: auditoria.cambios, usuario: auditoria.usuario })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'inmuebles'), eq(auditoria.entidadId, String(consecutivo))))
      .orderBy(desc(auditoria.id)),
  );

const crearInmueble = async (token: string, idEmpresa: number, extra: Record<string, unknown> = {}): Promise<number> => {
  const [ref] = await t.db.tenant(idEmpresa, (tx) =>
    queryRows<{ municipio: number; tercero: number }>(
      tx,
      sql`select (select id from municipios order by id limit 1) as municipio, (select id from terceros order by id limit 1) as tercero`,
    ),
  );
  const r = await pedir(token, 'POST', '/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20 Apto 501',
    id_municipio: ref!.municipio,
    estrato: 4,
    area_construida: 72.5,
    habitaciones: 3,
    banos: 2,
    parqueaderos: 1,
    piso: 5,
    ascensor: true,
    canon: 2_500_000,
    administracion: 350_000,
    descripcion: 'Apartamento con balcón y vista a la ciudad',
    observaciones_internas: 'NOTA-INTERNA-SECRETA: el propietario acepta 2.300.000',
    codigo_llaves: 'LLAVE-77',
    propietarios: [{ id_tercero: ref!.tercero, porcentaje: 100 }],
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data.consecutivo as number;
};

let c1: number; // company 1, gets photos and documents
let c1b: number; // company 1, stays without photos
let c2: number; // company 2

beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'consulta', nroId: '1010101010', permisos: '491' });
  await crearUsuario(t.db, 1, { usuario: 'terceros', nroId: '1020202020', permisos: '59' });
  await crearUsuario(t.db, 1, { usuario: 'tv', nroId: '1030303030', permisos: '10521' });
  [admin1, asesor1, admin2, consulta1, terceros1, tv1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'consulta', clave: 'demo1234' }),
    login(t.app, { idEmpresa: 1, usuario: 'terceros', clave: 'demo1234' }),
    login(t.app, { idEmpresa: 1, usuario: 'tv', clave: 'demo1234' }),
  ]);
  c1 = await crearInmueble(admin1, 1);
  c1b = await crearInmueble(admin1, 1);
  c2 = await crearInmueble(admin2, 2);
  // Company 2's only property shares company 1's first consecutivo: only RLS tells them apart.
  expect(c2).toBe(c1);
});
afterAll(() => t.close());

describe('POST /inmuebles/:consecutivo/fotos', () => {
  it('uploads several photos in one request, resized, upright and without metadata; the first is the cover', async () => {
    // 600×400 stored with EXIF orientation 6 (rotate 90°): upright it is 400×600.
    const girada = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#aa3344' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const r = await subir(
      admin1,
      `/api/inmuebles/${c1}/fotos`,
      varios([
        await foto('sala.jpg', 2400, 1800),
        { filename: 'girada.jpg', contentType: 'image/jpeg', data: girada },
        { filename: 'plano.png', contentType: 'image/png', data: png },
      ]),
    );
    expect(r.statusCode, r.body).toBe(200);
    const nuevas = r.json().data as FotoJson[];
    expect(nuevas.map((f) => [f.nombre_original, f.orden, f.portada, f.ancho, f.alto])).toEqual([
      ['sala.jpg', 1, true, 2400, 1800],
      ['girada.jpg', 2, false, 400, 600],
      ['plano.png', 3, false, 800, 600],
    ]);
    expect((await fotosDe(c1)).map((f) => f.nombre_original)).toEqual(['sala.jpg', 'girada.jpg', 'plano.png']);

    const tamano = async (id: number, t2: 'miniatura' | 'grande') => {
      const img = await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos/${id}/${t2}`);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(img.headers['cache-control']).toContain('private');
      return sharp(img.rawPayload).metadata();
    };
    const [sala, girada2, plano] = nuevas;
    expect(await tamano(sala!.id, 'grande')).toMatchObject({ width: 1600, height: 1200, format: 'jpeg' });
    expect(await tamano(sala!.id, 'miniatura')).toMatchObject({ width: 400, height: 300 });
    // No upscaling: an 800 px original stays 800 px.
    expect(await tamano(plano!.id, 'grande')).toMatchObject({ width: 800, height: 600 });
    const g = await tamano(girada2!.id, 'grande');
    expect([g.width, g.height]).toEqual([400, 600]);
    expect(g.exif).toBeUndefined();
    expect(g.orientation).toBeUndefined();

    const [fila] = await auditoriaDe(1, c1);
    expect(fila!.accion).toBe('subir fotos');
    expect(fila!.cambios).toMatchObject({ portada: { antes: null, despues: sala!.id } });
  });

  it('appends a later upload after the last photo and keeps the cover', async () => {
    const r = await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([await foto('cocina.jpg', 900, 700, '#223344')]));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject([{ nombre_original: 'cocina.jpg', orden: 4, portada: false }]);
    expect((await fotosDe(c1)).filter((f) => f.portada).map((f) => f.nombre_original)).toEqual(['sala.jpg']);
  });

  it("takes an iPhone's HEIC (HEVC, which sharp cannot decode) and stores it as JPEG, its colours where they were", async () => {
    // 640×400, red above and blue below, encoded by libheif's heif-enc (x265).
    const heic = readFileSync(new URL('../../test/fixtures/mitades.heic', import.meta.url));
    const r = await subir(
      admin1,
      `/api/inmuebles/${c1}/fotos`,
      varios([{ filename: 'IMG_0412.HEIC', contentType: 'image/heic', data: heic }]),
    );
    expect(r.statusCode, r.body).toBe(200);
    const [f] = r.json().data as FotoJson[];
    expect([f!.nombre_original, f!.ancho, f!.alto]).toEqual(['IMG_0412.HEIC', 640, 400]);
    const img = await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos/${f!.id}/grande`);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const { data, info } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([640, 400]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)];
    const [arriba, abajo] = [pixel(320, 50), pixel(320, 350)];
    expect(arriba[0]!).toBeGreaterThan(150); // red
    expect(arriba[2]!).toBeLessThan(90);
    expect(abajo[2]!).toBeGreaterThan(110); // blue
    expect(abajo[0]!).toBeLessThan(90);
    // A HEIC cut short (its header reads fine, its picture does not decode) is refused, naming it.
    const rota = heic.subarray(0, heic.length - 200);
    expect(
      error(
        await subir(
          admin1,
          `/api/inmuebles/${c1}/fotos`,
          varios([{ filename: 'rota.heic', contentType: 'image/heic', data: rota }]),
        ),
        415,
        41500,
      ),
    ).toContain('«rota.heic» no es una imagen válida');
    // The tests below count this property's photos.
    expect((await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/fotos/${f!.id}`)).statusCode).toBe(200);
  });

  it('serves an image with the Admin-Token cookie, so <img src> works', async () => {
    const [f] = await fotosDe(c1);
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/inmuebles/${c1}/fotos/${f!.id}/miniatura`,
      headers: { cookie: `${TOKEN_COOKIE}=${admin1}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: `/api/inmuebles/${c1}/fotos/${f!.id}/miniatura` })).statusCode).toBe(401);
    // The listing still needs the Authorization header.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/inmuebles/${c1}/fotos`, headers: { cookie: `${TOKEN_COOKIE}=${admin1}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a file that is not an image, a tiny image, an SVG or an empty request, naming the file, and stores nothing', async () => {
    const antes = (await fotosDe(c1)).length;
    const texto = { filename: 'contrato.jpg', contentType: 'image/jpeg', data: Buffer.from('esto no es una foto') };
    expect(error(await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([await foto('ok.jpg'), texto])), 415, 41500)).toContain(
      '«contrato.jpg» no es una imagen válida',
    );
    const m = error(await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([await foto('pequena.jpg', 200, 150)])), 400, 40000);
    expect(m).toContain('«pequena.jpg» mide 200×150 px');
    expect(m).toContain('300 px');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>',
    );
    error(
      await subir(
        admin1,
        `/api/inmuebles/${c1}/fotos`,
        varios([{ filename: 'dibujo.svg', contentType: 'image/svg+xml', data: svg }]),
      ),
      415,
      41500,
    );
    expect(error(await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([], { nota: 'x' })), 400, 40000)).toContain('file');
    expect(error(await subir(admin1, `/api/inmuebles/${c1}/fotos`, multipart(null)), 400, 40000)).toContain('file');
    const grande = { filename: 'enorme.jpg', contentType: 'image/jpeg', data: Buffer.alloc(FOTO_INMUEBLE_MAX_BYTES + 10, 1) };
    expect(error(await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([grande])), 413, 41300)).toContain('«enorme.jpg»');
    expect(error(await pedir(admin1, 'POST', `/api/inmuebles/${c1}/fotos`, { file: 'x' }), 406, 40000)).toContain('multipart');
    expect((await fotosDe(c1)).length).toBe(antes);
  });

  it('needs 490 to upload; 491 may list; neither means 403', async () => {
    const body = varios([await foto('x.jpg')]);
    error(await subir(consulta1, `/api/inmuebles/${c1}/fotos`, body), 403, 50403);
    error(await subir(terceros1, `/api/inmuebles/${c1}/fotos`, body), 403, 50403);
    expect((await fotosDe(c1, consulta1)).length).toBe(4);
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/fotos`), 403, 50403);
    const [f] = await fotosDe(c1);
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/fotos/${f!.id}/grande`), 403, 50403);
    error(await as(t.app, tv1).get(`/api/inmuebles/${c1}/fotos`), 403, 50403);
  });

  it("never shows or touches another company's photos", async () => {
    const [f] = await fotosDe(c1);
    // Company 2 has its own property with the same consecutivo: it sees its (empty) list, not company 1's.
    expect(await fotosDe(c2, admin2)).toEqual([]);
    error(await as(t.app, admin2).get(`/api/inmuebles/${c1}/fotos/${f!.id}/grande`), 404, 40400);
    error(await pedir(admin2, 'DELETE', `/api/inmuebles/${c1}/fotos/${f!.id}`), 404, 40400);
    error(await pedir(admin2, 'PUT', `/api/inmuebles/${c1}/fotos/${f!.id}/portada`), 404, 40400);
    error(await as(t.app, admin2).get(`/api/inmuebles/${c1b}/fotos`), 404, 40400);
    error(await subir(admin2, `/api/inmuebles/${c1b}/fotos`, varios([await foto('x.jpg')])), 404, 40400);
    expect((await fotosDe(c1)).length).toBe(4);
  });
});

describe('edit lock held by another user', () => {
  it('answers 409 naming who holds it to every write; the holder itself may write', async () => {
    expect((await pedir(asesor1, 'POST', `/api/inmuebles/${c1}/bloqueo`)).statusCode).toBe(200);
    try {
      const fotos = await fotosDe(c1);
      const ids = fotos.map((f) => f.id);
      const escrituras = [
        await subir(admin1, `/api/inmuebles/${c1}/fotos`, varios([await foto('x.jpg')])),
        await pedir(admin1, 'PUT', `/api/inmuebles/${c1}/fotos/orden`, { ids: [...ids].reverse() }),
        await pedir(admin1, 'PUT', `/api/inmuebles/${c1}/fotos/${ids[1]}/portada`),
        await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/fotos/${ids[0]}`),
        await subir(
          admin1,
          `/api/inmuebles/${c1}/documentos`,
          multipart({ filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF') }),
        ),
      ];
      for (const r of escrituras) {
        const m = error(r, 409, 40900);
        expect(m).toContain('asesor');
        expect(r.json().data).toMatchObject({ usuario: 'asesor' });
      }
      expect((await fotosDe(c1)).map((f) => f.id)).toEqual(ids);
      // Reading is never blocked.
      expect((await as(t.app, admin1).get(`/api/inmuebles/${c1}/ficha`)).statusCode).toBe(200);
      // The holder writes while holding it.
      const propia = await subir(asesor1, `/api/inmuebles/${c1}/fotos`, varios([await foto('balcon.jpg', 1000, 800, '#336633')]));
      expect(propia.statusCode, propia.body).toBe(200);
    } finally {
      await pedir(asesor1, 'DELETE', `/api/inmuebles/${c1}/bloqueo`);
    }
    expect((await fotosDe(c1)).length).toBe(5);
  });
});

describe('PUT /inmuebles/:consecutivo/fotos/orden', () => {
  it('stores the new order', async () => {
    const ids = (await fotosDe(c1)).map((f) => f.id);
    const nuevo = [ids[2]!, ids[0]!, ids[4]!, ids[1]!, ids[3]!];
    const r = await pedir(admin1, 'PUT', `/api/inmuebles/${c1}/fotos/orden`, { ids: nuevo });
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json().data as FotoJson[]).map((f) => f.id)).toEqual(nuevo);
    expect((await fotosDe(c1, consulta1)).map((f) => [f.id, f.orden])).toEqual(nuevo.map((id, i) => [id, i + 1]));
    const [fila] = await auditoriaDe(1, c1);
    expect(fila).toMatchObject({ accion: 'ordenar fotos', cambios: { orden_fotos: { antes: ids, despues: nuevo } } });
  });

  it('refuses a list that is not exactly the property photos', async () => {
    const ids = (await fotosDe(c1)).map((f) => f.id);
    const url = `/api/inmuebles/${c1}/fotos/orden`;
    expect(error(await pedir(admin1, 'PUT', url, { ids: ids.slice(1) }), 400, 40000)).toContain(`las ${ids.length} fotos`);
    expect(error(await pedir(admin1, 'PUT', url, { ids: [...ids, ids[0]] }), 400, 40000)).toContain('más de una vez');
    const ajena = Math.max(...ids) + 1000;
    expect(error(await pedir(admin1, 'PUT', url, { ids: [...ids.slice(1), ajena] }), 400, 40000)).toContain(String(ajena));
    expect(error(await pedir(admin1, 'PUT', url, { ids: [] }), 400, 40000)).toContain('ids');
    expect(error(await pedir(admin1, 'PUT', url, { ids: ['a'] }), 400, 40000)).toContain('ids');
    expect(error(await pedir(admin1, 'PUT', url, {}), 400, 40000)).toContain('ids');
    error(await pedir(consulta1, 'PUT', url, { ids }), 403, 50403);
    error(await pedir(admin2, 'PUT', `/api/inmuebles/${c1b}/fotos/orden`, { ids }), 404, 40400);
    expect((await fotosDe(c1)).map((f) => f.id)).toEqual(ids);
  });
});

describe('cover photo', () => {
  it('moves the cover to the chosen photo; there is never more than one', async () => {
    const fotos = await fotosDe(c1);
    const elegida = fotos.find((f) => !f.portada)!;
    const r = await pedir(admin1, 'PUT', `/api/inmuebles/${c1}/fotos/${elegida.id}/portada`);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json().data as FotoJson[]).filter((f) => f.portada).map((f) => f.id)).toEqual([elegida.id]);
    const [fila] = await auditoriaDe(1, c1);
    expect(fila).toMatchObject({ accion: 'cambiar portada', cambios: { portada: { despues: elegida.id } } });

    // GET portada serves the cover's large size.
    const portada = await as(t.app, admin1).get(`/api/inmuebles/${c1}/portada`);
    const grande = await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos/${elegida.id}/grande`);
    expect(portada.statusCode).toBe(200);
    expect(portada.headers['content-type']).toBe('image/jpeg');
    expect(portada.headers['cache-control']).toBe('private, max-age=60');
    expect(portada.rawPayload.equals(grande.rawPayload)).toBe(true);
    // ?tamano=miniatura serves its small size (lists and cards); any other size is a 400 naming it.
    const chica = await as(t.app, admin1).get(`/api/inmuebles/${c1}/portada?tamano=miniatura`);
    const miniatura = await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos/${elegida.id}/miniatura`);
    expect(chica.statusCode).toBe(200);
    expect(chica.rawPayload.equals(miniatura.rawPayload)).toBe(true);
    expect(chica.rawPayload.length).toBeLessThan(portada.rawPayload.length);
    expect(error(await as(t.app, admin1).get(`/api/inmuebles/${c1}/portada?tamano=enorme`), 400, 40000)).toBe(
      'tamano: tamano debe ser miniatura o grande',
    );

    // The database itself refuses a second cover.
    await expect(
      t.db.tenant(1, (tx) =>
        tx
          .update(archivo)
          .set({ principal: true })
          .where(eq(archivo.id, fotos.find((f) => f.id !== elegida.id)!.id)),
      ),
    ).rejects.toThrow();
  });

  it('is served to the TV (10521) and by cookie; 404 without photos or in another company', async () => {
    expect((await as(t.app, tv1).get(`/api/inmuebles/${c1}/portada`)).statusCode).toBe(200);
    const cookie = await t.app.inject({
      method: 'GET',
      url: `/api/inmuebles/${c1}/portada`,
      headers: { cookie: `${TOKEN_COOKIE}=${consulta1}` },
    });
    expect(cookie.statusCode).toBe(200);
    expect(error(await as(t.app, admin1).get(`/api/inmuebles/${c1b}/portada`), 404, 40400)).toContain('portada');
    error(await as(t.app, admin2).get(`/api/inmuebles/${c2}/portada`), 404, 40400);
    error(await as(t.app, admin2).get(`/api/inmuebles/${c1b}/portada`), 404, 40400);
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/portada`), 403, 50403);
    error(await pedir(admin1, 'PUT', `/api/inmuebles/${c1}/fotos/999999/portada`), 404, 40400);
    error(await pedir(consulta1, 'PUT', `/api/inmuebles/${c1}/fotos/1/portada`), 403, 50403);
  });
});

describe('DELETE /inmuebles/:consecutivo/fotos/:id', () => {
  it('deletes a photo and its files; deleting the cover hands it to the first remaining photo', async () => {
    const antes = await fotosDe(c1);
    const portada = antes.find((f) => f.portada)!;
    const [fila] = await t.db.tenant(1, (tx) => tx.select().from(archivo).where(eq(archivo.id, portada.id)));
    expect(await t.deps.storage.get(fila!.clave)).not.toBeNull();

    const r = await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/fotos/${portada.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const despues = r.json().data as FotoJson[];
    const restantes = antes.filter((f) => f.id !== portada.id);
    expect(despues.map((f) => f.id)).toEqual(restantes.map((f) => f.id));
    expect(despues.filter((f) => f.portada).map((f) => f.id)).toEqual([restantes[0]!.id]);
    // Files go after the commit.
    await waitAfterCommit();
    expect(await t.deps.storage.get(fila!.clave)).toBeNull();
    expect(await t.deps.storage.get(fila!.claveMiniatura!)).toBeNull();
    error(await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos/${portada.id}/grande`), 404, 40400);
    error(await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/fotos/${portada.id}`), 404, 40400);
    const [aud] = await auditoriaDe(1, c1);
    expect(aud).toMatchObject({
      accion: 'eliminar foto',
      cambios: { portada: { antes: portada.id, despues: restantes[0]!.id } },
    });

    const otra = despues.find((f) => !f.portada)!;
    error(await pedir(consulta1, 'DELETE', `/api/inmuebles/${c1}/fotos/${otra.id}`), 403, 50403);
    error(await pedir(admin2, 'DELETE', `/api/inmuebles/${c1}/fotos/${otra.id}`), 404, 40400);
    error(await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/fotos/abc`), 400, 40000);
    expect((await fotosDe(c1)).length).toBe(restantes.length);
  });
});

describe('documentos', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const subirDoc = (token: string, consecutivo: number, a: Archivo, campos: Record<string, string> = {}) =>
    subir(token, `/api/inmuebles/${consecutivo}/documentos`, varios([a], campos));

  it('uploads, lists and downloads a PDF, and audits it', async () => {
    const r = await subirDoc(
      admin1,
      c1,
      { filename: 'Certificado de tradición.pdf', contentType: 'application/pdf', data: pdf },
      {
        descripcion: 'Expedido en marzo',
      },
    );
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({
      nombre: 'Certificado de tradición.pdf',
      descripcion: 'Expedido en marzo',
      content_type: 'application/pdf',
      bytes: pdf.length,
      creado_por: 'admin',
    });
    const lista = await as(t.app, consulta1).get(`/api/inmuebles/${c1}/documentos`);
    expect(lista.json().data.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const bajada = await as(t.app, consulta1).get(`/api/inmuebles/${c1}/documentos/${d.id}`);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['content-type']).toBe('application/pdf');
    expect(bajada.headers['content-disposition']).toBe('attachment; filename="Certificado_de_tradici_n.pdf"');
    expect(bajada.rawPayload.equals(pdf)).toBe(true);
    const [aud] = await auditoriaDe(1, c1);
    expect(aud).toMatchObject({
      accion: 'subir documento',
      cambios: { documentos: { antes: null, despues: `${d.id}: ${d.nombre}` } },
    });
  });

  it('accepts images, Word and Excel by their bytes; sets the content type itself', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('....word/document.xml....')]);
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    const casos: [Archivo, string][] = [
      [{ filename: 'plano.PNG', contentType: 'application/octet-stream', data: png }, 'image/png'],
      [
        { filename: 'contrato.docx', contentType: 'application/octet-stream', data: docx },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [{ filename: 'cuentas.xls', contentType: 'text/html', data: xls }, 'application/vnd.ms-excel'],
    ];
    for (const [a, tipo] of casos) {
      const r = await subirDoc(admin1, c1, a);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.content_type).toBe(tipo);
    }
  });

  it('refuses other types, disguised files, too large files and bad fields with Spanish messages', async () => {
    const antes = (await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos`)).json().data.length as number;
    expect(
      error(await subirDoc(admin1, c1, { filename: 'virus.exe', contentType: 'application/pdf', data: pdf }), 415, 41500),
    ).toContain('«virus.exe» no es un tipo de documento permitido');
    expect(
      error(
        await subirDoc(admin1, c1, { filename: 'escritura.pdf', contentType: 'application/pdf', data: Buffer.from('MZ...') }),
        415,
        41500,
      ),
    ).toContain('«escritura.pdf» no corresponde a un archivo PDF');
    const enorme = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024 * 1024 + 10, 0x20)]);
    expect(
      error(await subirDoc(admin1, c1, { filename: 'grande.pdf', contentType: 'application/pdf', data: enorme }), 413, 41300),
    ).toContain('20 MB');
    expect(
      error(
        await subirDoc(
          admin1,
          c1,
          { filename: 'a.pdf', contentType: 'application/pdf', data: pdf },
          { descripcion: 'x'.repeat(501) },
        ),
        400,
        40000,
      ),
    ).toContain('descripcion');
    expect(
      error(await subir(admin1, `/api/inmuebles/${c1}/documentos`, multipart(null, { descripcion: 'x' })), 400, 40000),
    ).toContain('file');
    expect((await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos`)).json().data.length).toBe(antes);
  });

  it('needs 490 to write and 490/491 to read; another company sees nothing', async () => {
    const a = { filename: 'x.pdf', contentType: 'application/pdf', data: pdf };
    error(await subirDoc(consulta1, c1, a), 403, 50403);
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/documentos`), 403, 50403);
    const [d] = (await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos`)).json().data as { id: number }[];
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/documentos/${d!.id}`), 403, 50403);
    error(await pedir(consulta1, 'DELETE', `/api/inmuebles/${c1}/documentos/${d!.id}`), 403, 50403);
    expect((await as(t.app, admin2).get(`/api/inmuebles/${c2}/documentos`)).json().data).toEqual([]);
    error(await as(t.app, admin2).get(`/api/inmuebles/${c1}/documentos/${d!.id}`), 404, 40400);
    error(await pedir(admin2, 'DELETE', `/api/inmuebles/${c1}/documentos/${d!.id}`), 404, 40400);
    error(await subirDoc(admin2, c1b, a), 404, 40400);
  });

  it('deletes a document and its file', async () => {
    const docs = (await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos`)).json().data as { id: number; nombre: string }[];
    const d = docs[0]!;
    const [fila] = await t.db.tenant(1, (tx) => tx.select().from(archivo).where(eq(archivo.id, d.id)));
    const r = await pedir(admin1, 'DELETE', `/api/inmuebles/${c1}/documentos/${d.id}`);
    expect(r.statusCode, r.body).toBe(200);
    await waitAfterCommit();
    expect(await t.deps.storage.get(fila!.clave)).toBeNull();
    const despues = (await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos`)).json().data as { id: number }[];
    expect(despues.map((x) => x.id)).toEqual(docs.slice(1).map((x) => x.id));
    error(await as(t.app, admin1).get(`/api/inmuebles/${c1}/documentos/${d.id}`), 404, 40400);
    const [aud] = await auditoriaDe(1, c1);
    expect(aud).toMatchObject({
      accion: 'eliminar documento',
      cambios: { documentos: { antes: `${d.id}: ${d.nombre}`, despues: null } },
    });
  });
});

/** The text a PDF shows: pdfkit writes each line as hex strings in a TJ array inside Flate streams. */
function textoPdf(pdf: Buffer): string {
  const lineas: string[] = [];
  const bin = pdf.toString('latin1');
  for (const m of bin.matchAll(/stream\r?\n/g)) {
    const inicio = m.index + m[0].length;
    const fin = bin.indexOf('endstream', inicio);
    let contenido: string;
    try {
      contenido = inflateSync(pdf.subarray(inicio, fin)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of contenido.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lineas.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
  }
  return lineas.join('\n').replaceAll('\u00a0', ' ');
}

describe('GET /inmuebles/:consecutivo/ficha', () => {
  it('is a PDF with the company, the public facts and the photos, never internal notes or owners', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#96be0eff' } })
      .webp()
      .toBuffer();
    const subida = await subir(
      admin1,
      '/api/empresa/logo',
      multipart({ filename: 'logo.webp', contentType: 'image/webp', data: logo }),
    );
    expect(subida.statusCode, subida.body).toBe(200);
    const fotos = await fotosDe(c1);
    // Two features from the catalogue, as the form would save them.
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`insert into inmueble_caracteristica (id_empresa, id_inmueble, id_caracteristica)
        select i.id_empresa, i.id, c.id from inmueble i cross join caracteristicas_inmueble c
        where i.consecutivo = ${c1} and c.nombre in ('Gimnasio', 'Balcón')`),
    );

    // Its asesor comercial, whose person in Terceros has a phone and an e-mail.
    await t.db.tenant(1, async (tx) => {
      await tx.execute(sql`update terceros set nombre = 'Ana Asesora Gómez', celular = '300 555 0101',
        email = 'ana.asesora@inmobiliaria.co' where nro_id = (select nro_id from usuarios where usuario = 'asesor')`);
      await tx.execute(sql`update inmueble set id_asesor_comercial = (select id from usuarios where usuario = 'asesor')
        where consecutivo = ${c1}`);
    });

    const r = await as(t.app, consulta1).get(`/api/inmuebles/${c1}/ficha`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="ficha-inmueble-${c1}.pdf"`);
    const pdf = r.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // Images: the logo, the cover and every other photo (fewer than 6 here).
    const imagenes = pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(imagenes.length).toBe(1 + fotos.length);
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);

    const texto = textoPdf(pdf);
    const [empresa] = await t.db.tenant(1, (tx) => queryRows<{ nombre: string }>(tx, sql`select nombre from empresa`));
    const [mun] = await t.db.tenant(1, (tx) =>
      queryRows<{ municipio: string }>(
        tx,
        sql`select m.municipio from inmueble i join municipios m on m.id = i.id_municipio where i.consecutivo = ${c1}`,
      ),
    );
    for (const esperado of [
      empresa!.nombre,
      `Inmueble N.º ${c1} · Captado`,
      'Apartamento en arriendo',
      'Calle 10 # 43-20 Apto 501',
      mun!.municipio,
      'Canon de arrendamiento',
      '$ 2.500.000',
      'Administración',
      '$ 350.000',
      '72,5 m²',
      'Habitaciones',
      'Ascensor',
      'También tiene',
      'Apartamento con balcón y vista a la ciudad',
      'Más fotos',
      // The asesor to call (issue 24 §8): the comercial one, else the captador.
      'Su asesor:',
      'Ana Asesora Gómez · Cel. 300 555 0101 · ana.asesora@inmobiliaria.co',
      'Generado el',
      'Página 1 de',
    ])
      expect(texto, esperado).toContain(esperado);
    // Each feature on its own bulleted line, alphabetical (WinAnsi 0x95 is the bullet).
    expect(texto).toMatch(/^\x95 {2}Balcón\n\x95 {2}Gimnasio$/m);
    expect(texto).not.toContain('Precio de venta');
    // Captado, not on the website yet: no QR code to a page that would not show it.
    expect(texto).not.toContain('Véalo en línea');
    for (const prohibido of ['NOTA-INTERNA-SECRETA', 'LLAVE-77', 'propietario', 'Propietario'])
      expect(texto).not.toContain(prohibido);
    const [dueno] = await t.db.tenant(1, (tx) =>
      queryRows<{ nombre: string }>(
        tx,
        sql`select t.nombre from inmueble_propietario p join terceros t on t.id = p.id_tercero join inmueble i on i.id = p.id_inmueble where i.consecutivo = ${c1}`,
      ),
    );
    expect(texto).not.toContain(dueno!.nombre);
  });

  it('works without photos, needs 490 or 491, and stays inside the company', async () => {
    const r = await as(t.app, admin1).get(`/api/inmuebles/${c1b}/ficha`);
    expect(r.statusCode).toBe(200);
    expect(textoPdf(r.rawPayload)).toContain(`Inmueble N.º ${c1b}`);
    expect(textoPdf(r.rawPayload)).not.toContain('También tiene');
    expect(textoPdf(r.rawPayload)).not.toContain('Más fotos');
    // Available, so on the company's website: the ficha points there (issue 24 §8).
    await t.db.tenant(1, (tx) => tx.execute(sql`update inmueble set estado = 'disponible' where consecutivo = ${c1b}`));
    const publicada = textoPdf((await as(t.app, admin1).get(`/api/inmuebles/${c1b}/ficha`)).rawPayload);
    expect(publicada).toContain('Véalo en línea');
    expect(publicada).toMatch(new RegExp(`^https?://[^/\\s]+/sitio/1/inmuebles/${c1b}$`, 'm'));
    error(await as(t.app, terceros1).get(`/api/inmuebles/${c1}/ficha`), 403, 50403);
    error(await as(t.app, tv1).get(`/api/inmuebles/${c1}/ficha`), 403, 50403);
    error(await as(t.app, admin2).get(`/api/inmuebles/${c1b}/ficha`), 404, 40400);
    error(await as(t.app, admin1).get('/api/inmuebles/0/ficha'), 400, 40000);
    // Company 2's property with the same consecutivo prints company 2's data.
    const otra = await as(t.app, admin2).get(`/api/inmuebles/${c2}/ficha`);
    const [e2] = await t.db.tenant(2, (tx) => queryRows<{ nombre: string }>(tx, sql`select nombre from empresa`));
    expect(textoPdf(otra.rawPayload)).toContain(e2!.nombre);
  });
});

describe('deleting a property', () => {
  it('cascades to its photos and documents', async () => {
    const cuenta = () =>
      t.db.tenant(1, (tx) =>
        queryRows<{ fotos: number; docs: number }>(
          tx,
          sql`select (select count(*)::int from archivo f join inmueble i on f.id_dueno = i.id::text
                      where f.tipo_dueno = 'inmueble' and f.categoria = 'foto' and i.consecutivo = ${c1}) as fotos,
                     (select count(*)::int from archivo d join inmueble i on d.id_dueno = i.id::text
                      where d.tipo_dueno = 'inmueble' and d.categoria = 'documento' and i.consecutivo = ${c1}) as docs`,
        ),
      );
    const [antes] = await cuenta();
    expect(antes!.fotos).toBeGreaterThan(0);
    expect(antes!.docs).toBeGreaterThan(0);
    await t.db.tenant(1, (tx) => tx.execute(sql`delete from inmueble where consecutivo = ${c1}`));
    const huerfanas = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from archivo f
            where f.tipo_dueno = 'inmueble' and not exists (select 1 from inmueble i where i.id::text = f.id_dueno)`,
      ),
    );
    expect(huerfanas[0]!.n).toBe(0);
    error(await as(t.app, admin1).get(`/api/inmuebles/${c1}/fotos`), 404, 40400);
  });
});
