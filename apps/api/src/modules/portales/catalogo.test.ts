import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeWasi, WASI_EMPRESA, WASI_FEATURES, WASI_TOKEN } from '../../test/fake-wasi.ts';
import { CODIGO_NO_SE_ENVIA } from '@predio/contract/portales';
import { FakeMetrocuadrado, M2_API_KEY, M2_CLAVE, M2_IDENTIFICACION, M2_USUARIO } from '../../test/fake-metrocuadrado.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';
import type { Equivalencias } from './adaptador.ts';
import { leerCsv } from './catalogo.service.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { caracteristicasWasi, wasi } from './wasi.ts';

// Per-portal catalogues and equivalences (issue 34): Wasi's catalogue read from the fake, matched by
// name, completed by hand, and used by the adapter (department, city and zone ids); the pre-send
// validation names what has no equivalence; CSV upload; bad input, 403 and another company.

const fake = new FakeWasi();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
const ids: Record<string, number> = {};

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
    for (const [k, dane] of [
      ['bogota', '11001'],
      ['barranquilla', '08001'],
      ['rionegro', '05615'],
    ] as const)
      ids[k] = (await queryRows<{ id: number }>(tx, sql`select id from municipios where codigo_dane = ${dane}`))[0]!.id;
    for (const [k, nombre] of [
      ['chapinero', 'Chapinero'],
      ['teusaquillo', 'Teusaquillo'],
    ] as const)
      ids[k] = (
        await queryRows<{ id: number }>(
          tx,
          sql`select id from barrios where nombre = ${nombre} and id_municipio = ${ids.bogota!}`,
        )
      )[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const crear = async (extra: Record<string, unknown>) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 45 # 13-20',
    estrato: 4,
    area_construida: 70,
    habitaciones: 2,
    banos: 2,
    parqueaderos: 1,
    canon: 2_300_000,
    descripcion: 'Apartamento para el catálogo',
    propietarios: [],
    publicar: { wasi: false },
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as { consecutivo: number }).consecutivo;
};

