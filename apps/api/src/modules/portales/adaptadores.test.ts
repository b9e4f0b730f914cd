import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../db/rows.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, multipart, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { DOMUS_TOKEN, FakeDomus } from '../../test/fake-domus.ts';
import { FakeMercadoLibre, ML_CLIENTE, ML_SECRETO, ML_USUARIO } from '../../test/fake-mercadolibre.ts';
import { FakeProppit, PROPPIT_ANUNCIANTE, PROPPIT_CLAVE, PROPPIT_USUARIO } from '../../test/fake-proppit.ts';
import type { FichaPortal } from './adaptador.ts';
import { domus } from './domus.ts';
import { mercadolibre } from './mercadolibre.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar } from './portales.service.ts';
import { proppit } from './proppit.ts';
import { FICHA_PORTAL } from '../../test/ficha-portal.ts';

// Portal synchronisers (issue 34): the Proppit adapter (token endpoint, ads by referenceId, photos by
// address), the Domus adapter (raw token, catalogues read by name, status change instead of delete) and
// the Mercado Libre adapter (OAuth2 authorization code, rotating refresh tokens, category tree, package
// quota), each against a local portal implementing its published contract, with faults.

const fakeP = new FakeProppit();
const fakeD = new FakeDomus();
const fakeM = new FakeMercadoLibre();
const PUBLICA = 'https://predio.example.co';
let t: TestApp;
let admin1: string;
let asesor1: string;
let cifrador: Cifrador;
let municipio: number;

