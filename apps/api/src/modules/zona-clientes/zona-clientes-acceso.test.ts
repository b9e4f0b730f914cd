import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import {
  ENLACE_INGRESO_MINUTOS,
  MENSAJE_ENLACE_INGRESO,
  SECCIONES_INICIALES,
  type ConfigZonaClientesPantalla,
  type PortalInfo,
  type PortalYo,
} from '@predio/contract/zona-clientes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp, ok } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje, type Recibido } from '../../test/smtp-sink.ts';

// Zona clientes (issue 31): logging in by an e-mailed link, the company's logo on the login page, the
// sections each kind of client sees, e-mail to the client on each step, and who receives new requests.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let asesor1: string;
let duena: string;
let inquilino: string;
let ids: { duena: number; inquilino: number; inmueble: number };

const POLITICA = 'Inmobiliaria Demo trata sus datos según la Ley 1581 de 2012.';
const CONFIG = { activo: true, titulo: 'Zona clientes Demo', politica: POLITICA };

const put = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const patch = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });

/** Delivers the outbox and answers the messages that arrived since `antes` for an address. */
async function correosPara(para: string, antes: number): Promise<Recibido[]> {
  await t.deps.mailer.idle();
  t.deps.mailer.despertar();
  await t.deps.mailer.idle();
  return sink.recibidos.slice(antes).filter((m) => m.to.includes(para));
}

async function enlaceDe(para: string, antes: number, pagina: 'activar' | 'entrar'): Promise<string> {
  await sink.esperar(antes + 1);
  const m = (await correosPara(para, antes)).at(-1)!;
  const texto = textoDelMensaje(m.data);
  const secreto = new RegExp(`/zona-clientes/1/${pagina}#t=([A-Za-z0-9_-]+)`).exec(texto)?.[1];
  expect(secreto, texto).toBeTruthy();
  return secreto!;
}

