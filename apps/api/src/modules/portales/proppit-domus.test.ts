import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { DOMUS_TOKEN, FakeDomus } from '../../test/fake-domus.ts';
import { FakeProppit, PROPPIT_ANUNCIANTE, PROPPIT_CLAVE, PROPPIT_USUARIO } from '../../test/fake-proppit.ts';
import type { FichaPortal } from './adaptador.ts';
import { domus } from './domus.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { proppit } from './proppit.ts';

// Portal synchronisers (issue 34): the Proppit adapter (token endpoint, ads by referenceId, photos by
// address) and the Domus adapter (raw token, catalogues read by name, status change instead of delete),
// each against a local portal implementing its published contract, with faults.

const fakeP = new FakeProppit();
const fakeD = new FakeDomus();
const PUBLICA = 'https://predio.example.co';
let t: TestApp;
let admin1: string;
let asesor1: string;
let cifrador: Cifrador;
let municipio: number;

beforeAll(async () => {
  await Promise.all([fakeP.start(), fakeD.start()]);
  t = await createTestApp();
  cifrador = cifradorDe(t.deps.config, PROPOSITO_CIFRADO);
  [admin1, asesor1] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.asesor1)];
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios where codigo_dane = '05001' limit 1`))[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([fakeP.stop(), fakeD.stop()]);
});
beforeEach(() => {
  fakeP.fallas = [];
  fakeD.fallas = [];
});

const pedir = (token: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

const base = (portal: 'proppit' | 'domus', extra: Record<string, unknown> = {}) => ({
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
  publicar: { [portal]: true },
  ...extra,
});

const crear = async (portal: 'proppit' | 'domus', extra: Record<string, unknown> = {}) => {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', base(portal, extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as { consecutivo: number; version: number };
};

const fila = async (portal: string, consecutivo: number) =>
  (
    await t.db.tenant(1, (tx) =>
      queryRows<{ estado: string; id_externo: string | null; ultimo_error: string | null }>(
        tx,
        sql`select p.estado, p.id_externo, p.ultimo_error from portal_publicacion p
            join inmueble i on i.id = p.id_inmueble where i.consecutivo = ${consecutivo} and p.portal = ${portal}`,
      ),
    )
  )[0];

const pendientes = (consecutivo: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'proppit' | 'domus'; solicitud: number } }>(
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
          urlPublica: PUBLICA,
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

const ficha: FichaPortal = {
  consecutivo: 1042,
  tipo: 'apartamento',
  gestion: 'arriendo_venta',
  estado: 'disponible',
  direccion: 'Carrera 43A # 1 Sur-100',
  municipio: 'Medellín',
  departamento: 'Antioquia',
  codigo_dane: '05001',
  barrio: 'El Poblado',
  estrato: 5,
  area_construida: 95,
  area_privada: 88.5,
  area_lote: null,
  habitaciones: 3,
  banos: 2,
  parqueaderos: 2,
  piso: 8,
  anio_construccion: 2015,
  canon: 4_200_000,
  precio_venta: 780_000_000,
  administracion: 520_000,
  descripcion: '  Apartamento iluminado con vista a la ciudad.  ',
  lat: 6.2087,
  lng: -75.5671,
  fotos: [11, 12],
  fotosUrl: [`${PUBLICA}/api/publico/1/archivos/11`, `${PUBLICA}/api/publico/1/archivos/12`],
};
const ajustesP = { url: '', usuario: PROPPIT_USUARIO, cuenta: PROPPIT_ANUNCIANTE, id_region: null, id_ciudad: null };
const ajustesD = { url: '', usuario: '', cuenta: '', id_region: null, id_ciudad: null };

describe('Proppit mapping', () => {
  it('maps a property to the ad of the golden file, valid for the schema', async () => {
    const p = proppit.esquema.parse(proppit.mapear(ficha, ajustesP));
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/proppit-apartamento.json');
    // The door stays with the agency: no street address leaves for the portal.
    expect(JSON.stringify(p)).not.toContain('Carrera 43A');
  });

  it('names in Spanish each field Proppit requires that is missing', () => {
    const vacia = {
      ...ficha,
      canon: null,
      precio_venta: 0,
      area_construida: null,
      area_privada: null,
      descripcion: ' ',
      lat: null,
      fotosUrl: [],
    };
    expect(proppit.faltantes(vacia, { ...ajustesP, cuenta: '' })).toEqual([
      'Canon de arrendamiento',
      'Precio de venta',
      'Área construida (m²) o Área privada (m²)',
      'Descripción',
      'Ubicación en el mapa (latitud y longitud)',
      'Dirección pública de Predio (PUBLIC_URL), para que Proppit descargue las fotos',
      'Identificador del anunciante (publisher externalId) (configuración del portal)',
    ]);
    expect(proppit.faltantes({ ...ficha, tipo: 'lote', area_lote: null }, ajustesP)).toEqual(['Área del lote (m²)']);
    expect(proppit.faltantes({ ...ficha, tipo: 'parqueadero' }, ajustesP)).toEqual([
      'Tipo de inmueble (Proppit no tiene «parqueadero»)',
    ]);
    expect(proppit.faltantes(ficha, ajustesP)).toEqual([]);
  });
});

describe('Domus mapping', () => {
  it('maps a property to the form of the golden file, valid for the schema', async () => {
    const p = domus.esquema.parse(domus.mapear(ficha, ajustesD));
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/domus-apartamento.json');
  });

  it('names in Spanish each field Domus requires that is missing', () => {
    expect(domus.faltantes({ ...ficha, codigo_dane: null, canon: null, descripcion: '' }, ajustesD)).toEqual([
      'Código DANE del municipio Medellín (maestro de municipios)',
      'Canon de arrendamiento',
      'Descripción',
    ]);
    expect(domus.faltantes(ficha, ajustesD)).toEqual([]);
  });
});

describe('Proppit against its fake', () => {
  beforeAll(async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/proppit/configuracion', {
      activo: true,
      url: fakeP.url,
      usuario: PROPPIT_USUARIO,
      cuenta: PROPPIT_ANUNCIANTE,
      secreto: PROPPIT_CLAVE,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      portal: 'proppit',
      usuario: PROPPIT_USUARIO,
      cuenta: PROPPIT_ANUNCIANTE,
      con_secreto: true,
    });
    expect(r.body).not.toContain(PROPPIT_CLAVE);
  });

  it('«Probar conexión» gets a token and finds the approved publisher; an unapproved one is named', async () => {
    expect((await pedir(admin1, 'POST', '/api/portales/proppit/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Proppit aceptó las credenciales',
    });
    fakeP.aprobados.delete(PROPPIT_ANUNCIANTE);
    try {
      expect((await pedir(admin1, 'POST', '/api/portales/proppit/probar')).json().data).toEqual({
        ok: false,
        mensaje: `Proppit no encontró el anunciante «${PROPPIT_ANUNCIANTE}»: debe existir y estar aprobado por Proppit antes de publicar`,
      });
    } finally {
      fakeP.aprobados.add(PROPPIT_ANUNCIANTE);
    }
    expect((await pedir(asesor1, 'POST', '/api/portales/proppit/probar')).statusCode).toBe(403);
  });

  it('publishes with the photos by address, renews a dead token once, updates, and deletes when withdrawn', async () => {
    const d = await crear('proppit');
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
    const [foto] = (await pedir(admin1, 'GET', `/api/inmuebles/${d.consecutivo}/fotos`)).json().data as { id: number }[];
    const idFoto = foto!.id;
    const r = await correr(d.consecutivo);
    expect(r.at(-1)).toEqual({ publicar: String(d.consecutivo) });
    expect(await fila('proppit', d.consecutivo)).toMatchObject({ estado: 'publicado', id_externo: String(d.consecutivo) });
    const ad = fakeP.anuncios.get(String(d.consecutivo)) as {
      operations: unknown;
      multimedia: { pictures: { url: string }[] };
      publisher: unknown;
    };
    expect(ad.operations).toEqual([{ type: 'rent', price: { value: 2_500_000, currency: 'COP' } }]);
    expect(ad.publisher).toEqual({ externalId: PROPPIT_ANUNCIANTE });
    expect(ad.multimedia.pictures).toEqual([{ url: `${PUBLICA}/api/publico/1/archivos/${idFoto}` }]);

    // The token dies before its expiry: one new token, and the update goes through.
    const tokens = fakeP.eventos.filter((e) => e.accion === 'token').length;
    expect((await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`)).statusCode).toBe(200);
    const put = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, {
      ...base('proppit', { canon: 2_300_000 }),
      version: d.version + 0,
    });
    expect(put.statusCode, put.body).toBe(200);
    fakeP.fallas = ['ok', 'token'];
    expect(await correr(d.consecutivo)).toEqual([{ actualizar: String(d.consecutivo) }]);
    expect(fakeP.eventos.filter((e) => e.accion === 'token').length).toBe(tokens + 2);
    expect((fakeP.anuncios.get(String(d.consecutivo)) as { operations: unknown }).operations).toEqual([
      { type: 'rent', price: { value: 2_300_000, currency: 'COP' } },
    ]);

    const despub = await pedir(admin1, 'POST', `/api/portales/proppit/inmuebles/${d.consecutivo}/despublicar`);
    expect(despub.statusCode, despub.body).toBe(200);
    expect(await correr(d.consecutivo)).toEqual([{ despublicado: String(d.consecutivo) }]);
    expect(fakeP.anuncios.has(String(d.consecutivo))).toBe(false);
    expect(await fila('proppit', d.consecutivo)).toMatchObject({ estado: 'despublicado', id_externo: null });
  });

  it('retries a 429 when Proppit says, a 503 later, and stops on a wrong password naming it', async () => {
    const d = await crear('proppit');
    fakeP.retryAfter = '7';
    fakeP.fallas = ['429'];
    const [e] = await correr(d.consecutivo);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(7000);
    expect(await fila('proppit', d.consecutivo)).toMatchObject({
      estado: 'error',
      ultimo_error: 'Proppit limitó los envíos (429): se reintentará en 7 s',
    });
    fakeP.fallas = ['503'];
    await correr(d.consecutivo, 2);
    expect((await fila('proppit', d.consecutivo))!.ultimo_error).toBe('Proppit falló (503): Service unavailable: se reintentará');
    expect(await correr(d.consecutivo, 3)).toEqual([{ publicar: String(d.consecutivo) }]);

    // A wrong password is not retried: the person must correct it.
    await pedir(admin1, 'PUT', '/api/portales/proppit/configuracion', {
      activo: true,
      url: fakeP.url,
      usuario: PROPPIT_USUARIO,
      cuenta: PROPPIT_ANUNCIANTE,
      secreto: 'otra',
    });
    try {
      await pedir(admin1, 'POST', `/api/portales/proppit/inmuebles/${d.consecutivo}/actualizar`);
      expect(await correr(d.consecutivo)).toEqual([
        { error: 'Proppit rechazó el usuario o la contraseña de la API (401): revíselos en la pantalla de Proppit' },
      ]);
    } finally {
      await pedir(admin1, 'PUT', '/api/portales/proppit/configuracion', {
        activo: true,
        url: fakeP.url,
        usuario: PROPPIT_USUARIO,
        cuenta: PROPPIT_ANUNCIANTE,
        secreto: PROPPIT_CLAVE,
      });
    }
  });

  it('does not send a property without coordinates, naming what is missing', async () => {
    const d = await crear('proppit', { lat: null, lng: null });
    expect(await correr(d.consecutivo)).toEqual([
      { error: 'Faltan datos para publicar en Proppit: Ubicación en el mapa (latitud y longitud)' },
    ]);
    expect(fakeP.anuncios.has(String(d.consecutivo))).toBe(false);
  });
});

