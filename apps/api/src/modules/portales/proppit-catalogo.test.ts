import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeProppit, PROPPIT_ANUNCIANTE, PROPPIT_CLAVE, PROPPIT_USUARIO } from '../../test/fake-proppit.ts';
import { amenidadesProppit } from './proppit.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';

// Proppit's amenities as a feature catalogue (issue 34): GET /proppit/CO/property-types loaded, the
// company's características mapped to them, each unmapped one named, and only the amenities Proppit
// allows for the ad's type sent.

const fake = new FakeProppit();
let t: TestApp;
let admin1: string;
let asesor1: string;
let cifrador: Cifrador;
let municipio: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  await fake.start();
  t = await createTestApp();
  cifrador = cifradorDe(t.deps.config, PROPOSITO_CIFRADO);
  [admin1, asesor1] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.asesor1)];
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id;
    for (const nombre of ['Piscina', 'Gimnasio', 'Estudio'])
      ids[nombre] = (
        await queryRows<{ id: number }>(tx, sql`select id from caracteristicas_inmueble where nombre = ${nombre}`)
      )[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const mapear = (id_local: number, codigo: string | null) =>
  pedir(admin1, 'PUT', '/api/portales/proppit/equivalencias', { clase: 'caracteristica', id_local: String(id_local), codigo });

describe('Proppit amenities', () => {
  it('reads each amenity once with the types that allow it', () => {
    expect(
      amenidadesProppit([
        { id: 'apartment', amenities: ['gym', 'swimming pool'] },
        { id: 'house', amenities: ['swimming pool'] },
        { id: 'land' },
      ]),
    ).toEqual([
      { codigo: 'gym', nombre: 'gym', padre: '', detalle: 'apartment' },
      { codigo: 'swimming pool', nombre: 'swimming pool', padre: '', detalle: 'apartment, house' },
    ]);
    expect(amenidadesProppit(null)).toEqual([]);
  });

  it('loads them, names what has no equivalence, and sends only those allowed for the type', async () => {
    const conf = await pedir(admin1, 'PUT', '/api/portales/proppit/configuracion', {
      activo: true,
      url: fake.url,
      usuario: PROPPIT_USUARIO,
      cuenta: PROPPIT_ANUNCIANTE,
      secreto: PROPPIT_CLAVE,
    });
    expect(conf.statusCode, conf.body).toBe(200);
    fake.fallas = ['503'];
    const fallo = await pedir(admin1, 'POST', '/api/portales/proppit/catalogo/cargar');
    expect(fallo.statusCode).toBe(409);
    expect(fallo.json().message).toMatch(/No se pudo cargar el catálogo: Proppit falló \(503\)/);
    const r = await pedir(admin1, 'POST', '/api/portales/proppit/catalogo/cargar');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ caracteristica: 6 });

    const c = await pedir(admin1, 'POST', '/api/inmuebles', {
      tipo: 'casa',
      gestion: 'arriendo',
      direccion: 'Calle 9 # 9-09 amenidades',
      id_municipio: municipio,
      area_construida: 120,
      habitaciones: 3,
      banos: 2,
      canon: 3_000_000,
      lat: 4.7,
      lng: -74.05,
      caracteristicas: [ids.Piscina, ids.Gimnasio, ids.Estudio],
      descripcion: 'Casa con piscina',
      propietarios: [],
      publicar: { proppit: false },
    });
    expect(c.statusCode, c.body).toBe(200);
    const n = c.json().data.consecutivo as number;
    const antes = await pedir(admin1, 'POST', `/api/portales/proppit/inmuebles/${n}/publicar`);
    expect(antes.statusCode).toBe(400);
    for (const x of ['Estudio', 'Gimnasio', 'Piscina'])
      expect(antes.json().message).toContain(`Característica sin equivalencia en Proppit: ${x}`);
    expect((await mapear(ids.Piscina!, 'swimming pool')).statusCode).toBe(200);
    expect((await mapear(ids.Gimnasio!, 'gym')).statusCode).toBe(200);
    expect((await mapear(ids.Estudio!, '-')).statusCode).toBe(200);
    expect((await pedir(admin1, 'POST', `/api/portales/proppit/inmuebles/${n}/publicar`)).statusCode).toBe(200);
    const js = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number; datos: { idInmueble: number; portal: 'proppit'; solicitud: number } }>(
        tx,
        sql`select t.id, t.datos from trabajo t join inmueble i on i.id = (t.datos ->> 'idInmueble')::int
            where t.tipo = 'portales.sincronizar' and t.estado = 'pendiente' and i.consecutivo = ${n} order by t.id`,
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
    // A house: «gym» is an apartment's amenity on Proppit, so only the pool goes; «No se envía» never.
    expect(fake.anuncios.get(String(n))?.amenities).toEqual(['swimming pool']);
    expect((await pedir(asesor1, 'GET', '/api/portales/proppit/catalogo')).statusCode).toBe(403);
  });
});
