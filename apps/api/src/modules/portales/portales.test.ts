import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { permitirDestinosInternos } from '../../platform/http/destinos.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import sharp from 'sharp';
import type { PortalConfig, ResumenPortales, SaludPortal } from '@predio/contract/portales';
import {
  createTestApp,
  crearUsuario,
  DEMO,
  error,
  login,
  multipart,
  ok,
  type TestApp,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';
import { FakeWasi, WASI_EMPRESA, WASI_TOKEN } from '../../test/fake-wasi.ts';
import { ErrorPortal, llamar } from './adaptador.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { wasi } from './wasi.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';

// Portal synchronisers (issue 34): the Wasi adapter against a local Wasi with faults, the job's state
// machine (pendiente → enviado → publicado | error → despublicado), the triggers from the property's
// save, and the settings (token encrypted, never answered).

const fake = new FakeWasi();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
let municipio: number;
let causal: number;

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
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id;
    causal = (await queryRows<{ id: number }>(tx, sql`select id from causales_retiro order by id limit 1`))[0]!.id;
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

const configurar = (token = admin1, extra: Record<string, unknown> = {}) =>
  pedir(token, 'PUT', '/api/portales/wasi/configuracion', {
    activo: true,
    url: fake.url,
    usuario: WASI_EMPRESA,
    id_region: 2,
    id_ciudad: 698,
    secreto: WASI_TOKEN,
    ...extra,
  });

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
  propietarios: [],
  publicar: { wasi: true },
  ...extra,
});

const crear = async (extra: Record<string, unknown> = {}) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', base(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; id?: number; version: number };
};

type Fila = { estado: string; id_externo: string | null; ultimo_error: string | null; hash: string | null };
const fila = async (consecutivo: number): Promise<Fila | undefined> =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<Fila>(
        tx,
        sql`select p.estado, p.id_externo, p.ultimo_error, p.hash from portal_publicacion p
            join inmueble i on i.id = p.id_inmueble where i.consecutivo = ${consecutivo} and p.portal = 'wasi'`,
      ),
    )
  )[0];