async function cliente(idTercero: number, email: string, inmuebleArrendado: number | null): Promise<string> {
  const antes = sink.recibidos.length;
  ok(
    await as(t.app, admin1).post('/api/zona-clientes/invitaciones', {
      id_tercero: idTercero,
      email,
      inmueble_arrendado: inmuebleArrendado,
    }),
  );
  const secreto = await enlaceDe(email, antes, 'activar');
  const r = await as(t.app, null).post('/api/portal/1/activar', { token: secreto, clave: 'Clave-portal-2026' });
  const token = (r.json() as { token: string }).token;
  ok(await as(t.app, token).post('/api/portal/autorizacion', { acepto: true }));
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  t.deps.mailer.start(60_000);
  admin1 = await login(t.app, DEMO.admin1);
  asesor1 = await login(t.app, DEMO.asesor1);
  ids = await t.db.tenant(1, async (tx) => {
    const tercero = async (nombre: string, nro: string) =>
      (
        await queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values (${nro}, ${nombre}) returning id`)
      )[0]!.id;
    const d = await tercero('Dora Dueña Acceso', '43900901');
    const i = await tercero('Iván Inquilino Acceso', '71900902');
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
    const [inm] = await queryRows<{ id: number }>(
      tx,
      sql`insert into inmueble (consecutivo, tipo, gestion, direccion, id_municipio, creado_por)
          values (9501, 'apartamento', 'arriendo', 'Calle 80 # 12-34', ${m!.id}, 'prueba') returning id`,
    );
    await tx.execute(sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje) values (${inm!.id}, ${d}, 100)`);
    return { duena: d, inquilino: i, inmueble: inm!.id };
  });
  ok(await put(admin1, '/api/zona-clientes/config', CONFIG));
  duena = await cliente(ids.duena, 'dora@correo.co', null);
  inquilino = await cliente(ids.inquilino, 'ivan@correo.co', 9501);
}, 60_000);
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('logging in with an e-mailed link', () => {
  const pedir = (email: string) => as(t.app, null).post('/api/portal/1/enlace', { email });
  const entrar = (token: string) => as(t.app, null).post('/api/portal/1/entrar', { token });

  it('opens a session once, within its minutes; the same answer for nobody', async () => {
    let antes = sink.recibidos.length;
    expect(ok<{ mensaje: string }>(await pedir('DORA@correo.co')).mensaje).toBe(MENSAJE_ENLACE_INGRESO);
    const secreto = await enlaceDe('dora@correo.co', antes, 'entrar');
    const m = (await correosPara('dora@correo.co', antes)).at(-1)!;
    expect(asuntoDelMensaje(m.data)).toContain('enlace para ingresar');
    expect(textoDelMensaje(m.data)).toContain(`vence en ${ENLACE_INGRESO_MINUTOS} minutos`);

    // A login link does not choose a password, and it survives that attempt.
    expect((await as(t.app, null).post('/api/portal/1/activar', { token: secreto, clave: 'Otra-clave-2026' })).statusCode).toBe(
      400,
    );
    const r = await entrar(secreto);
    expect(r.statusCode, r.body).toBe(200);
    const token = (r.json() as { token: string }).token;
    expect(ok<PortalYo>(await as(t.app, token).get('/api/portal/yo')).email).toBe('dora@correo.co');
    // Used once.
    const otra = await entrar(secreto);
    expect(otra.statusCode).toBe(400);
    expect(otra.json().message).toContain('enlace de ingreso');
    // The password still works: the link changed nothing else.
    expect(
      (await as(t.app, null).post('/api/portal/1/login', { email: 'dora@correo.co', clave: 'Clave-portal-2026' })).statusCode,
    ).toBe(200);

    // Expired.
    antes = sink.recibidos.length;
    ok(await pedir('dora@correo.co'));
    const viejo = await enlaceDe('dora@correo.co', antes, 'entrar');
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update cliente_portal_invitacion set expira_en = now() - interval '1 minute' where tipo = 'ingreso'`),
    );
    expect((await entrar(viejo)).statusCode).toBe(400);

    // Nobody with that address: the same answer, and nothing is sent.
    antes = sink.recibidos.length;
    expect(ok<{ mensaje: string }>(await pedir('nadie@correo.co')).mensaje).toBe(MENSAJE_ENLACE_INGRESO);
    expect(await correosPara('nadie@correo.co', antes)).toEqual([]);
    const mal = await pedir('no-es-correo');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Correo');
    expect((await entrar('corto')).statusCode).toBe(400);
  });

  it('does not open the session of a deactivated client', async () => {
    const antes = sink.recibidos.length;
    ok(await pedir('ivan@correo.co'));
    const secreto = await enlaceDe('ivan@correo.co', antes, 'entrar');
    await t.db.tenant(1, (tx) => tx.execute(sql`update cliente_portal set activo = false where email = 'ivan@correo.co'`));
    expect((await entrar(secreto)).statusCode).toBe(400);
    await t.db.tenant(1, (tx) => tx.execute(sql`update cliente_portal set activo = true where email = 'ivan@correo.co'`));
  });
});

describe('the login page', () => {
  it('shows the company logo while the portal is on', async () => {
    const sinLogo = ok<PortalInfo>(await as(t.app, null).get('/api/portal/1/info'));
    if (sinLogo.logo === null) expect((await as(t.app, null).get('/api/portal/1/logo')).statusCode).toBe(404);
    const png = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#1f6f8b' } })
      .png()
      .toBuffer();
    const body = multipart({ filename: 'logo.png', contentType: 'image/png', data: png });
    const subida = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${admin1}` },
    });
    expect(subida.statusCode, subida.body).toBe(200);
    const info = ok<PortalInfo>(await as(t.app, null).get('/api/portal/1/info'));
    expect(info.logo).toMatch(/^\/api\/portal\/1\/logo\?v=/);
    const img = await as(t.app, null).get(info.logo!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // Company 2 has no portal: no logo through it.
    expect((await as(t.app, null).get('/api/portal/2/logo')).statusCode).toBe(404);
    ok(await put(admin1, '/api/zona-clientes/config', { ...CONFIG, activo: false }));
    expect((await as(t.app, null).get('/api/portal/1/logo')).statusCode).toBe(404);
    ok(await put(admin1, '/api/zona-clientes/config', CONFIG));
  });
});

