import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditoria } from '../../db/schema/plataforma.ts';
import { as, crearUsuario, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';

const ADMIN1 = '71650321';
const ASESOR1 = '43876512';
const ADMIN2 = '72145896';
const SIN59 = '1017000059';

let t: TestApp;
let admin: string;
let asesor: string;
let sin59: string;
let admin2: string;
beforeAll(async () => {
  t = await createTestApp();
  // A user without the terceros permission (59).
  await crearUsuario(t.db, 1, { usuario: 'sin59', nroId: SIN59, permisos: '489,490' });
  [admin, asesor, sin59, admin2] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, { idEmpresa: 1, usuario: 'sin59', clave: 'demo1234' }),
    login(t.app, DEMO.admin2),
  ]);
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#96be0e' } })
    .png()
    .toBuffer();

function esperaError(
  r: { statusCode: number; json(): { code: number; message: string } },
  status: number,
  code: number,
  campo?: string,
) {
  expect(r.statusCode).toBe(status);
  expect(r.json().code).toBe(code);
  if (campo) expect(r.json().message).toContain(campo);
}

for (const accion of ['GetTerceroLog', 'GetTercero']) {
  describe(`GET /terceros/${accion}/:nro_id`, () => {
    const url = (nro: string) => `/api/terceros/${accion}/${nro}`;

    it('answers the own person', async () => {
      const r = await as(t.app, asesor).get(url(ASESOR1));
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ nro_id: ASESOR1, nombre: 'Laura Marcela Ospina Rojas', foto: null });
    });

    it('lets a user with permission 59 see someone else', async () => {
      const r = await as(t.app, asesor).get(url(ADMIN1));
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ nro_id: ADMIN1, nombre: 'Carlos Andrés Restrepo Gómez' });
    });

    it('limits a user without 59 to himself', async () => {
      expect((await as(t.app, sin59).get(url(SIN59))).json().data.nro_id).toBe(SIN59);
      esperaError(await as(t.app, sin59).get(url(ADMIN1)), 403, 50403);
    });

    it("does not show another company's person", async () => {
      esperaError(await as(t.app, admin).get(url(ADMIN2)), 404, 40400);
      esperaError(await as(t.app, admin2).get(url(ADMIN1)), 404, 40400);
      expect((await as(t.app, admin2).get(url(ADMIN2))).json().data.nro_id).toBe(ADMIN2);
    });

    it('names nro_id when it is malformed', async () => {
      esperaError(await as(t.app, admin).get(url('a%20b')), 400, 40000, 'nro_id');
      esperaError(await as(t.app, admin).get(url('1'.repeat(25))), 400, 40000, 'nro_id');
    });

    it('needs a token', async () => {
      esperaError(await as(t.app, null).get(url(ADMIN1)), 401, 50008);
    });
  });
}

describe('GET /terceros/GetTercero defaults', () => {
  it('fills the defaults of spec §3 for a person stored with only a name', async () => {
    const r = await as(t.app, sin59).get(`/api/terceros/GetTercero/${SIN59}`);
    expect(r.json().data).toMatchObject({
      nro_id: SIN59,
      tipo_dcto: 13,
      tipo_contribuyente: 2,
      correspondencia: 'Enviar',
      propietario: true,
      empleado: false,
      activo: true,
      foto: null,
    });
  });
});

