import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { CATEGORIAS, FakeIntegradores, INTEGRADORES_CLAVE, INTEGRADORES_CLIENTE } from '../../test/fake-integradores.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';
import type { Equivalencias, FichaPortal } from './adaptador.ts';
import { barriosDe, ciencuadras, fincaraiz } from './integradores.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';

// The integrators' catalogues (Ciencuadras, Fincaraíz; issue 34): features from GET /category and barrios
// from GET /location/{name}, loaded from the fake, matched by name, completed by hand, sent as
// `categories` and `locations.location_main_id`, and what has no equivalence named before sending.

const fake = new FakeIntegradores();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
const ids: Record<string, number> = {};
const CHAPINERO = '1895e0a3-60b8-4a9d-858d-f2c7297b48b2';
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
    ids.bogota = (await queryRows<{ id: number }>(tx, sql`select id from municipios where codigo_dane = '11001'`))[0]!.id;
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
    for (const nombre of ['Piscina', 'Terraza', 'Estudio', 'Gimnasio'])
      ids[nombre] = (
        await queryRows<{ id: number }>(tx, sql`select id from caracteristicas_inmueble where nombre = ${nombre}`)
      )[0]!.id;
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

const configurar = (portal = 'ciencuadras') =>
  pedir(admin1, 'PUT', `/api/portales/${portal}/configuracion`, {
    activo: true,
    url: fake.url,
    usuario: INTEGRADORES_CLIENTE,
    secreto: INTEGRADORES_CLAVE,
    correo_contacto: 'ventas@inmobiliaria.co',
    telefono_contacto: '+57 300 111 2233',
  });

const crear = async (extra: Record<string, unknown>) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 57 # 9-20',
    id_municipio: ids.bogota,
    estrato: 4,
    area_construida: 70,
    habitaciones: 2,
    banos: 2,
    parqueaderos: 1,
    canon: 2_300_000,
    descripcion: 'Apartamento para el catálogo de Ciencuadras',
    lat: 4.6486,
    lng: -74.0628,
    propietarios: [],
    publicar: { ciencuadras: false },
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().data as { consecutivo: number }).consecutivo;
};

async function correr(consecutivo: number): Promise<unknown[]> {
  const js = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'ciencuadras'; solicitud: number } }>(
      tx,
      sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
          where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${consecutivo} order by t.id`,
    ),
  );
  const out: unknown[] = [];
  for (const j of js) {
    out.push(
      await sincronizar({
        db: t.db,
        storage: t.deps.storage,
        cifrador,
        idEmpresa: 1,
        datos: j.datos,
        intento: 1,
        maxIntentos: MAX_INTENTOS_PORTAL,
        urlPublica: URL_BASE,
        sondeo: { intentos: 2, ms: 5 },
      }).catch((e: unknown) => e),
    );
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where id = ${j.id}`));
  }
  return out;
}

const fila = async (consecutivo: number) =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<{ estado: string; ultimo_error: string | null }>(
        tx,
        sql`select p.estado, p.ultimo_error from portal_publicacion p join inmueble i on i.id = p.id_inmueble
            where i.consecutivo = ${consecutivo} and p.portal = 'ciencuadras'`,
      ),
    )
  )[0];

const mapear = (portal: string, clase: string, id_local: string, codigo: string | null) =>
  pedir(admin1, 'PUT', `/api/portales/${portal}/equivalencias`, { clase, id_local, codigo });

const ajustes = {
  cuenta: '',
  url: '',
  usuario: INTEGRADORES_CLIENTE,
  id_region: null,
  id_ciudad: null,
  correo_contacto: 'ventas@inmobiliaria.co',
  telefono_contacto: '+573001112233',
};
const EQ: Equivalencias = {
  conCatalogo: { tipo: false, ciudad: false, barrio: true, caracteristica: true },
  tipo: null,
  ciudad: null,
  barrio: CHAPINERO,
  barriosDeCiudad: false,
  caracteristicas: [
    { nombre: 'Piscina', codigo: '17' },
    { nombre: 'Terraza', codigo: '10' },
    { nombre: 'Estudio', codigo: '-' },
    { nombre: 'Terraza cubierta', codigo: '10' },
  ],
};

