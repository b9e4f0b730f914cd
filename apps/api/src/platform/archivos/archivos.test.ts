import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitAfterCommit } from '../tras-confirmar.ts';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES } from '@predio/contract/inmuebles';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { borrarArchivosSinUso } from '../storage/sin-uso.ts';
import { CARPETA_ARCHIVOS } from './archivos.service.ts';
import { registrarDueno } from './duenos.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let consulta1: string; // 491: reads properties, cannot change them
let terceros1: string; // no property permission at all
let c1: number;

const MB = 1024 * 1024;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const pedir = (token: string, method: InjectOptions['method'], url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
const subir = (
  app: TestApp,
  token: string,
  url: string,
  a: { filename: string; data: Buffer },
  campos: Record<string, string> = {},
) => {
  const body = multipart({ filename: a.filename, contentType: 'application/octet-stream', data: a.data }, campos);
  return app.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
};
function error(r: LightMyRequestResponse, status: number, code: number): string {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json().code).toBe(code);
  return r.json().message as string;
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function inmueble(app: TestApp, idEmpresa: number, consecutivo: number): Promise<void> {
  await app.db.tenant(idEmpresa, (tx) =>
    tx.execute(sql`
      insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio, creado_por)
      values (${consecutivo}, 'casa', 'venta', 'disponible', 'Calle 1', (select id from municipios order by id limit 1), 'prueba')`),
  );
}

/** Stored files of company 1 (the local driver's folder), to see that refused uploads leave nothing. */
const guardados = (app: TestApp) => {
  try {
    return readdirSync(join(app.deps.config.dataDir, 'files', '1', 'archivos'));
  } catch {
    return [];
  }
};

// A record type as a new module would register it: any file, up to 40 MB, owned by a property.
registrarDueno({
  tipo: 'prueba',
  nombre: 'La prueba',
  leer: [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES],
  escribir: [IDM_INMUEBLE],
  resolver: async (tx, clave) => {
    const [r] = await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo::text = ${clave}`);
    return r ? String(r.id) : null;
  },
  categorias: { adjunto: { maxBytes: 40 * MB }, pequeno: { maxBytes: 1000 } },
  categoriaPorDefecto: 'adjunto',
  entidadAuditoria: 'pruebas',
});

beforeAll(async () => {
  t = await createTestApp();
  await crearUsuario(t.db, 1, { usuario: 'consulta', nroId: '1010101010', permisos: '491' });
  await crearUsuario(t.db, 1, { usuario: 'terceros', nroId: '1020202020', permisos: '59' });
  [admin1, admin2, consulta1, terceros1] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.admin2),
    login(t.app, { idEmpresa: 1, usuario: 'consulta', clave: 'demo1234' }),
    login(t.app, { idEmpresa: 1, usuario: 'terceros', clave: 'demo1234' }),
  ]);
  c1 = 901;
  await inmueble(t, 1, c1);
});
afterAll(() => t.close());

describe('files of a record (/api/archivos/:tipo/:dueno)', () => {
  it('streams an upload in, records name, sniffed type, size, SHA-256 and who; streams it back', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    // The name says .txt and the request says octet-stream: the bytes say PNG.
    const r = await subir(
      t,
      admin1,
      `/api/archivos/prueba/${c1}`,
      { filename: 'plano.txt', data: png },
      { descripcion: 'Plano' },
    );
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json().data;
    expect(a).toMatchObject({
      categoria: 'adjunto',
      orden: 1,
      nombre: 'plano.txt',
      descripcion: 'Plano',
      content_type: 'image/png',
      bytes: png.length,
      sha256: sha(png),
      creado_por: 'admin',
    });
    const lista = await as(t.app, consulta1).get(`/api/archivos/prueba/${c1}`);
    expect(lista.json().data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const bajada = await as(t.app, consulta1).get(`/api/archivos/prueba/${c1}/${a.id}`);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['content-type']).toBe('image/png');
    expect(bajada.headers['content-length']).toBe(String(png.length));
    expect(bajada.headers['content-disposition']).toBe(`inline; filename="plano.txt"; filename*=UTF-8''plano.txt`);
    expect(bajada.headers['x-content-type-options']).toBe('nosniff');
    expect(bajada.rawPayload.equals(png)).toBe(true);
    // Links and <img> carry the session in the cookie.
    const cookie = await t.app.inject({
      method: 'GET',
      url: `/api/archivos/prueba/${c1}/${a.id}`,
      headers: { cookie: `${TOKEN_COOKIE}=${consulta1}` },
    });
    expect(cookie.statusCode).toBe(200);
  });

  it('opens only safe images and PDF in the browser; HTML, SVG and the unknown are downloaded', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const casos: [string, Buffer, string, string][] = [
      ['informe.pdf', pdf, 'application/pdf', 'inline'],
      ['dibujo.svg', svg, 'application/octet-stream', 'attachment'],
      ['pagina.html', html, 'application/octet-stream', 'attachment'],
      ['notas.txt', Buffer.from('hola'), 'application/octet-stream', 'attachment'],
    ];
    for (const [nombre, data, tipo, disp] of casos) {
      const r = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: nombre, data });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.content_type, nombre).toBe(tipo);
      const b = await as(t.app, admin1).get(`/api/archivos/prueba/${c1}/${r.json().data.id}`);
      expect(b.headers['content-disposition'], nombre).toMatch(new RegExp(`^${disp};`));
      expect(b.headers['content-type']).toBe(tipo);
    }
    // Non-ASCII names survive in filename* and are replaced in the plain filename.
    const r = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'Tradición año.pdf', data: pdf });
    const b = await as(t.app, admin1).get(`/api/archivos/prueba/${c1}/${r.json().data.id}`);
    expect(b.headers['content-disposition']).toBe(
      `inline; filename="Tradici_n_a_o.pdf"; filename*=UTF-8''${encodeURIComponent('Tradición año.pdf')}`,
    );
  });

  it('is served only to the owning company (404) and to users with permission on the record (403)', async () => {
    const r = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'x.pdf', data: pdf });
    const id = r.json().data.id as number;
    await inmueble(t, 2, c1); // company 2 has a property with the same consecutivo: only RLS tells them apart
    error(await as(t.app, admin2).get(`/api/archivos/prueba/${c1}/${id}`), 404, 40400);
    expect((await as(t.app, admin2).get(`/api/archivos/prueba/${c1}`)).json().data).toEqual([]);
    error(await pedir(admin2, 'DELETE', `/api/archivos/prueba/${c1}/${id}`), 404, 40400);
    error(await as(t.app, admin2).get(`/api/archivos/prueba/999/${id}`), 404, 40400);
    error(await as(t.app, terceros1).get(`/api/archivos/prueba/${c1}/${id}`), 403, 50403);
    error(await as(t.app, terceros1).get(`/api/archivos/prueba/${c1}`), 403, 50403);
    error(await subir(t, consulta1, `/api/archivos/prueba/${c1}`, { filename: 'x.pdf', data: pdf }), 403, 50403);
    error(await pedir(consulta1, 'DELETE', `/api/archivos/prueba/${c1}/${id}`), 403, 50403);
    error(await as(t.app, null).get(`/api/archivos/prueba/${c1}/${id}`), 401, 50008);
    expect(error(await as(t.app, admin1).get(`/api/archivos/nada/${c1}`), 404, 40400)).toContain('nada');
    expect(error(await as(t.app, admin1).get(`/api/archivos/prueba/${c1}?categoria=otra`), 400, 40000)).toContain('categoria');
    // A property's photos have their own routes: not readable as generic files.
    error(await as(t.app, admin1).get(`/api/archivos/inmueble/${c1}?categoria=foto`), 400, 40000);
  });

  it('limits each category on its own and cuts a too-large upload off without keeping any of it', async () => {
    const antes = guardados(t).length;
    expect(
      error(
        await subir(t, admin1, `/api/archivos/prueba/${c1}?categoria=pequeno`, { filename: 'a.bin', data: randomBytes(2000) }),
        413,
        41300,
      ),
    ).toBe('file: «a.bin» supera el tamaño máximo de 1000 bytes.');
    const grande = randomBytes(41 * MB);
    expect(
      error(await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'b.bin', data: grande }), 413, 41300),
    ).toContain('40 MB');
    // The same 41 MB fit no category of 'prueba', but 30 MB do.
    const ok = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'c.bin', data: grande.subarray(0, 30 * MB) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ bytes: 30 * MB, sha256: sha(grande.subarray(0, 30 * MB)) });
    expect(guardados(t).length).toBe(antes + 1);
    expect(
      error(await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'vacio.pdf', data: Buffer.alloc(0) }), 400, 40000),
    ).toContain('vacío');
    expect(guardados(t).length).toBe(antes + 1);
  });

  it("takes a property's tour video by its bytes, and refuses anything else in that category", async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42\0\0\0\0mp42isom'), randomBytes(5000)]);
    const r = await subir(t, admin1, `/api/archivos/inmueble/${c1}?categoria=video`, { filename: 'recorrido.bin', data: mp4 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ categoria: 'video', content_type: 'video/mp4' });
    expect(
      error(await subir(t, admin1, `/api/archivos/inmueble/${c1}?categoria=video`, { filename: 'x.mp4', data: pdf }), 415, 41500),
    ).toBe('file: «x.mp4» no es un video MP4, MOV o WEBM.');
    const videos = await as(t.app, consulta1).get(`/api/archivos/inmueble/${c1}?categoria=video`);
    expect(videos.json().data.map((x: { id: number }) => x.id)).toEqual([r.json().data.id]);
  });

  it('deletes a file and, after the commit, its bytes; audits both', async () => {
    const r = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'borrar.pdf', data: pdf });
    const id = r.json().data.id as number;
    const antes = guardados(t).length;
    expect((await pedir(admin1, 'DELETE', `/api/archivos/prueba/${c1}/${id}`)).statusCode).toBe(200);
    await waitAfterCommit();
    expect(guardados(t).length).toBe(antes - 1);
    error(await as(t.app, admin1).get(`/api/archivos/prueba/${c1}/${id}`), 404, 40400);
    const acciones = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'pruebas' and cambios::text like ${`%${id}: borrar.pdf%`} order by id`,
      ),
    );
    expect(acciones.map((a) => a.accion)).toEqual(['subir archivo', 'eliminar archivo']);
  });
});

