import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DIAS_SEMANA,
  FORMATO_ENVIO_LABEL,
  INFORMES,
  TRABAJO_INFORME_ENVIAR,
  type ClaveInforme,
  type FiltrosInforme,
  type FormatoEnvio,
  type FrecuenciaEnvio,
} from '@predio/contract/informes';
import { CODES } from '@predio/contract/codes';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { inTenant } from '../../platform/tenant.ts';
import { alcance, ejecutar } from './informes.ts';
import * as exportar from './informes.exportar.ts';
import { REGISTRO } from './informes.registro.ts';
import { diaBogota, fechaCorta, periodoAnterior, siguienteEnvio, ultimoEnvio, type Periodo } from './informes-calendario.ts';
import { ENTIDAD_PROGRAMACION, principalDe, puedeVer } from './informes-programacion.ts';

/*
 * The jobs of «Programar envío» (docs/informes.md, docs/jobs.md): every hour the programme finds the
 * schedules due and enqueues one send each, keyed by schedule and period so that a period is sent once
 * however many processes look; the send renders the report through the export code (PDF or Excel) as
 * its creator and queues one e-mail per recipient in the outbox.
 */

type Debida = { id: number; id_empresa: number; frecuencia: FrecuenciaEnvio; dia: number; hora: number };

/** The hourly tick: one send job per due schedule, and its next send moved past `ahora`. */
export async function programarEnvios(o: { db: Database; ahora: Date }): Promise<{ encolados: number; programaciones: number }> {
  const debidas = await o.db.system((tx) =>
    queryRows<Debida>(
      tx,
      sql`select id, id_empresa, frecuencia, dia, hora from informe_programacion
          where activo and proximo_envio <= ${o.ahora.toISOString()}::timestamptz order by proximo_envio, id limit 1000`,
    ),
  );
  let encolados = 0;
  await o.db.system(async (tx) => {
    for (const p of debidas) {
      // A turn missed while no process ran is sent once, for the period of the latest turn.
      const turno = ultimoEnvio(p, o.ahora);
      const periodo = periodoAnterior(p.frecuencia, diaBogota(turno));
      const id = await encolar(tx, {
        tipo: TRABAJO_INFORME_ENVIAR,
        idEmpresa: p.id_empresa,
        datos: { id: p.id, ...periodo, programado: turno.toISOString() },
        clave: `informe:${p.id}:${p.frecuencia}:${periodo.desde}`,
      });
      if (id !== null) encolados++;
      await tx.execute(
        sql`update informe_programacion set proximo_envio = ${siguienteEnvio(p, o.ahora).toISOString()}::timestamptz
            where id = ${p.id} and activo`,
      );
    }
  });
  return { encolados, programaciones: debidas.length };
}

type Programacion = {
  id: number;
  clave: ClaveInforme;
  frecuencia: FrecuenciaEnvio;
  dia: number;
  hora: number;
  formato: FormatoEnvio;
  asesor: number | null;
  dias: number | null;
  destinatarios: number[];
  activo: boolean;
  id_creador: number;
  creado_por: string;
  ultimo_periodo: string | null;
};
type Destinatario = { id: number; nombre: string; activo: boolean; correo: string | null };

export type DatosEnvio = { id: number; desde: string; hasta: string; manual?: boolean; programado?: string };

/** What the last send left, on the schedule: written in its own transaction (the send's may have failed). */
const anotar = (db: Database, idEmpresa: number, id: number, error: string) =>
  inTenant(db, idEmpresa, ({ tx }) =>
    tx.execute(sql`update informe_programacion set ultimo_error = ${error.slice(0, 2000)} where id = ${id}`),
  );

/**
 * One send of one schedule over `desde`–`hasta` (for a report with a period). A scheduled send records
 * its period and is skipped if that period was already sent (a job runs at least once); «Enviar ahora»
 * always sends. A failure is written on the schedule and thrown, so the jobs runner tries again; a
 * schedule that cannot be sent as it is (its creator left, the PDF has too many rows) is not retried.
 */
