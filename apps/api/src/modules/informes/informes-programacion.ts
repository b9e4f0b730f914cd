import { sql } from 'drizzle-orm';
import { hasIdm } from '@predio/contract/menu';
import {
  INFORMES,
  TRABAJO_INFORME_ENVIAR,
  veTodosLosAsesores,
  type ClaveInforme,
  type DestinatarioInforme,
  type EnvioInformeEncolado,
  type ProgramacionForm,
  type ProgramacionInforme,
} from '@predio/contract/informes';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolar, trabajoPendiente } from '../../platform/jobs/trabajos.ts';
import { alcance } from './informes.ts';
import { diaBogota, periodoAnterior, siguienteEnvio } from './informes-calendario.ts';

/*
 * «Programar envío» (docs/informes.md): the schedules of a report, under the report's own idm. A
 * manager (veTodosLosAsesores) sees and manages every schedule of the report; anyone else only those
 * they created. The report always runs as its creator, so an asesor's e-mailed report holds their rows.
 */

export const ENTIDAD_PROGRAMACION = 'informe_programacion';

type Fila = Omit<ProgramacionInforme, 'creado_en' | 'ultimo_envio' | 'proximo_envio'> & {
  creado_en: Date | string;
  ultimo_envio: Date | string | null;
  proximo_envio: Date | string | null;
};
const COLUMNAS = sql`id, clave, frecuencia, dia, hora, formato, asesor, dias, destinatarios, activo, id_creador, creado_por,
  creado_en, ultimo_envio, proximo_envio, ultimo_error, ultimo_aviso`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const aProgramacion = (f: Fila): ProgramacionInforme => ({
  ...f,
  destinatarios: f.destinatarios.map(Number),
  creado_en: new Date(f.creado_en).toISOString(),
  ultimo_envio: iso(f.ultimo_envio),
  proximo_envio: iso(f.proximo_envio),
});

type Ctx = { tx: Tx; user: Principal; clave: ClaveInforme };
type Escritura = Ctx & { ip: string };

const propias = (user: Principal) => (veTodosLosAsesores(user) ? sql`true` : sql`id_creador = ${user.idUsuario}`);

export async function listar(o: Ctx): Promise<ProgramacionInforme[]> {
  const fs = await queryRows<Fila>(
    o.tx,
    sql`select ${COLUMNAS} from informe_programacion where clave = ${o.clave} and ${propias(o.user)} order by id`,
  );
  return fs.map(aProgramacion);
}

/** Another company's schedule, another report's, or (for who is not a manager) someone else's: 404. */
async function obtener(o: Ctx, id: number, bloquear = false): Promise<ProgramacionInforme> {
  const [f] = await queryRows<Fila>(
    o.tx,
    sql`select ${COLUMNAS} from informe_programacion where id = ${id} and clave = ${o.clave} and ${propias(o.user)}
        ${bloquear ? sql`for update` : sql``}`,
  );
  if (!f) throw noEncontrado(`La programación ${id}`);
  return aProgramacion(f);
}

/** The user a schedule runs as, with the permissions the server holds now; null when no longer active. */
export async function principalDe(tx: Tx, idEmpresa: number, idUsuario: number): Promise<Principal | null> {
  const [u] = await queryRows<{ usuario: string; permisos: string; admemp: boolean; activo: boolean }>(
    tx,
    sql`select usuario, permisos, admemp, activo from usuarios where id = ${idUsuario}`,
  );
  if (!u?.activo) return null;
  return principalSinSesion({ idEmpresa, idUsuario, usuario: u.usuario, permisos: u.permisos, admemp: u.admemp });
}

/** The company's active users for «Destinatarios», and whether they have an address mail can reach. */
export const destinatarios = (tx: Tx) =>
  queryRows<DestinatarioInforme>(
    tx,
    sql`select u.id, u.nombre, coalesce(nullif(t.email_corporativo, ''), nullif(t.email, '')) is not null as correo
        from usuarios u left join terceros t on t.nro_id = u.nro_id
        where u.activo order by u.nombre, u.id`,
  );