/** The pending sync jobs of a property, as the runner would claim them. */
const pendientes = (consecutivo: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'wasi'; solicitud: number } }>(
      tx,
      sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
          where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${consecutivo} order by t.id`,
    ),
  );

/** Runs the property's pending jobs in order (attempt `intento`), marking them done as the runner would. */
async function correr(consecutivo: number, intento = 1): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const j of await pendientes(consecutivo)) {
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
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
  }
  return out;
}
const unaVez = async (consecutivo: number, intento = 1) => {
  const [j] = await pendientes(consecutivo);
  return sincronizar({
    db: t.db,
    storage: t.deps.storage,
    cifrador,
    idEmpresa: 1,
    datos: j!.datos,
    intento,
    maxIntentos: MAX_INTENTOS_PORTAL,
  });
};

const ficha = FICHA_PORTAL;
const ajustes = { url: '', usuario: WASI_EMPRESA, cuenta: '', id_region: 2, id_ciudad: 698 };

describe('Wasi mapping', () => {
  it('maps a property to the listing of the golden file, valid for the schema', async () => {
    const p = wasi.esquema.parse(wasi.mapear(ficha, ajustes));
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/wasi-apartamento.json');
  });

  it('names in Spanish each field Wasi requires that is missing', () => {
    const vacia = {
      ...ficha,
      gestion: 'arriendo_venta' as const,
      canon: null,
      precio_venta: 0,
      area_construida: null,
      area_privada: null,
      descripcion: ' ',
    };
    expect(wasi.faltantes(vacia, { ...ajustes, id_ciudad: null })).toEqual([
      'Canon de arrendamiento',
      'Precio de venta',
      'Área construida (m²), Área privada (m²) o Área del lote (m²)',
      'Descripción',
      'Ciudad en Wasi (configuración del portal)',
    ]);
    expect(wasi.faltantes(ficha, ajustes)).toEqual([]);
  });
});

describe('settings', () => {
  it('saves the token encrypted and never answers it; empty keeps it', async () => {
    const r = await configurar();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({
      portal: 'wasi',
      configurado: true,
      activo: true,
      url: fake.url,
      usuario: WASI_EMPRESA,
      cuenta: '',
      id_region: 2,
      id_ciudad: 698,
      correo_contacto: '',
      telefono_contacto: '',
      hub_id: '',
      id_asignado_contactos: null,
      costo_mensual: null,
      con_secreto: true,
      con_clave_api: false,
      webhook: null,
    });
    expect(r.body).not.toContain(WASI_TOKEN);
    const [g] = await t.db.tenant(1, (tx) =>
      queryRows<{ credenciales: string }>(tx, sql`select credenciales from portal_config`),
    );
    expect(g!.credenciales).toMatch(/^v1\./);
    expect(cifrador.descifrar(g!.credenciales)).toBe(WASI_TOKEN);
    // The SMS key cannot read it: each use has its own key.
    expect(cifradorDe(t.deps.config).descifrar(g!.credenciales)).toBeNull();
    const sin = await configurar(admin1, { secreto: '' });
    expect(sin.json().data.con_secreto).toBe(true);
    expect((await pedir(admin1, 'GET', '/api/portales/wasi/configuracion')).body).not.toContain(WASI_TOKEN);
  });

  it('«Probar conexión» says whether Wasi takes the saved credentials', async () => {
    expect((await pedir(admin2, 'POST', '/api/portales/wasi/probar')).json().data).toEqual({
      ok: false,
      mensaje: 'Wasi aún no está configurado',
    });
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Wasi aceptó las credenciales',
    });
    fake.fallas = ['token'];
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/probar')).json().data).toEqual({
      ok: false,
      mensaje: 'Wasi rechazó las credenciales (401): revise el token en la pantalla del portal',
    });
    expect((await pedir(asesor1, 'POST', '/api/portales/wasi/probar')).statusCode).toBe(403);
  });

  it('refuses bad input naming the field, a user without idm 10606, and shows other companies nothing', async () => {
    const mala = await configurar(admin1, { url: 'ftp://x', id_ciudad: -3 });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toMatch(/Dirección de la API|Ciudad en el portal/);
    expect((await pedir(asesor1, 'GET', '/api/portales/wasi/configuracion')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'GET', '/api/portales/wasi/inmuebles')).statusCode).toBe(403);
    const otra = await pedir(admin2, 'GET', '/api/portales/wasi/configuracion');
    expect(otra.json().data).toMatchObject({ configurado: false, con_secreto: false, usuario: '' });
    expect((await pedir(admin2, 'GET', '/api/portales/wasi/inmuebles')).json().data).toEqual([]);
  });
});

describe('the health panel’s requests and cost per request', () => {
  const solicitud = (token: string, portal: string | null, n: number) =>
    pedir(token, 'POST', '/api/solicitudes', {
      canal: portal ? 'portal' : 'telefono',
      portal,
      tipo: 'arrendar',
      contacto_nombre: `Interesado ${n}`,
      contacto_telefono: `300555${String(n).padStart(4, '0')}`,
      mensaje: 'Vio el apartamento en el portal y quiere visitarlo.',
    });
  const salud = async (token = admin1) => ok<SaludPortal>(await pedir(token, 'GET', '/api/portales/wasi/salud'));

  it('counts this month’s requests from Wasi and divides the monthly cost among them', async () => {
    const antes = await salud();
    expect(antes.mes_desde).toMatch(/^\d{4}-\d{2}-01$/);
    expect(antes).toMatchObject({ costo_mensual: null, costo_por_solicitud: null });
    for (let n = 1; n <= 3; n++) ok(await solicitud(admin1, 'wasi', n));
    // Not counted: another portal, another canal, last month, another company.
    ok(await solicitud(admin1, 'proppit', 4));
    ok(await solicitud(admin1, null, 5));
    const vieja = ok<{ numero: number }>(await solicitud(admin1, 'wasi', 6));
    await t.db.tenant(1, (tx) =>
      tx.execute(
        sql`update solicitud set fecha_recepcion = ${antes.mes_desde}::date - interval '1 day' where numero = ${vieja.numero}`,
      ),
    );
    ok(await solicitud(admin2, 'wasi', 7));
    expect(await salud()).toMatchObject({ solicitudes_mes: antes.solicitudes_mes! + 3, costo_por_solicitud: null });

    ok(await configurar(admin1, { secreto: '', costo_mensual: 1_000_000 }));
    const ahora = await salud();
    expect(ahora.costo_mensual).toBe(1_000_000);
    expect(ahora.costo_por_solicitud).toBe(Math.round(1_000_000 / ahora.solicitudes_mes!));
    expect(ok<PortalConfig>(await pedir(admin1, 'GET', '/api/portales/wasi/configuracion')).costo_mensual).toBe(1_000_000);
    // The list the panel links to: the month's requests of that portal.
    const lista = ok<{ total: number }>(
      await pedir(admin1, 'GET', `/api/solicitudes?canal=portal&portal=wasi&desde=${antes.mes_desde}`),
    );
    expect(lista.total).toBe(ahora.solicitudes_mes);

    error(await configurar(admin1, { costo_mensual: -5 }), 400, 'El campo Costo mensual debe ser al menos 0');
    error(await configurar(admin1, { costo_mensual: 12.5 }), 400, 'El campo Costo mensual debe ser un número entero');
    error(await pedir(admin1, 'GET', '/api/solicitudes?portal=marte'), 400, 'portal debe ser uno de');
    // Cleared, the panel has no cost to divide; Domus (no portal of its own in Solicitudes) counts none.
    ok(await configurar(admin1, { secreto: '', costo_mensual: null }));
    expect(await salud()).toMatchObject({ costo_mensual: null, costo_por_solicitud: null });
    expect(ok<SaludPortal>(await pedir(admin1, 'GET', '/api/portales/domus/salud')).solicitudes_mes).toBeNull();
  });

  it('shows every portal the person manages at once, with the same figures as each panel', async () => {
    ok(await configurar(admin1, { secreto: '', costo_mensual: 900_000 }));
    const r = ok<ResumenPortales>(await pedir(admin1, 'GET', '/api/portales/resumen'));
    const wasiSalud = await salud();
    expect(r.mes_desde).toBe(wasiSalud.mes_desde);
    expect(r.portales.find((p) => p.portal === 'wasi')).toEqual({
      portal: 'wasi',
      nombre: 'Wasi',
      activo: true,
      publicados: wasiSalud.publicados,
      en_curso: wasiSalud.en_curso,
      con_error: wasiSalud.con_error,
      ultimo_exito: wasiSalud.ultimo_exito,
      solicitudes_mes: wasiSalud.solicitudes_mes,
      costo_mensual: 900_000,
      costo_por_solicitud: wasiSalud.costo_por_solicitud,
    });
    // Only the portals whose idm the person holds; none at all is a 403; another company sees its own.
    await crearUsuario(t.db, 1, { usuario: 'solowasi', nroId: '80606', permisos: '10606' });
    const soloWasi = await login(t.app, { idEmpresa: 1, usuario: 'solowasi', clave: 'demo1234' });
    expect(ok<ResumenPortales>(await pedir(soloWasi, 'GET', '/api/portales/resumen')).portales.map((p) => p.portal)).toEqual([
      'wasi',
    ]);
    error(await pedir(asesor1, 'GET', '/api/portales/resumen'), 403);
    expect(ok<ResumenPortales>(await pedir(admin2, 'GET', '/api/portales/resumen')).portales.map((p) => p.portal)).not.toContain(
      'wasi',
    );
  });
});

describe('synchroniser against the fake Wasi', () => {
  beforeAll(async () => {
    expect((await configurar()).statusCode).toBe(200);
  });

  it('publishes a property marked for Wasi, updates it when its price changes, and sends nothing when unchanged', async () => {
    const d = await crear();
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'pendiente', id_externo: null });
    const antes = fake.eventos.length;
    expect(await correr(d.consecutivo)).toEqual([{ publicar: expect.any(String) }]);
    const f = (await fila(d.consecutivo))!;
    expect(f).toMatchObject({ estado: 'publicado', ultimo_error: null, id_externo: expect.stringMatching(/^\d+$/) });
    const [add] = fake.eventos.slice(antes);
    expect(add).toMatchObject({
      accion: 'add',
      datos: { rent_price: '2500000', for_rent: 'true', reference: String(d.consecutivo) },
    });
    expect(add!.datos).toMatchObject({ id_company: WASI_EMPRESA, wasi_token: WASI_TOKEN });

    // The form's save: lock, then PUT with the version seen.
    expect((await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(200);
    const put = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, {
      ...base({ canon: 2_300_000 }),
      version: d.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await correr(d.consecutivo)).toEqual([{ actualizar: f.id_externo }]);
    expect(fake.eventos.at(-1)).toMatchObject({ accion: 'update', id: f.id_externo, datos: { rent_price: '2300000' } });
    expect(fake.propiedades.get(f.id_externo!)).toMatchObject({ rent_price: '2300000' });

    // Saved again without changes: a job runs, nothing goes to Wasi.
    const v = put.json().data.version as number;
    await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`);
    await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, { ...base({ canon: 2_300_000 }), version: v });
    const n = fake.eventos.length;
    expect(await correr(d.consecutivo)).toEqual([{ sinCambios: f.id_externo }]);
    expect(fake.eventos.length).toBe(n);

    const h = await pedir(admin1, 'GET', `/api/portales/wasi/inmuebles/${d.consecutivo}/historial`);
    expect(h.json().data.map((x: { accion: string; resultado: string }) => `${x.accion}:${x.resultado}`)).toEqual([
      'actualizar:publicado',
      'publicar:publicado',
    ]);
  });

  it('sends the photos with the listing, and again when they are reordered', async () => {
    const d = await crear();
    await correr(d.consecutivo);
    const { id_externo } = (await fila(d.consecutivo))!;
    expect(fake.imagenes.get(id_externo!) ?? 0).toBe(0);
    for (const color of ['#aa3344', '#3344aa']) {
      const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      const body = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data });
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/inmuebles/${d.consecutivo}/fotos`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${admin1}` },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const ids = ((await pedir(admin1, 'GET', `/api/inmuebles/${d.consecutivo}/fotos`)).json().data as { id: number }[]).map(
      (f) => f.id,
    );
    // Each upload asked for a sync; the last one sends both photos (the first steps aside).
    await correr(d.consecutivo);
    expect(fake.imagenes.get(id_externo!)).toBe(2);
    const orden = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}/fotos/orden`, { ids: [...ids].reverse() });
    expect(orden.statusCode, orden.body).toBe(200);
    await correr(d.consecutivo);
    expect(fake.imagenes.get(id_externo!)).toBe(4);
    expect(fake.eventos.filter((e) => e.accion === 'image' && e.id === id_externo).map((e) => e.datos.position)).toEqual([
      '1',
      '2',
      '1',
      '2',
    ]);
  });

  it('withdrawn (retirado) → unpublished on Wasi', async () => {
    const d = await crear();
    await correr(d.consecutivo);
    const { id_externo } = (await fila(d.consecutivo))!;
    const r = await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/estado`, { estado: 'retirado', causal });
    expect(r.statusCode, r.body).toBe(200);
    expect(await correr(d.consecutivo)).toEqual([{ despublicado: id_externo }]);
    expect(fake.propiedades.has(id_externo!)).toBe(false);
    expect(fake.eventos.at(-1)).toMatchObject({ accion: 'delete', id: id_externo });
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'despublicado', id_externo: null });
  });

  it('a 429 waits what Retry-After says; a 5xx retries with backoff and says so in Spanish; nothing twice', async () => {
    const d = await crear();
    fake.fallas = ['429'];
    fake.retryAfter = '7';
    const e = await unaVez(d.consecutivo).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(7000);
    expect(await fila(d.consecutivo)).toMatchObject({
      estado: 'error',
      ultimo_error: 'Wasi limitó los envíos (429): se reintentará en 7 s',
    });
    fake.fallas = ['500'];
    await expect(unaVez(d.consecutivo, 2)).rejects.toThrow('Wasi falló (500): Internal server error: se reintentará');
    // The last attempt keeps the error for the screen instead of failing the job again.
    fake.fallas = ['500'];
    expect(await unaVez(d.consecutivo, MAX_INTENTOS_PORTAL)).toEqual({
      error: 'Wasi falló (500): Internal server error: se agotaron los reintentos (use Actualizar)',
    });
    const antes = fake.propiedades.size;
    expect(await unaVez(d.consecutivo, 3)).toEqual({ publicar: expect.any(String) });
    expect(fake.propiedades.size).toBe(antes + 1);
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'publicado', ultimo_error: null });
  });

  it('an expired or wrong token stops without retrying and says to check it', async () => {
    const d = await crear();
    fake.fallas = ['token'];
    expect(await unaVez(d.consecutivo)).toEqual({
      error: 'Wasi rechazó las credenciales (401): revise el token en la pantalla del portal',
    });
    await configurar(admin1, { secreto: 'otro-token' });
    expect(await unaVez(d.consecutivo)).toEqual({
      error:
        'Wasi rechazó las credenciales: Invalid id_company or wasi_token. Revise el identificador y el token en la pantalla de Wasi',
    });
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'error', id_externo: null });
    await configurar();
  });

  it('a timeout is retried', async () => {
    const d = await crear();
    fake.fallas = ['lento'];
    const ctrl = new AbortController();
    const [j] = await pendientes(d.consecutivo);
    setTimeout(() => ctrl.abort(), 300);
    await expect(
      sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j!.datos,
        intento: 1,
        maxIntentos: 6,
        signal: ctrl.signal,
      }),
    ).rejects.toThrow('Wasi no respondió a tiempo: se reintentará');
  });
});

