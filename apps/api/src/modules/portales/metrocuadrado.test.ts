import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, multipart, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeMetrocuadrado, M2_API_KEY, M2_CLAVE, M2_IDENTIFICACION, M2_USUARIO } from '../../test/fake-metrocuadrado.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';
import { metrocuadrado } from './metrocuadrado.ts';
import { conciliar, encolarConciliaciones, MAX_INTENTOS_CONCILIAR } from './conciliacion.service.ts';
import { alGuardarInmueble, MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';

// Portal synchronisers (issue 34): the Metrocuadrado adapter («PTEC Core»: x-api-key on every call, a
// token from username + password + identification, properties with their transactions, photos uploaded
// one per position, status change to withdraw, the listing's status read back) against a local portal
// implementing that contract, with its faults.

const fake = new FakeMetrocuadrado();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
let municipio: number;

const CONFIG = () => ({
  activo: true,
  url: fake.url,
  usuario: M2_USUARIO,
  cuenta: M2_IDENTIFICACION,
  secreto: M2_CLAVE,
  clave_api: M2_API_KEY,
});

beforeAll(async () => {
  await fake.start();
  t = await createTestApp();
  cifrador = cifradorDe(t.deps.config, PROPOSITO_CIFRADO);
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios where codigo_dane = '05001' limit 1`))[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.fallas = [];
});

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
  administracion: 350_000,
  descripcion: 'Apartamento con balcón y vista',
  lat: 6.2087,
  lng: -75.5671,
  propietarios: [],
  publicar: { metrocuadrado: true },
  ...extra,
});

const crear = async (extra: Record<string, unknown> = {}) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', base(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; version: number };
};

const fila = async (consecutivo: number) =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<{ estado: string; id_externo: string | null; ultimo_error: string | null }>(
        tx,
        sql`select p.estado, p.id_externo, p.ultimo_error from portal_publicacion p
            join inmueble i on i.id = p.id_inmueble where i.consecutivo = ${consecutivo} and p.portal = 'metrocuadrado'`,
      ),
    )
  )[0];

const pendientes = (consecutivo: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'metrocuadrado'; solicitud: number } }>(
      tx,
      sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
          where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${consecutivo} order by t.id`,
    ),
  );

/** Runs the property's pending jobs (attempt `intento`); a job that asks to be retried stays pending. */
async function correr(consecutivo: number, intento = 1): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const j of await pendientes(consecutivo)) {
    try {
      out.push(
        await sincronizar({
          db: t.db,
          storage: t.deps.storage,
          cifrador,
          idEmpresa: 1,
          datos: j.datos,
          intento,
          maxIntentos: MAX_INTENTOS_PORTAL,
        }),
      );
    } catch (e) {
      out.push(e);
      continue;
    }
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
  }
  return out;
}

const ajustes = { url: '', usuario: M2_USUARIO, cuenta: M2_IDENTIFICACION, id_region: null, id_ciudad: null };

describe('Metrocuadrado mapping', () => {
  it('maps a property to the listing of the golden file, valid for the schema', async () => {
    const p = metrocuadrado.esquema.parse(metrocuadrado.mapear(FICHA_PORTAL, ajustes));
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/metrocuadrado-apartamento.json');
    expect(p.transactions).toEqual([
      { type: 'ARRIENDO', price: 4_200_000 },
      { type: 'VENTA', price: 780_000_000 },
    ]);
  });

  it('names in Spanish each field Metrocuadrado requires that is missing', () => {
    const vacia = {
      ...FICHA_PORTAL,
      canon: null,
      precio_venta: 0,
      area_construida: null,
      area_privada: null,
      estrato: null,
      direccion: ' ',
      descripcion: ' ',
    };
    expect(metrocuadrado.faltantes(vacia, { ...ajustes, cuenta: '' })).toEqual([
      'Canon de arrendamiento',
      'Precio de venta',
      'Área construida (m²) o Área privada (m²)',
      'Estrato',
      'Dirección',
      'Descripción',
      'Identificación (identification) (configuración del portal)',
    ]);
    expect(metrocuadrado.faltantes({ ...FICHA_PORTAL, tipo: 'lote', area_lote: null }, ajustes)).toEqual(['Área del lote (m²)']);
    expect(metrocuadrado.faltantes({ ...FICHA_PORTAL, tipo: 'parqueadero' }, ajustes)).toEqual([
      'Tipo de inmueble (Metrocuadrado no tiene «parqueadero»)',
    ]);
    expect(metrocuadrado.faltantes(FICHA_PORTAL, ajustes)).toEqual([]);
  });
});

