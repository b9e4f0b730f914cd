import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { ReintentarEn } from '../../platform/jobs/trabajos.ts';
import { cifradorDe, type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { createTestApp, DEMO, login, type TestApp, injectAs, type Pedir } from '../../test/harness.ts';
import { FakeMercadoLibre, ML_CLIENTE, ML_SECRETO } from '../../test/fake-mercadolibre.ts';
import { encolarTodas, leerContactos, MAX_INTENTOS_CONTACTOS, TRABAJO_CONTACTOS } from './contactos.service.ts';
import { PROPOSITO_CIFRADO } from './portales.service.ts';

// Contacts from portals → solicitudes (issue 34): Mercado Libre's questions read by the job against the
// fake (the only built portal whose published contract hands over contacts), deduplicated, merged,
// assigned and notified; the read's faults; the sync-health panel and the property's portal states.

const fake = new FakeMercadoLibre();
let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let cifrador: Cifrador;
let municipio: number;
let idAdmin: number;
let idAsesor: number;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const configurar = (extra: Record<string, unknown> = {}) =>
  pedir(admin1, 'PUT', '/api/portales/mercadolibre/configuracion', {
    activo: true,
    url: fake.url,
    usuario: ML_CLIENTE,
    cuenta: 'gold',
    secreto: ML_SECRETO,
    ...extra,
  });

async function conectar() {
  const u = await pedir(admin1, 'GET', '/api/portales/mercadolibre/autorizacion');
  const ida = await fetch(u.json().data.url as string, { redirect: 'manual' });
  const vuelta = new URL(ida.headers.get('location')!);
  const r = await pedir(admin1, 'POST', '/api/portales/mercadolibre/autorizacion', {
    code: vuelta.searchParams.get('code'),
    state: vuelta.searchParams.get('state'),
  });
  expect(r.statusCode, r.body).toBe(200);
}

/** A property published on Mercado Libre as `item` (the publication itself is adaptadores.test.ts's). */
async function publicado(item: string, extra: Record<string, unknown> = {}) {
  const r = await pedir(admin1, 'POST', '/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: `Calle 9 # ${item.slice(-3)}-10`,
    id_municipio: municipio,
    area_construida: 60,
    canon: 1_900_000,
    descripcion: 'Apartamento iluminado',
    propietarios: [],
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(200);
  const consecutivo = (r.json().data as { consecutivo: number }).consecutivo;
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`insert into portal_publicacion (id_inmueble, portal, estado, id_externo)
      select id, 'mercadolibre', 'publicado', ${item} from inmueble where consecutivo = ${consecutivo}`),
  );
  return consecutivo;
}

const leer = (intento = 1) =>
  leerContactos({
    db: t.db,
    hub: t.deps.hub,
    mailer: t.deps.mailer,
    cifrador,
    idEmpresa: 1,
    portal: 'mercadolibre',
    intento,
    maxIntentos: MAX_INTENTOS_CONTACTOS,
  });

type Sol = {
  numero: number;
  canal: string;
  portal: string | null;
  estado: string;
  id_asignado: number | null;
  consecutivo: number | null;
  tipo: string;
  contacto_nombre: string;
};
const solicitudes = () =>
  t.db.tenant(1, (tx) =>
    queryRows<Sol>(
      tx,
      sql`select s.numero, s.canal, s.portal, s.estado, s.id_asignado, i.consecutivo, s.tipo, s.contacto_nombre
          from solicitud s left join inmueble i on i.id = s.id_inmueble where s.portal = 'mercadolibre' order by s.numero`,
    ),
  );