export async function enviarInforme(o: {
  db: Database;
  storage: Storage;
  mailer: Despertador;
  idEmpresa: number;
  datos: DatosEnvio;
}): Promise<Record<string, unknown>> {
  const { db, idEmpresa, datos } = o;
  try {
    return await enviar(o);
  } catch (err) {
    const mensaje = err instanceof Error ? err.message : String(err);
    await anotar(db, idEmpresa, datos.id, mensaje);
    // A refusal (permission, too many rows for a PDF) will not change by trying again.
    if (err instanceof AppError) return { error: mensaje };
    throw err;
  }
}

async function enviar(o: {
  db: Database;
  storage: Storage;
  mailer: Despertador;
  idEmpresa: number;
  datos: DatosEnvio;
}): Promise<Record<string, unknown>> {
  const { db, idEmpresa, datos } = o;
  const leido = await inTenant(db, idEmpresa, async ({ tx }) => {
    const [p] = await queryRows<Programacion>(
      tx,
      sql`select id, clave, frecuencia, dia, hora, formato, asesor, dias, destinatarios, activo, id_creador, creado_por,
            ultimo_periodo::text as ultimo_periodo
          from informe_programacion where id = ${datos.id}`,
    );
    if (!p) return null;
    const creador = await principalDe(tx, idEmpresa, p.id_creador);
    const personas = await queryRows<Destinatario>(
      tx,
      sql`select u.id, u.nombre, u.activo, coalesce(nullif(t.email_corporativo, ''), nullif(t.email, '')) as correo
          from usuarios u left join terceros t on t.nro_id = u.nro_id
          where u.id = any(${sql.param(p.destinatarios.map(Number))}::int[]) order by u.nombre, u.id`,
    );
    const [e] = await queryRows<{ nombre: string }>(tx, sql`select nombre from empresa limit 1`);
    return { p, creador, personas, empresa: e?.nombre ?? '' };
  });
  if (!leido) return { omitido: 'la programación ya no existe' };
  const { p, creador, personas, empresa } = leido;
  if (!datos.manual && (!p.activo || p.ultimo_periodo === datos.desde))
    return { omitido: p.activo ? `el periodo ${datos.desde} ya se envió` : 'la programación está desactivada' };
  const meta = INFORMES[p.clave];
  if (!creador)
    throw new AppError(CODES.VALIDACION, `No se envió: quien lo programó (${p.creado_por}) ya no es un usuario activo.`);
  if (!puedeVer(creador, p.clave))
    throw new AppError(CODES.VALIDACION, `No se envió: ${p.creado_por} ya no tiene permiso para el informe ${meta.titulo}.`);

  const filtros: FiltrosInforme = {
    ...(meta.periodo ? { desde: datos.desde, hasta: datos.hasta } : {}),
    ...(p.asesor !== null ? { asesor: p.asesor } : {}),
    ...(p.dias !== null ? { dias: p.dias } : {}),
  };
  // The report as its creator sees it (an asesor who is not a manager gets their own rows), from one
  // snapshot like the screen's.
  const render = await inTenant(
    db,
    idEmpresa,
    async ({ tx }) => {
      const r = await ejecutar(tx, REGISTRO[p.clave], alcance(p.clave, creador, filtros));
      if (p.formato === 'xlsx') return { r, archivo: await exportar.xlsx(r) };
      return { r, html: await exportar.pdfHtml(r), empresa: await exportar.empresaDe(tx) };
    },
    { instantanea: true },
  );
  const { r } = render;
  // The PDF is laid out outside any transaction (PGlite has one connection).
  const archivo: Archivo =
    render.archivo ?? (await exportar.pdf(render.html!, { empresa: render.empresa!, idEmpresa, storage: o.storage }, r));
  const periodo: Periodo | null = meta.periodo ? { desde: datos.desde, hasta: datos.hasta } : null;
  const hoy = diaBogota(new Date());
  const nombre = `informe-${p.clave}-${periodo ? `${periodo.desde}-a-${periodo.hasta}` : hoy}.${p.formato}`;

  const conCorreo = personas.filter((d) => d.activo && d.correo);
  const omitidos = [
    ...personas.filter((d) => !d.activo).map((d) => `${d.nombre} (ya no está activo)`),
    ...personas.filter((d) => d.activo && !d.correo).map((d) => `${d.nombre} (no tiene correo en Terceros)`),
  ];
  const aviso =
    omitidos.length === 0
      ? null
      : conCorreo.length === 0
        ? `No se envió a nadie: ${omitidos.join('; ')}.`
        : `No se envió a: ${omitidos.join('; ')}.`;
  const frecuencia = p.frecuencia === 'semanal' ? 'semanal' : 'mensual';
  const asunto = `Informe ${frecuencia}: ${meta.titulo} (${
    periodo ? `${fechaCorta(periodo.desde)} – ${fechaCorta(periodo.hasta)}` : `al ${fechaCorta(hoy)}`
  })`;
  const cuando =
    p.frecuencia === 'semanal'
      ? `cada ${DIAS_SEMANA[p.dia - 1]!.toLowerCase()} a las ${p.hora}:00`
      : `el día ${p.dia} de cada mes a las ${p.hora}:00`;
  const resumen = r.resumen.map((i) => {
    const dinero = r.columnas.find((c) => c.clave === i.clave)?.tipo === 'dinero';
    const n = (v: number) => `${dinero ? '$ ' : ''}${v.toLocaleString('es-CO', { maximumFractionDigits: 0 })}`;
    return `- ${i.titulo}: ${n(i.valor)}${i.anterior === null ? '' : ` (periodo anterior: ${n(i.anterior)})`}`;
  });

  const enviados = await inTenant(db, idEmpresa, async (scope) => {
    // A scheduled period is claimed here: a second run of the same job finds it taken and sends nothing.
    if (!datos.manual) {
      const [tomado] = await queryRows<{ id: number }>(
        scope.tx,
        sql`update informe_programacion set ultimo_periodo = ${datos.desde}::date
            where id = ${p.id} and ultimo_periodo is distinct from ${datos.desde}::date returning id`,
      );
      if (!tomado) return null;
    }
    for (const d of conCorreo) {
      // One copy per message: the outbox's clean-up deletes each message's files after CORREO_ADJUNTOS_DIAS.
      const clave = `${idEmpresa}/correos/${randomUUID()}-${nombre}`;
      await o.storage.put(clave, archivo.contenido);
      await encolarCorreo(
        { ...scope, mailer: o.mailer },
        {
          para: d.correo!,
          asunto,
          texto: [
            `${d.nombre}:`,
            '',
            `Adjuntamos el informe «${meta.titulo}» de ${empresa || 'la inmobiliaria'}${
              periodo ? ` del ${fechaCorta(periodo.desde)} al ${fechaCorta(periodo.hasta)}` : ` al ${fechaCorta(hoy)}`
            } en ${FORMATO_ENVIO_LABEL[p.formato]} (${r.filas.length} ${r.filas.length === 1 ? 'fila' : 'filas'}).`,
            '',
            ...resumen,
            ...(resumen.length > 0 ? [''] : []),
            `Lo programó ${p.creado_por} para enviarse ${cuando}${datos.manual ? '; este envío se pidió con «Enviar ahora»' : ''}.`,
            'Para cambiar el envío o dejar de recibirlo, abra el informe en Predio y use «Programar envío».',
            '',
          ].join('\n'),
          origen: 'informe',
          adjuntos: [{ nombre, clave, tipo: archivo.contentType }],
          idUsuario: p.id_creador,
          entidad: ENTIDAD_PROGRAMACION,
          entidadId: String(p.id),
        },
      );
    }
    await scope.tx.execute(
      sql`update informe_programacion set ultimo_envio = ${conCorreo.length > 0 ? sql`now()` : sql`ultimo_envio`},
            ultimo_error = null, ultimo_aviso = ${aviso} where id = ${p.id}`,
    );
    return conCorreo.length;
  });
  if (enviados === null) return { omitido: `el periodo ${datos.desde} ya se envió` };
  return { correos: enviados, archivo: nombre, ...(aviso ? { aviso } : {}) };
}