async function correr(consecutivo: number): Promise<void> {
  const js = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'wasi'; solicitud: number } }>(
      tx,
      sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
          where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${consecutivo} order by t.id`,
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
}

const EQ: Equivalencias = {
  conCatalogo: { tipo: true, ciudad: true, barrio: true, caracteristica: false },
  tipo: '2',
  ciudad: { codigo: '520', padre: '2' },
  barrio: '9101',
  barriosDeCiudad: true,
};
const ajustes = { url: '', usuario: WASI_EMPRESA, cuenta: '', id_region: null, id_ciudad: null };

describe('Wasi mapping with equivalences (pure)', () => {
  it('sends the department, city and zone ids of the equivalences (golden file)', async () => {
    const f = { ...FICHA_PORTAL, equivalencias: EQ };
    expect(wasi.faltantes(f, ajustes)).toEqual([]);
    const p = wasi.esquema.parse(wasi.mapear(f, ajustes));
    expect(p).toMatchObject({ id_region: 2, id_city: 520, id_zone: 9101, id_property_type: 2 });
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/wasi-apartamento-equivalencias.json');
  });

  it('names each master without equivalence once the catalogue is loaded, in Spanish', () => {
    const f = {
      ...FICHA_PORTAL,
      tipo: 'parqueadero',
      municipio: 'Bogotá, D.C.',
      barrio: 'Chapinero',
      equivalencias: { ...EQ, tipo: null, ciudad: null, barrio: null, barriosDeCiudad: false },
    };
    expect(wasi.faltantes(f, ajustes)).toEqual([
      'Tipo de inmueble sin equivalencia en Wasi: parqueadero',
      'Municipio sin equivalencia en Wasi: Bogotá, D.C.',
    ]);
    // The city mapped, its zones loaded, the barrio not: named.
    const g = { ...FICHA_PORTAL, barrio: 'Chapinero', equivalencias: { ...EQ, barrio: null } };
    expect(wasi.faltantes(g, ajustes)).toEqual(['Barrio sin equivalencia en Wasi: Chapinero']);
    // No catalogue yet: the settings' department and city, as before.
    expect(wasi.faltantes({ ...FICHA_PORTAL }, ajustes)).toEqual([
      'Departamento en Wasi (configuración del portal)',
      'Ciudad en Wasi (configuración del portal)',
    ]);
  });

  it('sends the características as Wasi’s feature ids, and names one without equivalence', () => {
    const eq = {
      ...EQ,
      conCatalogo: { ...EQ.conCatalogo, caracteristica: true },
      caracteristicas: [
        { nombre: 'Piscina', codigo: '52' },
        { nombre: 'Balcón', codigo: '4' },
        { nombre: 'Vestier', codigo: CODIGO_NO_SE_ENVIA },
      ],
    };
    const f = { ...FICHA_PORTAL, equivalencias: eq };
    expect(wasi.faltantes(f, ajustes)).toEqual([]);
    expect(wasi.esquema.parse(wasi.mapear(f, ajustes)).features).toBe('52,4');
    const sin = { ...FICHA_PORTAL, equivalencias: { ...eq, caracteristicas: [{ nombre: 'Estudio', codigo: null }] } };
    expect(wasi.faltantes(sin, ajustes)).toEqual(['Característica sin equivalencia en Wasi: Estudio']);
    // None mapped (or none at all): no `features` field, as before.
    expect(wasi.mapear({ ...FICHA_PORTAL, equivalencias: EQ }, ajustes)).not.toHaveProperty('features');
    // Wasi's features list, internal and external, names with double spaces tidied.
    expect(caracteristicasWasi({ ...WASI_FEATURES, status: 'success' }).slice(-2)).toEqual([
      { codigo: '61', nombre: 'Gimnasio', padre: '', detalle: 'Externa' },
      { codigo: '70', nombre: 'Zonas verdes', padre: '', detalle: 'Externa' },
    ]);
    expect(caracteristicasWasi({ '0': { id_feature: 3, name: 'Patio' }, status: 'success' })).toEqual([
      { codigo: '3', nombre: 'Patio', padre: '', detalle: '' },
    ]);
  });

  it('reads a CSV with a header, quotes and «;», and refuses a bad line naming it', () => {
    expect(
      leerCsv('codigo;nombre;padre;detalle\n698;"Bogotá; D.C.";3;Bogotá D.C.\r\n520;Medellín;2;Antioquia\n', 'ciudad'),
    ).toEqual([
      { codigo: '698', nombre: 'Bogotá; D.C.', padre: '3', detalle: 'Bogotá D.C.' },
      { codigo: '520', nombre: 'Medellín', padre: '2', detalle: 'Antioquia' },
    ]);
    expect(() => leerCsv('1,Chapinero\n', 'barrio')).toThrow(/línea 1: el barrio necesita el código de su ciudad/);
    expect(() => leerCsv('1,A\n1,B\n', 'tipo')).toThrow(/línea 2: el código 1 está repetido/);
    expect(() => leerCsv('codigo,nombre\n', 'tipo')).toThrow(/no tiene filas/);
  });
});

describe('catalogue and equivalences through the API', () => {
  const cons: Record<string, number> = {};
  beforeAll(async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/wasi/configuracion', {
      activo: true,
      url: fake.url,
      usuario: WASI_EMPRESA,
      secreto: WASI_TOKEN,
    });
    expect(r.statusCode, r.body).toBe(200);
    cons.chapinero = await crear({ id_municipio: ids.bogota, id_barrio: ids.chapinero });
    cons.teusaquillo = await crear({ id_municipio: ids.bogota, id_barrio: ids.teusaquillo });
    cons.barranquilla = await crear({ id_municipio: ids.barranquilla });
    cons.rionegro = await crear({ id_municipio: ids.rionegro, tipo: 'casa' });
  });

  it('loads Wasi’s catalogue from the portal and matches by name what is unambiguous', async () => {
    const antes = await pedir(admin1, 'GET', '/api/portales/wasi/catalogo');
    expect(antes.statusCode).toBe(200);
    expect(antes.json().data.clases.every((c: { entradas: number }) => c.entradas === 0)).toBe(true);

    const r = await pedir(admin1, 'POST', '/api/portales/wasi/catalogo/cargar');
    expect(r.statusCode, r.body).toBe(200);
    // 11 types, 5 cities in 4 departments, the zones of the cities mapped (Bogotá's 3; Rionegro has none).
    expect(r.json().data).toMatchObject({ tipo: 11, ciudad: 5, barrio: 3, caracteristica: 6 });

    const muni = await pedir(admin1, 'GET', '/api/portales/wasi/equivalencias?clase=municipio&q=rionegro');
    // Two Rionegros in Wasi: the one in Antioquia, as the municipio's department says.
    expect(muni.json().data.items).toEqual([
      { id_local: String(ids.rionegro), nombre: 'Rionegro', detalle: 'Antioquia', codigo: '530', nombre_portal: 'Rionegro' },
    ]);
    const bogota = await pedir(admin1, 'GET', '/api/portales/wasi/equivalencias?clase=municipio&q=bogota');
    expect(bogota.json().data.items[0]).toMatchObject({ codigo: '698' });
    const sin = await pedir(admin1, 'GET', '/api/portales/wasi/equivalencias?clase=barrio&sin_mapear=true&q=teusaquillo');
    // Its municipio maps to Wasi's Bogotá: the screen offers that city's barrios.
    expect(sin.json().data).toMatchObject({ total: 1, items: [{ nombre: 'Teusaquillo', codigo: null, padre: '698' }] });
    const deBogota = await pedir(admin1, 'GET', '/api/portales/wasi/catalogo/entradas?clase=barrio&padre=698&q=');
    expect(
      deBogota
        .json()
        .data.map((e: { nombre: string }) => e.nombre)
        .sort(),
    ).toEqual(['Cedritos', 'Chapinero', 'Usaquén']);
    const resumen = (await pedir(admin1, 'GET', '/api/portales/wasi/catalogo')).json().data;
    expect(resumen.sin_mapear.tipo).toBe(1); // parqueadero: Wasi's catalogue has none
    expect(resumen.sin_mapear.municipio).toBeGreaterThanOrEqual(1); // Barranquilla
    expect(resumen.clases).toEqual(
      expect.arrayContaining([expect.objectContaining({ clase: 'ciudad', entradas: 5, origen: 'portal' })]),
    );
    // The Select's search.
    const busca = await pedir(admin1, 'GET', '/api/portales/wasi/catalogo/entradas?clase=ciudad&q=rionegro');
    expect(
      busca
        .json()
        .data.map((e: { detalle: string }) => e.detalle)
        .sort(),
    ).toEqual(['Antioquia', 'Santander']);
  });

  it('publishes with the equivalences’ ids and names what has none before sending', async () => {
    const pub = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${cons.chapinero}/publicar`);
    expect(pub.statusCode, pub.body).toBe(200);
    await correr(cons.chapinero!);
    const ev = fake.eventos.findLast((e) => e.accion === 'add')!;
    expect(ev.datos).toMatchObject({ id_region: '3', id_city: '698', id_zone: '9001', id_property_type: '2' });

    const teu = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${cons.teusaquillo}/publicar`);
    expect(teu.statusCode).toBe(400);
    expect(teu.json().message).toContain('Barrio sin equivalencia en Wasi: Teusaquillo');
    const baq = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${cons.barranquilla}/publicar`);
    expect(baq.statusCode).toBe(400);
    expect(baq.json().message).toContain('Municipio sin equivalencia en Wasi: Barranquilla');

    // Mapped by hand on the screen: then it goes, with that zone.
    const put = await pedir(admin1, 'PUT', '/api/portales/wasi/equivalencias', {
      clase: 'barrio',
      id_local: String(ids.teusaquillo),
      codigo: '9003',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ codigo: '9003', nombre_portal: 'Cedritos' });
    expect((await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${cons.teusaquillo}/publicar`)).statusCode).toBe(200);
    await correr(cons.teusaquillo!);
    expect(fake.eventos.findLast((e) => e.accion === 'add')!.datos).toMatchObject({ id_city: '698', id_zone: '9003' });

    // Removing it (codigo null) holds the property again.
    await pedir(admin1, 'PUT', '/api/portales/wasi/equivalencias', {
      clase: 'barrio',
      id_local: String(ids.teusaquillo),
      codigo: null,
    });
    const otra = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${cons.teusaquillo}/actualizar`);
    expect(otra.json().message).toContain('Barrio sin equivalencia en Wasi: Teusaquillo');
  });

  it('sends a property’s características as the features matched by name; one without equivalence is named', async () => {
    const opciones = (await pedir(admin1, 'GET', '/api/inmuebles-opciones/caracteristicas')).json().data as {
      id: number;
      label: string;
    }[];
    const id = (n: string) => opciones.find((o) => o.label === n)!.id;
    const c = await crear({ id_municipio: ids.bogota, id_barrio: ids.chapinero, caracteristicas: [id('Piscina'), id('Balcón')] });
    expect((await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${c}/publicar`)).statusCode).toBe(200);
    await correr(c);
    // Matched by name when the catalogue was loaded: Piscina 52, Balcón 4.
    expect(
      fake.eventos
        .findLast((e) => e.accion === 'add')!
        .datos.features!.split(',')
        .sort(),
    ).toEqual(['4', '52']);
    const d = await crear({ id_municipio: ids.bogota, id_barrio: ids.chapinero, caracteristicas: [id('Vestier')] });
    const r = await pedir(admin1, 'POST', `/api/portales/wasi/inmuebles/${d}/publicar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('Característica sin equivalencia en Wasi: Vestier');
  });

  it('loads a class from a CSV, replacing it, and matches by name', async () => {
    const r = await pedir(admin1, 'POST', '/api/portales/wasi/catalogo/csv', {
      clase: 'ciudad',
      contenido: 'codigo,nombre,padre,detalle\n698,Bogotá D.C.,3,Bogotá D.C.\n540,Barranquilla,8,Atlántico\n',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ ciudad: 2, emparejados: 1 });
    const baq = await pedir(admin1, 'GET', '/api/portales/wasi/equivalencias?clase=municipio&q=barranquilla');
    expect(baq.json().data.items[0]).toMatchObject({ codigo: '540', nombre_portal: 'Barranquilla' });
  });

  it('refuses bad input naming the field', async () => {
    const mal = (body: unknown) => pedir(admin1, 'PUT', '/api/portales/wasi/equivalencias', body);
    const fuera = await mal({ clase: 'municipio', id_local: String(ids.bogota), codigo: '99999' });
    expect(fuera.statusCode).toBe(400);
    expect(fuera.json().message).toContain('Código en el portal: 99999 no está en el catálogo de Wasi');
    expect((await mal({ clase: 'pais', id_local: '1', codigo: '1' })).json().message).toMatch(/Clase/);
    expect((await mal({ clase: 'municipio', id_local: '', codigo: '1' })).json().message).toMatch(/Elemento/);
    expect((await mal({ clase: 'municipio', id_local: '999999', codigo: '698' })).statusCode).toBe(404);
    expect((await mal({ clase: 'tipo', id_local: 'castillo', codigo: '1' })).statusCode).toBe(404);
    const csv = await pedir(admin1, 'POST', '/api/portales/wasi/catalogo/csv', { clase: 'barrio', contenido: '1,Chapinero\n' });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toContain('Archivo CSV, línea 1');
    const q = await pedir(admin1, 'GET', '/api/portales/wasi/equivalencias?clase=municipio&pageSize=5000');
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toMatch(/pageSize/);
    // Domus keeps no catalogue: no such endpoint.
    expect((await pedir(admin1, 'GET', '/api/portales/domus/catalogo')).statusCode).toBe(404);
  });

  it('answers 403 without idm 10606, and another company sees and maps nothing of this one', async () => {
    expect((await pedir(asesor1, 'GET', '/api/portales/wasi/catalogo')).statusCode).toBe(403);
    expect(
      (await pedir(asesor1, 'PUT', '/api/portales/wasi/equivalencias', { clase: 'tipo', id_local: 'casa', codigo: '1' }))
        .statusCode,
    ).toBe(403);
    const otra = (await pedir(admin2, 'GET', '/api/portales/wasi/catalogo')).json().data;
    expect(otra.clases.every((c: { entradas: number }) => c.entradas === 0)).toBe(true);
    expect((await pedir(admin2, 'GET', '/api/portales/wasi/catalogo/entradas?clase=ciudad&q=')).json().data).toEqual([]);
    // Company 1's entry is not in company 2's catalogue, and company 1's municipio is not company 2's.
    const put = await pedir(admin2, 'PUT', '/api/portales/wasi/equivalencias', { clase: 'tipo', id_local: 'casa', codigo: '1' });
    expect(put.statusCode).toBe(400);
    expect(
      (
        await pedir(admin2, 'PUT', '/api/portales/wasi/equivalencias', {
          clase: 'municipio',
          id_local: String(ids.bogota),
          codigo: null,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('Metrocuadrado: cities and barrios from its catalogue', () => {
  const m2 = new FakeMetrocuadrado();
  beforeAll(async () => {
    await m2.start();
  });
  afterAll(async () => {
    await m2.stop();
  });

  it('loads them with the API key, matches Bogotá and its barrios, and sends their ids', async () => {
    const conf = await pedir(admin1, 'PUT', '/api/portales/metrocuadrado/configuracion', {
      activo: true,
      url: m2.url,
      usuario: M2_USUARIO,
      cuenta: M2_IDENTIFICACION,
      secreto: M2_CLAVE,
      clave_api: M2_API_KEY,
    });
    expect(conf.statusCode, conf.body).toBe(200);
    const n = await crear({ id_municipio: ids.bogota, id_barrio: ids.chapinero, publicar: { metrocuadrado: false } });
    const r = await pedir(admin1, 'POST', '/api/portales/metrocuadrado/catalogo/cargar');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ tipo: 0, ciudad: 2, barrio: 2 });
    const resumen = (await pedir(admin1, 'GET', '/api/portales/metrocuadrado/catalogo')).json().data;
    expect(resumen.clases.map((c: { clase: string }) => c.clase)).toEqual(['ciudad', 'barrio']);
    // Barranquilla has no city in Metrocuadrado's (fake) catalogue: held, named.
    const baq = await crear({ id_municipio: ids.barranquilla });
    const malo = await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${baq}/publicar`);
    expect(malo.json().message).toContain('Municipio sin equivalencia en Metrocuadrado: Barranquilla');
    expect((await pedir(admin1, 'POST', `/api/portales/metrocuadrado/inmuebles/${n}/publicar`)).statusCode).toBe(200);
    const js = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; datos: { idInmueble: number; portal: 'metrocuadrado'; solicitud: number } }>(
        tx,
        sql`select id, datos from trabajo where tipo = 'portales.sincronizar' and estado = 'pendiente'
            and datos ->> 'portal' = 'metrocuadrado' order by id`,
      ),
    );
    for (const j of js)
      await sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j.datos,
        intento: 1,
        maxIntentos: MAX_INTENTOS_PORTAL,
      });
    const enviado = [...m2.inmuebles.values()].find((i) => (i as { externalCode?: string }).externalCode === String(n)) as
      { location: Record<string, unknown> } | undefined;
    expect(enviado?.location).toMatchObject({ cityId: 'BOG', neighborhoodId: 'BOG-CHAP' });
  });
});
