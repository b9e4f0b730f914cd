import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ProgramacionInforme } from '@predio/contract/informes';
import { queryRows } from '../../db/rows.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { leerXlsx } from '../../platform/tabular/xlsx.ts';
import { as, createTestApp, crearUsuario, DEMO, login, tokenClaims, type TestApp } from '../../test/harness.ts';
import { asuntoDelMensaje, SmtpSink, textoDelMensaje, type Recibido } from '../../test/smtp-sink.ts';
import { crearTrabajos } from '../../trabajos-factory.ts';
import { diaBogota, fechaCorta, periodoAnterior, siguienteEnvio, ultimoEnvio } from './informes-calendario.ts';
import { enviarInforme } from './informes-envio.ts';

// «Programar envío» (issue 33): schedules of a report under its idm, the hourly tick with a test clock,
// the send through the real outbox to a real SMTP server, the attachment read back.

const sink = new SmtpSink();
let t: TestApp;
let admin1: string;
let admin2: string;
let ana: string;
let sinPermiso: string;
let idAdmin: number;
let A: number;
let B: number;
let inactivo: number;
let otraEmpresa: number;
const URL = '/api/informes/propiedadesconsignadas/programaciones';
const CORREO_ADMIN = 'carlos.restrepo@inmobiliariademo.com.co';

const pedir = (token: string, method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const semanal = (destinatarios: number[], extra: object = {}) => ({
  frecuencia: 'semanal',
  dia: 1,
  hora: 7,
  formato: 'xlsx',
  destinatarios,
  ...extra,
});
const crear = async (token: string, body: object, url = URL) => {
  const r = await as(t.app, token).post(url, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as ProgramacionInforme;
};
const programacion = async (id: number) =>
  (
    await t.db.system((tx) =>
      queryRows<{
        ultimo_envio: Date | null;
        proximo_envio: Date | null;
        ultimo_error: string | null;
        ultimo_aviso: string | null;
      }>(tx, sql`select ultimo_envio, proximo_envio, ultimo_error, ultimo_aviso from informe_programacion where id = ${id}`),
    )
  )[0]!;
/** The attachment of a message, decoded from its base64 part. */
const adjunto = (m: Recibido) => {
  const parte = m.data.split(/\r\n--/).find((p) => /content-disposition: attachment/i.test(p))!;
  return {
    nombre: /filename="?([^"\r\n;]+)/i.exec(parte)?.[1] ?? '',
    tipo: /content-type:\s*([^;\s]+)/i.exec(parte)?.[1] ?? '',
    contenido: Buffer.from(parte.slice(parte.indexOf('\r\n\r\n') + 4).replace(/\s+/g, ''), 'base64'),
  };
};
const para = (correo: string) => sink.recibidos.filter((m) => m.to.includes(correo));

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: await sink.start() });
  t.deps.mailer.start(100);
  // Ana has the report (10514) but is no manager; Beto has no e-mail; Ina is no longer active.
  A = await crearUsuario(t.db, 1, { usuario: 'ana.prog', nroId: '900200', permisos: '10514' });
  B = await crearUsuario(t.db, 1, { usuario: 'beto.prog', nroId: '900201', permisos: '' });
  inactivo = await crearUsuario(t.db, 1, { usuario: 'ina.prog', nroId: '900202', permisos: '' });
  await crearUsuario(t.db, 1, { usuario: 'sin.prog', nroId: '900203', permisos: '489' });
  otraEmpresa = await crearUsuario(t.db, 2, { usuario: 'otra.prog', nroId: '900204', permisos: '' });
  await t.db.tenant(1, async (tx) => {
    await tx.execute(sql`update terceros set email = 'ana.prog@example.com' where nro_id = '900200'`);
    await tx.execute(sql`update usuarios set activo = false where id = ${inactivo}`);
  });
  [admin1, admin2, ana, sinPermiso] = [
    await login(t.app, DEMO.admin1),
    await login(t.app, DEMO.admin2),
    await login(t.app, { idEmpresa: 1, usuario: 'ana.prog', clave: 'demo1234' }),
    await login(t.app, { idEmpresa: 1, usuario: 'sin.prog', clave: 'demo1234' }),
  ];
  idAdmin = tokenClaims(admin1).idUsuario;
});
afterAll(async () => {
  await t.deps.mailer.stop();
  await t.close();
  await sink.stop();
});

