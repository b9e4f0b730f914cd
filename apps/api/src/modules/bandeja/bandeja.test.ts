import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CarpetaCorreo, CuentaCorreo, HiloCorreo, HiloDetalle, PlantillaRespuesta } from '@predio/contract/bandeja';
import { queryRows } from '../../db/rows.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { as, createTestApp, DEMO, login, multipart, type TestApp } from '../../test/harness.ts';
import { CLAVE_DOVECOT, Dovecot, mensajeRaw, sinDovecot } from '../../test/dovecot.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje } from '../../test/smtp-sink.ts';
import { sincronizarCuenta } from './bandeja-sync.ts';

// Bandeja de correos (issue 27): a real IMAP server (Debian's dovecot, started here on a random port)
// synced by the job, threaded, linked to a tercero and answered through the outbox to an SMTP sink.

if (sinDovecot) console.warn(sinDovecot);

describe.skipIf(sinDovecot !== null)('bandeja de correos contra dovecot', () => {
  let t: TestApp;
  const sink = new SmtpSink();
  const dovecot = new Dovecot();
  let admin1: string;
  let asesor1: string;
  let admin2: string;

  beforeAll(async () => {
    await dovecot.start();
    t = await createTestApp({ smtpUrl: await sink.start() });
    [admin1, asesor1, admin2] = [
      await login(t.app, DEMO.admin1),
      await login(t.app, DEMO.asesor1),
      await login(t.app, DEMO.admin2),
    ];
  }, 60_000);
  afterAll(async () => {
    await t?.deps.mailer.stop();
    await t?.close();
    await sink.stop();
    await dovecot.stop();
  });

  const put = (token: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  const cuenta = (usuario: string, puerto = dovecot.port) => ({
    correo: `${usuario}@agencia.test`,
    imap_host: '127.0.0.1',
    imap_puerto: puerto,
    imap_tls: false,
    imap_usuario: usuario,
    imap_clave: CLAVE_DOVECOT,
  });
  const correr = async () => (await crearTrabajos(t.deps)).vuelta();

  it('sincroniza, agrupa en conversaciones y vincula al tercero', async () => {
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`insert into terceros (nro_id, nombre, email) values ('900555', 'Lucía Gómez', 'lucia@cliente.test')`),
    );
    const inicio = new Date('2026-11-20T15:00:00Z');
    const horas = (h: number) => new Date(inicio.getTime() + h * 3_600_000);
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'Lucía Gómez <lucia@cliente.test>',
        para: 'ana@agencia.test',
        asunto: 'Apartamento en Laureles',
        messageId: '<m1@cliente.test>',
        fecha: horas(0),
        texto: '¿Sigue disponible?',
      }),
    );
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'Lucía Gómez <lucia@cliente.test>',
        para: 'ana@agencia.test',
        asunto: 'Re: Apartamento en Laureles',
        messageId: '<m2@cliente.test>',
        inReplyTo: '<m0@agencia.test>',
        references: '<m1@cliente.test> <m0@agencia.test>',
        fecha: horas(2),
        texto: 'Quisiera visitarlo el sábado.',
      }),
    );
    // A reply whose client dropped In-Reply-To and References: joined by its subject.
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'lucia@cliente.test',
        para: 'ana@agencia.test',
        asunto: 'RE: Apartamento en Laureles',
        messageId: '<m3@cliente.test>',
        fecha: horas(3),
        texto: 'Olvidé decir: a las 10.',
      }),
    );
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'Pedro Desconocido <pedro@otro.test>',
        para: 'ana@agencia.test',
        asunto: 'Busco local comercial',
        messageId: '<p1@otro.test>',
        fecha: horas(4),
        texto: 'Hola',
        html: '<p onclick="robar()">Hola <script>alert(1)</script><img src="https://rastreo.test/pixel.gif" alt="logo"></p>',
      }),
      'Clientes',
    );

    const g = await put(admin1, '/api/bandeja/cuenta', cuenta('ana'));
    expect(g.statusCode, g.body).toBe(200);
    const guardada = g.json().data as CuentaCorreo & { imap_clave?: string };
    expect(guardada.con_clave).toBe(true);
    expect(guardada.sincronizando).toBe(true);
    expect(JSON.stringify(g.json())).not.toContain(CLAVE_DOVECOT);
    const [fila] = await t.db.system((tx) => queryRows<{ imap_clave: string }>(tx, sql`select imap_clave from correo_cuenta`));
    expect(fila!.imap_clave).toMatch(/^v1\./);

    await correr();
    const c = (await as(t.app, admin1).get('/api/bandeja/cuenta')).json().data as CuentaCorreo;
    expect(c.ultimo_error).toBeNull();
    expect(c.sincronizado_en).not.toBeNull();
    expect(c.sincronizando).toBe(false);

    const carpetas = (await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[];
    expect(carpetas.map((x) => x.ruta)).toEqual(['INBOX', 'Clientes']);
    expect(carpetas[0]).toMatchObject({ total: 3, sin_leer: 3 });

    const inbox = carpetas[0]!.id;
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${inbox}`)).json().data as {
      items: HiloCorreo[];
      total: number;
    };
    expect(h.total).toBe(1);
    expect(h.items[0]).toMatchObject({ mensajes: 3, sin_leer: 3, hilo: '<m1@cliente.test>' });

    const leido = await as(t.app, admin1).get(`/api/bandeja/mensajes/${h.items[0]!.id_ultimo}`);
    expect(leido.statusCode, leido.body).toBe(200);
    const hilo = (leido.json().data as HiloDetalle).mensajes;
    expect(hilo.map((m) => m.message_id)).toEqual(['<m1@cliente.test>', '<m2@cliente.test>', '<m3@cliente.test>']);
    expect(hilo.every((m) => m.tercero_nombre === 'Lucía Gómez')).toBe(true);
    const [idTercero] = hilo.map((m) => m.id_tercero);
    const recibidos = (await as(t.app, admin1).get(`/api/terceros/${idTercero}/correos-recibidos`)).json().data as unknown[];
    expect(recibidos).toHaveLength(3);
    // The box is Ana's: a colleague who sees the tercero does not see her mail.
    const ajenos = await as(t.app, asesor1).get(`/api/terceros/${idTercero}/correos-recibidos`);
    expect(ajenos.statusCode, ajenos.body).toBe(200);
    expect(ajenos.json().data).toEqual([]);

    // Read now; a second sync brings only what is new (UIDNEXT), the read state kept.
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'lucia@cliente.test',
        para: 'ana@agencia.test',
        asunto: 'Otra consulta',
        messageId: '<m4@cliente.test>',
        fecha: horas(5),
      }),
    );
    const s = await as(t.app, admin1).post('/api/bandeja/sincronizar');
    expect(s.json().data.sincronizando).toBe(true);
    await correr();
    const despues = (await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[];
    expect(despues[0]).toMatchObject({ total: 4, sin_leer: 1 });
  });

  it('muestra el HTML saneado y las imágenes remotas solo cuando se piden; el remitente desconocido se vuelve tercero', async () => {
    const carpetas = (await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[];
    const clientes = carpetas.find((c) => c.ruta === 'Clientes')!;
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${clientes.id}`)).json().data as { items: HiloCorreo[] };
    const id = h.items[0]!.id_ultimo;
    const [m] = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${id}`)).json().data as HiloDetalle).mensajes;
    expect(m!.html).not.toMatch(/script|onclick|alert/);
    expect(m!.html).not.toContain('rastreo.test');
    expect(m!.imagenes_remotas).toBe(true);
    expect(m!.id_tercero).toBeNull();
    const con = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${id}?imagenes=1`)).json().data as HiloDetalle).mensajes;
    expect(con[0]!.html).toContain('https://rastreo.test/pixel.gif');

    const malo = await as(t.app, admin1).post(`/api/bandeja/mensajes/${id}/tercero`, { nro_id: '', nombre: 'Pedro' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('Número de identificación');
    const r = await as(t.app, admin1).post(`/api/bandeja/mensajes/${id}/tercero`, {
      nro_id: '71555',
      nombre: 'Pedro Desconocido',
    });
    expect(r.statusCode, r.body).toBe(200);
    const [luego] = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${id}`)).json().data as HiloDetalle).mensajes;
    expect(luego!.tercero_nombre).toBe('Pedro Desconocido');
    // Created through the terceros module: in its audit log, with who and the sender's e-mail.
    const [aud] = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string; usuario: string; cambios: Record<string, { despues: unknown }> }>(
        tx,
        sql`select accion, usuario, cambios from auditoria where entidad = 'terceros' and entidad_id = '71555'`,
      ),
    );
    expect(aud).toMatchObject({ accion: 'crear', usuario: 'admin' });
    expect(aud!.cambios.email?.despues).toBe(luego!.de_correo);
  });

  /** Lucía's second message (<m2@cliente.test>) in the Laureles conversation, as the reader opens it. */
  const mensajeDeLucia = async () => {
    const carpetas = (await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[];
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${carpetas[0]!.id}&q=Laureles`)).json().data as {
      items: HiloCorreo[];
    };
    const detalle = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${h.items[0]!.id_ultimo}`)).json().data as HiloDetalle)
      .mensajes;
    return detalle.find((m) => m.message_id === '<m2@cliente.test>')!;
  };

  it('responde por el correo saliente con In-Reply-To, References y la firma', async () => {
    await put(admin1, '/api/mensajes/mi-firma', { firma: '<p>Ana — Inmobiliaria Demo</p>' });
    const m2 = await mensajeDeLucia();
    const sin = await as(t.app, admin1).post(`/api/bandeja/mensajes/${m2.id}/responder`, { texto: '  ' });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().message).toContain('Mensaje');

    const antes = sink.recibidos.length;
    const r = await as(t.app, admin1).post(`/api/bandeja/mensajes/${m2.id}/responder`, { texto: 'Claro, el sábado a las 10.' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ para: 'lucia@cliente.test', asunto: 'Re: Apartamento en Laureles', adjuntos: [] });
    t.deps.mailer.despertar();
    const llegados = await sink.esperar(antes + 1);
    const data = llegados[antes]!.data;
    const cabeceras = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(cabeceras).toMatch(/^In-Reply-To: <m2@cliente\.test>$/im);
    expect(cabeceras).toMatch(/^References: <m1@cliente\.test> <m0@agencia\.test> <m2@cliente\.test>$/im);
    expect(cabeceras).toMatch(/^Reply-To: ana@agencia\.test$/im);
    expect(llegados[antes]!.to).toEqual(['lucia@cliente.test']);
    expect(asuntoDelMensaje(data)).toBe('Re: Apartamento en Laureles');
    expect(textoDelMensaje(data)).toContain('Claro, el sábado a las 10.');
    expect(data).toContain('Inmobiliaria Demo');
  });

  it('ofrece los mensajes libres llenos con el tercero del remitente para empezar la respuesta', async () => {
    const crear = (nombre: string, tipo: string, html: string) =>
      as(t.app, admin1).post('/api/mensajes/plantillas', { nombre, tipo, asunto: nombre, html });
    expect(
      (await crear('Visita confirmada', 'tercero', '<p>Hola {{ tercero.nombre }}, su visita queda confirmada.</p>')).statusCode,
    ).toBe(200);
    expect((await crear('Gracias', 'ninguno', '<p>Gracias por escribir a {{ empresa.nombre }}.</p>')).statusCode).toBe(200);
    expect((await crear('Ficha', 'inmueble', '<p>{{ inmueble.direccion }}</p>')).statusCode).toBe(200);
    const deLucia = await mensajeDeLucia();
    expect(deLucia.id_tercero).not.toBeNull();
    const r = await as(t.app, admin1).get(`/api/bandeja/mensajes/${deLucia.id}/plantillas`);
    expect(r.statusCode, r.body).toBe(200);
    const plantillas = r.json().data as PlantillaRespuesta[];
    // A property's template has nothing to fill from a sender: only the tercero's and the general ones.
    expect(plantillas.map((p) => p.nombre).sort()).toEqual(['Gracias', 'Visita confirmada']);
    expect(plantillas.find((p) => p.nombre === 'Visita confirmada')!.texto).toBe('Hola Lucía Gómez, su visita queda confirmada.');
    expect(plantillas.find((p) => p.nombre === 'Gracias')!.texto).toContain('Inmobiliaria Demo');
    // Another user's box does not have this message; another company neither.
    expect((await as(t.app, admin2).get(`/api/bandeja/mensajes/${deLucia.id}/plantillas`)).statusCode).toBe(404);
    expect((await as(t.app, admin1).get('/api/bandeja/mensajes/abc/plantillas')).statusCode).toBe(400);
  });

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const subir = (token: string, file: Parameters<typeof multipart>[0]) => {
    const m = multipart(file);
    return as(t.app, token).post('/api/bandeja/adjuntos', m.payload, { headers: m.headers });
  };

  it('muestra los adjuntos recibidos, los descarga de la bandeja propia y responde con adjuntos', async () => {
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'Lucía Gómez <lucia@cliente.test>',
        para: 'ana@agencia.test',
        asunto: 'Documentos para el estudio',
        messageId: '<doc1@cliente.test>',
        texto: 'Adjunto la cédula y el certificado laboral.',
        adjuntos: [
          { nombre: 'cedula.pdf', tipo: 'application/pdf', contenido: PDF },
          { nombre: 'certificado.txt', tipo: 'text/plain', contenido: Buffer.from('Certifico que trabaja aquí.') },
        ],
      }),
    );
    await as(t.app, admin1).post('/api/bandeja/sincronizar');
    await correr();
    const inbox = ((await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[])[0]!;
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${inbox.id}&q=estudio`)).json().data as {
      items: HiloCorreo[];
    };
    expect(h.items[0]).toMatchObject({ con_adjuntos: true });
    const [m] = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${h.items[0]!.id_ultimo}`)).json().data as HiloDetalle)
      .mensajes;
    expect(m!.adjuntos).toEqual([
      { nombre: 'cedula.pdf', tipo: 'application/pdf', tamano: PDF.length },
      { nombre: 'certificado.txt', tipo: 'text/plain', tamano: Buffer.byteLength('Certifico que trabaja aquí.') },
    ]);

    const d = await as(t.app, admin1).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/0`);
    expect(d.statusCode, d.body).toBe(200);
    expect(d.headers['content-type']).toBe('application/pdf');
    expect(d.headers['content-disposition']).toBe('attachment; filename="cedula.pdf"');
    expect(d.rawPayload.equals(PDF)).toBe(true);
    expect((await as(t.app, admin1).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/1`)).body).toBe('Certifico que trabaja aquí.');
    const falta = await as(t.app, admin1).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/2`);
    expect(falta.statusCode).toBe(404);
    expect(falta.json().message).toContain('adjunto 3');
    expect((await as(t.app, admin1).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/x`)).statusCode).toBe(400);
    // Nobody else reaches Ana's files: no permission, or another company's box.
    expect((await as(t.app, asesor1).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/0`)).statusCode).toBe(403);
    const ajena = await put(admin2, '/api/bandeja/cuenta', cuenta('norte'));
    expect(ajena.statusCode, ajena.body).toBe(200);
    expect((await as(t.app, admin2).get(`/api/bandeja/mensajes/${m!.id}/adjuntos/0`)).statusCode).toBe(404);

    // Uploads for a reply: checked size and type, each naming the field.
    const sinArchivo = multipart({ field: 'otro', filename: 'a.pdf', contentType: 'application/pdf', data: PDF });
    const r400 = await as(t.app, admin1).post('/api/bandeja/adjuntos', sinArchivo.payload, { headers: sinArchivo.headers });
    expect(r400.statusCode).toBe(400);
    expect(r400.json().message).toContain('file');
    const exe = await subir(admin1, {
      filename: 'factura.pdf',
      contentType: 'application/pdf',
      data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]),
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toMatch(/^file: «factura\.pdf» no es un tipo/);
    const grande = await subir(admin1, {
      filename: 'grande.pdf',
      contentType: 'application/pdf',
      data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json().message).toMatch(/^file: .*10 MB/);
    expect((await subir(asesor1, { filename: 'a.pdf', contentType: 'application/pdf', data: PDF })).statusCode).toBe(403);
    const suyo = await subir(admin2, { filename: 'de-norte.pdf', contentType: 'application/pdf', data: PDF });
    expect(suyo.statusCode, suyo.body).toBe(200);

    const s = await subir(admin1, { filename: 'Ficha Laureles.pdf', contentType: 'application/pdf', data: PDF });
    expect(s.statusCode, s.body).toBe(200);
    const subido = s.json().data as { clave: string; nombre: string; tipo: string; tamano: number };
    expect(subido).toMatchObject({ nombre: 'Ficha Laureles.pdf', tipo: 'application/pdf', tamano: PDF.length });

    // Another user's upload cannot ride on Ana's reply.
    const robado = await as(t.app, admin1).post(`/api/bandeja/mensajes/${m!.id}/responder`, {
      texto: 'Va la ficha',
      adjuntos: [(suyo.json().data as { clave: string }).clave],
    });
    expect(robado.statusCode).toBe(400);
    expect(robado.json().message).toContain('adjuntos');
    const malo = await as(t.app, admin1).post(`/api/bandeja/mensajes/${m!.id}/responder`, { texto: 'x', adjuntos: ['../x'] });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('Adjuntos');

    const antes = sink.recibidos.length;
    const r = await as(t.app, admin1).post(`/api/bandeja/mensajes/${m!.id}/responder`, {
      texto: 'Recibidos, gracias. Le envío la ficha.',
      adjuntos: [subido.clave],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ para: 'lucia@cliente.test', adjuntos: ['Ficha_Laureles.pdf'] });
    t.deps.mailer.despertar();
    const llegado = (await sink.esperar(antes + 1))[antes]!.data;
    expect(llegado).toMatch(/Content-Type: application\/pdf; name=Ficha_Laureles\.pdf/i);
    expect(llegado).toContain(PDF.toString('base64').slice(0, 40));
  });

  it('crea una solicitud con el correo: el remitente como tercero, nuevo o existente', async () => {
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'Sofía Nueva <sofia@nueva.test>',
        para: 'ana@agencia.test',
        asunto: 'Busco apartaestudio en Envigado',
        messageId: '<sol1@nueva.test>',
        texto: 'Para dos personas, hasta 1.800.000.',
      }),
    );
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'lucia@cliente.test',
        para: 'ana@agencia.test',
        asunto: 'Quiero consignar mi casa',
        messageId: '<sol2@cliente.test>',
        texto: 'Queda en Sabaneta.',
      }),
    );
    await as(t.app, admin1).post('/api/bandeja/sincronizar');
    await correr();
    const inbox = ((await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[])[0]!;
    const buscar = async (q: string) => {
      const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${inbox.id}&q=${q}`)).json().data as {
        items: HiloCorreo[];
      };
      return h.items[0]!.id_ultimo;
    };
    const idSofia = await buscar('apartaestudio');
    const url = `/api/bandeja/mensajes/${idSofia}/solicitud`;

    expect((await as(t.app, asesor1).post(url, { tipo: 'arrendar' })).statusCode).toBe(403);
    const tipoMalo = await as(t.app, admin1).post(url, { tipo: 'vender-luna' });
    expect(tipoMalo.statusCode).toBe(400);
    expect(tipoMalo.json().message).toContain('Tipo');
    const sinId = await as(t.app, admin1).post(url, { tipo: 'arrendar' });
    expect(sinId.statusCode).toBe(400);
    expect(sinId.json().message).toContain('Número de identificación');
    expect((await as(t.app, admin2).post(url, { tipo: 'arrendar', nro_id: '1', nombre: 'x' })).statusCode).toBe(404);

    const r = await as(t.app, admin1).post(url, { tipo: 'arrendar', nro_id: '1037000111', nombre: 'Sofía Nueva' });
    expect(r.statusCode, r.body).toBe(200);
    const { numero, id_tercero } = r.json().data as { numero: number; id_tercero: number };
    const s = (await as(t.app, admin1).get(`/api/solicitudes/${numero}`)).json().data as Record<string, unknown>;
    expect(s).toMatchObject({
      canal: 'correo',
      tipo: 'arrendar',
      tercero: { id: id_tercero },
      contacto_email: 'sofia@nueva.test',
    });
    expect(s.mensaje).toBe('Busco apartaestudio en Envigado\n\nPara dos personas, hasta 1.800.000.');
    const [m] = ((await as(t.app, admin1).get(`/api/bandeja/mensajes/${idSofia}`)).json().data as HiloDetalle).mensajes;
    expect(m).toMatchObject({ solicitud_numero: numero, id_tercero, tercero_nombre: 'Sofía Nueva' });
    const otra = await as(t.app, admin1).post(url, { tipo: 'arrendar' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().message).toBe(`Este correo ya es la solicitud ${numero}.`);

    // A known sender needs no identification: the tercero the box linked is used.
    const idLucia = await buscar('consignar');
    const l = await as(t.app, admin1).post(`/api/bandeja/mensajes/${idLucia}/solicitud`, { tipo: 'consignar' });
    expect(l.statusCode, l.body).toBe(200);
    const [lucia] = await t.db.tenant(1, (tx) =>
      queryRows<{ id: number }>(tx, sql`select id from terceros where email = 'lucia@cliente.test'`),
    );
    expect(l.json().data).toMatchObject({ id_tercero: lucia!.id });
  });

  it('lo leído en Predio queda \\Seen en el servidor, y lo marcado no leído vuelve a no leído', async () => {
    await dovecot.entregar(
      'ana',
      mensajeRaw({
        de: 'visto@cliente.test',
        para: 'ana@agencia.test',
        asunto: 'Marcar visto',
        messageId: '<visto1@cliente.test>',
      }),
    );
    await as(t.app, admin1).post('/api/bandeja/sincronizar');
    await correr();
    const flagsEnServidor = async () => {
      const c = await dovecot.cliente('ana');
      const lock = await c.getMailboxLock('INBOX');
      try {
        const m = (await c.fetchAll('1:*', { flags: true, envelope: true })).find(
          (x) => x.envelope?.messageId === '<visto1@cliente.test>',
        );
        return [...(m?.flags ?? [])];
      } finally {
        lock.release();
        await c.logout();
      }
    };
    expect(await flagsEnServidor()).not.toContain('\\Seen');
    const inbox = ((await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[])[0]!;
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${inbox.id}&q=visto`)).json().data as {
      items: HiloCorreo[];
    };
    const id = h.items[0]!.id_ultimo;

    expect((await as(t.app, admin1).get(`/api/bandeja/mensajes/${id}`)).statusCode).toBe(200);
    await correr();
    expect(await flagsEnServidor()).toContain('\\Seen');

    const malo = await put(admin1, `/api/bandeja/mensajes/${id}/leido`, { leido: 'quizás' });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('Leído');
    expect((await put(asesor1, `/api/bandeja/mensajes/${id}/leido`, { leido: false })).statusCode).toBe(403);
    await put(admin2, '/api/bandeja/cuenta', cuenta('norte'));
    expect((await put(admin2, `/api/bandeja/mensajes/${id}/leido`, { leido: false })).statusCode).toBe(404);

    const r = await put(admin1, `/api/bandeja/mensajes/${id}/leido`, { leido: false });
    expect(r.statusCode, r.body).toBe(200);
    const otra = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${inbox.id}&q=visto`)).json().data as {
      items: HiloCorreo[];
    };
    expect(otra.items[0]).toMatchObject({ sin_leer: 1 });
    await correr();
    expect(await flagsEnServidor()).not.toContain('\\Seen');
    // Nothing is left pending: another pass writes nothing.
    const [pend] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from correo_mensaje where leido <> ('\\Seen' = any (flags))`),
    );
    expect(pend!.n).toBe(0);
  });

  it('copia de nuevo una carpeta cuya UIDVALIDITY cambió en el servidor', async () => {
    const c = await dovecot.cliente('ana');
    await c.mailboxDelete('Clientes');
    await c.mailboxCreate('Clientes');
    await c.logout();
    await dovecot.entregar(
      'ana',
      mensajeRaw({ de: 'otra@otro.test', para: 'ana@agencia.test', asunto: 'Local en El Poblado', messageId: '<p2@otro.test>' }),
      'Clientes',
    );
    await as(t.app, admin1).post('/api/bandeja/sincronizar');
    await correr();
    const clientes = ((await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[]).find(
      (x) => x.ruta === 'Clientes',
    )!;
    expect(clientes.total).toBe(1);
    const h = (await as(t.app, admin1).get(`/api/bandeja/hilos?carpeta=${clientes.id}`)).json().data as { items: HiloCorreo[] };
    expect(h.items.map((x) => x.asunto)).toEqual(['Local en El Poblado']);
  });

  it('pide el permiso 509 y no deja ver la bandeja de otra empresa', async () => {
    expect((await as(t.app, asesor1).get('/api/bandeja/cuenta')).statusCode).toBe(403);
    expect((await put(asesor1, '/api/bandeja/cuenta', cuenta('x'))).statusCode).toBe(403);
    const [m] = await t.db.system((tx) => queryRows<{ id: number }>(tx, sql`select id::int as id from correo_mensaje limit 1`));
    const g = await put(admin2, '/api/bandeja/cuenta', cuenta('norte'));
    expect(g.statusCode, g.body).toBe(200);
    const otro = await as(t.app, admin2).get(`/api/bandeja/mensajes/${m!.id}`);
    expect(otro.statusCode).toBe(404);
    const r = await as(t.app, admin2).post(`/api/bandeja/mensajes/${m!.id}/responder`, { texto: 'hola' });
    expect(r.statusCode).toBe(404);
    const [visibles] = await t.db.tenant(2, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from correo_mensaje`),
    );
    expect(visibles!.n).toBe(0);
  });

  it('rechaza datos malos nombrando el campo', async () => {
    const r = await put(admin1, '/api/bandeja/cuenta', { ...cuenta('ana'), imap_puerto: 70_000, correo: 'no-es-correo' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Puerto|Correo/);
  });

  it('con el servidor IMAP caído la bandeja lo dice en español y la app sigue', async () => {
    // A port nobody listens on: taken from the system and closed again before the sync dials it (a
    // stopped dovecot may still accept and drop a connection while it shuts down).
    const libre = createServer();
    await new Promise<void>((r) => libre.listen(0, '127.0.0.1', r));
    const puerto = (libre.address() as AddressInfo).port;
    await new Promise<void>((r) => libre.close(() => r()));
    const g = await put(admin1, '/api/bandeja/cuenta', cuenta('ana', puerto));
    expect(g.statusCode, g.body).toBe(200);
    const [c] = await t.db.system((tx) =>
      queryRows<{ id: number; id_empresa: number }>(tx, sql`select id, id_empresa from correo_cuenta where id_empresa = 1`),
    );
    const cifrador = (await import('../../platform/mensajes/cifrado.ts')).cifradorDe(t.deps.config, 'bandeja.imap.v1');
    await expect(sincronizarCuenta({ db: t.db, cifrador, idEmpresa: 1, idCuenta: c!.id })).rejects.toThrow(
      /No se pudo conectar con el servidor de correo 127\.0\.0\.1:\d+: rechazó la conexión/,
    );
    const estado = (await as(t.app, admin1).get('/api/bandeja/cuenta')).json().data as CuentaCorreo;
    expect(estado.ultimo_error).toMatch(/No se pudo conectar/);
    // What was synced before is still there, and the rest of the app answers.
    const carpetas = (await as(t.app, admin1).get('/api/bandeja/carpetas')).json().data as CarpetaCorreo[];
    expect(carpetas.length).toBeGreaterThan(0);
    expect((await as(t.app, admin1).get('/api/Usuarios/GetUsuario')).statusCode).toBe(200);
  });
});