describe('what each kind of client sees', () => {
  it('shows the sections the company chose per kind; the others answer 403', async () => {
    const c = ok<ConfigZonaClientesPantalla>(await as(t.app, admin1).get('/api/zona-clientes/config'));
    expect(c.secciones).toEqual(SECCIONES_INICIALES);
    expect(ok<PortalYo>(await as(t.app, duena).get('/api/portal/yo')).secciones).toEqual(SECCIONES_INICIALES.propietarios);
    expect(ok<PortalYo>(await as(t.app, inquilino).get('/api/portal/yo')).secciones).toEqual(SECCIONES_INICIALES.arrendatarios);

    const mal = await put(admin1, '/api/zona-clientes/config', {
      ...CONFIG,
      secciones: { propietarios: ['nada'], arrendatarios: [], codeudores: [] },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Secciones de propietarios');
    expect((await put(asesor1, '/api/zona-clientes/config', CONFIG)).statusCode).toBe(403);

    ok(
      await put(admin1, '/api/zona-clientes/config', {
        ...CONFIG,
        secciones: { propietarios: ['contratos'], arrendatarios: ['mantenimiento', 'documentos'], codeudores: [] },
      }),
    );
    expect(ok<PortalYo>(await as(t.app, duena).get('/api/portal/yo')).secciones).toEqual(['contratos']);
    ok(await as(t.app, duena).get('/api/portal/contratos'));
    const oculta = await as(t.app, duena).get('/api/portal/documentos');
    expect(oculta.statusCode).toBe(403);
    expect(oculta.json().message).toContain('Documentos');
    expect((await as(t.app, duena).get('/api/portal/cotizaciones')).statusCode).toBe(403);
    expect((await as(t.app, duena).get('/api/portal/solicitudes')).statusCode).toBe(403);
    // An upload to a hidden section is refused before it streams in.
    const pdf = multipart({ filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
    const subida = await t.app.inject({
      method: 'POST',
      url: '/api/portal/documentos?id_categoria=1&titulo=Recibo',
      ...pdf,
      headers: { ...pdf.headers, authorization: `Bearer ${duena}` },
    });
    expect(subida.statusCode).toBe(403);
    // «Mis inmuebles» and the habeas-data requests are always there.
    ok(await as(t.app, duena).get('/api/portal/inmuebles'));
    ok(await as(t.app, duena).get('/api/portal/habeas-data'));

    expect(ok<PortalYo>(await as(t.app, inquilino).get('/api/portal/yo')).secciones).toEqual(['documentos', 'mantenimiento']);
    expect((await as(t.app, inquilino).get('/api/portal/contratos')).statusCode).toBe(403);
    ok(await as(t.app, inquilino).get('/api/portal/solicitudes'));
    ok(await put(admin1, '/api/zona-clientes/config', CONFIG));
    expect(ok<PortalYo>(await as(t.app, duena).get('/api/portal/yo')).secciones).toEqual(SECCIONES_INICIALES.propietarios);
  });
});

describe('maintenance requests', () => {
  let consecutivo: number;

  it('sends new requests to the chosen users only', async () => {
    const c = ok<ConfigZonaClientesPantalla>(await as(t.app, admin1).get('/api/zona-clientes/config'));
    const admin = c.atienden.find((u) => u.nombre.length > 0)!;
    expect(admin).toBeTruthy();
    const mal = await put(admin1, '/api/zona-clientes/config', { ...CONFIG, receptores: [999_999] });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Reciben las solicitudes');
    ok(await put(admin1, '/api/zona-clientes/config', { ...CONFIG, receptores: [admin.id] }));
    const s = ok<{ consecutivo: number }>(
      await as(t.app, inquilino).post('/api/portal/solicitudes', {
        id_inmueble: ids.inmueble,
        categoria: 'plomeria',
        descripcion: 'Gotea la llave del lavaplatos',
        urgencia: 'media',
        permiso_ingreso: true,
        disponibilidad: 'Tardes',
      }),
    );
    consecutivo = s.consecutivo;
    const avisados = await t.db.tenant(1, (tx) =>
      queryRows<{ id_usuario: number }>(
        tx,
        sql`select id_usuario from notificacion where titulo = ${`Solicitud de mantenimiento ${consecutivo}`}`,
      ),
    );
    expect(avisados.map((a) => a.id_usuario)).toEqual([admin.id]);
    // Anyone who attends requests can still be assigned it.
    expect(c.atienden.length).toBeGreaterThanOrEqual(1);
  });

  it('e-mails the client each step they can see, not the internal ones, unless turned off', async () => {
    const url = `/api/solicitudes-mantenimiento/${consecutivo}`;
    let antes = sink.recibidos.length;
    ok(await patch(admin1, url, { estado: 'en_revision', nota: 'Pasamos el lunes en la mañana' }));
    await sink.esperar(antes + 1);
    const [paso] = await correosPara('ivan@correo.co', antes);
    expect(asuntoDelMensaje(paso!.data)).toContain(`solicitud de mantenimiento N.º ${consecutivo}`);
    expect(textoDelMensaje(paso!.data)).toContain('Estado: En revisión');
    expect(textoDelMensaje(paso!.data)).toContain('Pasamos el lunes en la mañana');

    antes = sink.recibidos.length;
    ok(await as(t.app, admin1).post(`${url}/comentarios`, { texto: 'Proveedor caro, buscar otro', visible_cliente: false }));
    ok(await as(t.app, admin1).post(`${url}/comentarios`, { texto: 'Llevamos el repuesto', visible_cliente: true }));
    await sink.esperar(antes + 1);
    const comentarios = (await correosPara('ivan@correo.co', antes)).map((m) => textoDelMensaje(m.data));
    expect(comentarios).toHaveLength(1);
    expect(comentarios[0]).toContain('Llevamos el repuesto');

    ok(await put(admin1, '/api/zona-clientes/config', { ...CONFIG, avisar_cliente: false }));
    antes = sink.recibidos.length;
    ok(await patch(admin1, url, { estado: 'en_ejecucion', nota: '' }));
    expect(await correosPara('ivan@correo.co', antes)).toEqual([]);
    ok(await put(admin1, '/api/zona-clientes/config', CONFIG));
  });
});

describe('documents shared with clients', () => {
  it('e-mails each client who sees the new document, and nobody else', async () => {
    const [cat] = await t.db.tenant(1, (tx) =>
      queryRows<{ todos: number; arrendatarios: number }>(
        tx,
        sql`select (select id from categorias_documentos_clientes where visible_para = 'todos' and activo order by id limit 1) as todos,
                   (select id from categorias_documentos_clientes where visible_para = 'arrendatarios' and activo order by id limit 1)
                     as arrendatarios`,
      ),
    );
    const compartir = async (categoria: number, titulo: string) => {
      const pdf = multipart({ filename: 'doc.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/zona-clientes/documentos?id_categoria=${categoria}&titulo=${encodeURIComponent(titulo)}&inmueble=9501`,
        ...pdf,
        headers: { ...pdf.headers, authorization: `Bearer ${admin1}` },
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    const asuntos = (para: string, desde: number) => correosPara(para, desde).then((l) => l.map((m) => asuntoDelMensaje(m.data)));

    let antes = sink.recibidos.length;
    await compartir(cat!.todos, 'Reglamento de la copropiedad');
    await sink.esperar(antes + 2);
    expect(await asuntos('dora@correo.co', antes)).toEqual([expect.stringContaining('«Reglamento de la copropiedad»')]);
    expect(await asuntos('ivan@correo.co', antes)).toEqual([expect.stringContaining('«Reglamento de la copropiedad»')]);

    // A tenants' category: the owner does not see it, so is not told.
    antes = sink.recibidos.length;
    await compartir(cat!.arrendatarios, 'Recibo de arriendo de noviembre');
    await sink.esperar(antes + 1);
    expect(await asuntos('ivan@correo.co', antes)).toHaveLength(1);
    expect(await asuntos('dora@correo.co', antes)).toEqual([]);

    // With «Avisar al cliente por correo» off, nobody.
    ok(await put(admin1, '/api/zona-clientes/config', { ...CONFIG, avisar_cliente: false }));
    antes = sink.recibidos.length;
    await compartir(cat!.todos, 'Paz y salvo');
    expect(await asuntos('ivan@correo.co', antes)).toEqual([]);
    expect(await asuntos('dora@correo.co', antes)).toEqual([]);
    ok(await put(admin1, '/api/zona-clientes/config', CONFIG));
  });
});

describe('the repair’s cost and who pays it', () => {
  it('staff record them; the client sees who pays, and the amount only when it is theirs to pay', async () => {
    const [r] = await t.db.tenant(1, (tx) =>
      queryRows<{ consecutivo: number; id_proveedor: number }>(
        tx,
        sql`select (select max(consecutivo) from solicitud_mantenimiento) as consecutivo,
                   (select id from terceros where nro_id = '43900901') as id_proveedor`,
      ),
    );
    const url = `/api/solicitudes-mantenimiento/${r!.consecutivo}/costo`;
    const mal1 = await put(admin1, url, { costo: 150_000, paga: null, id_proveedor: null });
    expect(mal1.statusCode).toBe(400);
    expect(mal1.json().message).toContain('Quién paga');
    const mal2 = await put(admin1, url, { costo: -1, paga: 'propietario', id_proveedor: null });
    expect(mal2.statusCode).toBe(400);
    expect(mal2.json().message).toContain('Costo');
    const mal3 = await put(admin1, url, { costo: 1, paga: 'vecino', id_proveedor: null });
    expect(mal3.statusCode).toBe(400);
    expect(mal3.json().message).toContain('Quién paga');
    const mal4 = await put(admin1, url, { costo: 1, paga: 'propietario', id_proveedor: 999_999 });
    expect(mal4.statusCode).toBe(400);
    expect(mal4.json().message).toContain('Proveedor');
    expect((await put(asesor1, url, { costo: null, paga: null, id_proveedor: null })).statusCode).toBe(403);
    const admin2 = await login(t.app, DEMO.admin2);
    expect((await put(admin2, url, { costo: null, paga: null, id_proveedor: null })).statusCode).toBe(404);

    const s = ok<{ costo: number; paga: string; proveedor: string }>(
      await put(admin1, url, { costo: 185_000, paga: 'propietario', id_proveedor: r!.id_proveedor }),
    );
    expect(s).toMatchObject({ costo: 185_000, paga: 'propietario', proveedor: 'Dora Dueña Acceso' });
    // The tenant reported it: the owner pays, so the tenant sees who, not how much.
    const visto = await as(t.app, inquilino).get(`/api/portal/solicitudes/${r!.consecutivo}`);
    expect(ok<{ costo: number | null; paga: string }>(visto)).toMatchObject({ costo: null, paga: 'propietario' });
    ok(await put(admin1, url, { costo: 90_000, paga: 'arrendatario', id_proveedor: null }));
    const suyo = await as(t.app, inquilino).get(`/api/portal/solicitudes/${r!.consecutivo}`);
    expect(ok<{ costo: number | null; paga: string; proveedor: string | null }>(suyo)).toMatchObject({
      costo: 90_000,
      paga: 'arrendatario',
      proveedor: null,
    });
    const lista = ok<{ consecutivo: number; costo: number | null }[]>(await as(t.app, inquilino).get('/api/portal/solicitudes'));
    expect(lista.find((x) => x.consecutivo === r!.consecutivo)!.costo).toBe(90_000);
    const [a] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'solicitud_mantenimiento'
            and entidad_id = ${String(r!.consecutivo)} and cambios ? 'costo'`,
      ),
    );
    expect(a!.n).toBe(2);
  });
});

describe('turning a client’s access off', () => {
  it('closes their sessions at once and refuses their login until turned on again; audited', async () => {
    const lista = ok<{ id: number; email: string; estado: string }[]>(await as(t.app, admin1).get('/api/zona-clientes/clientes'));
    const ivan = lista.find((c) => c.email === 'ivan@correo.co')!;
    const url = `/api/zona-clientes/clientes/${ivan.id}/activo`;
    expect((await put(asesor1, url, { activo: false })).statusCode).toBe(403);
    const mal = await put(admin1, url, { activo: 'no' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().message).toContain('Activo');
    expect((await put(admin1, '/api/zona-clientes/clientes/999999/activo', { activo: false })).statusCode).toBe(404);
    const admin2 = await login(t.app, DEMO.admin2);
    expect((await put(admin2, url, { activo: false })).statusCode).toBe(404);

    const despues = ok<{ id: number; estado: string }[]>(await put(admin1, url, { activo: false }));
    expect(despues.find((c) => c.id === ivan.id)!.estado).toBe('inactivo');
    expect((await as(t.app, inquilino).get('/api/portal/yo')).statusCode).toBe(401);
    const entrar = () => as(t.app, null).post('/api/portal/1/login', { email: 'ivan@correo.co', clave: 'Clave-portal-2026' });
    expect((await entrar()).statusCode).toBe(401);
    ok(await put(admin1, url, { activo: true }));
    const r = await entrar();
    expect(r.statusCode, r.body).toBe(200);
    const [a] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from auditoria where entidad = 'zona_clientes' and entidad_id = ${String(ivan.id)}
            and accion in ('activar', 'desactivar')`,
      ),
    );
    expect(a!.n).toBe(2);
  });
});