describe('the unused-files job', () => {
  it('deletes a stored file no row names (a process died before writing it), and keeps the others', async () => {
    const r = await subir(t, admin1, `/api/archivos/prueba/${c1}`, { filename: 'guardado.pdf', data: pdf });
    expect(r.statusCode).toBe(200);
    await t.deps.storage.put('1/archivos/huerfano', Buffer.from('x'));
    const antes = guardados(t);
    const borrados = await borrarArchivosSinUso({
      db: t.db,
      storage: t.deps.storage,
      carpetas: [CARPETA_ARCHIVOS],
      ahora: new Date(Date.now() + 48 * 3_600_000),
    });
    expect(borrados).toEqual({ archivos: 1 });
    expect(guardados(t).sort()).toEqual(antes.filter((n) => n !== 'huerfano').sort());
  });
});

describe('quota', () => {
  let q: TestApp;
  let admin: string;
  beforeAll(async () => {
    q = await createTestApp({ archivosCuotaBytes: 1 * MB });
    admin = await login(q.app, DEMO.admin1);
    await inmueble(q, 1, 5);
  });
  afterAll(() => q.close());

  it('shows the company total and refuses an upload past the limit with a Spanish message', async () => {
    const a = randomBytes(600 * 1024);
    expect((await subir(q, admin, '/api/archivos/prueba/5', { filename: 'a.bin', data: a })).statusCode).toBe(200);
    const uso = await as(q.app, admin).get('/api/archivos/uso');
    expect(uso.json().data).toEqual({ bytes: a.length, archivos: 1, limite_bytes: MB });
    const m = error(await subir(q, admin, '/api/archivos/prueba/5', { filename: 'b.bin', data: a }), 413, 41300);
    expect(m).toBe(
      'file: la empresa ya usa 600 KB de los 1 MB de archivos que tiene contratados; elimine archivos que ya no necesite o pida ampliar el espacio.',
    );
    expect(guardados(q)).toHaveLength(1);
    // Another company's files do not count against this one.
    const admin2q = await login(q.app, DEMO.admin2);
    expect((await as(q.app, admin2q).get('/api/archivos/uso')).json().data).toMatchObject({ bytes: 0, archivos: 0 });
  });
});
