import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PORTALES_CON_CONCILIACION } from '@predio/contract/portales';
import { queryRows } from '../../db/rows.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeIntegradores, INTEGRADORES_CLAVE, INTEGRADORES_CLIENTE } from '../../test/fake-integradores.ts';
import { FakeMercadoLibre, ML_CLIENTE, ML_SECRETO, ML_USUARIO } from '../../test/fake-mercadolibre.ts';
import { FakeWasi, WASI_EMPRESA, WASI_TOKEN } from '../../test/fake-wasi.ts';
import type { CredencialesPortal } from './adaptador.ts';
import { conciliar, MAX_INTENTOS_CONCILIAR } from './conciliacion.service.ts';
import { ciencuadras, estadoListing } from './integradores.ts';
import { estadoItem, mercadolibre } from './mercadolibre.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { estadoWasi, wasi } from './wasi.ts';
import { domus, estadoDomus } from './domus.ts';
import { estadoProppit, proppit } from './proppit.ts';
import { FakeProppit, PROPPIT_ANUNCIANTE, PROPPIT_CLAVE, PROPPIT_USUARIO } from '../../test/fake-proppit.ts';
import { DOMUS_TOKEN, FakeDomus } from '../../test/fake-domus.ts';

// The nightly reconciliation for Mercado Libre (GET /items/{id}), Wasi (property/get) and the
// integrators' API (GET /listing): each adapter's leerEstado against its fake, the status mapping, and
// one full pass on Wasi that corrects the rows (Metrocuadrado's is in metrocuadrado.test.ts).

const fWasi = new FakeWasi();
const fMl = new FakeMercadoLibre();
const fInt = new FakeIntegradores();
const fPr = new FakeProppit();
const fDo = new FakeDomus();
let t: TestApp;
let admin1: string;
let cifrador: Cifrador;
let municipio: number;

beforeAll(async () => {
  await Promise.all([fWasi.start(), fMl.start(), fInt.start(), fPr.start(), fDo.start()]);
  t = await createTestApp();
  cifrador = cifradorDe(t.deps.config, PROPOSITO_CIFRADO);
  admin1 = await login(t.app, DEMO.admin1);
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([fWasi.stop(), fMl.stop(), fInt.stop(), fPr.stop(), fDo.stop()]);
});

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const cred = (extra: Partial<CredencialesPortal>): CredencialesPortal => ({
  url: '',
  usuario: '',
  cuenta: '',
  id_region: null,
  id_ciudad: null,
  secreto: '',
  ...extra,
});