const avisos = (idUsuario: number, numero: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ tipo_carta: number; titulo: string }>(
      tx,
      sql`select tipo_carta, titulo from notificacion where id_usuario = ${idUsuario}
          and enlace = ${`/propiedades/solicitudes?abrir=${numero}`}`,
    ),
  );

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
    idAdmin = (await queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'admin'`))[0]!.id;
    idAsesor = (await queryRows<{ id: number }>(tx, sql`select id from usuarios where usuario = 'asesor'`))[0]!.id;
  });
  expect((await configurar()).statusCode).toBe(200);
  await conectar();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.fallas = [];
});

describe('Mercado Libre questions → solicitudes', () => {
  it('creates one solicitud per question, linked, assigned to the asesor and notified; never twice; merges a repeat', async () => {
    const c = await publicado('MCO900101', { id_asesor_comercial: idAsesor });
    fake.usuarios.set(555002, 'VISITANTE_DOS');
    fake.preguntar({ item: 'MCO900101', texto: '¿Sigue disponible? ¿Admiten mascotas?' });
    fake.preguntar({ item: 'MCO123456', texto: 'Hola, ¿el precio es negociable?', de: 555002 });

    expect(await leer()).toEqual({ leidos: 2, creadas: 2, fusionadas: 0, repetidas: 0 });
    const [s1, s2] = await solicitudes();
    expect(s1).toMatchObject({
      canal: 'portal',
      portal: 'mercadolibre',
      estado: 'asignada',
      id_asignado: idAsesor,
      consecutivo: c,
      tipo: 'arrendar',
      contacto_nombre: 'COMPRADORA_TEST (Mercado Libre)',
    });
    // The asesor hears of it (303); a listing Predio does not know is a request nobody has, told to all.
    expect(await avisos(idAsesor, s1!.numero)).toEqual([{ tipo_carta: 303, titulo: `Solicitud ${s1!.numero} asignada` }]);
    expect(s2).toMatchObject({ estado: 'nueva', id_asignado: null, consecutivo: null, tipo: 'informacion' });
    expect(await avisos(idAdmin, s2!.numero)).toEqual([
      { tipo_carta: 303, titulo: `Solicitud ${s2!.numero} desde Mercado Libre` },
    ]);

    // The next read sees the same questions again: nothing new.
    expect(await leer()).toMatchObject({ leidos: 2, creadas: 0, repetidas: 2 });
    // The same person about the same property again: a note on the open request, not a second one.
    fake.preguntar({ item: 'MCO900101', texto: 'Me gustaría visitarlo el sábado' });
    expect(await leer()).toMatchObject({ creadas: 0, fusionadas: 1 });
    expect(await solicitudes()).toHaveLength(2);
    const d = (await pedir(admin1, 'GET', `/api/solicitudes/${s1!.numero}`)).json().data as { historial: { nota: string }[] };
    expect(d.historial.map((h) => h.nota)).toContain(
      'Nuevo contacto por Mercado Libre sobre el mismo inmueble: Me gustaría visitarlo el sábado',
    );

    const l = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/contactos')).json().data;
    expect(l.error).toBeNull();
    expect(l.leido_en).not.toBeNull();
    expect(l.contactos.map((x: { resultado: string; numero_solicitud: number }) => [x.resultado, x.numero_solicitud])).toEqual([
      ['fusionada', s1!.numero],
      ['creada', s2!.numero],
      ['creada', s1!.numero],
    ]);
    const salud = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/salud?dias=7')).json().data;
    expect(salud).toMatchObject({ activo: true, contactos_periodo: 3, dias: 7, contactos_error: null });
  });

  it('assigns the configured asesor when the property has none, and refuses one who cannot attend, naming the field', async () => {
    const mal = await configurar({ id_asignado_contactos: 999_999 });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toMatch(/Asesor para contactos sin asesor/);
    expect((await configurar({ id_asignado_contactos: 'x' })).json().message).toMatch(/Asesor para contactos sin asesor/);
    const ok = await configurar({ id_asignado_contactos: idAdmin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.id_asignado_contactos).toBe(idAdmin);
    const c = await publicado('MCO900202');
    fake.usuarios.set(555003, 'TERCER_VISITANTE');
    fake.preguntar({ item: 'MCO900202', texto: '¿Tiene parqueadero?', de: 555003 });
    expect(await leer()).toMatchObject({ creadas: 1 });
    const s = (await solicitudes()).find((x) => x.consecutivo === c)!;
    expect(s).toMatchObject({ estado: 'asignada', id_asignado: idAdmin });
    // The admin assigned by the rule is told too: the creator is the portal, not the admin.
    expect((await avisos(idAdmin, s.numero)).map((a) => a.tipo_carta)).toEqual([303]);
  });

  it('keeps each endpoint behind the portal’s idm and inside the company', async () => {
    expect((await pedir(asesor1, 'GET', '/api/portales/mercadolibre/contactos')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'GET', '/api/portales/mercadolibre/salud')).statusCode).toBe(403);
    expect((await pedir(asesor1, 'POST', '/api/portales/mercadolibre/contactos/leer')).statusCode).toBe(403);
    const otra = (await pedir(admin2, 'GET', '/api/portales/mercadolibre/contactos')).json().data;
    expect(otra).toEqual({ leido_en: null, error: null, contactos: [] });
    expect((await pedir(admin2, 'GET', '/api/portales/mercadolibre/salud')).json().data).toMatchObject({
      configurado: false,
      publicados: 0,
      contactos_periodo: 0,
    });
    expect((await pedir(admin1, 'GET', '/api/portales/mercadolibre/salud?dias=0')).json().message).toMatch(/Días/);
    // Portals whose contract hands over no contacts have no such endpoints.
    expect((await pedir(admin1, 'GET', '/api/portales/wasi/contactos')).statusCode).toBe(404);
  });

  it('«Leer contactos ahora» queues one job while one waits', async () => {
    const a = await pedir(admin1, 'POST', '/api/portales/mercadolibre/contactos/leer');
    expect(a.json().data).toEqual({ encolado: true });
    expect((await pedir(admin1, 'POST', '/api/portales/mercadolibre/contactos/leer')).json().data).toEqual({ encolado: false });
    const n = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from trabajo where tipo = ${TRABAJO_CONTACTOS} and estado = 'pendiente'`,
      ),
    );
    expect(n[0]!.n).toBe(1);
    await t.db.tenant(1, (tx) => tx.execute(sql`update trabajo set estado = 'terminado' where tipo = ${TRABAJO_CONTACTOS}`));
  });

  it('the hourly pass gives each company with Mercado Libre active one read, once per hour', async () => {
    expect(await encolarTodas(t.db)).toEqual({ lecturas: 1 });
    await encolarTodas(t.db);
    const j = await t.db.system((tx) =>
      queryRows<{ id_empresa: number; datos: { portal: string } }>(
        tx,
        sql`select id_empresa, datos from trabajo where tipo = ${TRABAJO_CONTACTOS} and estado = 'pendiente'`,
      ),
    );
    expect(j).toEqual([{ id_empresa: 1, datos: { portal: 'mercadolibre' } }]);
    await t.db.system((tx) => tx.execute(sql`update trabajo set estado = 'terminado' where tipo = ${TRABAJO_CONTACTOS}`));
  });
});

