import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EnlaceEncuesta, Encuesta, EnvioEncuesta, ResultadosEncuesta } from '@predio/contract/pagina-web-encuestas';
import type { RespuestaInforme } from '@predio/contract/informes';
import { queryRows } from '../../db/rows.ts';
import { inTenant } from '../../platform/tenant.ts';
import { as, createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje, type Recibido } from '../../test/smtp-sink.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { enviarAutomaticas } from './encuestas.service.ts';

// Encuestas sent by e-mail (issue 32): «Enviar» to chosen terceros through the outbox and real SMTP,
// personal one-time links that expire, NPS and multiple choice, and the job's three triggers (a visit
// done, a lease signed, a maintenance request closed), each recipient once per record.

let t: TestApp;
const sink = new SmtpSink();
let admin1: string;
let admin2: string;
let solo10588: string;
let ana: number;
let beto: number;
let sinCorreo: number;
let ajeno: number;
let ipN = 0;

const uno = async <T>(empresa: number, q: ReturnType<typeof sql>) =>
  (await t.db.tenant(empresa, (tx) => queryRows<T>(tx, q)))[0]!;

const encuesta = (o: Partial<Record<string, unknown>> = {}) => ({
  titulo: `Encuesta ${Math.random().toString(36).slice(2, 8)}`,
  descripcion: 'Cuéntenos cómo le fue',
  preguntas: [
    { pregunta: '¿Qué tan probable es que nos recomiende?', tipo: 'nps' },
    { pregunta: '¿Qué le gustó?', tipo: 'multiple', opciones: ['La atención', 'Los precios', 'La rapidez'] },
    { pregunta: 'Comentarios', tipo: 'texto', obligatoria: false },
  ],
  ...o,
});