describe('status mapping', () => {
  it('reads each portal’s status as published, waiting, refused (with the reason) or off', () => {
    expect(estadoItem({ status: 'active' })).toEqual({ estado: 'publicado' });
    expect(estadoItem({ status: 'under_review', sub_status: ['waiting_for_patch'] })).toEqual({ estado: 'pendiente' });
    expect(estadoItem({ status: 'under_review', sub_status: ['forbidden'] })).toMatchObject({
      estado: 'error',
      motivo: expect.stringContaining('bloqueó la publicación en su revisión (forbidden)'),
    });
    expect(estadoItem({ status: 'paused', sub_status: ['out_of_stock'] })).toMatchObject({ estado: 'error' });
    expect(estadoItem({ status: 'closed', sub_status: ['expired'] })).toEqual({
      estado: 'despublicado',
      motivo: 'Mercado Libre finalizó la publicación (expired)',
    });
    expect(estadoItem({ status: 'raro' })).toMatchObject({ estado: 'error', motivo: expect.stringContaining('«raro»') });
    expect(estadoWasi({ id_status_on_page: 1 })).toEqual({ estado: 'publicado' });
    expect(estadoWasi({ id_status_on_page: 2 })).toMatchObject({ estado: 'despublicado' });
    // The integrators' codes as their OpenAPI lists them (ListingResponse200.status).
    expect(estadoListing('Ciencuadras', [{ status: 4 }])).toEqual({ estado: 'publicado' });
    expect(estadoListing('Ciencuadras', [{ status: 11, status_description: 'Fotos con marca de agua' }])).toEqual({
      estado: 'error',
      motivo: 'Ciencuadras rechazó el inmueble en su moderación: Fotos con marca de agua',
    });
    expect(estadoListing('Ciencuadras', [{ status: 10 }])).toEqual({ estado: 'pendiente' });
    expect(estadoListing('Ciencuadras', [{ status: 0 }])).toEqual({ estado: 'pendiente' });
    expect(estadoListing('Ciencuadras', [{ status: 2 }])).toMatchObject({
      estado: 'error',
      motivo: expect.stringContaining('cupo'),
    });
    expect(estadoListing('Ciencuadras', [{ status: 5 }])).toMatchObject({
      estado: 'despublicado',
      motivo: expect.stringContaining('venció'),
    });
    expect(estadoListing('Ciencuadras', [{ status: 1 }])).toMatchObject({ estado: 'despublicado' });
    expect(estadoListing('Ciencuadras', { content: [{ status: 7 }] })).toMatchObject({ estado: 'despublicado' });
    expect(estadoListing('Ciencuadras', [{ status: 3 }])).toMatchObject({
      estado: 'error',
      motivo: expect.stringContaining('(3)'),
    });
    expect(estadoListing('Ciencuadras', [])).toEqual({ estado: 'no_existe' });
    expect(estadoProppit({ status: 'published' })).toEqual({ estado: 'publicado' });
    expect(estadoProppit({ status: 'draft' })).toMatchObject({ estado: 'error', motivo: expect.stringContaining('«draft»') });
    const nombres = new Map([
      [1, 'Disponible'],
      [5, 'Retirado'],
      [2, 'Arrendado'],
      [9, 'En reparación'],
    ]);
    expect(estadoDomus({ status: 1 }, nombres)).toEqual({ estado: 'publicado' });
    expect(estadoDomus({ status: '5' }, nombres)).toEqual({
      estado: 'despublicado',
      motivo: 'Domus lo tiene en estado «Retirado»',
    });
    expect(estadoDomus({ status: { code: 2, name: 'Arrendado' } }, nombres)).toMatchObject({ estado: 'despublicado' });
    expect(estadoDomus({ status: 9 }, nombres)).toMatchObject({
      estado: 'error',
      motivo: expect.stringContaining('«En reparación»'),
    });
    expect(estadoDomus(null, nombres)).toEqual({ estado: 'no_existe' });
    expect(PORTALES_CON_CONCILIACION).toEqual(
      expect.arrayContaining(['mercadolibre', 'wasi', 'ciencuadras', 'fincaraiz', 'proppit', 'domus']),
    );
  });
});

describe('leerEstado against each fake', () => {
  it('Mercado Libre: GET /items/{id}; a closed item is off, an unknown one does not exist, 429 retried', async () => {
    const c = mercadolibre.cliente(
      cred({
        url: fMl.url,
        usuario: ML_CLIENTE,
        secreto: ML_SECRETO,
        oauth: {
          access_token: fMl.tokenDePrueba(),
          refresh_token: 'r',
          vence: Date.now() + 3_600_000,
          usuario_portal: String(ML_USUARIO),
        },
      }),
    );
    fMl.items.set('MCO1', { status: 'active' });
    fMl.items.set('MCO2', { status: 'closed', sub_status: ['expired'] });
    expect(await c.leerEstado!('MCO1')).toEqual({ estado: 'publicado' });
    expect(await c.leerEstado!('MCO2')).toMatchObject({ estado: 'despublicado' });
    expect(await c.leerEstado!('MCO404')).toEqual({ estado: 'no_existe' });
    fMl.fallas = ['429'];
    await expect(c.leerEstado!('MCO1')).rejects.toMatchObject({ reintentable: true, status: 429 });
  });

  it('Wasi: property/get; hidden on its page is off, an unknown id does not exist, a bad token stops', async () => {
    const c = wasi.cliente(cred({ url: fWasi.url, usuario: WASI_EMPRESA, secreto: WASI_TOKEN }));
    fWasi.propiedades.set('7001', { id_status_on_page: '1' });
    fWasi.propiedades.set('7002', { id_status_on_page: '2' });
    expect(await c.leerEstado!('7001')).toEqual({ estado: 'publicado' });
    expect(await c.leerEstado!('7002')).toMatchObject({ estado: 'despublicado', motivo: expect.stringContaining('oculta') });
    expect(await c.leerEstado!('9999')).toEqual({ estado: 'no_existe' });
    const mal = wasi.cliente(cred({ url: fWasi.url, usuario: WASI_EMPRESA, secreto: 'otro' }));
    await expect(mal.leerEstado!('7001')).rejects.toMatchObject({ reintentable: false });
  });

  it('the integrators’ API: GET /listing/{id}; refused with its reason, deleted, unknown; 500 retried', async () => {
    const c = ciencuadras.cliente(cred({ url: fInt.url, usuario: INTEGRADORES_CLIENTE, secreto: INTEGRADORES_CLAVE }));
    fInt.listings.set('L-1', { external_code: '1', status: 4 });
    fInt.listings.set('L-2', { external_code: '2', status: 11, status_description: 'Dirección incompleta' });
    fInt.listings.set('L-3', { external_code: '3', status: 7 });
    expect(await c.leerEstado!('L-1')).toEqual({ estado: 'publicado' });
    expect(await c.leerEstado!('L-2')).toEqual({
      estado: 'error',
      motivo: 'Ciencuadras rechazó el inmueble en su moderación: Dirección incompleta',
    });
    expect(await c.leerEstado!('L-3')).toMatchObject({ estado: 'despublicado' });
    expect(await c.leerEstado!('L-404')).toEqual({ estado: 'no_existe' });
    fInt.fallas = ['500'];
    await expect(c.leerEstado!('L-1')).rejects.toMatchObject({ reintentable: true });
  });
});

