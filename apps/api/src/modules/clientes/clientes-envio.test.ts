import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EnvioInmuebles } from '@predio/contract/clientes';
import { queryRows } from '../../db/rows.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { encolarCorreo } from '../../platform/mail/outbox.ts';
import { inTenant } from '../../platform/tenant.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import sharp from 'sharp';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, tokenClaims, type TestApp } from '../../test/harness.ts';
import { SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import * as envio from './clientes-envio.service.ts';

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let solo463: string;
let lead: number;
let cerrado: number;
let idLucia: number;
const inm: Record<'a' | 'b' | 'captado', number> = { a: 0, b: 0, captado: 0 };

async function inmueble(body: Record<string, unknown>, disponible: boolean): Promise<number> {
  const r = await as(t.app, admin1).post('/api/inmuebles', { habitaciones: 3, banos: 2, parqueaderos: 1, ...body });
  expect(r.statusCode, r.body).toBe(200);
  const c = r.json().data.consecutivo as number;
  if (disponible)
    expect((await as(t.app, admin1).post(`/api/inmuebles/${c}/estado`, { estado: 'disponible' })).statusCode).toBe(200);
  return c;
}

const enviar = (token: string, consecutivo: number, body: Record<string, unknown>) =>
  as(t.app, token).post(`/api/clientes-atendidos/${consecutivo}/enviar-inmuebles`, {
    para: 'lucia@example.com',
    asunto: 'Inmuebles para usted',
    mensaje: 'Hola Lucía: le comparto los inmuebles que hablamos.',
    inmuebles: [inm.a],
    ...body,
  });

type FilaCorreo = {
  para: string;
  estado: string;
  adjuntos: { nombre: string; clave: string; tipo: string }[];
  ultimo_error: string | null;
};
const outbox = () =>
  t.db.tenant(1, (tx) =>
    queryRows<FilaCorreo>(tx, sql`select para, estado, adjuntos, ultimo_error from correo_salida order by id`),
  );

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  [admin1, admin2] = await Promise.all([login(t.app, DEMO.admin1), login(t.app, DEMO.admin2)]);
  await crearUsuario(t.db, 1, { usuario: 'solo463', nroId: '50463', permisos: '463' });
  solo463 = await login(t.app, { idEmpresa: 1, usuario: 'solo463', clave: 'demo1234' });
  const { idTercero, municipio } = await t.db.tenant(1, async (tx) => {
    const [tr] = await tx
      .insert(terceros)
      .values({ nro_id: '61001', nombre: 'Lucía Fernández Ríos', email: 'lucia@example.com' })
      .returning({ id: terceros.id });
    const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
    return { idTercero: tr!.id, municipio: m!.id };
  });
  inm.a = await inmueble(
    {
      tipo: 'apartamento',
      gestion: 'arriendo',
      canon: 2_500_000,
      direccion: 'Carrera 43A # 1-50 Apto 301',
      id_municipio: municipio,
    },
    true,
  );
  // inm.a has a cover photo (the HTML message shows it inline); inm.b has none.
  const foto = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3377aa' } })
    .jpeg()
    .toBuffer();
  const subida = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data: foto });
  const rf = await t.app.inject({
    method: 'POST',
    url: `/api/inmuebles/${inm.a}/fotos`,
    payload: subida.payload,
    headers: { ...subida.headers, authorization: `Bearer ${admin1}` },
  });
  expect(rf.statusCode, rf.body).toBe(200);
  inm.b = await inmueble(
    { tipo: 'casa', gestion: 'venta', precio_venta: 850_000_000, direccion: 'Calle 10 # 20-30', id_municipio: municipio },
    true,
  );
  inm.captado = await inmueble(
    { tipo: 'local', gestion: 'arriendo', canon: 4_000_000, direccion: 'Calle 50 # 40-10', id_municipio: municipio },
    false,
  );
  const nuevo = async () => {
    const r = await as(t.app, admin1).post('/api/clientes-atendidos', { id_tercero: idTercero, gestion: 'arriendo' });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.consecutivo as number;
  };
  idLucia = idTercero;
  lead = await nuevo();
  cerrado = await nuevo();
  const c = await as(t.app, admin1).post(`/api/clientes-atendidos/${cerrado}/cerrar`, { resultado: 'desistio', observacion: '' });
  expect(c.statusCode, c.body).toBe(200);
});

afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('sending a lead the fichas of properties by e-mail', () => {
  it('queues one message with a PDF ficha per property, replies to the asesor, and notes it in the follow-up', async () => {
    const r = await enviar(admin1, lead, { inmuebles: [inm.a, inm.b] });
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json().data as EnvioInmuebles;
    expect(d).toMatchObject({ para: 'lucia@example.com', inmuebles: [inm.a, inm.b] });
    expect(d.cliente.estado).toBe('en_seguimiento');
    expect(d.cliente.notas[0]?.texto).toBe(
      `Se envió por correo a lucia@example.com las fichas de los inmuebles ${inm.a}, ${inm.b}.`,
    );

    await t.deps.mailer.idle();
    const [m] = await sink.esperar(1);
    expect(m?.to).toEqual(['lucia@example.com']);
    expect(m?.from).toBe('contacto@inmobiliariademo.com.co');
    expect(m?.data).toMatch(/^Reply-To: carlos\.restrepo@inmobiliariademo\.com\.co$/m);
    expect(m?.data).toMatch(/^Subject: Inmuebles para usted$/m);
    // Two PDFs, each named for its property, and readable as PDFs.
    const partes = m!.data.split(/\r\n--/);
    const pdfs = partes.filter((p) => /content-type: application\/pdf/i.test(p));
    expect(pdfs.map((p) => /filename=(\S+)/i.exec(p)?.[1]?.replace(/"/g, ''))).toEqual([
      `ficha-inmueble-${inm.a}.pdf`,
      `ficha-inmueble-${inm.b}.pdf`,
    ]);
    for (const p of pdfs) {
      const cuerpo = p.slice(p.indexOf('\r\n\r\n') + 4).replace(/\s+/g, '');
      expect(Buffer.from(cuerpo, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    const texto = textoDelMensaje(partes.find((p) => /content-type: text\/plain/i.test(p))!);
    expect(texto).toContain('Hola Lucía: le comparto los inmuebles que hablamos.');
    expect(texto).toContain(`Inmueble ${inm.a} · Apartamento en arriendo`);
    expect(texto).toContain('Canon de arrendamiento: $ 2.500.000');
    expect(texto).toContain(`Inmueble ${inm.b} · Casa en venta`);
    expect(texto).toContain('Precio de venta: $ 850.000.000');
    expect(texto).toContain('Habitaciones: 3 · Baños: 2 · Parqueaderos: 1');
    expect(texto).toContain('Adjuntamos la ficha de cada uno en PDF.');

    // The HTML version: the message escaped, a card per property, the cover photo inline where there is one.
    const html = textoDelMensaje(partes.find((p) => /content-type: text\/html/i.test(p))!);
    expect(html).toContain('<p style="margin:0 0 12px">Hola Lucía: le comparto los inmuebles que hablamos.</p>');
    expect(html).toContain(`<img src="cid:portada-${inm.a}@predio"`);
    expect(html).not.toContain(`cid:portada-${inm.b}@predio`);
    const inline = partes.filter((p) => /content-type: image\/jpeg/i.test(p));
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatch(new RegExp(`content-id: <portada-${inm.a}@predio>`, 'i'));
    const jpeg = Buffer.from(inline[0]!.slice(inline[0]!.indexOf('\r\n\r\n') + 4).replace(/\s+/g, ''), 'base64');
    expect((await sharp(jpeg).metadata()).width).toBe(560);

    const [fila] = await outbox();
    expect(fila).toMatchObject({ para: 'lucia@example.com', estado: 'enviado', ultimo_error: null });
    expect(fila!.adjuntos.map((a) => a.nombre)).toEqual([
      `ficha-inmueble-${inm.a}.pdf`,
      `portada-inmueble-${inm.a}.jpg`,
      `ficha-inmueble-${inm.b}.pdf`,
    ]);
    // Both sides of the matching now say it was sent.
    const props = (await as(t.app, admin1).get(`/api/clientes-atendidos/${lead}/coincidencias`)).json().data as {
      consecutivo: number;
      enviado: string | null;
    }[];
    expect(props.find((p) => p.consecutivo === inm.a)?.enviado).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const leads = (await as(t.app, admin1).get(`/api/inmuebles/${inm.a}/clientes-coincidentes`)).json().data as {
      consecutivo: number;
      enviado: string | null;
    }[];
    expect(leads.find((l) => l.consecutivo === lead)?.enviado).toBe(props.find((p) => p.consecutivo === inm.a)?.enviado);
    expect(leads.find((l) => l.consecutivo === cerrado)).toBeUndefined();
    const audit = await t.db.tenant(1, (tx) =>
      queryRows<{ cambios: Record<string, unknown> }>(
        tx,
        sql`select cambios from auditoria where entidad = 'clientes_atendidos' and accion = 'enviar inmuebles'`,
      ),
    );
    expect(audit.map((a) => a.cambios)).toEqual([
      { para: 'lucia@example.com', asunto: 'Inmuebles para usted', inmuebles: [inm.a, inm.b] },
    ]);
  });

  it('refuses bad input naming the field, and sends nothing', async () => {
    const antes = (await outbox()).length;
    const casos: [Record<string, unknown>, string][] = [
      [{ para: 'lucia@' }, 'El campo Para debe ser un correo electrónico válido'],
      [{ para: '' }, 'El campo Para es obligatorio'],
      [{ asunto: '  ' }, 'El campo Asunto es obligatorio'],
      [{ inmuebles: [] }, 'Elija al menos un inmueble para enviar'],
      [{ inmuebles: [1, 2, 3, 4, 5, 6] }, 'Elija máximo 5 inmuebles por correo'],
      [{ inmuebles: [inm.a, inm.a] }, 'El campo Inmuebles tiene un inmueble repetido'],
      [{ mensaje: 'x'.repeat(2001) }, 'El campo Mensaje admite máximo 2000 caracteres'],
    ];
    for (const [body, mensaje] of casos) {
      const r = await enviar(admin1, lead, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toContain(mensaje);
    }
    expect((await outbox()).length).toBe(antes);
  });

  it('refuses a property that is not available, one that does not exist, and a closed lead', async () => {
    const antes = (await outbox()).length;
    const captado = await enviar(admin1, lead, { inmuebles: [inm.a, inm.captado] });
    expect(captado.statusCode).toBe(409);
    expect(captado.json().message).toBe(`El inmueble ${inm.captado} no está disponible (captado): quítelo del envío.`);
    const noHay = await enviar(admin1, lead, { inmuebles: [99_999] });
    expect(noHay.statusCode).toBe(404);
    const c = await enviar(admin1, cerrado, {});
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toContain('está cerrado: reábralo para enviarle inmuebles');
    expect((await outbox()).length).toBe(antes);
  });

  it('checks the lead again once the fichas are laid out: closed meanwhile, nothing is queued', async () => {
    const abierto = await as(t.app, admin1).post('/api/clientes-atendidos', { id_tercero: idLucia, gestion: 'arriendo' });
    const consecutivo = abierto.json().data.consecutivo as number;
    const user: Principal = {
      idEmpresa: 1,
      idUsuario: tokenClaims(admin1).idUsuario,
      usuario: 'admin',
      nroId: '',
      admemp: true,
      agencia: 0,
      permisos: '463,490,491',
      soporte: false,
      jti: 'prueba',
      estado: 'activa',
    };
    const body = { para: 'lucia@example.com', asunto: 'Inmuebles', mensaje: '', inmuebles: [inm.a] };
    const preparado = await t.db.tenant(1, (tx) => envio.prepararEnvio({ tx, user, consecutivo, body }));
    const adjuntos = await envio.guardarFichas({ user, storage: t.deps.storage, preparado, urlPublica: null });
    expect(await t.deps.storage.get(adjuntos[0]!.clave)).not.toBeNull();
    const cierre = await as(t.app, admin1).post(`/api/clientes-atendidos/${consecutivo}/cerrar`, { resultado: 'desistio' });
    expect(cierre.statusCode, cierre.body).toBe(200);
    const antes = (await outbox()).length;
    await expect(
      inTenant(t.db, 1, (scope) => envio.encolarEnvio({ ...scope, mailer: t.deps.mailer, user, ip: '', preparado, adjuntos })),
    ).rejects.toThrow('está cerrado');
    expect((await outbox()).length).toBe(antes);
    // What the route then does with the fichas nobody will send.
    await envio.borrarFichas(t.deps.storage, adjuntos);
    expect(await t.deps.storage.get(adjuntos[0]!.clave)).toBeNull();
  });

  it('checks permission and company on the server', async () => {
    // Leads (463) without the property screens (490/491) may not hand out their fichas.
    expect((await enviar(solo463, lead, {})).statusCode).toBe(403);
    // Company 2 sees neither the lead nor the property.
    expect((await enviar(admin2, lead, {})).statusCode).toBe(404);
  });

  it('a message whose attached file is gone is retried and then reports why', async () => {
    await inTenant(t.db, 1, (scope) =>
      encolarCorreo(
        { ...scope, mailer: { despertar: () => undefined, urlPublica: null } },
        {
          para: 'lucia@example.com',
          asunto: 'Sin adjunto',
          texto: 'x',
          origen: 'prueba',
          adjuntos: [{ nombre: 'ficha-inmueble-1.pdf', clave: '1/correos/no-existe.pdf', tipo: 'application/pdf' }],
        },
      ),
    );
    await t.deps.mailer.enviarPendientes();
    const fila = (await outbox()).at(-1);
    expect(fila).toMatchObject({ estado: 'pendiente', ultimo_error: 'No se encontró el adjunto ficha-inmueble-1.pdf' });
  });
});
