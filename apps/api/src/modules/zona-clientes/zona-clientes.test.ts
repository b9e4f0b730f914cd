import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { MENSAJE_RECUPERAR, RECUPERAR_HORAS } from '@predio/contract/zona-clientes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, crearUsuario, createTestApp, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';

// Zona clientes (issue 31): two realms of users, invitations, the portal and maintenance requests.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let asesor1: string;
let ids: { propietario: number; arrendatario: number; otro: number; inmA: number; inmB: number; inmC: number; ajeno2: number };

const POLITICA = 'Inmobiliaria Demo trata sus datos según la Ley 1581 de 2012 para administrar sus contratos.';

async function sembrar() {
  const municipio = async (e: number) =>
    t.db.tenant(
      e,
      async (tx) => (await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`))[0]!.id,
    );
  const tercero = (e: number, nombre: string, nro: string) =>
    t.db.tenant(
      e,
      async (tx) =>
        (
          await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values (${nro}, ${nombre}) returning id`)
        )[0]!.id,
    );
  const inmueble = async (e: number, consecutivo: number, direccion: string, duenos: number[]) => {
    const m = await municipio(e);
    return t.db.tenant(e, async (tx) => {
      const [r] = await queryRows<{ id: number }>(
        tx,
        sql`insert into inmueble (consecutivo, tipo, gestion, direccion, id_municipio, creado_por)
            values (${consecutivo}, 'apartamento', 'arriendo', ${direccion}, ${m}, 'prueba') returning id`,
      );
      for (const d of duenos)
        await tx.execute(
          sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje) values (${r!.id}, ${d}, 100)`,
        );
      return r!.id;
    });
  };
  const propietario = await tercero(1, 'Olga Propietaria Ruiz', '43100100');
  const arrendatario = await tercero(1, 'Tomás Arrendatario Gil', '71200200');
  const otro = await tercero(1, 'Otra Persona Díaz', '32300300');
  const inmA = await inmueble(1, 9001, 'Calle 10 # 43-12 Apto 501', [propietario]);
  const inmB = await inmueble(1, 9002, 'Carrera 70 # 1-20', [otro]);
  const inmC = await inmueble(1, 9003, 'Calle 5 Sur # 30-01', [otro]);
  const t2 = await tercero(2, 'Tercero del Norte', '10400400');
  const ajeno2 = await inmueble(2, 9100, 'Calle del Norte 1', [t2]);
  return { propietario, arrendatario, otro, inmA, inmB, inmC, ajeno2 };
}

beforeAll(async () => {
  t = await createTestApp({
    smtpUrl: await sink.start(),
    loginThrottle: { maxPorUsuario: 3, maxPorIp: 100, ventanaMin: 15, bloqueoMin: 15, esperaMaxMs: 50 },
  });
  t.deps.mailer.start(60_000);
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor1 = await login(t.app, DEMO.asesor1);
  ids = await sembrar();
}, 60_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const patch = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

/** Invites, reads the link from the SMTP sink and returns its secret. */
async function invitar(body: Record<string, unknown>, para: string): Promise<string> {
  const antes = sink.recibidos.length;
  ok(await as(t.app, admin1).post('/api/zona-clientes/invitaciones', body));
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  const todos = await sink.esperar(antes + 1);
  const m = todos.filter((r) => r.to.includes(para)).at(-1)!;
  const texto = textoDelMensaje(m.data);
  const enlace = /(\S+\/zona-clientes\/1\/activar#t=[A-Za-z0-9_-]+)/.exec(texto)?.[1];
  expect(enlace, texto).toBeTruthy();
  return enlace!.split('#t=')[1]!;
}

const activar = (token: string, clave = 'Clave-portal-2026') => as(t.app, null).post('/api/portal/1/activar', { token, clave });

let portalArr: string;
let portalProp: string;

describe('configuration and invitation', () => {
  it('refuses to invite while the portal is off, and validates the configuration', async () => {
    const r = await as(t.app, admin1).post('/api/zona-clientes/invitaciones', { id_tercero: ids.arrendatario, email: 'a@b.co' });
    expect(r.statusCode).toBe(409);
    const mal = await put(admin1, '/api/zona-clientes/config', { activo: true, titulo: '  ', politica: POLITICA });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Título');
    expect((await put(asesor1, '/api/zona-clientes/config', { activo: true, titulo: 'x' })).statusCode).toBe(403);
    expect((await as(t.app, null).get('/api/portal/1/info')).statusCode).toBe(404);
    const c = ok<{ activo: boolean; version_politica: number }>(
      await put(admin1, '/api/zona-clientes/config', {
        activo: true,
        titulo: 'Zona clientes Demo',
        bienvenida: 'Bienvenido',
        politica: POLITICA,
      }),
    );
    expect(c).toMatchObject({ activo: true, version_politica: 1 });
    expect(ok(await as(t.app, null).get('/api/portal/1/info'))).toMatchObject({ titulo: 'Zona clientes Demo' });
    expect((await as(t.app, null).get('/api/portal/2/info')).statusCode).toBe(404);
  });

  it('refuses bad input and another company’s tercero or property', async () => {
    const api = as(t.app, admin1);
    const r1 = await api.post('/api/zona-clientes/invitaciones', { id_tercero: ids.arrendatario, email: 'no-es-correo' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Correo');
    const r2 = await api.post('/api/zona-clientes/invitaciones', { id_tercero: 999999, email: 'x@y.co' });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Tercero');
    const r3 = await api.post('/api/zona-clientes/invitaciones', {
      id_tercero: ids.arrendatario,
      email: 'x@y.co',
      inmueble_arrendado: 9100,
    });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().message).toContain('Inmueble arrendado');
  });

  it('a single-use, expiring link sets the password and opens a portal session', async () => {
    const secreto = await invitar(
      { id_tercero: ids.arrendatario, email: 'tomas@correo.co', inmueble_arrendado: 9002 },
      'tomas@correo.co',
    );
    expect((await activar(secreto, 'corta')).statusCode).toBe(400);
    expect((await activar('x'.repeat(43))).statusCode).toBe(400);
    const r = await activar(secreto);
    expect(r.statusCode, r.body).toBe(200);
    portalArr = r.json().token as string;
    // Used once: the same link does not work again.
    expect((await activar(secreto)).statusCode).toBe(400);
    // An expired one does not work either.
    const viejo = await invitar({ id_tercero: ids.propietario, email: 'olga@correo.co' }, 'olga@correo.co');
    await t.db.tenant(1, (tx) => tx.execute(sql`update cliente_portal_invitacion set expira_en = now() - interval '1 minute'`));
    expect((await activar(viejo)).statusCode).toBe(400);
    // A new invitation works and voids the earlier.
    expect(
      (await activar(await invitar({ id_tercero: ids.propietario, email: 'olga@correo.co' }, 'olga@correo.co'))).statusCode,
    ).toBe(200);
    const lista = ok<{ email: string; estado: string }[]>(await as(t.app, admin1).get('/api/zona-clientes/clientes'));
    expect(lista.map((c) => [c.email, c.estado])).toEqual(
      expect.arrayContaining([
        ['tomas@correo.co', 'activo'],
        ['olga@correo.co', 'activo'],
      ]),
    );
  });

  it('logs in with e-mail and password, throttled after repeated failures', async () => {
    const mal = await as(t.app, null).post('/api/portal/1/login', { email: 'olga@correo.co', clave: 'equivocada' });
    expect(mal.statusCode).toBe(401);
    const r = await as(t.app, null).post('/api/portal/1/login', { email: 'OLGA@correo.co', clave: 'Clave-portal-2026' });
    expect(r.statusCode, r.body).toBe(200);
    portalProp = r.json().token as string;
    // In another company the address is nobody.
    expect(
      (await as(t.app, null).post('/api/portal/2/login', { email: 'olga@correo.co', clave: 'Clave-portal-2026' })).statusCode,
    ).toBe(401);
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/portal/1/login',
        payload: { email: 'tomas@correo.co', clave: 'mala' },
        remoteAddress: '10.9.9.9',
      });
    const bloqueado = await t.app.inject({
      method: 'POST',
      url: '/api/portal/1/login',
      payload: { email: 'tomas@correo.co', clave: 'Clave-portal-2026' },
      remoteAddress: '10.9.9.9',
    });
    expect(bloqueado.statusCode).toBe(429);
  });
});

describe('realm separation', () => {
  it('every staff route refuses a portal token, and every portal route a staff token', async () => {
    const rutas = t.app.apiRoutes.filter((r) => r.permiso !== 'publico');
    const staff = rutas.filter((r) => r.permiso !== 'portal');
    const portal = rutas.filter((r) => r.permiso === 'portal');
    expect(staff.length).toBeGreaterThan(100);
    expect(portal.length).toBeGreaterThanOrEqual(8);
    // The shared documents (10525) are in the sweep: their staff routes and the client's.
    const urls = rutas.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/zona-clientes/documentos',
        'POST /api/zona-clientes/documentos',
        'DELETE /api/zona-clientes/documentos/:id',
        'PUT /api/zona-clientes/documentos/categorias/:id/subida',
        'GET /api/portal/documentos',
        'POST /api/portal/documentos',
        'GET /api/portal/documentos/:id/archivo',
      ]),
    );
    const mal: string[] = [];
    const probar = async (r: { method: string; url: string }, token: string) => {
      const url = r.url.replace(/:[A-Za-z_]+\??/g, '1');
      if (r.method === 'HEAD') return;
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, cookie: `Admin-Token=${token}` },
      });
      if (res.statusCode !== 401 || res.json().code !== CODES.TOKEN_ILEGAL) mal.push(`${r.method} ${url}: ${res.statusCode}`);
    };
    for (const r of staff) await probar(r, portalArr);
    for (const r of portal) await probar(r, admin1);
    expect(mal).toEqual([]);
  });
});

describe('the portal', () => {
  it('shows the policy and nothing else until the client authorises it (Ley 1581)', async () => {
    const yo = ok<{ autorizo: boolean; politica: string; nombre: string }>(await as(t.app, portalArr).get('/api/portal/yo'));
    expect(yo).toMatchObject({ autorizo: false, politica: POLITICA, nombre: 'Tomás Arrendatario Gil' });
    expect((await as(t.app, portalArr).get('/api/portal/inmuebles')).statusCode).toBe(409);
    expect((await as(t.app, portalArr).post('/api/portal/autorizacion', { acepto: false })).statusCode).toBe(400);
    expect(
      ok<{ autorizo: boolean }>(await as(t.app, portalArr).post('/api/portal/autorizacion', { acepto: true })).autorizo,
    ).toBe(true);
    ok(await as(t.app, portalProp).post('/api/portal/autorizacion', { acepto: true }));
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from auditoria where accion = 'autorizar tratamiento de datos'`),
    );
    expect(aud!.n).toBe(2);
  });

  it('lists the client’s properties as owner and as tenant, nobody else’s', async () => {
    const arr = ok<{ id: number; rol: string }[]>(await as(t.app, portalArr).get('/api/portal/inmuebles'));
    expect(arr.map((i) => [i.id, i.rol])).toEqual([[ids.inmB, 'arrendatario']]);
    const prop = ok<{ id: number; rol: string }[]>(await as(t.app, portalProp).get('/api/portal/inmuebles'));
    expect(prop.map((i) => [i.id, i.rol])).toEqual([[ids.inmA, 'propietario']]);
  });

  it('announcements (201): staff write them for all, owners or tenants; each client reads only theirs, published and current', async () => {
    const api = as(t.app, admin1);
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const dias = (n: number) => new Date(Date.parse(`${hoy}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const nuevo = async (body: Record<string, unknown>) =>
      ok<{ id: number; contenido: string }>(await api.post('/api/zona-clientes/anuncios', body));
    const todos = await nuevo({
      titulo: 'Para todos',
      contenido: '<p>Hola <strong>a todos</strong></p><script>alert(1)</script><p onclick="x()">Horario de diciembre</p>',
      publicado: true,
    });
    expect(todos.contenido).toBe('<p>Hola <strong>a todos</strong></p><p>Horario de diciembre</p>');
    const duenos = await nuevo({
      titulo: 'Para propietarios',
      contenido: 'Informe anual',
      para: 'propietarios',
      publicado: true,
    });
    await nuevo({ titulo: 'Borrador para arrendatarios', contenido: '', para: 'arrendatarios' });
    await nuevo({ titulo: 'Vencido', contenido: '', para: 'arrendatarios', publicado: true, desde: dias(-10), hasta: dias(-1) });
    await nuevo({ titulo: 'Mañana', contenido: '', publicado: true, desde: dias(1) });

    const leer = async (token: string) =>
      ok<{ titulo: string }[]>(await as(t.app, token).get('/api/portal/anuncios')).map((a) => a.titulo);
    expect(await leer(portalArr)).toEqual(['Para todos']);
    expect(await leer(portalProp)).toEqual(['Para propietarios', 'Para todos']);

    // Edited and deleted: the portal follows, and both are in the audit log.
    ok(
      await put(admin1, `/api/zona-clientes/anuncios/${duenos.id}`, {
        titulo: 'Para propietarios: informe 2026',
        contenido: 'Informe anual',
        para: 'propietarios',
        publicado: true,
      }),
    );
    expect(await leer(portalProp)).toEqual(['Para propietarios: informe 2026', 'Para todos']);
    ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/api/zona-clientes/anuncios/${todos.id}`,
        headers: { authorization: `Bearer ${admin1}` },
      }),
    );
    expect(await leer(portalProp)).toEqual(['Para propietarios: informe 2026']);
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from auditoria where entidad = 'zona_anuncio'`),
    );
    expect(aud!.n).toBe(7);
    const lista = ok<{ items: { titulo: string }[]; total: number }>(await api.get('/api/zona-clientes/anuncios?q=propietarios'));
    expect(lista.items.map((a) => a.titulo)).toEqual(['Para propietarios: informe 2026']);

    // Bad input names the field; another company and a user without 201 reach nothing.
    const mal = async (body: Record<string, unknown>, campo: string) => {
      const r = await api.post('/api/zona-clientes/anuncios', { titulo: 'X', contenido: '', ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(campo);
    };
    await mal({ titulo: '' }, 'Título');
    await mal({ para: 'vecinos' }, 'Para');
    await mal({ desde: dias(3), hasta: dias(1) }, 'Hasta');
    await mal({ desde: '2026-02-30' }, 'Desde');
    expect(ok<{ total: number }>(await as(t.app, admin2).get('/api/zona-clientes/anuncios')).total).toBe(0);
    expect((await put(admin2, `/api/zona-clientes/anuncios/${duenos.id}`, { titulo: 'Ajeno', contenido: '' })).statusCode).toBe(
      404,
    );
    expect((await as(t.app, asesor1).get('/api/zona-clientes/anuncios')).statusCode).toBe(403);
  });

  let consecutivo: number;
  it('creates a maintenance request for its own property, notifies staff, and refuses bad input', async () => {
    const api = as(t.app, portalArr);
    const base = {
      id_inmueble: ids.inmB,
      categoria: 'plomeria',
      descripcion: 'Fuga bajo el lavaplatos',
      urgencia: 'alta',
      permiso_ingreso: true,
    };
    const r1 = await api.post('/api/portal/solicitudes', { ...base, categoria: 'magia' });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toContain('Categoría');
    const r2 = await api.post('/api/portal/solicitudes', { ...base, id_inmueble: ids.inmC });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toContain('Inmueble');
    const s = ok<{ consecutivo: number; estado: string; eventos: unknown[] }>(await api.post('/api/portal/solicitudes', base));
    expect(s).toMatchObject({ estado: 'recibida' });
    consecutivo = s.consecutivo;
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from notificacion where titulo = ${`Solicitud de mantenimiento ${consecutivo}`}`,
      ),
    );
    expect(n!.n).toBeGreaterThanOrEqual(1);
  });

  it('takes photos checked by their content, and only on the client’s own request', async () => {
    const jpg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const subir = (token: string, n: number, data: Buffer, filename: string) => {
      const m = multipart({ filename, contentType: 'image/jpeg', data });
      return t.app.inject({
        method: 'POST',
        url: `/api/portal/solicitudes/${n}/fotos`,
        payload: m.payload,
        headers: { ...m.headers, authorization: `Bearer ${token}` },
      });
    };
    const texto = await subir(portalArr, consecutivo, Buffer.from('no soy una foto, soy texto'), 'fuga.jpg');
    expect(texto.statusCode, texto.body).toBe(415);
    expect((await subir(portalProp, consecutivo, jpg, 'fuga.jpg')).statusCode).toBe(404);
    const f = ok<{ id: number; content_type: string }>(await subir(portalArr, consecutivo, jpg, 'fuga.jpg'));
    expect(f.content_type).toBe('image/jpeg');
    const bajada = await as(t.app, portalArr).get(`/api/portal/solicitudes/${consecutivo}/fotos/${f.id}`);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['content-type']).toBe('image/jpeg');
    expect((await as(t.app, portalProp).get(`/api/portal/solicitudes/${consecutivo}/fotos/${f.id}`)).statusCode).toBe(404);
    // Staff see it through the platform's files.
    const staff = ok<{ id: number }[]>(await as(t.app, admin1).get(`/api/archivos/solicitud_mantenimiento/${consecutivo}`));
    expect(staff.map((x) => x.id)).toEqual([f.id]);
  });

  it('another client, another company or a staff member without 10550 cannot see it', async () => {
    expect((await as(t.app, portalProp).get(`/api/portal/solicitudes/${consecutivo}`)).statusCode).toBe(404);
    expect((await as(t.app, admin2).get(`/api/solicitudes-mantenimiento/${consecutivo}`)).statusCode).toBe(404);
    expect((await as(t.app, asesor1).get(`/api/solicitudes-mantenimiento/${consecutivo}`)).statusCode).toBe(403);
    expect(ok<{ total: number }>(await as(t.app, admin2).get('/api/solicitudes-mantenimiento')).total).toBe(0);
  });

  it('staff filter, assign, change its estado and comment; the client sees only the visible steps', async () => {
    const api = as(t.app, admin1);
    expect(ok<{ total: number }>(await api.get('/api/solicitudes-mantenimiento?estado=recibida')).total).toBe(1);
    expect(ok<{ total: number }>(await api.get('/api/solicitudes-mantenimiento?estado=cerrada')).total).toBe(0);
    expect((await api.get('/api/solicitudes-mantenimiento?estado=inventado')).statusCode).toBe(400);
    const { usuarios } = ok<{ usuarios: { id: number }[] }>(await api.get('/api/solicitudes-mantenimiento/opciones'));
    const idSin = await crearUsuario(t.db, 1, { usuario: 'sinmant', nroId: '1017555555', permisos: '489' });
    const r0 = await patch(admin1, `/api/solicitudes-mantenimiento/${consecutivo}`, { id_asignado: idSin });
    expect(r0.statusCode).toBe(400);
    expect(r0.json().message).toContain('Asignado a');
    expect((await patch(admin1, `/api/solicitudes-mantenimiento/${consecutivo}`, { estado: 'volando' })).statusCode).toBe(400);
    expect((await patch(admin1, `/api/solicitudes-mantenimiento/${consecutivo}`, {})).statusCode).toBe(400);
    ok(await patch(admin1, `/api/solicitudes-mantenimiento/${consecutivo}`, { id_asignado: usuarios[0]!.id }));
    const d = ok<{ estado: string }>(
      await patch(admin1, `/api/solicitudes-mantenimiento/${consecutivo}`, {
        estado: 'en_ejecucion',
        nota: 'El plomero va el martes',
      }),
    );
    expect(d.estado).toBe('en_ejecucion');
    ok(
      await api.post(`/api/solicitudes-mantenimiento/${consecutivo}/comentarios`, {
        texto: 'Cobrar al propietario',
        visible_cliente: false,
      }),
    );
    ok(
      await api.post(`/api/solicitudes-mantenimiento/${consecutivo}/comentarios`, {
        texto: 'Llevamos el repuesto',
        visible_cliente: true,
      }),
    );
    expect(
      (await api.post(`/api/solicitudes-mantenimiento/${consecutivo}/comentarios`, { texto: '', visible_cliente: true }))
        .statusCode,
    ).toBe(400);
    const staff = ok<{ eventos: { texto: string }[] }>(await api.get(`/api/solicitudes-mantenimiento/${consecutivo}`));
    expect(staff.eventos.map((e) => e.texto)).toContain('Cobrar al propietario');
    const cliente = ok<{ estado: string; eventos: { tipo: string; texto: string }[] }>(
      await as(t.app, portalArr).get(`/api/portal/solicitudes/${consecutivo}`),
    );
    expect(cliente.estado).toBe('en_ejecucion');
    expect(cliente.eventos.map((e) => e.texto)).toEqual(['', 'El plomero va el martes', 'Llevamos el repuesto']);
    expect(ok<unknown[]>(await as(t.app, portalArr).get('/api/portal/solicitudes'))).toHaveLength(1);
    expect(ok<unknown[]>(await as(t.app, portalProp).get('/api/portal/solicitudes'))).toHaveLength(0);
  });

  it('logging out closes the portal session; turning the portal off closes them all', async () => {
    ok(await as(t.app, portalProp).post('/api/portal/salir'));
    expect((await as(t.app, portalProp).get('/api/portal/yo')).statusCode).toBe(401);
    ok(await put(admin1, '/api/zona-clientes/config', { activo: false, titulo: 'Zona clientes Demo', politica: POLITICA }));
    expect((await as(t.app, portalArr).get('/api/portal/yo')).statusCode).toBe(401);
    ok(await put(admin1, '/api/zona-clientes/config', { activo: true, titulo: 'Zona clientes Demo', politica: POLITICA }));
    expect((await as(t.app, portalArr).get('/api/portal/yo')).statusCode).toBe(200);
  });
});