describe('Metrocuadrado settings', () => {
  it('keeps the password and the API key encrypted and never answers them; idm 515; bad input named', async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      portal: 'metrocuadrado',
      usuario: M2_USUARIO,
      cuenta: M2_IDENTIFICACION,
      con_secreto: true,
      con_clave_api: true,
    });
    expect(r.body).not.toContain(M2_CLAVE);
    expect(r.body).not.toContain(M2_API_KEY);
    const leida = await pedir(admin1, 'GET', '/api/portales/metrocuadrado/configuracion');
    expect(leida.body).not.toContain(M2_API_KEY);
    expect(leida.json().data).not.toHaveProperty('clave_api');
    // Stored encrypted, not as typed.
    const [cfg] = await t.db.tenant(1, (tx) =>
      queryRows<{ ajustes: string; credenciales: string }>(
        tx,
        sql`select ajustes::text, credenciales from portal_config where portal = 'metrocuadrado'`,
      ),
    );
    expect(cfg!.ajustes).not.toContain(M2_API_KEY);
    expect(cfg!.credenciales).not.toContain(M2_CLAVE);
    // Empty keeps the saved key.
    const sinClave = await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', {
      ...CONFIG(),
      secreto: '',
      clave_api: '',
    });
    expect(sinClave.json().data).toMatchObject({ con_secreto: true, con_clave_api: true });

    const malo = await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', { ...CONFIG(), clave_api: 5 });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('El campo Clave de la API debe ser texto');
    expect((await pedir(asesor1, 'GET', '/api/portales/metrocuadrado/configuracion')).statusCode).toBe(403);
    // Another company sees its own (empty) settings, nothing of this one.
    const otra = await pedir(admin2, 'GET', '/api/portales/metrocuadrado/configuracion');
    expect(otra.json().data).toMatchObject({ configurado: false, con_secreto: false, con_clave_api: false });
  });

  it('«Probar conexión» logs in; a wrong API key and a wrong password are named', async () => {
    expect((await pedir(admin1, 'POST', '/api/portales/metrocuadrado/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Metrocuadrado aceptó las credenciales',
    });
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', { ...CONFIG(), clave_api: 'otra' });
    expect((await pedir(admin1, 'POST', '/api/portales/metrocuadrado/probar')).json().data).toEqual({
      ok: false,
      mensaje: 'Metrocuadrado rechazó la Clave de la API (x-api-key) (403): revísela en la pantalla de Metrocuadrado',
    });
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', { ...CONFIG(), secreto: 'otra' });
    expect((await pedir(admin1, 'POST', '/api/portales/metrocuadrado/probar')).json().data).toEqual({
      ok: false,
      mensaje:
        'Metrocuadrado rechazó el usuario, la contraseña o la identificación (401): revíselos en la pantalla de Metrocuadrado',
    });
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
  });
});