describe('leerEstado for Proppit and Domus', () => {
  it('Proppit: GET the ad with the publisher; published, shown nowhere (404), a token renewed once, 503 retried', async () => {
    const c = proppit.cliente(
      cred({ url: fPr.url, usuario: PROPPIT_USUARIO, secreto: PROPPIT_CLAVE, cuenta: PROPPIT_ANUNCIANTE }),
    );
    fPr.anuncios.set('501', { referenceId: '501', publisher: { externalId: PROPPIT_ANUNCIANTE } });
    fPr.anuncios.set('502', { referenceId: '502', publisher: { externalId: PROPPIT_ANUNCIANTE } });
    fPr.sinSitio.add('502');
    expect(await c.leerEstado!('501')).toEqual({ estado: 'publicado' });
    expect(await c.leerEstado!('502')).toMatchObject({
      estado: 'error',
      motivo: expect.stringContaining('Proppit no muestra el anuncio en ningún sitio (404)'),
    });
    expect(await c.leerEstado!('999')).toMatchObject({ estado: 'error' });
    fPr.fallas = ['503'];
    await expect(c.leerEstado!('501')).rejects.toMatchObject({ reintentable: true, status: 503 });
    fPr.fallas = ['429'];
    await expect(c.leerEstado!('501')).rejects.toMatchObject({ reintentable: true, status: 429, esperaMs: 1000 });
    const mal = proppit.cliente(cred({ url: fPr.url, usuario: PROPPIT_USUARIO, secreto: 'otra', cuenta: PROPPIT_ANUNCIANTE }));
    await expect(mal.leerEstado!('501')).rejects.toMatchObject({ reintentable: false });
  });

  it('Domus: GET /properties/{codpro}, its status named from /general/status; 404 unknown; 500 retried, a revoked token stops', async () => {
    const c = domus.cliente(cred({ url: fDo.url, secreto: DOMUS_TOKEN }));
    fDo.propiedades.set('801', { status: '1' });
    fDo.propiedades.set('802', { status: '2' });
    fDo.propiedades.set('803', { status: '5' });
    expect(await c.leerEstado!('801')).toEqual({ estado: 'publicado' });
    expect(await c.leerEstado!('802')).toEqual({ estado: 'despublicado', motivo: 'Domus lo tiene en estado «Arrendado»' });
    expect(await c.leerEstado!('803')).toEqual({ estado: 'despublicado', motivo: 'Domus lo tiene en estado «Retirado»' });
    expect(await c.leerEstado!('899')).toEqual({ estado: 'no_existe' });
    fDo.fallas = ['500'];
    await expect(c.leerEstado!('801')).rejects.toMatchObject({ reintentable: true, status: 500 });
    fDo.fallas = ['token'];
    await expect(c.leerEstado!('801')).rejects.toMatchObject({ reintentable: false, status: 401 });
  });

  it('a nightly pass on Domus corrects a property rented in Domus and one deleted there', async () => {
    const conf = await pedir(admin1, 'PUT', '/api/portales/domus/configuracion', {
      activo: true,
      url: fDo.url,
      secreto: DOMUS_TOKEN,
    });
    expect(conf.statusCode, conf.body).toBe(200);
    const cons: number[] = [];
    for (const i of [1, 2, 3]) {
      const r = await pedir(admin1, 'POST', '/api/inmuebles', {
        tipo: 'apartamento',
        gestion: 'arriendo',
        direccion: `Carrera ${i} # 20-20 conciliación Domus`,
        id_municipio: municipio,
        area_construida: 60,
        habitaciones: 2,
        banos: 1,
        canon: 1_900_000,
        descripcion: 'Para conciliar con Domus',
        propietarios: [],
        publicar: { domus: true },
      });
      expect(r.statusCode, r.body).toBe(200);
      cons.push(r.json().data.consecutivo);
    }
    const js = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; datos: { idInmueble: number; portal: 'domus'; solicitud: number } }>(
        tx,
        sql`select id, datos from trabajo where tipo = 'portales.sincronizar' and estado = 'pendiente'
            and datos ->> 'portal' = 'domus' order by id`,
      ),
    );
    for (const j of js) {
      await sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j.datos,
        intento: 1,
        maxIntentos: MAX_INTENTOS_PORTAL,
      });
      await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
    }
    const filas = () =>
      t.db.tenant(1, (tx) =>
        queryRows<{ consecutivo: number; estado: string; ultimo_error: string | null; id_externo: string | null }>(
          tx,
          sql`select i.consecutivo, p.estado, p.ultimo_error, p.id_externo from portal_publicacion p
              join inmueble i on i.id = p.id_inmueble where p.portal = 'domus'
              and i.consecutivo in (${sql.join(
                cons.map((c) => sql`${c}`),
                sql`, `,
              )}) order by i.consecutivo`,
        ),
      );
    const antes = await filas();
    expect(antes.map((f) => f.estado)).toEqual(['publicado', 'publicado', 'publicado']);
    // Someone marked the second «Arrendado» in Domus; the third is gone from Domus.
    fDo.propiedades.set(antes[1]!.id_externo!, { ...fDo.propiedades.get(antes[1]!.id_externo!), status: '2' });
    fDo.propiedades.delete(antes[2]!.id_externo!);
    fDo.fallas = ['429'];
    const r = await conciliar({
      db: t.db,
      cifrador,
      idEmpresa: 1,
      portal: 'domus',
      intento: 1,
      maxIntentos: MAX_INTENTOS_CONCILIAR,
    }).catch((e: unknown) => e);
    // The 429 interrupts the pass (the job waits and tries again); the retry finishes it.
    expect(r).toMatchObject({ esperaMs: 1000 });
    expect(
      await conciliar({ db: t.db, cifrador, idEmpresa: 1, portal: 'domus', intento: 2, maxIntentos: MAX_INTENTOS_CONCILIAR }),
    ).toMatchObject({ diferencias: 2 });
    const despues = await filas();
    expect(despues[0]).toMatchObject({ estado: 'publicado' });
    expect(despues[1]).toMatchObject({ estado: 'despublicado' });
    expect(despues[1]!.ultimo_error).toContain('Domus lo tiene en estado «Arrendado»');
    expect(despues[2]).toMatchObject({ estado: 'error', id_externo: null });
    expect(despues[2]!.ultimo_error).toContain('Domus ya no tiene el inmueble');
    expect(
      await conciliar({ db: t.db, cifrador, idEmpresa: 1, portal: 'domus', intento: 1, maxIntentos: MAX_INTENTOS_CONCILIAR }),
    ).toMatchObject({ diferencias: 0 });
    expect((await pedir(admin1, 'POST', '/api/portales/domus/conciliar')).statusCode).toBe(200);
    expect((await pedir(admin1, 'POST', '/api/portales/proppit/conciliar')).statusCode).toBe(409);
  });
});