describe('integrators’ mapping with equivalences (pure)', () => {
  it('sends the barrio as location_main_id and the features as categories; «No se envía» left out', () => {
    const f: FichaPortal = { ...FICHA_PORTAL, barrio: 'Chapinero', equivalencias: EQ };
    const p = ciencuadras.esquema.parse(ciencuadras.mapear(f, ajustes));
    expect(p.locations).toEqual({
      location_point: { latitude: FICHA_PORTAL.lat, longitude: FICHA_PORTAL.lng },
      view_map: 2,
      location_main_id: CHAPINERO,
    });
    expect(p.categories).toEqual([17, 10]);
    expect(ciencuadras.faltantes(f, ajustes)).toEqual([]);
    // Without a catalogue nothing changes: no ids, nothing required (the golden file's listing).
    const sin = ciencuadras.mapear({ ...FICHA_PORTAL, barrio: 'Chapinero' }, ajustes);
    expect(sin.categories).toBeUndefined();
    expect(sin.locations.location_main_id).toBeUndefined();
  });

  it('names each barrio and característica without equivalence once the catalogue is loaded', () => {
    const f: FichaPortal = {
      ...FICHA_PORTAL,
      barrio: 'Chapinero',
      equivalencias: { ...EQ, barrio: null, caracteristicas: [{ nombre: 'Piscina', codigo: null }, ...EQ.caracteristicas!] },
    };
    expect(fincaraiz.faltantes(f, ajustes)).toEqual([
      'Barrio sin equivalencia en Fincaraíz: Chapinero',
      'Característica sin equivalencia en Fincaraíz: Piscina',
    ]);
    // A property without barrio is not held for it (location_main_id is optional in the contract).
    expect(fincaraiz.faltantes({ ...f, barrio: null, equivalencias: { ...EQ, barrio: null } }, ajustes)).toEqual([]);
  });

  it('keeps only NEIGHBOURHOOD places from GET /location, keyed by their city', () => {
    expect(
      barriosDe([
        {
          id: 'a',
          name: 'Cedritos',
          location_type: 'NEIGHBOURHOOD',
          country: 'Colombia',
          state: 'Cundinamarca',
          city: 'Bogotá, d.c.',
        },
        { id: 'b', name: 'Usaquen', location_type: 'LOCALITY', country: 'Colombia', state: 'Bogotá, d.c.', city: 'Bogotá' },
        { id: 'c', name: 'Sin ciudad', location_type: 'NEIGHBOURHOOD', country: 'Colombia', state: null, city: null },
      ]),
    ).toEqual([{ codigo: 'a', nombre: 'Cedritos', padre: 'bogota', detalle: 'Bogotá, d.c. (Cundinamarca)' }]);
    expect(barriosDe(null)).toEqual([]);
  });
});