describe('Metrocuadrado against its fake', () => {
  beforeAll(async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    expect(r.statusCode, r.body).toBe(200);
  });

  it('publishes with photos, renews a dead token once, updates, does not resend unchanged, withdraws', async () => {
    const d = await crear();
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const body = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data });
    const subida = await t.app.inject({
      method: 'POST',
      url: `/api/inmuebles/${d.consecutivo}/fotos`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin1}` },
    });
    expect(subida.statusCode, subida.body).toBe(200);
    const r = await correr(d.consecutivo);
    const id = (r.at(-1) as { publicar: string }).publicar;
    expect(id).toMatch(/^M2-/);
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'publicado', id_externo: id });
    const enPortal = fake.inmuebles.get(id)!;
    expect(enPortal.transactions).toEqual([{ type: 'ARRIENDO', price: 2_500_000 }]);
    expect(enPortal.identification).toBe(M2_IDENTIFICACION);
    expect(enPortal.images.size).toBe(1);

    // A new canon: the token died early, one new login and the same listing is updated.
    const logins = fake.eventos.filter((e) => e.accion === 'login').length;
    expect((await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(200);
    const put = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, {
      ...base({ canon: 2_300_000 }),
      version: d.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    fake.fallas = ['ok', 'token'];
    expect(await correr(d.consecutivo)).toEqual([{ actualizar: id }]);
    expect(fake.eventos.filter((e) => e.accion === 'login').length).toBe(logins + 2);
    expect(fake.inmuebles.get(id)!.transactions).toEqual([{ type: 'ARRIENDO', price: 2_300_000 }]);

    // A save with nothing new for the portal is not sent again (the payload's hash is the same).
    const antes = fake.eventos.length;
    await t.db.tenant(1, async (tx) => {
      const [i] = await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${d.consecutivo}`);
      await alGuardarInmueble(tx, i!.id);
    });
    expect(await correr(d.consecutivo)).toEqual([{ sinCambios: id }]);
    expect(fake.eventos.slice(antes).filter((e) => e.accion !== 'login')).toEqual([]);

    const despub = await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${d.consecutivo}/despublicar`);
    expect(despub.statusCode, despub.body).toBe(200);
    expect(await correr(d.consecutivo)).toEqual([{ despublicado: id }]);
    expect(fake.inmuebles.get(id)!.status).toBe('INACTIVE');
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'despublicado', id_externo: null });
  });

  it('waits a 429 as told, retries a 500 and a timeout, and never publishes twice', async () => {
    const d = await crear();
    fake.retryAfter = '9';
    fake.fallas = ['429'];
    const [e] = await correr(d.consecutivo);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(9000);
    expect(await fila(d.consecutivo)).toMatchObject({
      estado: 'error',
      ultimo_error: 'Metrocuadrado limitó los envíos (429): se reintentará en 9 s',
    });
    // A 500 on the create (after a good login) is retried; the next attempt publishes once.
    fake.fallas = ['ok', '500'];
    await correr(d.consecutivo, 2);
    expect((await fila(d.consecutivo))!.ultimo_error).toBe('Metrocuadrado falló (500): Servicio no disponible: se reintentará');
    const [pub] = (await correr(d.consecutivo, 3)) as { publicar: string }[];
    expect(pub!.publicar).toMatch(/^M2-/);
    expect([...fake.inmuebles.values()].filter((i) => i.externalCode === String(d.consecutivo))).toHaveLength(1);

    // A timeout is retried, and the retry updates the same listing: nothing is published twice.
    await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${d.consecutivo}/actualizar`);
    fake.fallas = ['lento'];
    const lento = await correr(d.consecutivo, 1);
    expect((lento[0] as Error).message).toContain('Metrocuadrado no respondió a tiempo');
    expect(await correr(d.consecutivo, 2)).toEqual([{ actualizar: pub!.publicar }]);
    expect([...fake.inmuebles.values()].filter((i) => i.externalCode === String(d.consecutivo))).toHaveLength(1);

    // The last attempt says the retries are over.
    await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${d.consecutivo}/actualizar`);
    fake.fallas = ['503', '503', '503'];
    expect(await correr(d.consecutivo, MAX_INTENTOS_PORTAL)).toEqual([
      { error: 'Metrocuadrado falló (503): Servicio no disponible: se agotaron los reintentos (use Actualizar)' },
    ]);
  }, 40_000);

  it('stops on a wrong password without retrying, and names what a property lacks before sending', async () => {
    const d = await crear({ estrato: null });
    expect(await correr(d.consecutivo)).toEqual([{ error: 'Faltan datos para publicar en Metrocuadrado: Estrato' }]);
    const pub = await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${d.consecutivo}/publicar`);
    expect(pub.statusCode).toBe(400);
    expect(pub.body).toContain('Faltan datos para publicar en Metrocuadrado: Estrato');

    const e = await crear();
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', { ...CONFIG(), secreto: 'otra' });
    try {
      expect(await correr(e.consecutivo)).toEqual([
        {
          error:
            'Metrocuadrado rechazó el usuario, la contraseña o la identificación (401): revíselos en la pantalla de Metrocuadrado',
        },
      ]);
    } finally {
      await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    }
  });

  it('the screen: idm 515 checked, another company gets 404 for this company’s property', async () => {
    const d = await crear();
    expect((await pedir(asesor1, 'GET', '/api/portales/metrocuadrado/inmuebles')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'POST', `/api/portales/metrocuadrado/inmuebles/${d.consecutivo}/publicar`)).statusCode).toBe(
      403,
    );
    await pedir(admin2, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    // Consecutivos are per company: ask for one company 1 has and company 2 does not.
    const [{ max }] = (await t.db.tenant(2, (tx) =>
      queryRows<{ max: number | null }>(tx, sql`select max(consecutivo)::int as max from inmueble`),
    )) as [{ max: number | null }];
    const ajeno = Math.max(d.consecutivo, (max ?? 0) + 1);
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update inmueble set consecutivo = ${ajeno} where consecutivo = ${d.consecutivo}`),
    );
    const otra = await pedir(admin2, 'POST', `/api/portales/metrocuadrado/inmuebles/${ajeno}/publicar`);
    expect(otra.statusCode).toBe(404);
    expect(otra.body).toContain(`El inmueble ${ajeno} no existe`);
    const lista = (await pedir(admin2, 'GET', '/api/portales/metrocuadrado/inmuebles')).json().data as { consecutivo: number }[];
    expect(lista.some((p) => p.consecutivo === ajeno)).toBe(false);
  });
});

describe('nightly reconciliation against the fake', () => {
  beforeAll(async () => {
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
  });
  const pasada = (intento = 1) =>
    conciliar({ db: t.db, cifrador, idEmpresa: 1, portal: 'metrocuadrado', intento, maxIntentos: MAX_INTENTOS_CONCILIAR });

  it('reads each published listing and fixes what the portal changed, with its reason in Spanish', async () => {
    const ds = [await crear(), await crear(), await crear(), await crear()];
    const ids: string[] = [];
    for (const d of ds) ids.push(((await correr(d.consecutivo)).at(-1) as { publicar: string }).publicar);
    fake.cambiarEstado(ids[0]!, 'REJECTED', 'Las fotos tienen marca de agua');
    fake.cambiarEstado(ids[1]!, 'EXPIRED');
    fake.inmuebles.delete(ids[2]!);
    // ids[3] stays published there: nothing changes for it.

    // A 429 in the middle: the pass waits as told and the retry finishes it.
    fake.retryAfter = '11';
    fake.fallas = ['ok', 'ok', '429'];
    const e = await pasada(1).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(11_000);
    const r = (await pasada(2)) as { revisados: number; diferencias: number };
    expect(r.diferencias).toBe(3);

    expect(await fila(ds[0]!.consecutivo)).toMatchObject({
      estado: 'error',
      id_externo: ids[0],
      ultimo_error: 'Metrocuadrado rechazó el inmueble: Las fotos tienen marca de agua',
    });
    expect(await fila(ds[1]!.consecutivo)).toMatchObject({
      estado: 'despublicado',
      id_externo: null,
      ultimo_error: 'Metrocuadrado lo retiró: la publicación venció',
    });
    expect(await fila(ds[2]!.consecutivo)).toMatchObject({
      estado: 'error',
      id_externo: null,
      ultimo_error: `Metrocuadrado ya no tiene el inmueble (id ${ids[2]}): use Actualizar para publicarlo de nuevo`,
    });
    expect(await fila(ds[3]!.consecutivo)).toMatchObject({ estado: 'publicado', id_externo: ids[3] });

    // The health panel shows when it ran and what differed.
    const salud = (await pedir(admin1, 'GET', '/api/portales/metrocuadrado/salud')).json().data as {
      conciliacion: {
        en: string | null;
        revisados: number;
        diferencias: { consecutivo: number; despues: string }[];
        error: null;
      };
    };
    expect(salud.conciliacion.en).not.toBeNull();
    expect(salud.conciliacion.error).toBeNull();
    expect(salud.conciliacion.diferencias.map((d) => [d.consecutivo, d.despues])).toEqual([
      [ds[0]!.consecutivo, 'error'],
      [ds[1]!.consecutivo, 'despublicado'],
      [ds[2]!.consecutivo, 'error'],
    ]);
    // The property's history says so.
    const h = (await pedir(admin1, 'GET', `/api/portales/metrocuadrado/inmuebles/${ds[0]!.consecutivo}/historial`)).json()
      .data as { accion: string; detalle: string }[];
    expect(h.some((x) => x.accion === 'conciliar' && x.detalle.includes('marca de agua'))).toBe(true);

    // «Actualizar» on the refused one sends the corrected data to the same listing.
    await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${ds[0]!.consecutivo}/actualizar`);
    expect(await correr(ds[0]!.consecutivo)).toEqual([{ actualizar: ids[0] }]);

    // A second pass finds nothing new; a wrong password stops it, kept for the panel.
    expect(((await pasada(1)) as { diferencias: number }).diferencias).toBe(0);
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', { ...CONFIG(), secreto: 'otra' });
    try {
      expect(await pasada(1)).toMatchObject({
        error:
          'Metrocuadrado rechazó el usuario, la contraseña o la identificación (401): revíselos en la pantalla de Metrocuadrado',
      });
      const s2 = (await pedir(admin1, 'GET', '/api/portales/metrocuadrado/salud')).json().data as {
        conciliacion: { error: string | null };
      };
      expect(s2.conciliacion.error).toContain('rechazó el usuario');
    } finally {
      await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    }
  });

  it('«Conciliar ahora» queues one job (idm 515), the nightly pass one per company; a feed portal has no such action', async () => {
    const r = await pedir(admin1, 'POST', '/api/portales/metrocuadrado/conciliar');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ encolado: true });
    expect((await pedir(asesor1, 'POST', '/api/portales/metrocuadrado/conciliar')).statusCode).toBe(403);
    expect((await pedir(admin1, 'POST', '/api/portales/casa_raiz/conciliar')).statusCode).toBe(404);
    await encolarConciliaciones(t.db);
    const jobs = await t.db.system((tx) =>
      queryRows<{ id_empresa: number; clave: string }>(
        tx,
        sql`select id_empresa, clave from trabajo where tipo = 'portales.conciliar' order by id_empresa, clave`,
      ),
    );
    expect(jobs.filter((j) => j.id_empresa === 1).map((j) => j.clave.split('@')[0])).toEqual([
      'conciliar:metrocuadrado',
      'conciliar:metrocuadrado',
    ]);
    // Another company's health panel shows nothing of this one's pass.
    const otra = (await pedir(admin2, 'GET', '/api/portales/metrocuadrado/salud')).json().data as {
      conciliacion: { en: string | null; diferencias: unknown[] };
    };
    expect(otra.conciliacion.diferencias).toEqual([]);
  });
});

