import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MensajeDeRegistro } from '@predio/contract/mensajes';
import type { CorreoEncolado, OpcionesRedactar } from '@predio/contract/redactar';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, crearUsuario, DEMO, login, multipart, tokenClaims, type TestApp } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje, type Recibido } from '../../test/smtp-sink.ts';

// An e-mail written from a record (issue 27 «Sending»): from a tercero and from a property with its
// ficha, checked (recipients, fields, permission, company), sent through SMTP and kept in the history.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let asesor1: string;
let admin2: string;
let solo37: string;
let ana: number;
let casa: number;
let idDocumento: number;

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.example' });
  [admin1, asesor1, admin2] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.asesor1),
    await login(t.app, DEMO.admin2),
  ];
  await crearUsuario(t.db, 1, { usuario: 'solo37', nroId: '900111333', permisos: '37' });
  solo37 = await login(t.app, { idEmpresa: 1, usuario: 'solo37', clave: 'demo1234' });
  const [tr] = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into terceros (nro_id, nombre, email, email_corporativo)
          values ('81000001', 'Ana Propietaria', 'Ana@Example.com', 'ana@empresa.co') returning id`,
    ),
  );
  ana = tr!.id;
  const [mun] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  const r = await as(t.app, admin1).post('/api/inmuebles', {
    tipo: 'casa',
    gestion: 'venta',
    precio_venta: 640_000_000,
    direccion: 'Calle 10 # 43-20',
    habitaciones: 3,
    banos: 2,
    id_municipio: mun!.id,
  });
  expect(r.statusCode, r.body).toBe(200);
  casa = r.json().data.consecutivo as number;
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`insert into inmueble_propietario (id_inmueble, id_tercero, porcentaje)
                   select id, ${ana}, 100 from inmueble where consecutivo = ${casa}`),
  );
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const subida = multipart({ filename: 'Certificado de tradición.pdf', contentType: 'application/pdf', data: pdf });
  const d = await t.app.inject({
    method: 'POST',
    url: `/api/inmuebles/${casa}/documentos`,
    payload: subida.payload,
    headers: { ...subida.headers, authorization: `Bearer ${admin1}` },
  });
  expect(d.statusCode, d.body).toBe(200);
  const [doc] = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from archivo where categoria = 'documento'`),
  );
  idDocumento = doc!.id;
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

async function recibido(asunto: string): Promise<Recibido> {
  await t.deps.mailer.idle();
  const hasta = Date.now() + 5000;
  for (;;) {
    const m = sink.recibidos.find((r) => asuntoDelMensaje(r.data) === asunto);
    if (m || Date.now() > hasta) return m!;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const adjuntos = (m: Recibido) =>
  m.data
    .split(/\r\n--/)
    .filter((p) => /content-disposition: attachment/i.test(p))
    .map((p) => ({
      nombre: decodeURIComponent(/filename(?:\*0)?\*?=(?:utf-8'')?"?([^"\r\n;]+)/i.exec(p)?.[1] ?? ''),
      cabeza: Buffer.from(p.slice(p.indexOf('\r\n\r\n') + 4).replace(/\s+/g, ''), 'base64')
        .subarray(0, 5)
        .toString(),
    }));