describe('the screen’s endpoints', () => {
  it('Publicar names each missing field before sending, then queues the job and marks the property', async () => {
    const d = await crear({ publicar: {}, descripcion: '', area_construida: null });
    const r = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${d.consecutivo}/publicar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      'Faltan datos para publicar en Wasi: Área construida (m²), Área privada (m²) o Área del lote (m²); Descripción',
    );
    expect(await pendientes(d.consecutivo)).toEqual([]);

    const ok = await crear({ publicar: {} });
    expect(await fila(ok.consecutivo)).toBeUndefined();
    const p = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${ok.consecutivo}/publicar`);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().data).toMatchObject({ consecutivo: ok.consecutivo, marcado: true, estado: 'pendiente' });
    await correr(ok.consecutivo);
    const lista = (await pedir(admin1, 'GET', '/api/portales/wasi/inmuebles')).json().data as {
      consecutivo: number;
      estado: string;
    }[];
    expect(lista.find((x) => x.consecutivo === ok.consecutivo)).toMatchObject({ estado: 'publicado' });

    const des = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${ok.consecutivo}/despublicar`);
    expect(des.json().data).toMatchObject({ marcado: false });
    expect(await correr(ok.consecutivo)).toEqual([{ despublicado: expect.any(String) }]);
    expect((await pedir(admin1, 'GET', `/api/inmuebles/${ok.consecutivo}`)).json().data.publicar).toMatchObject({ wasi: false });
  });

  it('refuses an unknown property, action or portal with a Spanish message; other companies see nothing', async () => {
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/inmuebles/999999/publicar')).json()).toMatchObject({
      message: 'El inmueble 999999 no existe',
    });
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/inmuebles/1/borrar')).statusCode).toBe(400);
    expect((await pedir(admin1, 'GET', '/api/portales/nada/inmuebles')).statusCode).toBe(404);
    const d = await crear();
    const otra = await pedir(admin2, 'POST', `/api/portales/wasi/inmuebles/${d.consecutivo}/publicar`);
    expect([404, 409]).toContain(otra.statusCode);
  });
});