describe('Ciencuadras catalogue against the fake', () => {
  let consecutivo: number;
  beforeAll(async () => {
    expect((await configurar()).statusCode).toBe(200);
    consecutivo = await crear({ id_barrio: ids.chapinero, caracteristicas: [ids.Piscina, ids.Terraza, ids.Estudio] });
  });

  it('refuses a load the portal limits, fails or refuses, saying why, and keeps nothing', async () => {
    for (const [falla, mensaje] of [
      ['429', /No se pudo cargar el catálogo: Ciencuadras limitó los envíos \(429\): se reintentará en 1 s/],
      ['500', /No se pudo cargar el catálogo: Ciencuadras falló \(500\): Internal Error/],
      ['clave', /No se pudo cargar el catálogo: Ciencuadras rechazó las credenciales \(401\)/],
    ] as const) {
      fake.fallas = [falla];
      const r = await pedir(admin1, 'POST', '/api/portales/ciencuadras/catalogo/cargar');
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toMatch(mensaje);
    }
    const resumen = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo')).json().data;
    expect(resumen.clases).toEqual([
      { clase: 'barrio', entradas: 0, cargado_en: null, origen: null },
      { clase: 'caracteristica', entradas: 0, cargado_en: null, origen: null },
    ]);
  });

  it('loads features (every page) and the barrios in use, and matches by name what is unambiguous', async () => {
    fake.lecturasCatalogo.length = 0;
    const r = await pedir(admin1, 'POST', '/api/portales/ciencuadras/catalogo/cargar');
    expect(r.statusCode, r.body).toBe(200);
    const carga = r.json().data;
    expect(carga.caracteristica).toBe(CATEGORIAS.length);
    // Chapinero and Chapinero Alto (Bogotá): not the locality nor other cities' barrios.
    expect(carga.barrio).toBeGreaterThanOrEqual(2);
    expect(fake.lecturasCatalogo.filter((p) => p === '/category')).toHaveLength(Math.ceil(CATEGORIAS.length / 10));
    expect(fake.lecturasCatalogo.some((p) => /^\/location\/Chapinero Bogot/.test(decodeURIComponent(p)))).toBe(true);
    const barrios = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/equivalencias?clase=barrio&q=chapinero')).json().data;
    expect(barrios.items[0]).toMatchObject({ nombre: 'Chapinero', codigo: CHAPINERO, nombre_portal: 'Chapinero' });
    const cs = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/equivalencias?clase=caracteristica&pageSize=200')).json()
      .data.items as { nombre: string; codigo: string | null }[];
    const por = Object.fromEntries(cs.map((c) => [c.nombre, c.codigo]));
    // «Piscina» and «Gimnasio» have one feature of that name; «Terraza» two (10 and 315); «Estudio» none.
    expect(por).toMatchObject({ Piscina: '17', Gimnasio: '103', Terraza: null, Estudio: null });
    const resumen = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo')).json().data;
    expect(resumen.sin_mapear.caracteristica).toBeGreaterThan(0);
    expect(resumen.desde_portal).toBe(true);
    // The Select finds the feature and the «No se envía» entry.
    const entradas = (
      await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo/entradas?clase=caracteristica&q=terraza')
    ).json().data as { codigo: string; detalle: string }[];
    expect(entradas.map((e) => e.codigo).sort()).toEqual(['10', '315']);
    const no = (
      await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo/entradas?clase=caracteristica&q=no%20se%20envia')
    ).json().data as { codigo: string; nombre: string }[];
    expect(no).toEqual([expect.objectContaining({ codigo: '-', nombre: 'No se envía a Ciencuadras' })]);
  });

  it('holds the property naming each unmapped característica, then sends the ids once mapped', async () => {
    const r = await pedir(admin1, 'POST', `/api/portales/ciencuadras/inmuebles/${consecutivo}/publicar`);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('Característica sin equivalencia en Ciencuadras: Estudio');
    expect(r.json().message).toContain('Característica sin equivalencia en Ciencuadras: Terraza');
    expect(r.json().message).not.toContain('Piscina');
    expect((await mapear('ciencuadras', 'caracteristica', String(ids.Terraza), '10')).statusCode).toBe(200);
    expect((await mapear('ciencuadras', 'caracteristica', String(ids.Estudio), '-')).statusCode).toBe(200);
    const ok = await pedir(admin1, 'POST', `/api/portales/ciencuadras/inmuebles/${consecutivo}/publicar`);
    expect(ok.statusCode, ok.body).toBe(200);
    await correr(consecutivo);
    expect(await fila(consecutivo)).toMatchObject({ estado: 'publicado', ultimo_error: null });
    const enviado = fake.eventos.filter((e) => e.accion === 'crear').at(-1)!.listing;
    expect(enviado.external_code).toBe(String(consecutivo));
    expect((enviado.locations as Record<string, unknown>).location_main_id).toBe(CHAPINERO);
    expect([...(enviado.categories as number[])].sort((a, b) => a - b)).toEqual([10, 17]);
  });

  it('a job holds a property whose barrio lost its equivalence, naming it; a bad code is a 400', async () => {
    expect((await mapear('ciencuadras', 'barrio', String(ids.chapinero), null)).statusCode).toBe(200);
    const otro = await crear({ id_barrio: ids.chapinero, publicar: { ciencuadras: true } });
    await correr(otro);
    expect(await fila(otro)).toMatchObject({
      estado: 'error',
      ultimo_error: expect.stringContaining('Barrio sin equivalencia en Ciencuadras: Chapinero'),
    });
    const mala = await mapear('ciencuadras', 'barrio', String(ids.chapinero), 'no-existe');
    expect(mala.statusCode).toBe(400);
    expect(mala.json().message).toMatch(/Código en el portal: no-existe no está en el catálogo de Ciencuadras/);
    expect((await mapear('ciencuadras', 'caracteristica', '999999', '17')).statusCode).toBe(404);
    expect((await mapear('ciencuadras', 'municipio', String(ids.bogota), '17')).statusCode).toBe(400);
    expect((await mapear('ciencuadras', 'barrio', String(ids.chapinero), CHAPINERO)).statusCode).toBe(200);
  });

  it('takes a CSV of features (with «No se envía») and of barrios keyed by city name', async () => {
    const c = await pedir(admin1, 'POST', '/api/portales/ciencuadras/catalogo/csv', {
      clase: 'caracteristica',
      contenido: 'codigo;nombre;padre;detalle\n17;Piscina;;Zonas comunes\n10;Terraza;;Exterior\n',
    });
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json().data.caracteristica).toBe(2);
    expect(
      ((await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo/entradas?clase=caracteristica')).json().data as unknown[])
        .length,
    ).toBe(3);
    const b = await pedir(admin1, 'POST', '/api/portales/ciencuadras/catalogo/csv', {
      clase: 'barrio',
      contenido: `${CHAPINERO},Chapinero,"Bogotá, D.C."\nc2b6e8d1-5f3a-4c7e-9b21-7d4e6f8a1b30,Teusaquillo,Bogotá\n`,
    });
    expect(b.statusCode, b.body).toBe(200);
    const e = (await pedir(admin1, 'GET', '/api/portales/ciencuadras/catalogo/entradas?clase=barrio')).json().data;
    expect(e).toEqual(expect.arrayContaining([expect.objectContaining({ codigo: CHAPINERO, padre: 'bogota' })]));
  });

  it('is the portal’s idm’s, per portal and per company', async () => {
    expect((await pedir(asesor1, 'GET', '/api/portales/ciencuadras/catalogo')).statusCode).toBe(403);
    expect(
      (await pedir(asesor1, 'PUT', '/api/portales/ciencuadras/equivalencias', { clase: 'barrio', id_local: '1', codigo: null }))
        .statusCode,
    ).toBe(403);
    // Fincaraíz keeps its own catalogue; another company sees none and maps nothing of company 1.
    const fr = (await pedir(admin1, 'GET', '/api/portales/fincaraiz/catalogo')).json().data;
    expect(fr.clases.every((c: { entradas: number }) => c.entradas === 0)).toBe(true);
    const otra = (await pedir(admin2, 'GET', '/api/portales/ciencuadras/catalogo')).json().data;
    expect(otra.clases.every((c: { entradas: number }) => c.entradas === 0)).toBe(true);
    expect(
      (
        await pedir(admin2, 'PUT', '/api/portales/ciencuadras/equivalencias', {
          clase: 'caracteristica',
          id_local: String(ids.Piscina),
          codigo: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await pedir(admin1, 'GET', '/api/portales/ciencuadras/equivalencias?clase=ciudad')).statusCode).toBe(400);
  });
});