describe('bulk unpublishing from the bulk screen', () => {
  beforeAll(async () => {
    await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
  });

  it('previews what the filter takes off, refuses a changed set, then queues one job per property', async () => {
    const ds = [await crear({ tipo: 'bodega', area_construida: 400 }), await crear({ tipo: 'bodega', area_construida: 500 })];
    const ids: string[] = [];
    for (const d of ds) ids.push(((await correr(d.consecutivo)).at(-1) as { publicar: string }).publicar);
    const url = '/api/portales/metrocuadrado/masivo/despublicar';

    const malo = await pedir(admin1, 'POST', `${url}/vista-previa`, { estado: 'perdido' });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('El campo Estado del inmueble debe ser uno de');
    expect((await pedir(asesor1, 'POST', `${url}/vista-previa`, { tipo: 'bodega' })).statusCode).toBe(403);

    const vista = await pedir(admin1, 'POST', `${url}/vista-previa`, { tipo: 'bodega' });
    expect(vista.statusCode, vista.body).toBe(200);
    expect(vista.json().data).toEqual({
      total: 2,
      recortado: false,
      inmuebles: ds.map((d) => ({ consecutivo: d.consecutivo, direccion: 'Calle 10 # 43-20 Apto 501', estado: 'publicado' })),
    });
    // Another company's preview holds nothing of this one's.
    await pedir(admin2, 'PUT', '/api/portales/metrocuadrado/configuracion', CONFIG());
    expect((await pedir(admin2, 'POST', `${url}/vista-previa`, { tipo: 'bodega' })).json().data.total).toBe(0);

    // The preview showed 3 (say, before someone unpublished one): nothing is taken off.
    const distinto = await pedir(admin1, 'POST', url, { tipo: 'bodega', cantidad: 3 });
    expect(distinto.statusCode).toBe(409);
    expect(distinto.body).toContain('La vista previa mostraba 3 inmuebles para despublicar y ahora son 2');
    expect(await pendientes(ds[0]!.consecutivo)).toEqual([]);
    expect((await pedir(admin1, 'POST', url, { tipo: 'bodega', cantidad: 0 })).body).toContain(
      'El campo cantidad debe ser al menos 1',
    );

    const ok = await pedir(admin1, 'POST', url, { tipo: 'bodega', cantidad: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ encolados: 2 });
    for (const [n, d] of ds.entries()) {
      expect(await pendientes(d.consecutivo)).toHaveLength(1);
      expect(await correr(d.consecutivo)).toEqual([{ despublicado: ids[n] }]);
      expect(fake.inmuebles.get(ids[n]!)!.status).toBe('INACTIVE');
      expect(await fila(d.consecutivo)).toMatchObject({ estado: 'despublicado', id_externo: null });
      const i = (await pedir(admin1, 'GET', `/api/inmuebles/${d.consecutivo}`)).json().data as {
        publicar: Record<string, boolean>;
      };
      expect(i.publicar.metrocuadrado).toBe(false);
    }
    const h = (await pedir(admin1, 'GET', `/api/portales/metrocuadrado/inmuebles/${ds[0]!.consecutivo}/historial`)).json()
      .data as { detalle: string }[];
    expect(h.some((x) => x.detalle === 'despublicación masiva')).toBe(true);
    // Nothing left for the filter; a second confirmation is refused.
    expect((await pedir(admin1, 'POST', `${url}/vista-previa`, { tipo: 'bodega' })).json().data.total).toBe(0);
    expect((await pedir(admin1, 'POST', url, { tipo: 'bodega', cantidad: 2 })).statusCode).toBe(409);
  });
});