describe('a forgotten password', () => {
  const recuperar = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/portal/1/recuperar', payload: { email }, remoteAddress });

  it('e-mails a short-lived link that sets a new one and closes the open sessions; the same answer for nobody', async () => {
    const antes = sink.recibidos.length;
    const r = await recuperar('TOMAS@correo.co');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.mensaje).toBe(MENSAJE_RECUPERAR);
    await t.deps.mailer.idle();
    t.deps.mailer.despertar();
    const m = (await sink.esperar(antes + 1))
      .filter((x) => x.to.includes('tomas@correo.co') && asuntoDelMensaje(x.data).includes('contraseña nueva'))
      .at(-1)!;
    const texto = textoDelMensaje(m.data);
    expect(texto).toContain(`vence en ${RECUPERAR_HORAS} horas`);
    const secreto = /\/zona-clientes\/1\/activar\?nueva=1#t=([A-Za-z0-9_-]+)/.exec(texto)?.[1];
    expect(secreto, texto).toBeTruthy();

    // Nobody with that address: the same answer, and nothing is sent.
    const nadie = await recuperar('nadie@correo.co');
    expect(nadie.json().data.mensaje).toBe(MENSAJE_RECUPERAR);
    await t.deps.mailer.idle();
    t.deps.mailer.despertar();
    await t.deps.mailer.idle();
    expect(sink.recibidos.filter((x) => x.to.includes('nadie@correo.co'))).toHaveLength(0);
    expect((await recuperar('no-es-correo')).statusCode).toBe(400);

    const nueva = await activar(secreto!, 'Clave-nueva-2026');
    expect(nueva.statusCode, nueva.body).toBe(200);
    expect((await as(t.app, nueva.json().token as string).get('/api/portal/yo')).statusCode).toBe(200);
    // The session opened before is closed; the old password no longer works, the new one does.
    expect((await as(t.app, portalArr).get('/api/portal/yo')).statusCode).toBe(401);
    const login = (clave: string) => as(t.app, null).post('/api/portal/1/login', { email: 'tomas@correo.co', clave });
    expect((await login('Clave-portal-2026')).statusCode).toBe(401);
    expect((await login('Clave-nueva-2026')).statusCode).toBe(200);
    expect((await activar(secreto!, 'Otra-clave-2026')).statusCode).toBe(400);
  });

  it('is limited per address and e-mail, so the form cannot flood an inbox', async () => {
    for (let i = 0; i < 3; i++) expect((await recuperar('olga@correo.co', '10.7.7.7')).statusCode).toBe(200);
    const bloqueado = await recuperar('olga@correo.co', '10.7.7.7');
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().message).toMatch(/^Demasiadas solicitudes\. Intente de nuevo en 60 minutos\.$/);
  });
});