describe('POST /terceros/SubirFoto', () => {
  const subir = (token: string | null, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
    const m = multipart(file, fields);
    return as(t.app, token).post('/api/terceros/SubirFoto', m.payload, { headers: m.headers });
  };
  const archivoPng = async (w = 300, h = 300) => ({ filename: 'foto.png', contentType: 'image/png', data: await png(w, h) });

  it('stores a 300×300 PNG and serves the same bytes back', async () => {
    const file = await archivoPng();
    const r = await subir(admin, file);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.code).toBe(20000);
    expect(body.nombreArchivo).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(body.data.nombreArchivo).toBe(body.nombreArchivo);

    const foto = await as(t.app, admin).get(`/api/terceros/foto/${body.nombreArchivo}`);
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/png');
    expect(foto.rawPayload.equals(file.data)).toBe(true);

    // <img src> sends only the cookie.
    const porCookie = await t.app.inject({
      method: 'GET',
      url: `/api/terceros/foto/${body.nombreArchivo}`,
      headers: { cookie: `sidebarStatus=1; Admin-Token=${admin}` },
    });
    expect(porCookie.statusCode).toBe(200);
    expect(porCookie.rawPayload.equals(file.data)).toBe(true);

    esperaError(await as(t.app, null).get(`/api/terceros/foto/${body.nombreArchivo}`), 401, 50008);
    // Another company cannot fetch it, even knowing the name.
    esperaError(await as(t.app, admin2).get(`/api/terceros/foto/${body.nombreArchivo}`), 404, 40400);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const r = await subir(admin, { filename: 'x.png', contentType: 'image/png', data: Buffer.from('esto no es una imagen') });
    esperaError(r, 415, 41500, 'file');
  });

  it('refuses an image smaller than 200×200 naming the minimum', async () => {
    const r = await subir(admin, await archivoPng(100, 100));
    esperaError(r, 400, 40000, 'file');
    expect(r.json().message).toContain('200×200');
  });

  it('refuses a file over 10240 KB with 413', async () => {
    const r = await subir(admin, { filename: 'grande.png', contentType: 'image/png', data: randomBytes(10.5 * 1024 * 1024) });
    esperaError(r, 413, 41300, 'file');
    expect(r.json().message).toContain('10240 KB');
  });

  it('names file when none is sent', async () => {
    esperaError(await subir(admin, null), 400, 40000, 'file');
    esperaError(await subir(admin, null, { nro_id: ADMIN1 }), 400, 40000, 'file');
  });

  it('needs a token', async () => {
    esperaError(await subir(null, await archivoPng()), 401, 50008);
  });

  it('sets the photo of the own person and audits the change', async () => {
    const r = await subir(sin59, await archivoPng(), { nro_id: SIN59 });
    expect(r.statusCode).toBe(200);
    const nombre = r.json().nombreArchivo as string;
    const log = await as(t.app, sin59).get(`/api/terceros/GetTerceroLog/${SIN59}`);
    expect(log.json().data.foto).toBe(nombre);

    const filas = await t.db.tenant(1, (tx) =>
      tx
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidad, 'terceros'), eq(auditoria.entidadId, SIN59))),
    );
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      usuario: 'sin59',
      accion: 'actualizar',
      cambios: { foto: { antes: null, despues: nombre } },
    });
  });

  it("needs permission 59 to set someone else's photo", async () => {
    esperaError(await subir(sin59, await archivoPng(), { nro_id: ADMIN1 }), 403, 50403);
    expect((await as(t.app, admin).get(`/api/terceros/GetTerceroLog/${ADMIN1}`)).json().data.foto).toBeNull();
    const r = await subir(asesor, await archivoPng(), { nro_id: ADMIN1 });
    expect(r.statusCode).toBe(200);
    expect((await as(t.app, admin).get(`/api/terceros/GetTerceroLog/${ADMIN1}`)).json().data.foto).toBe(r.json().nombreArchivo);
  });

  it("cannot set the photo of another company's person, and keeps no file of the refused upload", async () => {
    const archivos = () => readdirSync(join(t.deps.config.dataDir, 'files', '1', 'fotos')).length;
    const antes = archivos();
    esperaError(await subir(admin, await archivoPng(), { nro_id: ADMIN2 }), 404, 40400);
    expect(archivos()).toBe(antes);
    expect((await as(t.app, admin2).get(`/api/terceros/GetTerceroLog/${ADMIN2}`)).json().data.foto).toBeNull();
  });

  it('names nro_id when the field is malformed', async () => {
    esperaError(await subir(admin, await archivoPng(), { nro_id: 'a b' }), 400, 40000, 'nro_id');
  });
});