describe('the calendar', () => {
  it('finds the next and the last send in Bogotá time and the previous complete week or month', () => {
    const sabado = new Date('2026-11-28T15:00:00Z'); // Saturday 10:00 in Bogotá
    expect(siguienteEnvio({ frecuencia: 'semanal', dia: 1, hora: 7 }, sabado).toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(siguienteEnvio({ frecuencia: 'semanal', dia: 6, hora: 11 }, sabado).toISOString()).toBe('2026-11-28T16:00:00.000Z');
    expect(siguienteEnvio({ frecuencia: 'semanal', dia: 6, hora: 10 }, sabado).toISOString()).toBe('2026-12-05T15:00:00.000Z');
    expect(siguienteEnvio({ frecuencia: 'mensual', dia: 1, hora: 6 }, sabado).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(siguienteEnvio({ frecuencia: 'mensual', dia: 28, hora: 23 }, sabado).toISOString()).toBe('2026-11-29T04:00:00.000Z');
    expect(ultimoEnvio({ frecuencia: 'semanal', dia: 1, hora: 7 }, sabado).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(ultimoEnvio({ frecuencia: 'mensual', dia: 28, hora: 12 }, sabado).toISOString()).toBe('2026-10-28T17:00:00.000Z');
    // 23:30 on a Sunday in Bogotá is already Monday in UTC: still Sunday's week.
    expect(diaBogota(new Date('2026-11-30T04:30:00Z'))).toBe('2026-11-29');
    expect(periodoAnterior('semanal', '2026-11-28')).toEqual({ desde: '2026-11-16', hasta: '2026-11-22' });
    expect(periodoAnterior('semanal', '2026-11-30')).toEqual({ desde: '2026-11-23', hasta: '2026-11-29' });
    expect(periodoAnterior('semanal', '2026-11-29')).toEqual({ desde: '2026-11-16', hasta: '2026-11-22' });
    expect(periodoAnterior('mensual', '2026-03-01')).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' });
    expect(periodoAnterior('mensual', '2026-01-15')).toEqual({ desde: '2025-12-01', hasta: '2025-12-31' });
  });
});

describe('schedules of a report', () => {
  it('refuses bad input naming the field in Spanish', async () => {
    const mal = async (body: object) => {
      const r = await as(t.app, admin1).post(URL, body);
      expect(r.statusCode, r.body).toBe(400);
      return r.json().message as string;
    };
    expect(await mal({ ...semanal([idAdmin]), frecuencia: undefined })).toContain('El campo Frecuencia es obligatorio');
    expect(await mal({ ...semanal([idAdmin]), frecuencia: 'diaria' })).toContain(
      'El campo Frecuencia debe ser uno de: Semanal, Mensual',
    );
    expect(await mal(semanal([idAdmin], { dia: 8 }))).toContain('El campo Día debe ser de 1 (lunes) a 7 (domingo)');
    expect(await mal(semanal([idAdmin], { frecuencia: 'mensual', dia: 29 }))).toContain('El campo Día debe ser como máximo 28');
    expect(await mal(semanal([idAdmin], { hora: 24 }))).toContain('El campo Hora debe ser como máximo 23');
    expect(await mal(semanal([idAdmin], { formato: 'doc' }))).toContain('El campo Formato debe ser uno de: PDF, Excel');
    expect(await mal(semanal([]))).toContain('El campo Destinatarios es obligatorio');
    expect(await mal(semanal([idAdmin, inactivo]))).toBe(
      `destinatarios: el usuario ${inactivo} no es un usuario activo de la empresa`,
    );
    // Another company's user does not exist here.
    expect(await mal(semanal([otraEmpresa]))).toBe(
      `destinatarios: el usuario ${otraEmpresa} no es un usuario activo de la empresa`,
    );
    expect(await mal(semanal([idAdmin], { dias: 10 }))).toBe('dias: este informe no se filtra por días');
    expect(await mal(semanal([idAdmin], { otro: 1 }))).toMatch(/otro/);
  });

  it('needs the report’s idm, hides another company’s schedules (404) and audits every change', async () => {
    expect((await as(t.app, sinPermiso).get(URL)).statusCode).toBe(403);
    expect((await as(t.app, sinPermiso).post(URL, semanal([idAdmin]))).statusCode).toBe(403);
    const p = await crear(admin1, semanal([idAdmin], { formato: 'pdf', hora: 9 }));
    expect(p).toMatchObject({ clave: 'propiedadesconsignadas', id_creador: idAdmin, creado_por: 'admin', activo: true });
    expect(p.proximo_envio).toBe(siguienteEnvio({ frecuencia: 'semanal', dia: 1, hora: 9 }, new Date(p.creado_en)).toISOString());
    // Company 2 sees none of it.
    expect((await as(t.app, admin2).get(URL)).json().data).toEqual([]);
    for (const r of [
      await pedir(admin2, 'PUT', `${URL}/${p.id}`, semanal([idAdmin])),
      await pedir(admin2, 'PATCH', `${URL}/${p.id}`, { activo: false }),
      await pedir(admin2, 'DELETE', `${URL}/${p.id}`),
      await as(t.app, admin2).post(`${URL}/${p.id}/enviar`),
    ])
      expect(r.statusCode, r.body).toBe(404);
    // Another report's path does not reach it either.
    expect((await pedir(admin1, 'DELETE', `/api/informes/visitas/programaciones/${p.id}`)).statusCode).toBe(404);

    const cambiada = await pedir(admin1, 'PUT', `${URL}/${p.id}`, semanal([idAdmin, A], { frecuencia: 'mensual', dia: 15 }));
    expect(cambiada.statusCode, cambiada.body).toBe(200);
    expect(cambiada.json().data).toMatchObject({
      frecuencia: 'mensual',
      dia: 15,
      destinatarios: [idAdmin, A].sort((a, b) => a - b),
    });
    const pausada = await pedir(admin1, 'PATCH', `${URL}/${p.id}`, { activo: false });
    expect(pausada.json().data).toMatchObject({ activo: false, proximo_envio: null });
    expect((await pedir(admin1, 'DELETE', `${URL}/${p.id}`)).statusCode).toBe(200);
    expect((await as(t.app, admin1).get(URL)).json().data).toEqual([]);
    const auditoria = await t.db.tenant(1, (tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'informe_programacion' and entidad_id = ${String(p.id)} order by id`,
      ),
    );
    expect(auditoria.map((a) => a.accion)).toEqual(['crear', 'modificar', 'desactivar', 'eliminar']);
  });

  it('lists the company’s active users as recipients, saying who has no e-mail', async () => {
    const r = await as(t.app, ana).get('/api/informes/propiedadesconsignadas/destinatarios');
    expect(r.statusCode).toBe(200);
    const ds = r.json().data as { id: number; nombre: string; correo: boolean }[];
    expect(ds.find((d) => d.id === A)).toEqual({ id: A, nombre: 'Usuario ana.prog', correo: true });
    expect(ds.find((d) => d.id === B)).toEqual({ id: B, nombre: 'Usuario beto.prog', correo: false });
    expect(ds.some((d) => d.id === inactivo)).toBe(false);
  });

  it('keeps an asesor who is not a manager to their own rows and their own schedules', async () => {
    const ajeno = await as(t.app, ana).post(URL, semanal([A], { asesor: idAdmin }));
    expect(ajeno.statusCode).toBe(403);
    expect(ajeno.json().message).toMatch(/^Solo puede ver sus propios datos/);
    const propia = await crear(ana, semanal([A]));
    const delAdmin = await crear(admin1, semanal([idAdmin]));
    // Ana sees hers only; the administrator sees both and the other's is a 404 for Ana.
    expect(((await as(t.app, ana).get(URL)).json().data as ProgramacionInforme[]).map((p) => p.id)).toEqual([propia.id]);
    const todas = (await as(t.app, admin1).get(URL)).json().data as ProgramacionInforme[];
    expect(todas.map((p) => p.id)).toEqual([propia.id, delAdmin.id]);
    expect((await pedir(ana, 'DELETE', `${URL}/${delAdmin.id}`)).statusCode).toBe(404);
    for (const id of [propia.id, delAdmin.id]) expect((await pedir(admin1, 'DELETE', `${URL}/${id}`)).statusCode).toBe(200);
  });

  it('does not let support schedule (there is no user to run the report as)', async () => {
    const soporte = await login(t.app, DEMO.soporte1);
    const r = await as(t.app, soporte).post(URL, semanal([idAdmin]));
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toMatch(/^Soporte no puede programar envíos/);
  });
});

describe('the send', () => {
  it('e-mails a due schedule once per recipient and period, with the Excel of the creator’s rows', async () => {
    const deAdmin = await crear(admin1, semanal([idAdmin, A, B]));
    const deAna = await crear(ana, semanal([A]));
    const cuando = new Date(new Date(deAdmin.proximo_envio!).getTime() + 2 * 60_000);
    const periodo = periodoAnterior('semanal', diaBogota(new Date(deAdmin.proximo_envio!)));
    // Consigned in the period: Ana's (canon 1,000,000) and the administrator's (2,500,000); a day before it, not.
    await t.db.tenant(1, async (tx) => {
      const [m] = await queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`);
      const inm = (c: number, asesor: number, canon: number, dia: string) =>
        tx.execute(sql`insert into inmueble (consecutivo, tipo, gestion, estado, direccion, id_municipio, id_asesor_captador,
            creado_por, canon, fecha_consignacion)
          values (${c}, 'casa', 'arriendo', 'disponible', ${`Calle ${c}`}, ${m!.id}, ${asesor}, 'test', ${canon}, ${dia}::date)`);
      await inm(9801, A, 1_000_000, periodo.desde);
      await inm(9802, idAdmin, 2_500_000, periodo.hasta);
      await inm(9803, idAdmin, 7_000_000, diaBogota(new Date(new Date(`${periodo.desde}T12:00:00Z`).getTime() - 86_400_000)));
    });
    const r = await crearTrabajos(t.deps, { ahora: () => cuando });
    const tic = async () => {
      await t.db.system((tx) => encolar(tx, { tipo: 'informes.programados', idEmpresa: null }));
      await r.vuelta();
      await t.deps.mailer.idle();
    };
    await tic();
    await sink.esperar(3);
    const asunto = `Informe semanal: Propiedades consignadas (${fechaCorta(periodo.desde)} – ${fechaCorta(periodo.hasta)})`;
    expect(para(CORREO_ADMIN).map((m) => asuntoDelMensaje(m.data))).toEqual([asunto]);
    expect(para('ana.prog@example.com').map((m) => asuntoDelMensaje(m.data))).toEqual([asunto, asunto]);
    expect(sink.recibidos).toHaveLength(3);

    const xlsx = adjunto(para(CORREO_ADMIN)[0]!);
    expect(xlsx.nombre).toBe(`informe-propiedadesconsignadas-${periodo.desde}-a-${periodo.hasta}.xlsx`);
    expect(xlsx.tipo).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const hoja = await leerXlsx(xlsx.contenido);
    const canon = hoja[0]!.indexOf('Canon');
    expect(hoja.slice(1, -1).map((f) => f[1])).toEqual([9802, 9801]);
    expect(hoja.at(-1)![0]).toBe('Total');
    expect(hoja.at(-1)![canon]).toBe(3_500_000);
    expect(textoDelMensaje(para(CORREO_ADMIN)[0]!.data)).toContain('Lo programó admin para enviarse cada lunes a las 7:00.');

    // Ana's own schedule runs as her: only her property.
    const deElla = para('ana.prog@example.com').map(adjunto);
    const totales = await Promise.all(deElla.map(async (a) => (await leerXlsx(a.contenido)).at(-1)![canon]));
    expect(totales.sort()).toEqual([1_000_000, 3_500_000]);

    const despues = await programacion(deAdmin.id);
    expect(despues.ultimo_envio).not.toBeNull();
    expect(despues.ultimo_error).toBeNull();
    expect(despues.ultimo_aviso).toBe('No se envió a: Usuario beto.prog (no tiene correo en Terceros).');
    expect(new Date(despues.proximo_envio!).toISOString()).toBe(
      new Date(new Date(deAdmin.proximo_envio!).getTime() + 7 * 86_400_000).toISOString(),
    );
    expect((await programacion(deAna.id)).ultimo_aviso).toBeNull();

    // Again at the same hour: nothing is due. A second process that read the old next send: same key, no job.
    await tic();
    await t.db.system((tx) =>
      tx.execute(
        sql`update informe_programacion set proximo_envio = ${deAdmin.proximo_envio}::timestamptz where id = ${deAdmin.id}`,
      ),
    );
    await tic();
    // The send job run a second time (its process died before recording it): the period is already taken.
    const otraVez = await enviarInforme({
      db: t.db,
      storage: t.deps.storage,
      mailer: t.deps.mailer,
      idEmpresa: 1,
      datos: { id: deAdmin.id, ...periodo },
    });
    expect(otraVez).toEqual({ omitido: `el periodo ${periodo.desde} ya se envió` });
    await t.deps.mailer.idle();
    await new Promise((res) => setTimeout(res, 300));
    expect(sink.recibidos).toHaveLength(3);
    const trabajos = await t.db.system((tx) =>
      queryRows<{ estado: string; n: number }>(
        tx,
        sql`select estado, count(*)::int as n from trabajo where tipo = 'informes.enviar' group by estado`,
      ),
    );
    expect(trabajos).toEqual([{ estado: 'terminado', n: 2 }]);
    for (const id of [deAdmin.id, deAna.id]) await pedir(admin1, 'DELETE', `${URL}/${id}`);
  });

  it('sends at once with «Enviar ahora» (a PDF here), and writes why a send failed on the schedule', async () => {
    const p = await crear(admin1, semanal([idAdmin], { formato: 'pdf', frecuencia: 'mensual', dia: 5 }));
    const antes = para(CORREO_ADMIN).length;
    const r = await as(t.app, admin1).post(`${URL}/${p.id}/enviar`);
    expect(r.statusCode, r.body).toBe(200);
    const periodo = periodoAnterior('mensual', diaBogota(new Date()));
    expect(r.json().data).toMatchObject({ trabajo: expect.any(Number), ...periodo });
    // A second click before the send ran is the same send: one job, one e-mail.
    const otraVez = await as(t.app, admin1).post(`${URL}/${p.id}/enviar`);
    expect(otraVez.json().data).toEqual(r.json().data);
    const corredor = await crearTrabajos(t.deps);
    await corredor.vuelta();
    await t.deps.mailer.idle();
    await sink.esperar(sink.recibidos.length + 1);
    const nuevos = para(CORREO_ADMIN).slice(antes);
    expect(nuevos.map((m) => asuntoDelMensaje(m.data))).toEqual([
      `Informe mensual: Propiedades consignadas (${fechaCorta(periodo.desde)} – ${fechaCorta(periodo.hasta)})`,
    ]);
    const pdf = adjunto(nuevos[0]!);
    expect(pdf.tipo).toBe('application/pdf');
    expect(pdf.contenido.subarray(0, 5).toString()).toBe('%PDF-');
    expect(textoDelMensaje(nuevos[0]!.data)).toContain('este envío se pidió con «Enviar ahora»');
    // The next scheduled send does not move.
    expect(new Date((await programacion(p.id)).proximo_envio!).toISOString()).toBe(p.proximo_envio);

    // The creator lost the report: the send is refused, written on the schedule, and not retried.
    await t.db.tenant(1, (tx) => tx.execute(sql`update usuarios set permisos = '489' where id = ${A}`));
    const deAna = await t.db.tenant(1, async (tx) => {
      const [f] = await queryRows<{ id: number }>(
        tx,
        sql`insert into informe_programacion (clave, frecuencia, dia, hora, formato, destinatarios, id_creador, creado_por)
            values ('propiedadesconsignadas', 'semanal', 1, 7, 'xlsx', ${sql.param([A])}::int[], ${A}, 'ana.prog') returning id`,
      );
      return f!.id;
    });
    const fallo = await enviarInforme({
      db: t.db,
      storage: t.deps.storage,
      mailer: t.deps.mailer,
      idEmpresa: 1,
      datos: { id: deAna, ...periodoAnterior('semanal', diaBogota(new Date())), manual: true },
    });
    expect(fallo).toEqual({ error: 'No se envió: ana.prog ya no tiene permiso para el informe Propiedades consignadas.' });
    expect((await programacion(deAna)).ultimo_error).toBe(fallo.error);
    await t.db.tenant(1, (tx) => tx.execute(sql`update usuarios set permisos = '10514' where id = ${A}`));
  });
});
