import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, multipart, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeIntegradores, INTEGRADORES_CLAVE, INTEGRADORES_CLIENTE } from '../../test/fake-integradores.ts';
import type { FichaPortal } from './adaptador.ts';
import { antiguedad, ciencuadras, fincaraiz, resultadoDeTarea } from './integradores.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';

// Ciencuadras and Fincaraíz (issue 34): the integrators' API adapter against a local portal implementing
// its OpenAPI (tasks, webhook, faults), the «en proceso» state, idm 10513 / 514 and company isolation.

const fake = new FakeIntegradores();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
let municipio: number;
let causal: number;
const URL_BASE = 'https://predio.example';

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
  fake.lecturasPendientes = 0;
});

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const configurar = (token = admin1, extra: Record<string, unknown> = {}, portal = 'ciencuadras') =>
  pedir(token, 'PUT', `/api/portales/${portal}/configuracion`, {
    activo: true,
    url: fake.url,
    usuario: INTEGRADORES_CLIENTE,
    secreto: INTEGRADORES_CLAVE,
    correo_contacto: 'ventas@inmobiliaria.co',
    telefono_contacto: '+57 300 111 2233',
    hub_id: '696d939e-4cc3-43ac-a312-6bf2e7f15868',
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
  lat: 6.2087,
  lng: -75.5671,
  propietarios: [],
  publicar: { ciencuadras: true },
  ...extra,
});
const crear = async (extra: Record<string, unknown> = {}) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', base(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; version: number };
};
/** The form's save: lock, then PUT with the version seen; answers the new version. */
const guardar = async (d: { consecutivo: number; version: number }, extra: Record<string, unknown>) => {
  expect((await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(200);
  const r = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, { ...base(extra), version: d.version });
  expect(r.statusCode, r.body).toBe(200);
  d.version = r.json().data.version as number;
};

type Fila = { estado: string; id_externo: string | null; ultimo_error: string | null; tarea: string | null };
const fila = async (consecutivo: number, portal = 'ciencuadras', empresa = 1): Promise<Fila | undefined> =>
  (
    await t.db.tenant(empresa, (tx) =>
      queryRows<Fila>(
        tx,
        sql`select p.estado, p.id_externo, p.ultimo_error, p.tarea from portal_publicacion p
            join inmueble i on i.id = p.id_inmueble where i.consecutivo = ${consecutivo} and p.portal = ${portal}`,
      ),
    )
  )[0];

const pendientes = (consecutivo: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'ciencuadras'; solicitud: number } }>(
      tx,
      sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
          where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${consecutivo} order by t.id`,
    ),
  );

const SONDEO = { intentos: 2, ms: 5 };
const ejecutar = (datos: { idInmueble: number; portal: 'ciencuadras'; solicitud: number }, intento = 1) =>
  sincronizar({
    db: t.db,
    storage: t.deps.storage,
    cifrador,
    idEmpresa: 1,
    datos,
    intento,
    maxIntentos: MAX_INTENTOS_PORTAL,
    urlPublica: URL_BASE,
    sondeo: SONDEO,
  });

/** Runs the property's pending jobs in order, marking them done as the runner would. */
async function correr(consecutivo: number, intento = 1): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const j of await pendientes(consecutivo)) {
    out.push(await ejecutar(j.datos, intento));
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
  }
  return out;
}

const ficha: FichaPortal = {
  ...FICHA_PORTAL,
  fotosUrl: [`${URL_BASE}/api/publico/1/archivos/11`, `${URL_BASE}/api/publico/1/archivos/12`],
};
const ajustes = {
  cuenta: '',
  url: '',
  usuario: INTEGRADORES_CLIENTE,
  id_region: null,
  id_ciudad: null,
  correo_contacto: 'ventas@inmobiliaria.co',
  telefono_contacto: '+573001112233',
};

describe('integrators’ API mapping', () => {
  it('maps a property to the listing of the golden file, valid for the schema', async () => {
    const p = ciencuadras.esquema.parse(
      ciencuadras.mapear({ ...ficha, anio_construccion: new Date().getUTCFullYear() - 11 }, ajustes),
    );
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/ciencuadras-apartamento.json');
    // Fincaraíz is the same platform: the same listing.
    expect(fincaraiz.mapear(ficha, ajustes)).toEqual(ciencuadras.mapear(ficha, ajustes));
    expect([antiguedad(null), antiguedad(2026, new Date('2026-05-01')), antiguedad(2000, new Date('2026-05-01'))]).toEqual([
      0, 1, 4,
    ]);
  });

  it('names in Spanish each field the portal requires that is missing', () => {
    const vacia = {
      ...ficha,
      gestion: 'venta' as const,
      precio_venta: null,
      area_construida: null,
      area_privada: null,
      descripcion: ' ',
      lat: null,
      lng: null,
    };
    expect(ciencuadras.faltantes(vacia, { ...ajustes, usuario: '', telefono_contacto: '' })).toEqual([
      'Precio de venta',
      'Área construida (m²) o Área privada (m²)',
      'Descripción',
      'Latitud',
      'Longitud',
      'Identificador del cliente en Ciencuadras (configuración del portal)',
      'Teléfono de contacto (configuración del portal)',
    ]);
    expect(fincaraiz.faltantes({ ...ficha, tipo: 'lote', area_lote: null }, ajustes)).toEqual(['Área del lote (m²)']);
    expect(ciencuadras.faltantes(ficha, ajustes)).toEqual([]);
  });
});

describe('settings', () => {
  it('keeps the API key encrypted, gives the webhook address and its VERIFY-TOKEN; idm and company apart', async () => {
    const r = await configurar();
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json().data;
    expect(c).toMatchObject({
      portal: 'ciencuadras',
      usuario: INTEGRADORES_CLIENTE,
      con_secreto: true,
      hub_id: '696d939e-4cc3-43ac-a312-6bf2e7f15868',
    });
    expect(c.webhook.url).toMatch(/\/api\/publico\/1\/portales\/ciencuadras\/webhook$/);
    expect(c.webhook.verify_token).toMatch(/^[\w-]{30,}$/);
    expect(r.body).not.toContain(INTEGRADORES_CLAVE);
    // Saved again: the same VERIFY-TOKEN (the portal keeps it).
    expect((await configurar()).json().data.webhook.verify_token).toBe(c.webhook.verify_token);
    const mala = await configurar(admin1, { correo_contacto: 'no-es-correo' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toMatch(/Correo de contacto/);
    expect((await pedir(asesor1, 'GET', '/api/portales/ciencuadras/configuracion')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'GET', '/api/portales/fincaraiz/configuracion')).statusCode).toBe(403);
    expect((await pedir(admin2, 'GET', '/api/portales/ciencuadras/configuracion')).json().data).toMatchObject({
      configurado: false,
      con_secreto: false,
      webhook: null,
    });
    expect((await pedir(admin2, 'GET', '/api/portales/ciencuadras/inmuebles')).json().data).toEqual([]);
  });

  it('«Probar conexión» reads the client; a wrong key is said in Spanish', async () => {
    expect((await pedir(admin1, 'POST', '/api/portales/ciencuadras/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Ciencuadras aceptó las credenciales',
    });
    fake.fallas = ['clave'];
    expect((await pedir(admin1, 'POST', '/api/portales/ciencuadras/probar')).json().data).toEqual({
      ok: false,
      mensaje: 'Ciencuadras rechazó las credenciales (401): revise el token en la pantalla del portal',
    });
  });
});

describe('«Suscribir webhook» (POST /webhook/{client_id}/subscribe)', () => {
  const suscribir = (token = admin1, portal = 'ciencuadras') => pedir(token, 'POST', `/api/portales/${portal}/webhook/suscribir`);

  it('says each fault in Spanish and keeps nothing; then subscribes and keeps the HUB.ID and when', async () => {
    expect((await configurar(admin1, { hub_id: '' })).statusCode).toBe(200);
    const antes = fake.suscripciones.length;
    const casos: [typeof fake.fallas, string][] = [
      [
        ['clave'],
        'No se pudo suscribir el webhook en Ciencuadras: rechazó la clave de la API (401). Revise la Clave de la API (apikey) y el Identificador del cliente, guárdelos e intente de nuevo',
      ],
      [['429'], 'No se pudo suscribir el webhook en Ciencuadras: limitó las peticiones (429). Intente de nuevo en 7 s'],
      [['500'], 'No se pudo suscribir el webhook en Ciencuadras: falló (500): Internal Error. Intente de nuevo en unos minutos'],
    ];
    fake.retryAfter = '7';
    for (const [fallas, mensaje] of casos) {
      fake.fallas = fallas;
      const r = await suscribir();
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(mensaje);
    }
    expect(fake.suscripciones.length).toBe(antes);
    const sin = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/configuracion')).json().data;
    expect(sin).toMatchObject({ hub_id: '', webhook: { suscripcion: null } });

    const r = await suscribir();
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json().data;
    const s = fake.suscripciones.at(-1)!;
    expect(s).toMatchObject({ url: c.webhook.url, verify_token: c.webhook.verify_token, status: 'ACTIVE' });
    expect(c.hub_id).toBe(s.id);
    expect(c.webhook.suscripcion).toEqual({ en: expect.any(String), url: c.webhook.url, hub_id: s.id, vigente: true });
    // Saving the settings with that HUB.ID keeps the subscription; another HUB.ID typed by hand drops it.
    expect((await configurar(admin1, { hub_id: s.id })).json().data.webhook.suscripcion).toMatchObject({ hub_id: s.id });
    expect((await configurar(admin1, { hub_id: 'otro-hub' })).json().data.webhook.suscripcion).toBeNull();
  });

  it('needs the portal configured and its idm; another company’s settings are not used', async () => {
    expect((await suscribir(asesor1)).statusCode).toBe(403);
    const r = await suscribir(admin2);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Ciencuadras no está configurado o está inactivo: guarde su configuración primero');
    expect((await suscribir(admin1, 'fincaraiz')).json().message).toBe(
      'Fincaraíz no está configurado o está inactivo: guarde su configuración primero',
    );
  });
});

describe('synchroniser against the fake integrators’ API', () => {
  beforeAll(async () => {
    expect((await configurar()).statusCode).toBe(200);
  });

  it('publishes on save through a task, updates with PATCH, unpublishes with status DELETED', async () => {
    const d = await crear();
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'pendiente' });
    expect(await correr(d.consecutivo)).toEqual([{ publicar: 'tarea completada' }]);
    const f = (await fila(d.consecutivo))!;
    expect(f).toMatchObject({ estado: 'publicado', ultimo_error: null, tarea: null });
    expect(fake.listings.get(f.id_externo!)).toMatchObject({
      external_code: String(d.consecutivo),
      price: 2_500_000,
      offer: 'rent',
    });

    await guardar(d, { canon: 2_700_000 });
    await correr(d.consecutivo);
    expect(fake.listings.get(f.id_externo!)).toMatchObject({ price: 2_700_000, listing_id: f.id_externo });
    expect(fake.eventos.filter((e) => e.listing.external_code === String(d.consecutivo)).map((e) => e.accion)).toEqual([
      'crear',
      'actualizar',
    ]);
    // Unchanged: not sent again.
    const antes = fake.peticiones;
    await guardar(d, { canon: 2_700_000 });
    await correr(d.consecutivo);
    expect(fake.peticiones).toBe(antes);

    const ret = await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/estado`, { estado: 'retirado', causal });
    expect(ret.statusCode, ret.body).toBe(200);
    await correr(d.consecutivo);
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'despublicado', id_externo: null, tarea: null });
    expect(fake.listings.get(f.id_externo!)!.status).toBe(7);
    const h = await pedir(admin1, 'GET', `/api/portales/ciencuadras/inmuebles/${d.consecutivo}/historial`);
    expect(h.json().data.map((x: { accion: string; resultado: string }) => `${x.accion}:${x.resultado}`)).toEqual([
      'despublicar:despublicado',
      'actualizar:publicado',
      'actualizar:en_proceso',
      'publicar:publicado',
      'publicar:en_proceso',
    ]);
  });

  it('sends the photos as public addresses in the listing', async () => {
    const d = await crear();
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3344' } })
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
    await correr(d.consecutivo);
    const f = (await fila(d.consecutivo))!;
    expect(f.estado).toBe('publicado');
    const photos = fake.listings.get(f.id_externo!)!.photos as { image: string; is_main: boolean; sort_order: number }[];
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({
      is_main: true,
      sort_order: 1,
      image: expect.stringMatching(/^https:\/\/predio\.example\/api\/publico\/1\/archivos\/\d+$/),
    });
  });

  it('keeps the portal’s id of each photo: one removed or replaced is deleted there, only a new one is sent', async () => {
    const d = await crear();
    const subir = async (color: string) => {
      const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      const body = multipart({ filename: 'foto.jpg', contentType: 'image/jpeg', data });
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/inmuebles/${d.consecutivo}/fotos`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${admin1}` },
      });
      expect(r.statusCode, r.body).toBe(200);
      // The answer lists the photos uploaded: this one.
      return (r.json().data as { id: number }[])[0]!.id;
    };
    const idsDe = async () =>
      (
        await t.db.tenant(1, (tx) =>
          queryRows<{ fotos_portal: Record<string, string> }>(
            tx,
            sql`select p.fotos_portal from portal_publicacion p join inmueble i on i.id = p.id_inmueble
                where i.consecutivo = ${d.consecutivo} and p.portal = 'ciencuadras'`,
          ),
        )
      )[0]!.fotos_portal;
    const url = (id: number) => `${URL_BASE}/api/publico/1/archivos/${id}`;
    const a = await subir('#aa3344');
    const b = await subir('#33aa44');
    const c = await subir('#3344aa');
    const descargas = fake.descargas.length;
    await correr(d.consecutivo);
    const f = (await fila(d.consecutivo))!;
    expect(f.estado).toBe('publicado');
    expect(fake.descargas.slice(descargas)).toEqual([url(a), url(b), url(c)]);
    const ids = await idsDe();
    expect(Object.keys(ids).sort()).toEqual([a, b, c].map(String).sort());
    const enPortal = () => fake.listings.get(f.id_externo!)!.photos as { id: string; image: string; is_main: boolean }[];
    expect(enPortal().map((x) => x.id)).toEqual([ids[a], ids[b], ids[c]]);

    // Removed here: deleted there by its id, nothing downloaded again.
    const borrar = await pedir(admin1, 'DELETE', `/api/inmuebles/${d.consecutivo}/fotos/${b}`);
    expect(borrar.statusCode, borrar.body).toBe(200);
    const antes = { descargas: fake.descargas.length, borradas: fake.borradas.length };
    await correr(d.consecutivo);
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'publicado', ultimo_error: null });
    expect(fake.borradas.slice(antes.borradas)).toEqual([ids[b]]);
    expect(fake.descargas.length).toBe(antes.descargas);
    expect(enPortal().map((x) => x.image)).toEqual([url(a), url(c)]);
    expect(await idsDe()).toEqual({ [a]: ids[a], [c]: ids[c] });

    // Replaced (one deleted, another added): the old one deleted there, only the new one downloaded.
    expect((await pedir(admin1, 'DELETE', `/api/inmuebles/${d.consecutivo}/fotos/${a}`)).statusCode).toBe(200);
    const e = await subir('#999999');
    const antes2 = { descargas: fake.descargas.length, borradas: fake.borradas.length };
    await correr(d.consecutivo);
    expect(fake.borradas.slice(antes2.borradas)).toEqual([ids[a]]);
    expect(fake.descargas.slice(antes2.descargas)).toEqual([url(e)]);
    expect(enPortal().map((x) => [x.image, x.is_main])).toEqual([
      [url(c), true],
      [url(e), false],
    ]);
    const ids2 = await idsDe();
    expect(Object.keys(ids2).sort()).toEqual([c, e].map(String).sort());

    // Reordered: the photos travel by id, nothing deleted or downloaded.
    const orden = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}/fotos/orden`, { ids: [e, c] });
    expect(orden.statusCode, orden.body).toBe(200);
    const antes3 = { descargas: fake.descargas.length, borradas: fake.borradas.length };
    await correr(d.consecutivo);
    expect([fake.descargas.length, fake.borradas.length]).toEqual([antes3.descargas, antes3.borradas]);
    expect(enPortal().map((x) => [x.id, x.is_main])).toEqual([
      [ids2[e], true],
      [ids2[c], false],
    ]);
    // Unpublished: the ids go with the listing.
    await pedir(admin1, 'POST', `/api/portales/ciencuadras/inmuebles/${d.consecutivo}/despublicar`);
    await correr(d.consecutivo);
    expect(await idsDe()).toEqual({});
  });

  it('a task still running leaves «En proceso»; the retry reads the task and never publishes twice', async () => {
    fake.lecturasPendientes = 5;
    const d = await crear();
    const [j] = await pendientes(d.consecutivo);
    await expect(ejecutar(j!.datos)).rejects.toBeInstanceOf(ReintentarEn);
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'en_proceso', tarea: expect.stringMatching(/^p:/) });
    const creados = fake.eventos.filter((e) => e.accion === 'crear').length;
    fake.lecturasPendientes = 0;
    expect(await ejecutar(j!.datos, 2)).toEqual({ sinCambios: expect.any(String) });
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'publicado', tarea: null });
    expect(fake.eventos.filter((e) => e.accion === 'crear').length).toBe(creados);
  });

  it('the webhook settles a running task, verified by HUB.ID and VERIFY-TOKEN', async () => {
    fake.lecturasPendientes = 50;
    const d = await crear();
    const [j] = await pendientes(d.consecutivo);
    await expect(ejecutar(j!.datos)).rejects.toBeInstanceOf(ReintentarEn);
    expect((await fila(d.consecutivo))!.estado).toBe('en_proceso');
    const c = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/configuracion')).json().data;
    const url = `/api/publico/1/portales/ciencuadras/webhook`;
    const tarea = (await fila(d.consecutivo))!.tarea!.slice(2);
    const cuerpo = {
      task: {
        id: tarea,
        status: 'COMPLETED',
        content: [{ status: 'COMPLETED', listing_id: 'abc-123', external_code: String(d.consecutivo) }],
      },
    };
    const malo = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'hub.id': c.hub_id, 'verify-token': 'otro' },
      payload: cuerpo,
    });
    expect(malo.statusCode).toBe(404);
    // Another company's number with this token: nothing.
    const otra = await t.app.inject({
      method: 'POST',
      url: '/api/publico/2/portales/ciencuadras/webhook',
      headers: { 'hub.id': c.hub_id, 'verify-token': c.webhook.verify_token },
      payload: cuerpo,
    });
    expect(otra.statusCode).toBe(404);
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'hub.id': c.hub_id, 'verify-token': c.webhook.verify_token },
      payload: cuerpo,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ resueltos: 1 });
    expect(await fila(d.consecutivo)).toMatchObject({ estado: 'publicado', id_externo: 'abc-123', tarea: null });
  });

  it('a listing the portal refuses ends in «Error» with its reason from the task', async () => {
    expect(
      resultadoDeTarea(
        'Ciencuadras',
        {
          status: 'COMPLETED',
          content: [{ status: 'ERROR', external_code: '1' }],
          messages: { listings: [{ external_code: '1', error: { field: { description: 'price must be positive.' } } }] },
        },
        '1',
      ),
    ).toEqual({ estado: 'error', mensaje: 'Ciencuadras rechazó el inmueble: price must be positive.' });
    // Against the fake: an update of a listing it does not have.
    const d = await crear();
    await correr(d.consecutivo);
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update portal_publicacion p set id_externo = 'no-existe' from inmueble i
                     where i.id = p.id_inmueble and i.consecutivo = ${d.consecutivo} and p.portal = 'ciencuadras'`),
    );
    await guardar(d, { canon: 2_900_000 });
    expect(await correr(d.consecutivo)).toEqual([{ error: 'Ciencuadras rechazó el inmueble: Listing not found' }]);
    expect(await fila(d.consecutivo)).toMatchObject({
      estado: 'error',
      ultimo_error: 'Ciencuadras rechazó el inmueble: Listing not found',
      tarea: null,
    });
  });

  it('429 waits its Retry-After; 5xx is retried then «se agotaron los reintentos», nothing published twice', async () => {
    const d = await crear();
    const [j] = await pendientes(d.consecutivo);
    fake.fallas = ['429'];
    fake.retryAfter = '7';
    const e = await ejecutar(j!.datos).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(7000);
    expect((await fila(d.consecutivo))!.ultimo_error).toBe('Ciencuadras limitó los envíos (429): se reintentará en 7 s');
    fake.fallas = ['500'];
    await expect(ejecutar(j!.datos, 2)).rejects.toThrow(/Ciencuadras falló \(500\): Internal Error: se reintentará/);
    fake.fallas = ['500'];
    expect(await ejecutar(j!.datos, MAX_INTENTOS_PORTAL)).toEqual({
      error: 'Ciencuadras falló (500): Internal Error: se agotaron los reintentos (use Actualizar)',
    });
    expect(fake.eventos.filter((x) => x.listing.external_code === String(d.consecutivo))).toHaveLength(0);
    expect(await ejecutar(j!.datos, 3)).toEqual({ publicar: 'tarea completada' });
    expect(fake.eventos.filter((x) => x.listing.external_code === String(d.consecutivo))).toHaveLength(1);
  });

  it('a portal that does not answer in time is retried, with the listing not sent twice', async () => {
    const d = await crear();
    const [j] = await pendientes(d.consecutivo);
    fake.fallas = ['lento'];
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 300);
    await expect(
      sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j!.datos,
        intento: 1,
        maxIntentos: MAX_INTENTOS_PORTAL,
        signal: ctrl.signal,
        sondeo: SONDEO,
      }),
    ).rejects.toThrow('Ciencuadras no respondió a tiempo: se reintentará');
    expect((await fila(d.consecutivo))!.ultimo_error).toBe('Ciencuadras no respondió a tiempo: se reintentará');
    expect(await ejecutar(j!.datos, 2)).toEqual({ publicar: 'tarea completada' });
  });

  it('an expired or wrong API key stops without retrying', async () => {
    const d = await crear();
    const [j] = await pendientes(d.consecutivo);
    fake.fallas = ['clave'];
    expect(await ejecutar(j!.datos)).toEqual({
      error: 'Ciencuadras rechazó las credenciales (401): revise el token en la pantalla del portal',
    });
    expect((await fila(d.consecutivo))!.estado).toBe('error');
  });

  it('the screen refuses to publish a property missing what the portal requires, naming each field', async () => {
    const d = await crear({ lat: null, lng: null, publicar: {} });
    const r = await pedir(admin1, 'POST', `/api/portales/ciencuadras/inmuebles/${d.consecutivo}/publicar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Faltan datos para publicar en Ciencuadras: Latitud; Longitud');
    expect((await pedir(asesor1, 'POST', `/api/portales/ciencuadras/inmuebles/${d.consecutivo}/publicar`)).statusCode).toBe(403);
  });

  it('Fincaraíz publishes through its own settings and idm 514, apart from Ciencuadras', async () => {
    expect((await configurar(admin1, {}, 'fincaraiz')).statusCode).toBe(200);
    const d = await crear({ publicar: { fincaraiz: true } });
    const [j] = await pendientes(d.consecutivo);
    expect(j!.datos.portal).toBe('fincaraiz');
    await ejecutar(j!.datos);
    expect(await fila(d.consecutivo, 'fincaraiz')).toMatchObject({ estado: 'publicado' });
    expect(await fila(d.consecutivo, 'ciencuadras')).toBeUndefined();
    const lista = (await pedir(admin1, 'GET', '/api/portales/fincaraiz/inmuebles')).json().data as { consecutivo: number }[];
    expect(lista.map((x) => x.consecutivo)).toContain(d.consecutivo);
  });
});