describe('a nightly pass on Wasi', () => {
  it('corrects what Wasi changed, keeps what it shows, and «Conciliar ahora» exists for Wasi', async () => {
    const conf = await pedir(admin1, 'PUT', '/api/portales/wasi/configuracion', {
      activo: true,
      url: fWasi.url,
      usuario: WASI_EMPRESA,
      id_region: 2,
      id_ciudad: 698,
      secreto: WASI_TOKEN,
    });
    expect(conf.statusCode, conf.body).toBe(200);
    const cons: number[] = [];
    for (const i of [1, 2, 3]) {
      const r = await pedir(admin1, 'POST', '/api/inmuebles', {
        tipo: 'apartamento',
        gestion: 'arriendo',
        direccion: `Calle ${i} # 10-10 conciliación`,
        id_municipio: municipio,
        area_construida: 60,
        habitaciones: 2,
        banos: 1,
        canon: 1_900_000,
        descripcion: 'Para conciliar',
        propietarios: [],
        publicar: { wasi: true },
      });
      expect(r.statusCode, r.body).toBe(200);
      cons.push(r.json().data.consecutivo);
    }
    const js = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; datos: { idInmueble: number; portal: 'wasi'; solicitud: number } }>(
        tx,
        sql`select id, datos from trabajo where tipo = 'portales.sincronizar' and estado = 'pendiente' order by id`,
      ),
    );
    for (const j of js) {
      await sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j.datos,
        intento: 1,
        maxIntentos: MAX_INTENTOS_PORTAL,
      });
      await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
    }
    const ids = await t.db.tenant(1, (tx) =>
      queryRows<{ consecutivo: number; id_externo: string }>(
        tx,
        sql`select i.consecutivo, p.id_externo from portal_publicacion p join inmueble i on i.id = p.id_inmueble
            where p.portal = 'wasi' and p.estado = 'publicado' and i.consecutivo in (${sql.join(
              cons.map((c) => sql`${c}`),
              sql`, `,
            )})`,
      ),
    );
    expect(ids).toHaveLength(3);
    const id = (c: number) => ids.find((x) => x.consecutivo === c)!.id_externo;
    // Someone hid the second in Wasi and deleted the third there.
    fWasi.propiedades.set(id(cons[1]!), { ...fWasi.propiedades.get(id(cons[1]!)), id_status_on_page: '2' });
    fWasi.propiedades.delete(id(cons[2]!));

    const r = await conciliar({
      db: t.db,
      cifrador,
      idEmpresa: 1,
      portal: 'wasi',
      intento: 1,
      maxIntentos: MAX_INTENTOS_CONCILIAR,
    });
    expect(r).toMatchObject({ diferencias: 2 });
    const filas = await t.db.tenant(1, (tx) =>
      queryRows<{ consecutivo: number; estado: string; ultimo_error: string | null; id_externo: string | null }>(
        tx,
        sql`select i.consecutivo, p.estado, p.ultimo_error, p.id_externo from portal_publicacion p
            join inmueble i on i.id = p.id_inmueble where p.portal = 'wasi'
            and i.consecutivo in (${sql.join(
              cons.map((c) => sql`${c}`),
              sql`, `,
            )}) order by i.consecutivo`,
      ),
    );
    expect(filas[0]).toMatchObject({ estado: 'publicado' });
    expect(filas[1]).toMatchObject({ estado: 'despublicado', id_externo: null });
    expect(filas[1]!.ultimo_error).toContain('Wasi la tiene oculta');
    expect(filas[2]).toMatchObject({ estado: 'error', id_externo: null });
    expect(filas[2]!.ultimo_error).toContain('Wasi ya no tiene el inmueble');
    // A second pass finds nothing more.
    expect(
      await conciliar({ db: t.db, cifrador, idEmpresa: 1, portal: 'wasi', intento: 1, maxIntentos: MAX_INTENTOS_CONCILIAR }),
    ).toMatchObject({
      diferencias: 0,
    });
    expect((await pedir(admin1, 'POST', '/api/portales/wasi/conciliar')).statusCode).toBe(200);
    expect((await pedir(admin1, 'POST', '/api/portales/casa_raiz/conciliar')).statusCode).toBe(404);
  });
});