describe('bulk publication by filter', () => {
  it('previews how many and which would be refused naming what each lacks, then sends only the ready ones', async () => {
    expect((await configurar()).statusCode).toBe(200);
    const listo = await crear({ tipo: 'finca', gestion: 'venta', canon: null, precio_venta: 900_000_000, publicar: {} });
    const falta = await crear({
      tipo: 'finca',
      gestion: 'venta',
      canon: null,
      precio_venta: 800_000_000,
      descripcion: '',
      publicar: {},
    });
    const filtro = { estado: 'captado', tipo: 'finca', gestion: 'venta' };
    type Vista = {
      total: number;
      recortado: boolean;
      listos: { consecutivo: number }[];
      con_faltantes: { consecutivo: number; faltantes: string[] }[];
    };
    const ver = async () => (await pedir(admin1, 'POST', '/api/portales/wasi/masivo/vista-previa', filtro)).json().data as Vista;
    const v = await ver();
    expect(v.listos.map((x) => x.consecutivo)).toContain(listo.consecutivo);
    expect(v.con_faltantes.find((x) => x.consecutivo === falta.consecutivo)?.faltantes).toEqual(['Descripción']);
    expect(v).toMatchObject({ total: v.listos.length + v.con_faltantes.length, recortado: false });

    // The set changed since the preview (another count): nothing is sent.
    const otro = await pedir(admin1, 'POST', '/api/portales/wasi/masivo', { ...filtro, listos: v.listos.length + 1 });
    expect(otro.statusCode).toBe(409);
    expect(otro.json().message).toMatch(/use «Vista previa» de nuevo/);
    expect(await pendientes(listo.consecutivo)).toEqual([]);

    const ok = await pedir(admin1, 'POST', '/api/portales/wasi/masivo', { ...filtro, listos: v.listos.length });
    expect(ok.json().data).toEqual({ encolados: v.listos.length, con_faltantes: v.con_faltantes.length });
    expect(await pendientes(falta.consecutivo)).toEqual([]);
    await correr(listo.consecutivo);
    expect(await fila(listo.consecutivo)).toMatchObject({ estado: 'publicado' });
    expect((await pedir(admin1, 'GET', `/api/inmuebles/${listo.consecutivo}`)).json().data.publicar).toMatchObject({
      wasi: true,
    });
    // Already on Wasi: a second preview leaves it out.
    expect((await ver()).listos.map((x) => x.consecutivo)).not.toContain(listo.consecutivo);
  });

  it('refuses bad input naming the field, a user without the idm, and a company without the portal', async () => {
    const vp = (token: string, body: unknown) => pedir(token, 'POST', '/api/portales/wasi/masivo/vista-previa', body);
    expect((await vp(admin1, { estado: 'vendido' })).json().message).toMatch(/Estado del inmueble/);
    expect((await vp(admin1, { tipo: 'castillo' })).json().message).toMatch(/Tipo de inmueble/);
    expect((await vp(admin1, { gestion: 'permuta' })).json().message).toMatch(/Gestión/);
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/masivo', { estado: 'captado' })).json().message).toMatch(/listos/);
    expect((await vp(asesor1, {})).statusCode).toBe(403);
    const otra = await vp(admin2, {});
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toMatch(/Wasi no está configurado/);
  });
});

describe('a portal address inside the server’s network', () => {
  it('is refused when called, without retrying, naming what to correct', async () => {
    permitirDestinosInternos(false);
    try {
      const e = await llamar('Wasi', `${fake.url}/property/add`, {}).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ErrorPortal);
      expect(e).toMatchObject({ reintentable: false });
      expect((e as Error).message).toMatch(
        /^Wasi: la dirección 127\.0\.0\.1 es de la red interna del servidor y no se permite\. Corrija la Dirección de la API$/,
      );
    } finally {
      permitirDestinosInternos(true);
    }
  });
});