/** The filters the report takes, the creator's scoping and the recipients, checked before a save. */
async function validar(o: Ctx, creador: Principal, body: ProgramacionForm): Promise<void> {
  const filtros = INFORMES[o.clave].filtros as readonly string[];
  if (body.asesor !== null && !filtros.includes('asesor')) throw invalido('asesor', 'este informe no se filtra por asesor');
  if (body.dias !== null && !filtros.includes('dias')) throw invalido('dias', 'este informe no se filtra por días');
  // Who is not a manager gets their own rows: another asesor is a 403, as on the report's screen.
  alcance(o.clave, creador, body.asesor === null ? {} : { asesor: body.asesor });
  if (body.asesor !== null) {
    const [a] = await queryRows<{ id: number }>(o.tx, sql`select id from usuarios where id = ${body.asesor}`);
    if (!a) throw invalido('asesor', `el usuario ${body.asesor} no existe en la empresa`);
  }
  const activos = await queryRows<{ id: number }>(
    o.tx,
    sql`select id from usuarios where activo and id = any(${sql.param(body.destinatarios)}::int[])`,
  );
  const faltan = body.destinatarios.filter((d) => !activos.some((a) => a.id === d));
  if (faltan.length > 0)
    throw invalido(
      'destinatarios',
      faltan.length === 1
        ? `el usuario ${faltan[0]} no es un usuario activo de la empresa`
        : `los usuarios ${faltan.join(', ')} no son usuarios activos de la empresa`,
    );
}

const proximo = (body: ProgramacionForm, ahora = new Date()) => (body.activo ? siguienteEnvio(body, ahora).toISOString() : null);

export async function crear(o: Escritura & { body: ProgramacionForm }): Promise<ProgramacionInforme> {
  // Support has no user record to run the report as.
  if (o.user.idUsuario === 0)
    throw new AppError(
      CODES.SIN_PERMISO,
      'Soporte no puede programar envíos: el informe se envía con los permisos de quien lo programa. Ingrese con un usuario de la empresa.',
    );
  await validar(o, o.user, o.body);
  const b = o.body;
  const [f] = await queryRows<Fila>(
    o.tx,
    sql`insert into informe_programacion (clave, frecuencia, dia, hora, formato, asesor, dias, destinatarios, activo,
          id_creador, creado_por, proximo_envio)
        values (${o.clave}, ${b.frecuencia}, ${b.dia}, ${b.hora}, ${b.formato}, ${b.asesor}, ${b.dias},
          ${sql.param(b.destinatarios)}::int[], ${b.activo}, ${o.user.idUsuario}, ${o.user.usuario}, ${proximo(b)}::timestamptz)
        returning ${COLUMNAS}`,
  );
  const p = aProgramacion(f!);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD_PROGRAMACION,
    entidadId: String(p.id),
    cambios: Object.fromEntries(Object.entries({ clave: o.clave, ...b }).map(([k, v]) => [k, { antes: null, despues: v }])),
    ip: o.ip,
  });
  return p;
}

const CAMPOS = ['frecuencia', 'dia', 'hora', 'formato', 'asesor', 'dias', 'destinatarios', 'activo'] as const;