describe('writing an e-mail from a record', () => {
  it('offers a tercero its addresses, the free messages of its kind and the fichas of what it owns', async () => {
    await as(t.app, admin1).post('/api/mensajes/plantillas', {
      nombre: 'Saludo al tercero',
      tipo: 'tercero',
      asunto: 'Hola {{ tercero.nombre }}',
      html: '<p>Estimado(a) {{ tercero.nombre }}:</p>',
    });
    await as(t.app, admin1).post('/api/mensajes/plantillas', {
      nombre: 'Novedades del inmueble',
      tipo: 'inmueble',
      asunto: 'Su inmueble {{ inmueble.consecutivo }}',
      html: '<p>{{ inmueble.direccion }}</p>',
    });
    const r = await as(t.app, asesor1).get(`/api/mensajes/tercero/${ana}/correo`);
    expect(r.statusCode, r.body).toBe(200);
    const o = r.json().data as OpcionesRedactar;
    expect(o.titulo).toBe('Ana Propietaria');
    expect(o.destinatarios).toEqual([
      { nombre: 'Ana Propietaria', email: 'ana@example.com' },
      { nombre: 'Ana Propietaria', email: 'ana@empresa.co' },
    ]);
    expect(o.plantillas.map((p) => p.nombre)).toEqual(['Saludo al tercero']);
    expect(o.fichas).toEqual([{ consecutivo: casa, titulo: `Inmueble ${casa} · Casa, Calle 10 # 43-20`, marcada: false }]);
  });

  it('sends from a tercero with its fields filled and the signature, and keeps it in its history', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/mensajes/mi-firma',
      payload: { firma: 'Carlos Restrepo\nAsesor comercial' },
      headers: { authorization: `Bearer ${asesor1}` },
    });
    const r = await as(t.app, asesor1).post(`/api/mensajes/tercero/${ana}/correo`, {
      para: ['ana@example.com'],
      cc: ['Gerencia@Inmobiliaria.co'],
      asunto: 'Documentos para {{ tercero.nombre }}',
      html: '<p>Hola {{ tercero.nombre }}, le escribimos de {{ empresa.nombre }}</p>',
      fichas: [casa],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data as CorreoEncolado).toEqual({
      para: ['ana@example.com'],
      cc: ['gerencia@inmobiliaria.co'],
      asunto: 'Documentos para Ana Propietaria',
      adjuntos: [`ficha-inmueble-${casa}.pdf`],
    });
    const m = await recibido('Documentos para Ana Propietaria');
    expect(m.to.sort()).toEqual(['ana@example.com', 'gerencia@inmobiliaria.co']);
    expect(m.data).toMatch(/^Cc: gerencia@inmobiliaria\.co$/m);
    const texto = textoDelMensaje(m.data).replace(/\r\n/g, '\n');
    expect(texto).toContain('Hola Ana Propietaria, le escribimos de Inmobiliaria Demo S.A.S.\n');
    expect(texto).toMatch(/S\.A\.S\.\n\n-- \nCarlos Restrepo\nAsesor comercial\s*$/);
    expect(adjuntos(m)).toEqual([{ nombre: `ficha-inmueble-${casa}.pdf`, cabeza: '%PDF-' }]);

    const h = (await as(t.app, asesor1).get(`/api/mensajes/tercero/${ana}/historial`)).json().data as MensajeDeRegistro[];
    expect(h.map((x) => [x.canal, x.asunto, x.estado, x.para])).toEqual([
      ['correo', 'Documentos para Ana Propietaria', 'enviado', 'ana@example.com'],
    ]);
    // The tercero's own history (the SMS screen's) shows it too.
    expect(((await as(t.app, asesor1).get(`/api/terceros/${ana}/mensajes`)).json().data as MensajeDeRegistro[]).length).toBe(1);
  });

  it('previews the message filled with the record and signed, without queuing it', async () => {
    const r = await as(t.app, asesor1).post(`/api/mensajes/tercero/${ana}/correo/vista-previa`, {
      asunto: 'Para {{ tercero.nombre }}',
      html: '<p>Documento {{ tercero.nro_id }}</p>',
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data as { asunto: string; html: string };
    expect(p.asunto).toBe('Para Ana Propietaria');
    expect(p.html.replace(/\n/g, '')).toBe('<p>Documento 81000001</p><p>Carlos Restrepo<br>Asesor comercial</p>');
    const malo = await as(t.app, asesor1).post(`/api/mensajes/tercero/${ana}/correo/vista-previa`, {
      asunto: '{{ tercero.apodo }}',
      html: '<p>x</p>',
    });
    expect(malo.json().message).toBe('Asunto: el campo «tercero.apodo» no existe.');
  });

  it('sends from a property with its ficha and a document of its own, to its owner', async () => {
    const o = (await as(t.app, admin1).get(`/api/mensajes/inmueble/${casa}/correo`)).json().data as OpcionesRedactar;
    expect(o.destinatarios.map((d) => d.email)).toEqual(['ana@example.com', 'ana@empresa.co']);
    expect(o.fichas).toEqual([expect.objectContaining({ consecutivo: casa, marcada: true })]);
    expect(o.archivos).toEqual([expect.objectContaining({ id: idDocumento, nombre: 'Certificado de tradición.pdf' })]);
    expect(o.plantillas.map((p) => p.nombre)).toEqual(['Novedades del inmueble']);

    const r = await as(t.app, admin1).post(`/api/mensajes/inmueble/${casa}/correo`, {
      para: [o.destinatarios[0]!.email],
      asunto: 'Su inmueble {{ inmueble.consecutivo }}',
      html: '<p>Dirección: {{ inmueble.direccion }}</p>',
      plantilla: 'libre-2',
      fichas: [casa],
      archivos: [idDocumento],
    });
    expect(r.statusCode, r.body).toBe(200);
    const m = await recibido(`Su inmueble ${casa}`);
    expect(adjuntos(m)).toEqual([
      { nombre: `ficha-inmueble-${casa}.pdf`, cabeza: '%PDF-' },
      { nombre: expect.stringContaining('Certificado') as unknown as string, cabeza: '%PDF-' },
    ]);
    // The record's document was copied for the outbox, which deletes its copies once old.
    const [fila] = await t.db.tenant(1, (tx) =>
      queryRows<{ adjuntos: { clave: string }[]; entidad: string; entidad_id: string; plantilla: string }>(
        tx,
        sql`select adjuntos, entidad, entidad_id, plantilla from correo_salida where entidad = 'inmueble'`,
      ),
    );
    expect(fila).toMatchObject({ entidad: 'inmueble', entidad_id: String(casa), plantilla: 'libre-2' });
    expect(fila!.adjuntos.every((a) => a.clave.startsWith('1/correos/'))).toBe(true);
    const h = (await as(t.app, admin1).get(`/api/mensajes/inmueble/${casa}/historial`)).json().data as MensajeDeRegistro[];
    expect(h.map((x) => x.estado)).toEqual(['enviado']);
  });

  it('shows a message the mailer gave up on as fallido, with its error', async () => {
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update correo_salida set estado = 'error', ultimo_error = '550 5.1.1 buzón inexistente'
                     where entidad = 'inmueble' and entidad_id = ${String(casa)}`),
    );
    const h = (await as(t.app, admin1).get(`/api/mensajes/inmueble/${casa}/historial`)).json().data as MensajeDeRegistro[];
    expect(h.map((x) => [x.estado, x.error])).toEqual([['fallido', '550 5.1.1 buzón inexistente']]);
  });

  it('offers a lead its matching fichas, a solicitud its property, a cita its participants, and sends from each', async () => {
    await as(t.app, admin1).post(`/api/inmuebles/${casa}/estado`, { estado: 'disponible' });
    const lead = await as(t.app, admin1).post('/api/clientes-atendidos', { id_tercero: ana, gestion: 'venta', tipos: ['casa'] });
    expect(lead.statusCode, lead.body).toBe(200);
    const cliente = lead.json().data.consecutivo as number;
    const oc = (await as(t.app, asesor1).get(`/api/mensajes/cliente/${cliente}/correo`)).json().data as OpcionesRedactar;
    expect(oc).toMatchObject({ tipo: 'cliente', titulo: `Cliente atendido ${cliente} · Ana Propietaria` });
    expect(oc.fichas).toEqual([expect.objectContaining({ consecutivo: casa, marcada: false })]);

    const sol = await as(t.app, asesor1).post('/api/solicitudes', {
      canal: 'telefono',
      tipo: 'comprar',
      id_tercero: ana,
      consecutivo_inmueble: casa,
      mensaje: 'Quiere conocer la casa de la Calle 10.',
    });
    expect(sol.statusCode, sol.body).toBe(200);
    const numero = sol.json().data.numero as number;
    const os = (await as(t.app, asesor1).get(`/api/mensajes/solicitud/${numero}/correo`)).json().data as OpcionesRedactar;
    expect(os).toMatchObject({ tipo: 'tercero', titulo: `Solicitud ${numero}` });
    expect(os.fichas).toEqual([expect.objectContaining({ consecutivo: casa, marcada: true })]);

    const cita = await as(t.app, asesor1).post('/api/citas', {
      confirmar: true,
      titulo: 'Visita a la casa',
      inicio: '2027-03-10T10:00:00-05:00',
      fin: '2027-03-10T11:00:00-05:00',
      asesores: [tokenClaims(asesor1).idUsuario],
      participantes: [ana],
      consecutivo_inmueble: casa,
    });
    expect(cita.statusCode, cita.body).toBe(200);
    const idCita = cita.json().data.id as number;
    const oi = (await as(t.app, asesor1).get(`/api/mensajes/cita/${idCita}/correo`)).json().data as OpcionesRedactar;
    expect(oi).toMatchObject({ tipo: 'inmueble', titulo: 'Cita: Visita a la casa' });
    expect(oi.destinatarios.map((d) => d.email)).toEqual(['ana@example.com', 'ana@empresa.co']);

    for (const [entidad, clave, asunto] of [
      ['cliente', cliente, 'Casas para {{ cliente.nombre }}'],
      ['solicitud', numero, 'Su solicitud, {{ tercero.nombre }}'],
      ['cita', idCita, 'Visita a {{ inmueble.direccion }}'],
    ] as const) {
      const r = await as(t.app, asesor1).post(`/api/mensajes/${entidad}/${clave}/correo`, {
        para: ['ana@example.com'],
        asunto,
        html: '<p>Hola</p>',
      });
      expect(r.statusCode, r.body).toBe(200);
      const h = (await as(t.app, asesor1).get(`/api/mensajes/${entidad}/${clave}/historial`)).json().data as MensajeDeRegistro[];
      expect(h.map((x) => x.asunto)).toEqual([(r.json().data as CorreoEncolado).asunto]);
    }
    expect((await recibido('Casas para Ana Propietaria')).to).toEqual(['ana@example.com']);
    expect(await recibido('Visita a Calle 10 # 43-20')).toBeDefined();
  });

  it('refuses a message without recipient, with a bad address, or with a field the record lacks, naming it', async () => {
    const enviar = (body: Record<string, unknown>) =>
      as(t.app, admin1).post(`/api/mensajes/tercero/${ana}/correo`, {
        para: ['ana@example.com'],
        asunto: 'Hola',
        html: '<p>Hola</p>',
        ...body,
      });
    const sinPara = await enviar({ para: [] });
    expect(sinPara.statusCode).toBe(400);
    expect(sinPara.json().message).toContain('Para: escriba al menos un destinatario');
    const malo = await enviar({ para: ['ana@example'] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('Para: «ana@example» no es un correo electrónico válido');
    const cc = await enviar({ cc: ['no es correo'] });
    expect(cc.json().message).toContain('CC: «no es correo» no es un correo electrónico válido');
    const campo = await enviar({ html: '<p>Hola {{ tercero.apodo }}</p>' });
    expect(campo.statusCode).toBe(400);
    expect(campo.json().message).toBe('Mensaje: el campo «tercero.apodo» no existe.');
    const otroTipo = await enviar({ asunto: 'Su inmueble {{ inmueble.consecutivo }}' });
    expect(otroTipo.statusCode).toBe(400);
    expect(otroTipo.json().message).toMatch(/^Asunto: .*inmueble\.consecutivo/);
    const vacio = await enviar({ html: '<p> </p>' });
    expect(vacio.json().message).toContain('Mensaje: escriba el mensaje');
    const ajeno = await enviar({ archivos: [idDocumento] });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().message).toBe(`archivos: el archivo ${idDocumento} no es del tercero`);
    const [{ n }] = (await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from correo_salida where asunto = 'Hola'`),
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('answers 403 without the record screen and 404 for another company’s record', async () => {
    const body = { para: ['ana@example.com'], asunto: 'Hola', html: '<p>Hola</p>' };
    expect((await as(t.app, solo37).post(`/api/mensajes/tercero/${ana}/correo`, body)).statusCode).toBe(403);
    expect((await as(t.app, solo37).get(`/api/mensajes/inmueble/${casa}/correo`)).statusCode).toBe(403);
    expect((await as(t.app, solo37).get(`/api/mensajes/tercero/${ana}/historial`)).statusCode).toBe(403);
    expect((await as(t.app, admin2).post(`/api/mensajes/tercero/${ana}/correo`, body)).statusCode).toBe(404);
    expect((await as(t.app, admin2).post(`/api/mensajes/inmueble/${casa}/correo`, body)).statusCode).toBe(404);
    expect((await as(t.app, admin2).get(`/api/mensajes/inmueble/${casa}/historial`)).statusCode).toBe(404);
    // Company 2 cannot attach company 1's ficha from a record of its own either.
    const [otro] = await t.db.tenant(2, (tx) =>
      queryRows<{ id: number }>(tx, sql`insert into terceros (nro_id, nombre) values ('82000001', 'Otro') returning id`),
    );
    const f = await as(t.app, admin2).post(`/api/mensajes/tercero/${otro!.id}/correo`, { ...body, fichas: [casa] });
    expect(f.statusCode).toBe(404);
  });
});