describe('Domus against its fake', () => {
  beforeAll(async () => {
    const r = await pedir(admin1, 'PUT', '/api/portales/domus/configuracion', {
      activo: true,
      url: fakeD.url,
      secreto: DOMUS_TOKEN,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).not.toContain(DOMUS_TOKEN);
  });

  it('publishes with Domus’s own codes, updates, and withdraws by status (Domus never deletes)', async () => {
    expect((await pedir(admin1, 'POST', '/api/portales/domus/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Domus aceptó las credenciales',
    });
    const d = await crear('domus', { gestion: 'arriendo_venta', precio_venta: 420_000_000 });
    const [r] = await correr(d.consecutivo);
    const codpro = (r as { publicar: string }).publicar;
    expect(codpro).toMatch(/^\d+$/);
    expect(fakeD.propiedades.get(codpro)).toMatchObject({
      city: '05001',
      biz: '3',
      type: '1',
      rent: '2500000',
      saleprice: '420000000',
      reference: String(d.consecutivo),
      status: '1',
    });

    await pedir(admin1, 'POST', `/api/inmuebles/${d.consecutivo}/bloqueo`);
    const put = await pedir(admin1, 'PUT', `/api/inmuebles/${d.consecutivo}`, {
      ...base('domus', { gestion: 'arriendo_venta', precio_venta: 400_000_000 }),
      version: d.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await correr(d.consecutivo)).toEqual([{ actualizar: codpro }]);
    expect(fakeD.eventos.at(-1)).toMatchObject({ accion: 'actualizar', codpro, datos: { saleprice: '400000000' } });

    await pedir(admin1, 'POST', `/api/portales/domus/inmuebles/${d.consecutivo}/despublicar`);
    expect(await correr(d.consecutivo)).toEqual([{ despublicado: codpro }]);
    expect(fakeD.eventos.at(-1)).toMatchObject({ accion: 'estado', codpro, datos: { status: '5' } });
    expect(fakeD.propiedades.get(codpro)).toMatchObject({ status: '5' });
  });

  it('retries 429 and 500, stops on a revoked token and on a type Domus lacks', async () => {
    const d = await crear('domus');
    fakeD.fallas = ['500'];
    const [e] = await correr(d.consecutivo);
    expect(e).toBeInstanceOf(Error);
    expect((await fila('domus', d.consecutivo))!.ultimo_error).toBe('Domus falló (500): Server Error: se reintentará');
    fakeD.fallas = ['token'];
    expect(await correr(d.consecutivo, 2)).toEqual([
      { error: 'Domus rechazó las credenciales (401): revise el token en la pantalla del portal' },
    ]);

    const c = await crear('domus', { tipo: 'consultorio' });
    expect(await correr(c.consecutivo)).toEqual([{ error: 'Domus no tiene «CONSULTORIO» en su catálogo de tipos de inmueble' }]);
  });
});
