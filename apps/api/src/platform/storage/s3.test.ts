import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import type { ConfigStorage } from '../../config.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

// The S3 driver against a real S3 server: s3rver, pure JavaScript from npm (a dev dependency), run in
// this process on a free port. Where it cannot start, these tests are skipped and say why.
const BUCKET = 'predio-pruebas';
const dir = mkdtempSync(join(tmpdir(), 'predio-s3-'));
let servidor: { close(): Promise<void> } | null = null;
let config: Extract<ConfigStorage, { tipo: 's3' }> | null = null;
let motivo = '';
try {
  const { default: S3rver } = await import('s3rver');
  const s = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s.run();
  servidor = s;
  config = {
    tipo: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
} catch (e) {
  motivo = `no se pudo iniciar s3rver: ${(e as Error).message}`;
}

afterAll(async () => {
  await servidor?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.skipIf(!config)(`S3 driver${config ? '' : ` (omitido: ${motivo})`}`, () => {
  let s: Storage;
  beforeAll(() => {
    s = s3Storage(config!);
  });

  it('puts, gets, lists and deletes whole files; a missing key is null', async () => {
    await s.put('1/logos/a.png', Buffer.from('uno'));
    await s.put('1/logos/b.png', Buffer.from('dos'));
    await s.put('1/otros/c.png', Buffer.from('tres'));
    expect((await s.get('1/logos/a.png'))!.toString()).toBe('uno');
    expect(await s.get('1/logos/nada.png')).toBeNull();
    expect(await s.getStream('1/logos/nada.png')).toBeNull();
    const lista = await s.listar('1/logos');
    expect(lista.map((f) => f.clave).sort()).toEqual(['1/logos/a.png', '1/logos/b.png']);
    expect(lista[0]!.modificado).toBeInstanceOf(Date);
    await s.delete('1/logos/a.png');
    await s.delete('1/logos/a.png'); // twice is fine
    expect(await s.get('1/logos/a.png')).toBeNull();
    await expect(s.put('../x', Buffer.alloc(1))).rejects.toThrow('clave de archivo inválida');
  });

  it('streams a 12 MB file up in parts and back, byte for byte', async () => {
    const datos = randomBytes(12 * 1024 * 1024);
    // Chunks of 64 KB, as a request arrives.
    const trozos = function* () {
      for (let i = 0; i < datos.length; i += 65536) yield datos.subarray(i, i + 65536);
    };
    await s.putStream('1/archivos/grande', Readable.from(trozos()));
    const l = await s.getStream('1/archivos/grande');
    expect(l!.bytes).toBe(datos.length);
    expect(sha(await buffer(l!.stream))).toBe(sha(datos));
  });

  it('leaves no object when the stream fails half way', async () => {
    let n = 0;
    const roto = new Readable({
      read() {
        this.push(randomBytes(1024 * 1024));
        if (++n > 7) this.destroy(new Error('conexión cortada'));
      },
    });
    await expect(s.putStream('1/archivos/roto', roto)).rejects.toThrow();
    expect(await s.get('1/archivos/roto')).toBeNull();
  });
});

describe.skipIf(!config)(`the API on S3${config ? '' : ` (omitido: ${motivo})`}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ storage: config! });
    admin = await login(t.app, DEMO.admin1);
  });
  afterAll(() => t.close());

  it('uploads and downloads a property document and a photo through the bucket', async () => {
    const { consecutivo } = await crearInmueble(t, admin);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
    const m = multipart({ filename: 'escritura.pdf', contentType: 'application/pdf', data: pdf });
    const r = await as(t.app, admin).post(`/api/archivos/inmueble/${consecutivo}?categoria=documento`, m.payload, {
      headers: m.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ content_type: 'application/pdf', bytes: pdf.length, sha256: sha(pdf) });
    const b = await as(t.app, admin).get(`/api/archivos/inmueble/${consecutivo}/${r.json().data.id}`);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(pdf)).toBe(true);
    const legado = await as(t.app, admin).get(`/api/inmuebles/${consecutivo}/documentos/${r.json().data.id}`);
    expect(legado.rawPayload.equals(pdf)).toBe(true);
  });
});

async function crearInmueble(t: TestApp, token: string): Promise<{ consecutivo: number }> {
  const [ref] = await t.db.tenant(1, (tx) =>
    queryRows<{ municipio: number; tercero: number }>(
      tx,
      sql`select (select id from municipios order by id limit 1) as municipio, (select id from terceros order by id limit 1) as tercero`,
    ),
  );
  const r = await as(t.app, token).post('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20',
    id_municipio: ref!.municipio,
    canon: 2_500_000,
    propietarios: [{ id_tercero: ref!.tercero, porcentaje: 100 }],
  });
  expect(r.statusCode, r.body).toBe(200);
  return { consecutivo: r.json().data.consecutivo as number };
}