describe('faults while reading contacts', () => {
  it('waits a 429’s Retry-After, retries a 500 then says the retries ran out, keeping the error for the panel', async () => {
    fake.retryAfter = '7';
    fake.fallas = ['429'];
    const e = await leer().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ReintentarEn);
    expect((e as ReintentarEn).esperaMs).toBe(7_000);
    let l = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/contactos')).json().data;
    expect(l.error).toBe('Contactos: Mercado Libre limitó los envíos (429): se reintentará en 7 s');

    fake.fallas = ['500'];
    await expect(leer(1)).rejects.toThrow(/Mercado Libre falló \(500\)/);
    fake.fallas = ['500'];
    expect(await leer(MAX_INTENTOS_CONTACTOS)).toEqual({
      error: 'Mercado Libre falló (500): Internal error: se agotaron los reintentos (se leerá en la próxima hora)',
    });
    expect((await pedir(admin1, 'GET', '/api/portales/mercadolibre/salud')).json().data.contactos_error).toMatch(
      /se agotaron los reintentos/,
    );
    // The next good read clears the error; nothing was lost or doubled meanwhile.
    const antes = (await solicitudes()).length;
    fake.preguntar({ item: 'MCO900101', texto: 'Pregunta durante la caída', de: 555002 });
    expect(await leer()).toMatchObject({ creadas: 1 });
    expect(await solicitudes()).toHaveLength(antes + 1);
    l = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/contactos')).json().data;
    expect(l.error).toBeNull();
  });

  it('renews an access token that died early, and stops when the refresh is refused', async () => {
    fake.fallas = ['token'];
    expect(await leer()).toMatchObject({ creadas: 0 });
    // The stored refresh token no longer works (revoked on the portal): the person must connect again.
    await t.db.tenant(1, async (tx) => {
      const [f] = await queryRows<{ oauth: string }>(tx, sql`select oauth from portal_config where portal = 'mercadolibre'`);
      const tk = JSON.parse(cifrador.descifrar(f!.oauth)!) as Record<string, unknown>;
      const roto = cifrador.cifrar(JSON.stringify({ ...tk, refresh_token: 'TG-revocado', vence: 0 }));
      await tx.execute(sql`update portal_config set oauth = ${roto} where portal = 'mercadolibre'`);
    });
    const r = await leer();
    expect(String(r.error)).toMatch(/no aceptó la autorización.*Conectar con Mercado Libre/);
    await conectar();
  });

  it('retries a read that timed out', { timeout: 40_000 }, async () => {
    fake.fallas = ['lento'];
    await expect(leer(1)).rejects.toThrow(/no respondió a tiempo: se reintentará/);
    expect(await leer(2)).toMatchObject({ creadas: 0 });
  });
});

describe('sync health and the property’s portals', () => {
  it('lists the properties in error with their Spanish error, and each portal’s state on the property', async () => {
    const c = await publicado('MCO900303', { id_asesor_comercial: idAsesor });
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update portal_publicacion set estado = 'error',
          ultimo_error = 'Mercado Libre: el paquete de publicaciones contratado no tiene cupo (pack_quota_exceeded)'
        where id_externo = 'MCO900303'`),
    );
    const s = (await pedir(admin1, 'GET', '/api/portales/mercadolibre/salud')).json().data;
    expect(s.con_error).toBe(1);
    expect(s.errores).toEqual([
      expect.objectContaining({ consecutivo: c, ultimo_error: expect.stringMatching(/pack_quota_exceeded/) }),
    ]);
    const p = (await pedir(admin1, 'GET', `/api/portales/inmueble/${c}`)).json().data;
    expect(p).toEqual([
      expect.objectContaining({ portal: 'mercadolibre', nombre: 'Mercado Libre', estado: 'error', id_externo: 'MCO900303' }),
    ]);
    expect((await pedir(asesor1, 'GET', `/api/portales/inmueble/${c}`)).statusCode).toBe(403);
    expect((await pedir(admin1, 'GET', '/api/portales/inmueble/abc')).json().message).toMatch(/consecutivo/);
    expect((await pedir(admin2, 'GET', `/api/portales/inmueble/${c}`)).statusCode).toBe(404);
  });
});