beforeAll(async () => {
  await Promise.all([fakeP.start(), fakeD.start(), fakeM.start()]);
  t = await createTestApp({ publicUrl: PUBLICA });
  cifrador = cifradorDe(t.deps.config, PROPOSITO_CIFRADO);
  [admin1, asesor1] = [await login(t.app, DEMO.admin1), await login(t.app, DEMO.asesor1)];
  await t.db.tenant(1, async (tx) => {
    municipio = (await queryRows<{ id: number }>(tx, sql`select id from municipios where codigo_dane = '05001' limit 1`))[0]!.id;
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([fakeP.stop(), fakeD.stop(), fakeM.stop()]);
});
beforeEach(() => {
  fakeP.fallas = [];
  fakeD.fallas = [];
  fakeM.fallas = [];
});

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const base = (portal: 'proppit' | 'domus' | 'mercadolibre', extra: Record<string, unknown> = {}) => ({
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

const crear = async (portal: 'proppit' | 'domus' | 'mercadolibre', extra: Record<string, unknown> = {}) => {
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
    queryRows<{ id: number; datos: { idInmueble: number; portal: 'proppit' | 'domus' | 'mercadolibre'; solicitud: number } }>(
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
  ...FICHA_PORTAL,
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

describe('Mercado Libre against its fake', () => {
  const configurar = (extra: Record<string, unknown> = {}) =>
    pedir(admin1, 'PUT', '/api/portales/mercadolibre/configuracion', {
      activo: true,
      url: fakeM.url,
      usuario: ML_CLIENTE,
      cuenta: 'gold',
      secreto: ML_SECRETO,
      ...extra,
    });
  /** «Conectar con Mercado Libre»: the authorisation page approves and sends back code and state. */
  const conectar = async () => {
    const u = await pedir(admin1, 'GET', '/api/portales/mercadolibre/autorizacion');
    expect(u.statusCode, u.body).toBe(200);
    const ida = await fetch(u.json().data.url as string, { redirect: 'manual' });
    expect(ida.status).toBe(302);
    const vuelta = new URL(ida.headers.get('location')!);
    expect(vuelta.pathname).toBe('/propiedades/portales/authmercadolibre');
    return { code: vuelta.searchParams.get('code')!, state: vuelta.searchParams.get('state')! };
  };
  const subirFoto = async (consecutivo: number) => {
    const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa6633' } })
      .jpeg()
      .toBuffer();
    const body = multipart({ filename: 'fachada.jpg', contentType: 'image/jpeg', data });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/inmuebles/${consecutivo}/fotos`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin1}` },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('maps a property to the item of the golden file and names what is missing', async () => {
    const a = { url: '', usuario: ML_CLIENTE, cuenta: 'gold', id_region: null, id_ciudad: null };
    const p = mercadolibre.esquema.parse(mercadolibre.mapear(ficha, a));
    await expect(`${JSON.stringify(p, null, 2)}\n`).toMatchFileSnapshot('./__golden__/mercadolibre-apartamento.json');
    expect(mercadolibre.faltantes({ ...ficha, fotos: [], fotosUrl: [], descripcion: '' }, { ...a, cuenta: 'bronze' })).toEqual([
      'Descripción',
      'Fotos (al menos una)',
      'Tipo de publicación (listing_type_id) (configuración del portal)',
    ]);
  });

  it('connects the account by OAuth2, refusing a foreign state, and never answers its tokens', async () => {
    expect((await configurar()).statusCode).toBe(200);
    const antes = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/configuracion')).json().data;
    expect(antes.oauth).toEqual({ conectado: false, usuario_portal: null, vence: null });
    const { code, state } = await conectar();
    const ajeno = await pedir(admin1, 'POST', '/api/portales/mercadolibre/autorizacion', { code, state: 'otro-estado' });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toMatch(/no corresponde a la solicitada o venció/);
    const ok = await pedir(admin1, 'POST', '/api/portales/mercadolibre/autorizacion', { code, state });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.oauth).toMatchObject({ conectado: true, usuario_portal: String(ML_USUARIO) });
    expect(ok.body).not.toMatch(/APP_USR|TG-/);
    // The state is spent: the same return cannot be replayed.
    expect((await pedir(admin1, 'POST', '/api/portales/mercadolibre/autorizacion', { code, state })).statusCode).toBe(400);
    expect((await pedir(asesor1, 'GET', '/api/portales/mercadolibre/autorizacion')).statusCode).toBe(403);
    expect((await pedir(admin1, 'POST', '/api/portales/mercadolibre/probar')).json().data).toEqual({
      ok: true,
      mensaje: 'Mercado Libre aceptó las credenciales',
    });
  });

  it('publishes in the leaf category, renews an expired token keeping the new refresh token, and closes the item', async () => {
    const d = await crear('mercadolibre', { gestion: 'venta', canon: null, precio_venta: 520_000_000 });
    await subirFoto(d.consecutivo);
    const [r] = (await correr(d.consecutivo)).slice(-1);
    const id = (r as { publicar: string }).publicar;
    expect(id).toMatch(/^MCO\d+$/);
    expect(fakeM.items.get(id)).toMatchObject({
      category_id: 'MCO14741',
      price: 520_000_000,
      currency_id: 'COP',
      buying_mode: 'classified',
      listing_type_id: 'gold',
    });
    expect(fakeM.descripciones.get(id)).toBe('Apartamento con balcón y vista');

    // The access token dies early: one renewal, and the new refresh token is the one kept.
    const renovaciones = fakeM.eventos.filter((e) => e.accion === 'renovar').length;
    fakeM.fallas = ['token'];
    expect((await pedir(admin1, 'POST', `/api/portales/mercadolibre/inmuebles/${d.consecutivo}/actualizar`)).statusCode).toBe(
      200,
    );
    expect(await correr(d.consecutivo)).toEqual([{ actualizar: id }]);
    expect(fakeM.eventos.filter((e) => e.accion === 'renovar').length).toBe(renovaciones + 1);
    fakeM.fallas = ['token'];
    await pedir(admin1, 'POST', `/api/portales/mercadolibre/inmuebles/${d.consecutivo}/despublicar`);
    expect(await correr(d.consecutivo)).toEqual([{ despublicado: id }]);
    expect(fakeM.items.get(id)).toMatchObject({ status: 'closed' });
    expect(fakeM.eventos.filter((e) => e.accion === 'renovar').length).toBe(renovaciones + 2);
  });

  it('stops on a full package naming it, and retries a 429', async () => {
    const d = await crear('mercadolibre');
    await subirFoto(d.consecutivo);
    fakeM.cupo = 0;
    try {
      const [r] = (await correr(d.consecutivo)).slice(-1);
      expect(r).toEqual({
        error:
          'Mercado Libre: el paquete de publicaciones contratado no tiene cupo (pack_quota_exceeded). Libere una publicación o amplíe el paquete, y use Publicar de nuevo',
      });
    } finally {
      fakeM.cupo = 100;
    }
    await pedir(admin1, 'POST', `/api/portales/mercadolibre/inmuebles/${d.consecutivo}/publicar`);
    fakeM.retryAfter = '3';
    fakeM.fallas = ['ok', 'ok', 'ok', 'ok', '429'];
    const [e] = await correr(d.consecutivo);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect(await correr(d.consecutivo, 2)).toEqual([{ publicar: expect.stringMatching(/^MCO/) }]);
  });
});