export async function modificar(o: Escritura & { id: number; body: ProgramacionForm }): Promise<ProgramacionInforme> {
  const antes = await obtener(o, o.id);
  // The report keeps running as whoever created it: a manager's edit is checked against their scoping.
  const creador = await principalDe(o.tx, o.user.idEmpresa, antes.id_creador);
  if (!creador)
    throw invalido('activo', `quien la programó (${antes.creado_por}) ya no está activo: elimínela y prográmela de nuevo`);
  await validar(o, creador, o.body);
  const b = o.body;
  const [f] = await queryRows<Fila>(
    o.tx,
    sql`update informe_programacion set frecuencia = ${b.frecuencia}, dia = ${b.dia}, hora = ${b.hora}, formato = ${b.formato},
          asesor = ${b.asesor}, dias = ${b.dias}, destinatarios = ${sql.param(b.destinatarios)}::int[], activo = ${b.activo},
          proximo_envio = ${proximo(b)}::timestamptz
        where id = ${o.id} returning ${COLUMNAS}`,
  );
  const p = aProgramacion(f!);
  const cambios = Object.fromEntries(
    CAMPOS.filter((k) => JSON.stringify(antes[k]) !== JSON.stringify(p[k])).map((k) => [k, { antes: antes[k], despues: p[k] }]),
  );
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: ENTIDAD_PROGRAMACION,
    entidadId: String(p.id),
    cambios,
    ip: o.ip,
  });
  return p;
}

/** Pause or resume: resuming counts the next send from now. Pausing always works, whatever changed since. */
export async function activar(o: Escritura & { id: number; activo: boolean }): Promise<ProgramacionInforme> {
  const antes = await obtener(o, o.id);
  const [f] = await queryRows<Fila>(
    o.tx,
    sql`update informe_programacion set activo = ${o.activo},
          proximo_envio = ${proximo({ ...antes, activo: o.activo })}::timestamptz
        where id = ${o.id} returning ${COLUMNAS}`,
  );
  if (antes.activo !== o.activo)
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: o.activo ? 'activar' : 'desactivar',
      entidad: ENTIDAD_PROGRAMACION,
      entidadId: String(o.id),
      cambios: { activo: { antes: antes.activo, despues: o.activo } },
      ip: o.ip,
    });
  return aProgramacion(f!);
}

export async function eliminar(o: Escritura & { id: number }): Promise<void> {
  const antes = await obtener(o, o.id);
  await o.tx.execute(sql`delete from informe_programacion where id = ${o.id}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'eliminar',
    entidad: ENTIDAD_PROGRAMACION,
    entidadId: String(o.id),
    cambios: Object.fromEntries(CAMPOS.map((k) => [k, { antes: antes[k], despues: null }])),
    ip: o.ip,
  });
}

/**
 * «Enviar ahora»: the same send job the programme enqueues, at once, over the previous complete week or
 * month as of today. It does not move the next scheduled send.
 */
export async function enviarAhora(o: Escritura & { id: number }): Promise<EnvioInformeEncolado> {
  // The row lock orders two clicks that arrive together: the second sees the first one's job.
  const p = await obtener(o, o.id, true);
  const periodo = periodoAnterior(p.frecuencia, diaBogota(new Date()));
  const conPeriodo = INFORMES[o.clave].periodo;
  const datos = { id: p.id, ...periodo, manual: true };
  // A send of the same schedule and period still waiting is that send: the recipients get one e-mail.
  const yaEncolado = await trabajoPendiente(o.tx, TRABAJO_INFORME_ENVIAR, datos);
  if (yaEncolado !== null)
    return { trabajo: yaEncolado, desde: conPeriodo ? periodo.desde : null, hasta: conPeriodo ? periodo.hasta : null };
  const trabajo = await encolar(o.tx, { tipo: TRABAJO_INFORME_ENVIAR, datos });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'enviar ahora',
    entidad: ENTIDAD_PROGRAMACION,
    entidadId: String(p.id),
    cambios: { periodo: { antes: null, despues: INFORMES[o.clave].periodo ? periodo : null } },
    ip: o.ip,
  });
  return { trabajo, desde: conPeriodo ? periodo.desde : null, hasta: conPeriodo ? periodo.hasta : null };
}

/** Whether the creator may still open the report (its idm): a schedule whose creator lost it is not sent. */
export const puedeVer = (p: Principal, clave: ClaveInforme) => hasIdm(p.permisos, INFORMES[clave].idm);
