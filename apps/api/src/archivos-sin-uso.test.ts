import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from './db/rows.ts';
import { CARPETA_LOGOS } from './modules/empresa/empresa.service.ts';
import { CARPETA_FOTOS } from './modules/terceros/terceros.service.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from './test/harness.ts';
import { borrarArchivosSinUso, HORAS_GRACIA_SUBIDAS } from './platform/storage/sin-uso.ts';

// Issue 22 §11: a photo uploaded without a tercero was kept forever, and people's photos and logos kept
// their EXIF (a phone writes where it was taken) while property photos lost it.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin1);
});
afterAll(() => t.close());

/** A phone's photo: 400×300 stored sideways (orientation 6), with the camera's owner and where it was taken. */
const fotoDeCelular = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Ana Propietaria' }, IFD3: { GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const subir = async (url: string, data: Buffer, campos: Record<string, string> = {}) => {
  const m = multipart({ filename: 'celular.jpg', contentType: 'image/jpeg', data }, campos);
  const r = await as(t.app, admin).post(url, m.payload, { headers: m.headers });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().nombreArchivo as string;
};

describe('uploaded images are stored without their metadata', () => {
  it('a person photo and a logo lose EXIF and location and come upright', async () => {
    const original = await fotoDeCelular();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    for (const [subida, descarga] of [
      ['/api/terceros/SubirFoto', '/api/terceros/foto/'],
      ['/api/empresa/logo', '/api/empresa/logo/'],
    ] as const) {
      const nombre = await subir(subida, original);
      const r = await as(t.app, admin).get(`${descarga}${nombre}`);
      expect(r.statusCode).toBe(200);
      const meta = await sharp(r.rawPayload).metadata();
      expect(meta.exif, subida).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 400]);
    }
  });
});

describe('the daily pass over stored photos and logos', () => {
  it('deletes, after a day, the photos no tercero shows and the logos the company replaced', async () => {
    const foto = await fotoDeCelular();
    const [{ nro_id }] = (await t.db.tenant(1, (tx) =>
      queryRows<{ nro_id: string }>(tx, sql`select nro_id from terceros order by id limit 1`),
    )) as [{ nro_id: string }];
    const suelta = await subir('/api/terceros/SubirFoto', foto);
    const puesta = await subir('/api/terceros/SubirFoto', foto, { nro_id });
    const logoViejo = await subir('/api/empresa/logo', foto);
    const logo = await subir('/api/empresa/logo', foto);
    const existe = async (url: string) => (await as(t.app, admin).get(url)).statusCode;
    const pasar = (horas: number) =>
      borrarArchivosSinUso({
        db: t.db,
        storage: t.deps.storage,
        carpetas: [CARPETA_FOTOS, CARPETA_LOGOS],
        ahora: new Date(Date.now() + horas * 3_600_000),
      });

    // Within the day a form may still save the tercero that photo was uploaded for.
    expect(await pasar(HORAS_GRACIA_SUBIDAS - 1)).toEqual({ fotos: 0, logos: 0 });
    expect(await existe(`/api/terceros/foto/${suelta}`)).toBe(200);

    const borrados = await pasar(HORAS_GRACIA_SUBIDAS + 1);
    // The first test's photo and logos count too: none of them is shown by anyone.
    expect(borrados.fotos).toBeGreaterThanOrEqual(1);
    expect(await existe(`/api/terceros/foto/${suelta}`)).toBe(404);
    expect(await existe(`/api/terceros/foto/${puesta}`)).toBe(200);
    expect(await existe(`/api/empresa/logo/${logoViejo}`)).toBe(404);
    expect(await existe(`/api/empresa/logo/${logo}`)).toBe(200);
    expect(await pasar(HORAS_GRACIA_SUBIDAS + 1)).toEqual({ fotos: 0, logos: 0 });
  });
});