/** The messages for `para` whose subject starts with `asunto`, once the mailer sent what it had. */
async function mensajes(para: string, asunto: string, cuantos = 1): Promise<Recibido[]> {
  await t.deps.mailer.idle();
  const hasta = Date.now() + 5000;
  for (;;) {
    const ms = sink.recibidos.filter(
      (r) => r.to.some((x) => x.toLowerCase().includes(para.toLowerCase())) && asuntoDelMensaje(r.data).startsWith(asunto),
    );
    if (ms.length >= cuantos || Date.now() > hasta) return ms;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const tokenDe = (m: Recibido) => /\/sitio\/1\/encuestas\/([A-Za-z0-9_-]{16,64})/.exec(textoDelMensaje(m.data))![1]!;
const responder = (token: string, respuestas: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/publico/1/encuestas/${token}`,
    payload: { respuestas } as object,
    remoteAddress: `10.9.0.${++ipN}`,
  });

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start(), publicUrl: 'https://predio.example' });
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo10588e', nroId: '80589', permisos: '10588' });
  solo10588 = await login(t.app, { idEmpresa: 1, usuario: 'solo10588e', clave: 'demo1234' });
  const tercero = async (empresa: number, nro: string, nombre: string, email: string) =>
    (
      await uno<{ id: number }>(
        empresa,
        sql`insert into terceros (nro_id, nombre, email) values (${nro}, ${nombre}, ${email}) returning id`,
      )
    ).id;
  ana = await tercero(1, '82000001', 'Ana Encuestada', 'Ana.Encuesta@Example.com');
  beto = await tercero(1, '82000002', 'Beto Arrendatario', 'beto.encuesta@example.com');
  sinCorreo = await tercero(1, '82000003', 'Carla Sin Correo', '');
  ajeno = await tercero(2, '82000004', 'Dario Otra Empresa', 'dario@example.com');
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('encuestas sent by e-mail', () => {
  it('e-mails a personal link to each tercero chosen; it answers once with NPS and several options', async () => {
    const e = ok<Encuesta>(await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta({ dias_vigencia: 10 })));
    expect(e).toMatchObject({ disparador: 'ninguno', dias_espera: 0, dias_vigencia: 10 });
    const opciones = ok<{ id: number; email: string }[]>(
      await as(t.app, admin1).get('/api/paginaweb/encuestas/terceros?q=encuestada'),
    );
    expect(opciones.map((x) => x.id)).toEqual([ana]);

    const r = ok<EnvioEncuesta>(
      await as(t.app, admin1).post(`/api/paginaweb/encuestas/${e.id}/enviar`, { terceros: [ana, beto] }),
    );
    expect(r).toEqual({ enviados: 2, destinatarios: ['Ana Encuestada', 'Beto Arrendatario'] });
    const [m] = await mensajes('Ana.Encuesta@Example.com', e.titulo);
    expect(m, 'the e-mail reached the SMTP server').toBeDefined();
    const texto = textoDelMensaje(m!.data);
    expect(texto).toContain('Hola, Ana Encuestada:');
    expect(texto).toContain('se responde una sola vez y vence el');
    const token = tokenDe(m!);
    expect(texto).toContain(`https://predio.example/sitio/1/encuestas/${token}`);

    const enlaces = ok<{ items: EnlaceEncuesta[] }>(await as(t.app, admin1).get(`/api/paginaweb/encuestas/${e.id}/enlaces`));
    expect(enlaces.items).toHaveLength(2);
    const deAna = enlaces.items.find((l) => l.token === token)!;
    expect(deAna).toMatchObject({ origen: 'correo', destinatario: 'Ana Encuestada', email: 'ana.encuesta@example.com' });
    expect(deAna.enviado_en).not.toBeNull();
    const dias = (Date.parse(deAna.vence_en!) - Date.now()) / 86_400_000;
    expect(dias).toBeGreaterThan(9.9);
    expect(dias).toBeLessThan(10.1);

    // The public page reads it; bad answers name the question; then one answer, and never a second.
    const pub = ok<{ titulo: string; preguntas: { tipo: string }[] }>(
      await t.app.inject({ url: `/api/publico/1/encuestas/${token}` }),
    );
    expect(pub.preguntas.map((p) => p.tipo)).toEqual(['nps', 'multiple', 'texto']);
    error(
      await responder(token, { p1: 11, p2: ['La atención'] }),
      400,
      'La pregunta 1 («¿Qué tan probable es que nos recomiende?») debe ser un número de 0 a 10',
    );
    error(
      await responder(token, { p1: 9, p2: ['Otra cosa'] }),
      400,
      'La pregunta 2 («¿Qué le gustó?») admite solo: La atención, Los precios, La rapidez',
    );
    error(await responder(token, { p1: 9, p2: [] }), 400, 'elija al menos una opción');
    error(await responder(token, { p1: ['9'], p2: ['Los precios'] }), 400, 'admite una sola respuesta');
    ok(await responder(token, { p1: 9, p2: ['La rapidez', 'La atención'] }));
    error(await responder(token, { p1: 3, p2: ['Los precios'] }), 409, 'ya fue respondida');

    // Beto answers through the site's HTML form: a checkbox group posts its name twice.
    const [mb] = await mensajes('beto.encuesta@example.com', e.titulo);
    const tb = tokenDe(mb!);
    const html = await t.app.inject({
      method: 'POST',
      url: `/sitio/1/encuestas/${tb}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'p1=3&p2=Los+precios&p2=La+atenci%C3%B3n&p3=Lento',
      remoteAddress: '10.9.1.1',
    });
    expect(html.statusCode, html.body).toBe(200);
    expect(html.body).toContain('¡Gracias por responder!');

    const res = ok<ResultadosEncuesta>(await as(t.app, admin1).get(`/api/paginaweb/encuestas/${e.id}/resultados`));
    expect(res.respuestas).toBe(2);
    // One promoter (9) and one detractor (3): NPS 0, mean 6.
    expect(res.preguntas[0]).toMatchObject({ tipo: 'nps', respuestas: 2, promedio: 6, nps: 0 });
    expect(res.preguntas[0]!.conteos).toHaveLength(11);
    expect(res.preguntas[1]!.conteos).toEqual([
      { valor: 'La atención', n: 2 },
      { valor: 'Los precios', n: 1 },
      { valor: 'La rapidez', n: 1 },
    ]);

    // The report: filtered by survey and by origin (the e-mailed links are «correo», none «visita»).
    const informe = ok<RespuestaInforme>(
      await as(t.app, solo10588).get(`/api/informes/encuestas/datos?encuesta=${e.id}&origen=correo`),
    );
    expect(informe.filas.map((f) => f.pregunta)).toEqual([
      '1. ¿Qué tan probable es que nos recomiende?',
      '2. ¿Qué le gustó?',
      '3. Comentarios',
    ]);
    expect(informe.filas[0]).toMatchObject({ respuestas: 2, promedio: 'NPS 0 (media 6 / 10)', satisfaccion: 50 });
    expect(informe.filas[1]!.distribucion).toBe('La atención: 2 · Los precios: 1 · La rapidez: 1');
    const porVisita = ok<RespuestaInforme>(
      await as(t.app, solo10588).get(`/api/informes/encuestas/datos?encuesta=${e.id}&origen=visita`),
    );
    expect(porVisita.filas).toEqual([]);
    error(await as(t.app, solo10588).get('/api/informes/encuestas/datos?origen=fax'), 400, 'origen debe ser uno de');
    const lista = ok<{ id: number; titulo: string }[]>(await as(t.app, solo10588).get('/api/informes/encuestas/opciones'));
    expect(lista.some((x) => x.id === e.id)).toBe(true);
  });

  it('refuses bad recipients naming the field, without the idm, and another company’s survey or tercero', async () => {
    const e = ok<Encuesta>(await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta()));
    const url = `/api/paginaweb/encuestas/${e.id}/enviar`;
    error(await as(t.app, admin1).post(url, { terceros: [] }), 400, 'El campo Destinatarios es obligatorio');
    error(await as(t.app, admin1).post(url, { terceros: ['x'] }), 400, 'Destinatarios');
    error(
      await as(t.app, admin1).post(url, { terceros: [sinCorreo] }),
      400,
      'Carla Sin Correo no tiene un correo electrónico válido',
    );
    error(await as(t.app, admin1).post(url, { terceros: [ajeno] }), 400, `El tercero ${ajeno} no existe`);
    error(await as(t.app, solo10588).post(url, { terceros: [ana] }), 403);
    error(await as(t.app, solo10588).get('/api/paginaweb/encuestas/terceros'), 403);
    error(await as(t.app, admin2).post(url, { terceros: [ajeno] }), 404);
    // Another company's picker never lists company 1's terceros.
    const otros = ok<{ id: number }[]>(await as(t.app, admin2).get('/api/paginaweb/encuestas/terceros?q=encuestada'));
    expect(otros).toEqual([]);
    ok(
      await t.app.inject({
        method: 'PUT',
        url: `/api/paginaweb/encuestas/${e.id}`,
        headers: { authorization: `Bearer ${admin1}` },
        payload: { ...encuesta(), titulo: e.titulo, activa: false },
      }),
    );
    error(await as(t.app, admin1).post(url, { terceros: [ana] }), 409, 'está inactiva');
    error(
      await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta({ dias_espera: 91 })),
      400,
      'El campo Días de espera debe ser como máximo 90',
    );
    error(
      await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta({ disparador: 'siempre' })),
      400,
      'El campo Envío automático debe ser uno de',
    );
    error(
      await as(t.app, admin1).post(
        '/api/paginaweb/encuestas',
        encuesta({ preguntas: [{ pregunta: 'Varias', tipo: 'multiple', opciones: ['Una'] }] }),
      ),
      400,
      'El campo Opciones de la pregunta 1 necesita al menos dos opciones',
    );
    // Nothing was queued by the refusals.
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from encuesta_enlace where id_encuesta = ${e.id}`),
    );
    expect(n!.n).toBe(0);
  });

  it('refuses an expired link in Spanish, on the API and on the site', async () => {
    const e = ok<Encuesta>(await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta({ dias_vigencia: 1 })));
    ok(await as(t.app, admin1).post(`/api/paginaweb/encuestas/${e.id}/enviar`, { terceros: [ana] }));
    const [m] = await mensajes('Ana.Encuesta@Example.com', e.titulo);
    const token = tokenDe(m!);
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update encuesta_enlace set vence_en = '2026-01-15T15:00:00Z' where token = ${token}`),
    );
    error(
      await t.app.inject({ url: `/api/publico/1/encuestas/${token}` }),
      409,
      'Este enlace de encuesta venció el 15 de enero de 2026',
    );
    error(await responder(token, { p1: 9, p2: ['Los precios'] }), 409, 'venció');
    const pagina = await t.app.inject({ url: `/sitio/1/encuestas/${token}` });
    expect(pagina.statusCode).toBe(409);
    expect(pagina.body).toContain('Este enlace ya no está vigente');
    expect(pagina.body).toContain('pida un enlace nuevo a la inmobiliaria');
    const post = await t.app.inject({
      method: 'POST',
      url: `/sitio/1/encuestas/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'p1=9&p2=Los+precios',
      remoteAddress: '10.9.1.2',
    });
    expect(post.statusCode).toBe(409);
    expect(post.body).toContain('Este enlace ya no está vigente');
    const [n] = await t.db.tenant(1, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from encuesta_respuesta where id_encuesta = ${e.id}`),
    );
    expect(n!.n).toBe(0);
  });

  it('sends by itself after a visit, a signed lease and a closed maintenance request: each person once per record', async () => {
    const crearCon = async (disparador: string, dias_espera: number) => {
      const e = ok<Encuesta>(await as(t.app, admin1).post('/api/paginaweb/encuestas', encuesta({ disparador, dias_espera })));
      // Chosen a week ago, so the records below (done yesterday) count.
      await t.db.tenant(1, (tx) =>
        tx.execute(sql`update encuesta set disparador_desde = now() - interval '7 days' where id = ${e.id}`),
      );
      return e;
    };
    const visita = await crearCon('visita', 0);
    const contrato = await crearCon('contrato', 2);
    const mantenimiento = await crearCon('mantenimiento', 0);

    await t.db.tenant(1, async (tx) => {
      const [mun] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
      const [inm] = await queryRows<{ id: number }>(
        tx,
        sql`insert into inmueble (consecutivo, tipo, gestion, direccion, id_municipio, creado_por)
            values (88001, 'apartamento', 'arriendo', 'Calle 88 # 1-01', ${mun!.id}, 'prueba') returning id`,
      );
      const [res] = await queryRows<{ id: number }>(
        tx,
        sql`insert into resultados_agenda (nombre) values ('Le gustó (encuesta)') returning id`,
      );
      // A visit done with its result (surveyed), one without a result and one cancelled (not surveyed).
      const cita = async (estado: string, resultado: number | null) => {
        const [c] = await queryRows<{ id: number }>(
          tx,
          sql`insert into cita (titulo, inicio, fin, estado, id_resultado, id_inmueble, creado_por, modificado_en)
              values ('Visita encuesta', now() - interval '1 day', now() - interval '23 hours', ${estado}, ${resultado}, ${inm!.id},
                      'prueba', now() - interval '22 hours') returning id`,
        );
        await tx.execute(
          sql`insert into cita_participante (id_cita, id_tercero) values (${c!.id}, ${ana}), (${c!.id}, ${sinCorreo})`,
        );
        return c!.id;
      };
      await cita('realizada', res!.id);
      await cita('realizada', null);
      await cita('cancelada', res!.id);
      // A lease signed yesterday, with Beto as tenant and Ana as owner (only tenants are surveyed).
      const [pl] = await queryRows<{ id: number; version: number }>(
        tx,
        sql`select id, version from plantilla_contrato where clase = 'arrendamiento_vivienda' order by id limit 1`,
      );
      const [k] = await queryRows<{ id: number }>(
        tx,
        sql`insert into contrato (consecutivo, programa, clase, estado, id_inmueble, id_plantilla, version_plantilla, canon,
              fecha_inicio, duracion_meses, dia_pago, creado_por)
            values (88001, 'contratos', 'arrendamiento_vivienda', 'vigente', ${inm!.id}, ${pl!.id}, ${pl!.version}, 1500000,
              current_date, 12, 5, 'prueba') returning id`,
      );
      await tx.execute(sql`insert into contrato_parte (id_contrato, id_tercero, rol, orden)
                           values (${k!.id}, ${beto}, 'arrendatario', 1), (${k!.id}, ${ana}, 'propietario', 2)`);
      await tx.execute(sql`insert into contrato_estado_historial (id_contrato, desde, hasta, usuario, creado_en)
                           values (${k!.id}, 'enviado', 'firmado', 'prueba', now() - interval '1 day'),
                                  (${k!.id}, 'firmado', 'vigente', 'prueba', now() - interval '12 hours')`);
      // A maintenance request Beto asked for from Zona clientes, closed yesterday.
      const [cp] = await queryRows<{ id: number }>(
        tx,
        sql`insert into cliente_portal (id_tercero, email, creado_por) values (${beto}, 'beto.portal@example.com', 'prueba') returning id`,
      );
      const [sm] = await queryRows<{ id: number }>(
        tx,
        sql`insert into solicitud_mantenimiento (consecutivo, id_inmueble, id_cliente, categoria, descripcion, urgencia, estado)
            values (88001, ${inm!.id}, ${cp!.id}, 'plomeria', 'Gotea la llave', 'media', 'cerrada') returning id`,
      );
      await tx.execute(sql`insert into solicitud_mantenimiento_evento (id_solicitud, tipo, estado, autor, creado_en)
                           values (${sm!.id}, 'estado', 'cerrada', 'prueba', now() - interval '1 day')`);
    });

    const correr = (ahora: Date) =>
      inTenant(t.db, 1, (scope) =>
        enviarAutomaticas({ ...scope, mailer: t.deps.mailer, idEmpresa: 1, publicUrl: 'https://predio.example', ahora }),
      );
    // Today: the visit and the maintenance request; the lease waits its 2 days.
    expect(await correr(new Date())).toEqual({ enviados: 2, encuestas: 3 });
    // Run again (a retry, the next hour): nothing twice.
    expect(await correr(new Date())).toEqual({ enviados: 0, encuestas: 3 });
    // Three days later the lease's tenant gets his.
    expect(await correr(new Date(Date.now() + 3 * 86_400_000))).toEqual({ enviados: 1, encuestas: 3 });
    expect(await correr(new Date(Date.now() + 3 * 86_400_000))).toEqual({ enviados: 0, encuestas: 3 });

    const enlacesDe = async (id: number) =>
      ok<{ items: EnlaceEncuesta[] }>(await as(t.app, admin1).get(`/api/paginaweb/encuestas/${id}/enlaces`)).items;
    expect((await enlacesDe(visita.id)).map((l) => [l.origen, l.email])).toEqual([['visita', 'ana.encuesta@example.com']]);
    expect((await enlacesDe(contrato.id)).map((l) => [l.origen, l.email])).toEqual([['contrato', 'beto.encuesta@example.com']]);
    expect((await enlacesDe(mantenimiento.id)).map((l) => [l.origen, l.email])).toEqual([
      ['mantenimiento', 'beto.portal@example.com'],
    ]);
    const [mv] = await mensajes('Ana.Encuesta@Example.com', visita.titulo);
    expect(tokenDe(mv!)).toBe((await enlacesDe(visita.id))[0]!.token);
    expect(await mensajes('beto.portal@example.com', mantenimiento.titulo)).toHaveLength(1);

    // A visit done before the trigger was chosen is never surveyed; another company's records neither.
    await t.db.tenant(1, (tx) => tx.execute(sql`update encuesta set disparador_desde = now() where id = ${visita.id}`));
    await t.db.tenant(1, (tx) => tx.execute(sql`delete from encuesta_enlace where id_encuesta = ${visita.id}`));
    expect(await correr(new Date())).toEqual({ enviados: 0, encuestas: 3 });
    const otra = await inTenant(t.db, 2, (scope) =>
      enviarAutomaticas({ ...scope, mailer: t.deps.mailer, idEmpresa: 2, publicUrl: null }),
    );
    expect(otra).toEqual({ enviados: 0, encuestas: 0 });
  });

  it('the hourly job fans out to the company and sends a visit done since', async () => {
    // A visit done now with Beto: the «visita» survey of the test before (trigger chosen earlier) is due.
    await t.db.tenant(1, async (tx) => {
      const [res] = await queryRows<{ id: number }>(tx, sql`select id from resultados_agenda order by id desc limit 1`);
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`insert into cita (titulo, inicio, fin, estado, id_resultado, creado_por, modificado_en)
            values ('Visita del trabajo', now() - interval '2 hours', now() - interval '1 hour', 'realizada', ${res!.id}, 'prueba', now())
            returning id`,
      );
      await tx.execute(sql`insert into cita_participante (id_cita, id_tercero) values (${c!.id}, ${beto})`);
    });
    const ahora = new Date(Date.now() + 60_000);
    const r = await crearTrabajos(t.deps, { ahora: () => ahora });
    await r.vuelta();
    await t.db.system((tx) => tx.execute(sql`update trabajo set ejecutar_en = now() where estado = 'pendiente'`));
    for (let i = 0; i < 3; i++) await r.vuelta();
    const filas = await t.db.system((tx) =>
      queryRows<{ tipo: string; id_empresa: number | null; estado: string; resultado: unknown }>(
        tx,
        sql`select tipo, id_empresa, estado, resultado from trabajo where tipo like 'encuestas.%' order by id`,
      ),
    );
    expect(filas.find((f) => f.tipo === 'encuestas.automaticas')).toMatchObject({ estado: 'terminado', id_empresa: null });
    expect(filas.find((f) => f.tipo === 'encuestas.automaticas-empresa' && f.id_empresa === 1)).toMatchObject({
      estado: 'terminado',
      resultado: { enviados: 1, encuestas: 3 },
    });
    expect(filas.some((f) => f.tipo === 'encuestas.automaticas-empresa' && f.id_empresa === 2)).toBe(false);
    expect(await mensajes('beto.encuesta@example.com', 'Encuesta ')).not.toEqual([]);
  });
});
