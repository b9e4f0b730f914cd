import { randomUUID } from 'node:crypto';
import {
  ESTADOS_CERRADOS_CITA,
  ETIQUETAS_CITA,
  ETIQUETAS_ESTADO_CITA,
  MINUTOS_RECORDATORIO_DEFECTO,
  TIPO_CARTA_CITA_CAMBIO,
  TIPO_CARTA_CITA_NUEVA,
  TIPO_CARTA_CITA_RECORDATORIO,
  reglasCita,
  type AlcanceCita,
  type AvisosCita,
  type Cita,
  type InvitacionCita,
  type CitaCambios,
  type VinculoCita,
  type CitaForm,
  type CitasExportarQuery,
  type CitasQuery,
  type ModificacionAgenda,
  type ModificacionesAgendaQuery,
  type OpcionesAgenda,
  ETIQUETAS_ACCION_CITA,
  MODIFICACIONES_AGENDA_MAX_EXPORT,
  etiquetaCampoCita,
  fueraDeHorario,
} from '@predio/contract/agenda';
import {
  correrDias,
  describirRepeticion,
  diasEntre,
  expandirRepeticion,
  mismaRepeticion,
  reglasRepeticion,
  type Repeticion,
} from '@predio/contract/agenda-repeticion';
import { getConfiguracion } from '../empresa/empresa.service.ts';
import type { ListResult } from '@predio/contract/list';
import type { Archivo } from '../../platform/http/archivo.ts';
import { JsonCrudo } from '../../platform/http/route.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import { CODES } from '@predio/contract/codes';
import { festivoEn } from '@predio/contract/festivos';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, registrarAuditorias, type Cambios, type EntradaAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import type { CacheCalendario } from './agenda-cache.ts';
import * as repo from './agenda.repo.ts';
import { calendarioIcs } from './agenda-feed.service.ts';

type Base = { tx: Tx };
type Escritura = Scope & { user: Principal; ip: string; hub: Hub; mailer: Despertador };

export const ENTIDAD_CITA = 'citas';
export const TIPO_TRABAJO_RECORDATORIO = 'agenda.recordatorio';
export const TIPO_TRABAJO_RECORDATORIOS_SERIE = 'agenda.recordatorios-serie';
const L = ETIQUETAS_CITA;
export const enlaceCita = (id: number) => `/archivo/agenda?cita=${id}`;

const CAMPO_FK: Record<string, keyof typeof L> = {
  cita_id_categoria_fk: 'id_categoria',
  cita_id_resultado_fk: 'id_resultado',
  cita_id_inmueble_fk: 'consecutivo_inmueble',
  cita_id_cliente_atendido_fk: 'id_cliente_atendido',
  cita_id_solicitud_fk: 'id_solicitud',
  cita_asesor_usuario_fk: 'asesores',
  cita_participante_tercero_fk: 'participantes',
};

async function escribiendo<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const pg = errorPg(e);
    const campo = pg?.code === PG.LLAVE_FORANEA ? CAMPO_FK[pg.constraint ?? ''] : undefined;
    if (campo) throw invalido(campo, `El campo ${L[campo]} no existe en esta empresa`);
    throw e;
  }
}

/** The range and filters of a calendar query, with the property's consecutivo turned into its id. */
async function rango(o: Base & { query: CitasQuery }): Promise<repo.Rango | null> {
  const q = o.query;
  let idInmueble: number | undefined;
  if (q.consecutivo_inmueble !== undefined) {
    const i = await repo.inmueblePorConsecutivo(o.tx, q.consecutivo_inmueble);
    if (!i) return null;
    idInmueble = i.id;
  }
  return {
    desde: q.desde,
    hasta: q.hasta,
    asesores: q.asesores,
    categorias: q.categorias,
    idInmueble,
    idClienteAtendido: q.id_cliente_atendido,
  };
}

/**
 * What the calendar draws of the range (CitaCalendario[]), as JSON text: from `cache` while the
 * company's agenda has not changed since it was read.
 */
export async function listar(o: Base & { query: CitasQuery; idEmpresa: number; cache: CacheCalendario }): Promise<JsonCrudo> {
  const r = await rango(o);
  if (!r) return new JsonCrudo('[]');
  const clave = `${o.idEmpresa}:${await repo.version(o.tx)}:${JSON.stringify(r)}`;
  let json = o.cache.leer(clave);
  if (json === undefined) {
    json = await repo.calendarioJson(o.tx, r);
    o.cache.guardar(clave, json);
  }
  return new JsonCrudo(json);
}

async function listarCompletas(o: Base & { query: CitasQuery }): Promise<Cita[]> {
  const r = await rango(o);
  return r ? repo.enRango(o.tx, r) : [];
}

export async function obtener(o: Base & { id: number }): Promise<Cita> {
  const c = await repo.vista(o.tx, o.id);
  if (!c) throw noEncontrado(`La cita ${o.id}`);
  return c;
}

export const buscarTerceros = (o: Base & { q: string | undefined }) => repo.buscarTerceros(o.tx, o.q);

export const opciones = (o: Base): Promise<OpcionesAgenda> => repo.opciones(o.tx);

/** Citas of a property (by consecutivo), upcoming and past: its history tab. */
export async function deInmueble(o: Base & { consecutivo: number }): Promise<Cita[]> {
  const i = await repo.inmueblePorConsecutivo(o.tx, o.consecutivo);
  if (!i) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  return repo.deRegistro(o.tx, { idInmueble: i.id });
}

const REGISTROS = {
  cliente: { nombre: 'El cliente atendido', clave: 'idClienteAtendido' },
  solicitud: { nombre: 'La solicitud', clave: 'idSolicitud' },
  tercero: { nombre: 'El tercero', clave: 'idTercero' },
} as const;
export type TipoRegistro = keyof typeof REGISTROS;

/** The record's id: a lead and a tercero come by id, a solicitud by its numero (what users know). */
async function idDeRegistro(o: Base & { tipo: TipoRegistro; clave: number }): Promise<number> {
  const id = await repo.idRegistro(o.tx, o.tipo, o.clave);
  if (id === null) throw noEncontrado(`${REGISTROS[o.tipo].nombre} ${o.clave}`);
  return id;
}

/** The citas of a lead, a solicitud or a tercero (as participant): its history tab. */
export async function deRegistro(o: Base & { tipo: TipoRegistro; clave: number }): Promise<Cita[]> {
  const id = await idDeRegistro(o);
  return repo.deRegistro(o.tx, { [REGISTROS[o.tipo].clave]: id } as repo.Registro);
}

/** What a new cita from a lead, a solicitud or a tercero starts with: the link and the record's tercero. */
export async function vinculo(o: Base & { tipo: TipoRegistro; clave: number }): Promise<VinculoCita> {
  const id = await idDeRegistro(o);
  const v = (await repo.vinculo(o.tx, o.tipo, id))!;
  return {
    etiqueta:
      o.tipo === 'cliente'
        ? `Cliente atendido ${v.numero}`
        : o.tipo === 'solicitud'
          ? `Solicitud ${v.numero}`
          : (v.participante?.nombre ?? ''),
    id_cliente_atendido: o.tipo === 'cliente' ? id : null,
    id_solicitud: o.tipo === 'solicitud' ? id : null,
    participante: v.participante,
  };
}

type Datos = Omit<CitaForm, 'confirmar' | 'repetir'>;

/** Checks what the database cannot say in a field's words, and resolves the property by consecutivo. */
async function validar(tx: Tx, d: Datos): Promise<repo.ValoresCita> {
  for (const i of reglasCita(d)) throw invalido(i.path, i.message);
  const us = await repo.usuarios(tx, d.asesores);
  for (const idU of d.asesores) {
    const u = us.find((x) => x.id === idU);
    if (!u) throw invalido('asesores', `El asesor ${idU} no es un usuario de esta empresa`);
    if (!u.activo) throw invalido('asesores', `El asesor ${u.nombre} está inactivo`);
  }
  if (d.participantes.length) {
    const hay = await repo.tercerosExistentes(tx, d.participantes);
    const falta = d.participantes.find((p) => !hay.includes(p));
    if (falta !== undefined) throw invalido('participantes', `El participante ${falta} no existe en esta empresa`);
  }
  if (d.id_categoria !== null && !(await repo.existe(tx, 'categorias_agenda', d.id_categoria)))
    throw invalido('id_categoria', `El campo ${L.id_categoria} no existe en esta empresa`);
  if (d.id_resultado !== null && !(await repo.existe(tx, 'resultados_agenda', d.id_resultado)))
    throw invalido('id_resultado', `El campo ${L.id_resultado} no existe en esta empresa`);
  if (d.id_cliente_atendido !== null && !(await repo.existe(tx, 'cliente_atendido', d.id_cliente_atendido)))
    throw invalido('id_cliente_atendido', `El campo ${L.id_cliente_atendido} no existe en esta empresa`);
  if (d.id_solicitud !== null && !(await repo.existe(tx, 'solicitud', d.id_solicitud)))
    throw invalido('id_solicitud', `El campo ${L.id_solicitud} no existe en esta empresa`);
  let idInmueble: number | null = null;
  let lugar = d.lugar;
  if (d.consecutivo_inmueble !== null) {
    const i = await repo.inmueblePorConsecutivo(tx, d.consecutivo_inmueble);
    if (!i) throw invalido('consecutivo_inmueble', `El inmueble ${d.consecutivo_inmueble} no existe en esta empresa`);
    idInmueble = i.id;
    // A visit happens at the property unless the form says otherwise.
    if (!lugar) lugar = i.direccion;
  }
  return {
    titulo: d.titulo,
    id_categoria: d.id_categoria,
    inicio: new Date(d.inicio),
    fin: new Date(d.fin),
    todo_el_dia: d.todo_el_dia,
    lugar,
    notas: d.notas,
    estado: d.estado,
    id_resultado: d.id_resultado,
    comentario_resultado: d.comentario_resultado,
    interes: d.interes,
    id_inmueble: idInmueble,
    id_cliente_atendido: d.id_cliente_atendido,
    id_solicitud: d.id_solicitud,
  };
}

/**
 * Warnings a save must confirm: overlaps with the asesores' other citas, a Colombian public holiday, and
 * a time outside the company's office hours (Configurar).
 * A 409 names them; saving again with `confirmar` goes ahead.
 */
type Tramo = { inicio: Date; fin: Date };
const fechaCorta = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'long', year: 'numeric' }).format(d);

async function revisarConflictos(
  tx: Tx,
  v: repo.ValoresCita,
  asesores: number[],
  excluir: number | null,
  confirmar: boolean,
  serie?: { tramos: Tramo[]; idSerie: number | null },
) {
  if (confirmar || ESTADOS_CERRADOS_CITA.includes(v.estado)) return;
  const tramos = serie?.tramos ?? [{ inicio: v.inicio, fin: v.fin }];
  const conflictos = serie
    ? await repo.conflictosVarios(tx, {
        asesores,
        tramos,
        excluirSerie: serie.idSerie,
        excluir: excluir === null ? [] : [excluir],
      })
    : await repo.conflictos(tx, { asesores, inicio: v.inicio, fin: v.fin, excluir });
  const a = (await getConfiguracion({ tx })).ajustes;
  const horario = { dias: a.horarioDias, desde: a.horarioDesde, hasta: a.horarioHasta, zona: a.zonaHoraria };
  // A series names the first occurrence that falls on a holiday or outside the hours, with its date.
  let festivo: string | null = null;
  let fuera: string | null = null;
  for (const t of tramos) {
    const f: string | null = festivo ? null : festivoEn(t.inicio);
    if (f) festivo = serie ? `${f}, ${fechaCorta(t.inicio)}` : f;
    const h: string | null = fuera ? null : fueraDeHorario(t.inicio, t.fin, v.todo_el_dia, horario);
    if (h) fuera = serie ? `${h.replace(/\.$/, '')}: el ${fechaCorta(t.inicio)}.` : h;
    if (festivo && fuera) break;
  }
  if (!conflictos.length && !festivo && !fuera) return;
  const partes: string[] = [];
  if (conflictos.length) {
    const c = conflictos[0]!;
    const otras = conflictos.length > 1 ? ` y ${conflictos.length - 1} más` : '';
    partes.push(
      serie
        ? `${c.asesor} ya tiene la cita «${c.titulo}» el ${fechaCorta(new Date(c.inicio))}, a la hora de una de la serie${otras}.`
        : `${c.asesor} ya tiene la cita «${c.titulo}» a esa hora${otras}.`,
    );
  }
  if (festivo)
    partes.push(
      serie ? `Una de las citas cae en festivo en Colombia (${festivo}).` : `Ese día es festivo en Colombia (${festivo}).`,
    );
  if (fuera) partes.push(fuera);
  const data: AvisosCita = { conflictos, festivo, fueraDeHorario: fuera };
  throw new AppError(CODES.CONFLICTO, `${partes.join(' ')} Confirme para guardarla de todos modos.`, undefined, undefined, data);
}

const cuando = (d: Date, todoElDia: boolean) =>
  new Intl.DateTimeFormat('es-CO', {
    timeZone: 'America/Bogota',
    dateStyle: 'full',
    ...(todoElDia ? {} : { timeStyle: 'short' }),
  }).format(d);

async function avisar(o: Escritura, ids: number[], tipoCarta: number, titulo: string, cuerpo: string, idCita: number) {
  for (const idUsuario of ids) {
    // Someone who books or changes their own cita needs no notice of it.
    if (idUsuario === o.user.idUsuario) continue;
    await notificar(o, { idEmpresa: o.user.idEmpresa, idUsuario, tipoCarta, titulo, cuerpo, enlace: enlaceCita(idCita) });
  }
}

/** A reminder job per asesor, `minutos` before the start (their preference); the key makes it once per start. */
async function programarRecordatorios(
  tx: Tx,
  idCita: number,
  v: Pick<repo.ValoresCita, 'inicio' | 'estado'>,
  asesores: number[],
) {
  if (ESTADOS_CERRADOS_CITA.includes(v.estado) || v.estado === 'realizada') return;
  const ahora = Date.now();
  if (v.inicio.getTime() <= ahora) return;
  for (const idUsuario of asesores) {
    const minutos = (await repo.minutosRecordatorio(tx, idUsuario)) ?? MINUTOS_RECORDATORIO_DEFECTO;
    const en = new Date(Math.max(ahora, v.inicio.getTime() - minutos * 60_000));
    const inicio = v.inicio.toISOString();
    await encolar(tx, {
      tipo: TIPO_TRABAJO_RECORDATORIO,
      datos: { idCita, idUsuario, inicio },
      ejecutarEn: en,
      clave: `recordatorio:${idCita}:${idUsuario}:${inicio}`,
    });
  }
}

function cambios(antes: Record<string, unknown>, despues: Record<string, unknown>): Cambios {
  const out: Cambios = {};
  for (const k of Object.keys(despues)) {
    const a = antes[k] instanceof Date ? (antes[k] as Date).toISOString() : antes[k];
    const d = despues[k] instanceof Date ? (despues[k] as Date).toISOString() : despues[k];
    if (JSON.stringify(a ?? null) !== JSON.stringify(d ?? null)) out[k] = { antes: a ?? null, despues: d ?? null };
  }
  return out;
}

export async function crear(o: Escritura & { body: CitaForm }): Promise<Cita> {
  const { confirmar, repetir, ...datos } = o.body;
  if (repetir) return crearSerie(o, datos, repetir, confirmar);
  const v = await validar(o.tx, datos);
  await revisarConflictos(o.tx, v, datos.asesores, null, confirmar);
  const id = await escribiendo(async () => {
    const id = await repo.insertar(o.tx, v, o.user.usuario);
    await repo.ponerPersonas(o.tx, id, datos.asesores, datos.participantes);
    return id;
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD_CITA,
    entidadId: String(id),
    cambios: cambios({}, { ...v, asesores: datos.asesores, participantes: datos.participantes }),
    ip: o.ip,
  });
  await avisar(
    o,
    datos.asesores,
    TIPO_CARTA_CITA_NUEVA,
    `Nueva cita: ${v.titulo}`,
    `${o.user.usuario} le asignó «${v.titulo}» el ${cuando(v.inicio, v.todo_el_dia)}${v.lugar ? ` en ${v.lugar}` : ''}.`,
    id,
  );
  await programarRecordatorios(o.tx, id, v, datos.asesores);
  return obtener({ tx: o.tx, id });
}

/** The cita as it will be: what the change sends over what it has. */
function fusionar(f: repo.FilaCita, actual: Cita, b: Omit<CitaCambios, 'confirmar' | 'version' | 'alcance' | 'repetir'>): Datos {
  return {
    titulo: b.titulo ?? f.titulo,
    id_categoria: b.id_categoria !== undefined ? b.id_categoria : f.id_categoria,
    inicio: b.inicio ?? f.inicio.toISOString(),
    fin: b.fin ?? f.fin.toISOString(),
    todo_el_dia: b.todo_el_dia ?? f.todo_el_dia,
    asesores: b.asesores ?? f.asesores,
    participantes: b.participantes ?? f.participantes,
    consecutivo_inmueble: b.consecutivo_inmueble !== undefined ? b.consecutivo_inmueble : (actual.inmueble?.consecutivo ?? null),
    id_cliente_atendido: b.id_cliente_atendido !== undefined ? b.id_cliente_atendido : f.id_cliente_atendido,
    id_solicitud: b.id_solicitud !== undefined ? b.id_solicitud : f.id_solicitud,
    lugar: b.lugar ?? f.lugar,
    notas: b.notas ?? f.notas,
    estado: b.estado ?? f.estado,
    id_resultado: b.id_resultado !== undefined ? b.id_resultado : f.id_resultado,
    comentario_resultado: b.comentario_resultado ?? f.comentario_resultado,
    interes: b.interes !== undefined ? b.interes : f.interes,
  };
}

/** The fields an occurrence shares with its series: changing one of them alone makes it an exception. */
const CAMPOS_SERIE = [
  'titulo',
  'id_categoria',
  'inicio',
  'fin',
  'todo_el_dia',
  'lugar',
  'notas',
  'id_inmueble',
  'id_cliente_atendido',
  'id_solicitud',
  'asesores',
  'participantes',
];

export async function actualizar(o: Escritura & { id: number; body: CitaCambios }): Promise<Cita> {
  const f = await repo.porId(o.tx, o.id, true);
  if (!f) throw noEncontrado(`La cita ${o.id}`);
  const { confirmar, version, alcance, repetir, ...b } = o.body;
  if (f.id_serie !== null && alcance === 'serie') return actualizarSerie(o, f, false);
  if (f.id_serie !== null && repetir !== undefined)
    throw invalido(
      'alcance',
      `${L.repetir}: la repetición se cambia para toda la serie (alcance «serie»), no para una sola cita`,
    );
  if (f.id_serie === null && repetir) {
    // A single cita that starts repeating: it becomes the first occurrence of a new series.
    const idSerie = await repo.insertarSerie(o.tx, { repeticion: repetir, inicio: f.inicio, fin: f.fin }, o.user.usuario);
    await repo.ponerEnSerie(o.tx, f.id, { idSerie, inicioSerie: f.inicio, excepcion: false });
    return actualizarSerie(o, (await repo.porId(o.tx, o.id, true))!, true);
  }
  const actual = (await repo.vista(o.tx, o.id))!;
  const datos = fusionar(f, actual, b);
  const v = await validar(o.tx, datos);
  const mueve = v.inicio.getTime() !== f.inicio.getTime() || v.fin.getTime() !== f.fin.getTime();
  const nuevosAsesores = datos.asesores.filter((a) => !f.asesores.includes(a));
  if (mueve || nuevosAsesores.length || (ESTADOS_CERRADOS_CITA.includes(f.estado) && !ESTADOS_CERRADOS_CITA.includes(v.estado)))
    await revisarConflictos(o.tx, v, datos.asesores, o.id, confirmar);
  const ok = await escribiendo(async () => {
    const ok = await repo.actualizar(o.tx, o.id, version ?? null, v, o.user.usuario);
    if (ok) await repo.ponerPersonas(o.tx, o.id, datos.asesores, datos.participantes);
    return ok;
  });
  if (!ok)
    throw new AppError(
      CODES.CONFLICTO,
      `Otro usuario modificó la cita «${f.titulo}» mientras la editaba. Recárguela y vuelva a intentarlo.`,
    );
  const { asesores: asesoresAntes, participantes: partAntes, ...antes } = f;
  const c = cambios(
    { ...antes, asesores: asesoresAntes, participantes: partAntes },
    { ...v, asesores: datos.asesores, participantes: datos.participantes },
  );
  if (Object.keys(c).length)
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'modificar',
      entidad: ENTIDAD_CITA,
      entidadId: String(o.id),
      cambios: c,
      ip: o.ip,
    });
  // «Solo esta»: a later change to the whole series leaves this occurrence as it is now.
  if (f.id_serie !== null && !f.excepcion && CAMPOS_SERIE.some((k) => k in c)) await repo.marcarExcepcion(o.tx, o.id);
  await avisar(
    o,
    nuevosAsesores,
    TIPO_CARTA_CITA_NUEVA,
    `Nueva cita: ${v.titulo}`,
    `${o.user.usuario} le asignó «${v.titulo}» el ${cuando(v.inicio, v.todo_el_dia)}.`,
    o.id,
  );
  const siguen = datos.asesores.filter((a) => f.asesores.includes(a));
  const cambioEstado = v.estado !== f.estado;
  if (mueve || (cambioEstado && v.estado === 'cancelada')) {
    const que =
      v.estado === 'cancelada'
        ? `canceló «${v.titulo}» del ${cuando(f.inicio, f.todo_el_dia)}`
        : `movió «${v.titulo}» al ${cuando(v.inicio, v.todo_el_dia)}`;
    await avisar(
      o,
      siguen,
      TIPO_CARTA_CITA_CAMBIO,
      v.estado === 'cancelada' ? `Cita cancelada: ${v.titulo}` : `Cita modificada: ${v.titulo}`,
      `${o.user.usuario} ${que}.`,
      o.id,
    );
  }
  const quitados = f.asesores.filter((a) => !datos.asesores.includes(a));
  await avisar(
    o,
    quitados,
    TIPO_CARTA_CITA_CAMBIO,
    `Cita reasignada: ${v.titulo}`,
    `${o.user.usuario} le quitó «${v.titulo}» del ${cuando(f.inicio, f.todo_el_dia)}.`,
    o.id,
  );
  // A new start gets new jobs (their key carries the start); the old ones find it moved and do nothing.
  await programarRecordatorios(o.tx, o.id, v, datos.asesores);
  return obtener({ tx: o.tx, id: o.id });
}

export async function borrar(o: Escritura & { id: number; alcance?: AlcanceCita }): Promise<void> {
  const f = await repo.porId(o.tx, o.id, true);
  if (!f) throw noEncontrado(`La cita ${o.id}`);
  if (f.id_serie !== null && o.alcance === 'serie') return borrarSerie(o, f, f.id_serie);
  await repo.borrar(o.tx, o.id);
  if (f.id_serie !== null) {
    // The rule would give this start again when the series is changed: it is left out for good (EXDATE).
    await repo.excluirDeSerie(o.tx, f.id_serie, f.inicio_serie ?? f.inicio);
    await repo.borrarSerieVacia(o.tx, f.id_serie);
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'eliminar',
    entidad: ENTIDAD_CITA,
    entidadId: String(o.id),
    cambios: { titulo: { antes: f.titulo, despues: null }, inicio: { antes: f.inicio.toISOString(), despues: null } },
    ip: o.ip,
  });
  if (!ESTADOS_CERRADOS_CITA.includes(f.estado) && f.inicio.getTime() > Date.now())
    await avisar(
      o,
      f.asesores,
      TIPO_CARTA_CITA_CAMBIO,
      `Cita cancelada: ${f.titulo}`,
      `${o.user.usuario} eliminó «${f.titulo}» del ${cuando(f.inicio, f.todo_el_dia)}.`,
      o.id,
    );
}

export const minutosRecordatorio = async (o: Base & { user: Principal }) => ({
  minutos: (await repo.minutosRecordatorio(o.tx, o.user.idUsuario)) ?? MINUTOS_RECORDATORIO_DEFECTO,
});

export async function guardarMinutosRecordatorio(o: Base & { user: Principal; minutos: number }) {
  await repo.guardarMinutosRecordatorio(o.tx, o.user.idUsuario, o.minutos);
  return { minutos: o.minutos };
}

/**
 * The reminder job (notice 102): reads the cita when it runs. Nothing is sent when it was deleted,
 * cancelled, moved (its own job for the new start does it) or taken from this asesor; the row in
 * cita_recordatorio makes a second run of the same job send nothing.
 */
export async function enviarRecordatorio(
  o: Scope & { hub: Hub; mailer: Despertador; idEmpresa: number },
  d: { idCita: number; idUsuario: number; inicio: string },
): Promise<{ enviado: boolean; motivo?: string }> {
  const f = await repo.porId(o.tx, d.idCita);
  if (!f) return { enviado: false, motivo: 'la cita ya no existe' };
  if (f.inicio.toISOString() !== new Date(d.inicio).toISOString()) return { enviado: false, motivo: 'la cita cambió de hora' };
  if (ESTADOS_CERRADOS_CITA.includes(f.estado) || f.estado === 'realizada')
    return { enviado: false, motivo: `la cita está ${ETIQUETAS_ESTADO_CITA[f.estado].toLowerCase()}` };
  if (!f.asesores.includes(d.idUsuario)) return { enviado: false, motivo: 'el asesor ya no tiene la cita' };
  if (!(await repo.marcarRecordatorio(o.tx, d.idCita, d.idUsuario, d.inicio))) return { enviado: false, motivo: 'ya enviado' };
  await notificar(o, {
    idEmpresa: o.idEmpresa,
    idUsuario: d.idUsuario,
    tipoCarta: TIPO_CARTA_CITA_RECORDATORIO,
    titulo: `Recordatorio: ${f.titulo}`,
    // «6:00 a. m.» already ends in a period: the sentence does not add another.
    cuerpo: `Su cita «${f.titulo}» empieza el ${cuando(f.inicio, f.todo_el_dia)}${f.lugar ? ` en ${f.lugar}` : ''}.`.replace(
      /\.\.$/,
      '.',
    ),
    enlace: enlaceCita(d.idCita),
  });
  return { enviado: true };
}

// ----- Series (recurring citas) ------------------------------------------------------------------
// Each occurrence is a cita row (migration 0190): the calendar, conflicts, reminders, the feed and the
// change log treat it as any cita. A change to the whole series rebuilds its open occurrences from the
// rule; closed ones (realizada, cancelada, no asistió) and those changed on their own stay as they are.

/** Longer than the longest reminder a user may ask for (7 days), so a job never comes too late. */
const HORIZONTE_RECORDATORIOS_MS = 8 * 86_400_000;
const abierta = (f: Pick<repo.FilaCita, 'estado'>) => f.estado === 'programada' || f.estado === 'confirmada';

/**
 * Reminders of a series' open occurrences that start within the horizon, and a job at the next one's
 * turn that does the same: a two-year daily series writes a week of jobs, not 731 of them.
 */
export async function programarSerie(
  tx: Tx,
  idSerie: number,
  desde = Date.now(),
): Promise<{ citas: number; siguiente: string | null }> {
  const hasta = desde + HORIZONTE_RECORDATORIOS_MS;
  const r = await repo.abiertasDeSerie(tx, idSerie, new Date(desde), new Date(hasta));
  for (const c of r.citas) await programarRecordatorios(tx, c.id, { inicio: c.inicio, estado: 'programada' }, c.asesores);
  if (r.siguiente) {
    const en = new Date(r.siguiente.getTime() - HORIZONTE_RECORDATORIOS_MS);
    await encolar(tx, {
      tipo: TIPO_TRABAJO_RECORDATORIOS_SERIE,
      datos: { idSerie, desde: en.toISOString() },
      ejecutarEn: en,
      clave: `serie:${idSerie}:${r.siguiente.toISOString()}`,
    });
  }
  return { citas: r.citas.length, siguiente: r.siguiente?.toISOString() ?? null };
}

/** The job: the series' next week of reminders (from its turn, even when it runs late). */
export const recordatoriosSerie = (o: Base, d: { idSerie: number; desde: string }) =>
  programarSerie(o.tx, d.idSerie, Math.max(Date.now(), Date.parse(d.desde) || 0));

const valoresAuditados = (
  v: Omit<repo.ValoresCita, 'inicio' | 'fin'>,
  t: Tramo,
  asesores: number[],
  participantes: number[],
) => ({
  ...v,
  inicio: t.inicio,
  fin: t.fin,
  asesores,
  participantes,
});

async function crearSerie(o: Escritura, datos: Datos, repetir: Repeticion, confirmar: boolean): Promise<Cita> {
  const v = await validar(o.tx, datos);
  for (const i of reglasRepeticion(v.inicio, repetir)) throw invalido(i.path, i.message);
  const duracion = v.fin.getTime() - v.inicio.getTime();
  const tramos = expandirRepeticion(v.inicio, repetir).map((i) => ({ inicio: i, fin: new Date(i.getTime() + duracion) }));
  await revisarConflictos(o.tx, v, datos.asesores, null, confirmar, { tramos, idSerie: null });
  const { idSerie, ids } = await escribiendo(async () => {
    const idSerie = await repo.insertarSerie(o.tx, { repeticion: repetir, inicio: v.inicio, fin: v.fin }, o.user.usuario);
    const ids = await repo.insertarVarias(o.tx, v, tramos, idSerie, o.user.usuario);
    await repo.ponerPersonasVarias(o.tx, ids, datos.asesores, datos.participantes);
    return { idSerie, ids };
  });
  const descripcion = describirRepeticion(repetir, v.inicio);
  await registrarAuditorias(
    o.tx,
    ids.map((id, k) => ({
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'crear',
      entidad: ENTIDAD_CITA,
      entidadId: String(id),
      cambios: cambios({}, { ...valoresAuditados(v, tramos[k]!, datos.asesores, datos.participantes), repetir: descripcion }),
      ip: o.ip,
    })),
  );
  await avisar(
    o,
    datos.asesores,
    TIPO_CARTA_CITA_NUEVA,
    `Nueva cita: ${v.titulo}`,
    `${o.user.usuario} le asignó «${v.titulo}», ${descripcion.toLowerCase()} (${ids.length} citas), desde el ${cuando(tramos[0]!.inicio, v.todo_el_dia)}${v.lugar ? ` en ${v.lugar}` : ''}.`,
    ids[0]!,
  );
  await programarSerie(o.tx, idSerie);
  return obtener({ tx: o.tx, id: ids[0]! });
}

/**
 * «Toda la serie»: the occurrence's new values and its move (or a new rule) applied to every open
 * occurrence. The rule is moved with the occurrence (dragged from Monday to Tuesday, a weekly series
 * falls on Tuesdays); occurrences keep their rows (id, history) when the rule still has their start.
 */
async function actualizarSerie(
  o: Escritura & { id: number; body: CitaCambios },
  f: repo.FilaCita,
  reglaNueva: boolean,
): Promise<Cita> {
  const idSerie = f.id_serie!;
  const s = (await repo.serie(o.tx, idSerie))!;
  const { confirmar, version, alcance: _alcance, repetir, ...b } = o.body;
  const actual = (await repo.vista(o.tx, f.id))!;
  const datos = fusionar(f, actual, b);
  const v = await validar(o.tx, datos);
  const delta = v.inicio.getTime() - f.inicio.getTime();
  const duracion = v.fin.getTime() - v.inicio.getTime();
  const inicioSerie = new Date(s.inicio.getTime() + delta);
  const regla: Repeticion | null =
    repetir === undefined || (repetir !== null && !reglaNueva && mismaRepeticion(repetir, s.repeticion))
      ? s.repeticion.frecuencia === 'semanal'
        ? { ...s.repeticion, dias: correrDias(s.repeticion.dias, diasEntre(f.inicio, v.inicio)) }
        : s.repeticion
      : repetir;
  if (regla) for (const i of reglasRepeticion(inicioSerie, regla)) throw invalido(i.path, i.message);

  const filas = await repo.citasDeSerie(o.tx, idSerie);
  const fija = (r: repo.FilaCita) => r.id !== f.id && (r.excepcion || !abierta(r));
  const corre = (d: Date) => d.getTime() + delta;
  const ocupados = new Set([...filas.filter(fija).map((r) => corre(r.inicio_serie ?? r.inicio)), ...s.excluidas.map(corre)]);
  const objetivos = regla
    ? expandirRepeticion(inicioSerie, regla)
        .map((d) => d.getTime())
        .filter((t) => !ocupados.has(t))
    : [];
  if (regla && !objetivos.length)
    throw invalido('repetir', `${L.repetir}: con esas opciones no queda ninguna cita abierta en la serie`);
  const libres = filas.filter((r) => !fija(r));
  const restantes = new Set(objetivos);
  const destino = new Map<number, number>();
  // The edited occurrence first: its own slot in the new rule, else the rule's nearest start after it.
  const ranura = (r: repo.FilaCita) => corre(r.inicio_serie ?? r.inicio);
  if (!regla) destino.set(f.id, v.inicio.getTime());
  else {
    const propia = restantes.has(v.inicio.getTime())
      ? v.inicio.getTime()
      : (objetivos.find((t) => t >= ranura(f) && restantes.has(t)) ?? objetivos.filter((t) => restantes.has(t)).at(-1)!);
    destino.set(f.id, propia);
    restantes.delete(propia);
    for (const r of libres)
      if (r.id !== f.id && restantes.has(ranura(r))) {
        destino.set(r.id, ranura(r));
        restantes.delete(ranura(r));
      }
    const quedan = [...restantes].sort((x, y) => x - y);
    for (const r of libres) if (!destino.has(r.id) && quedan.length) destino.set(r.id, quedan.shift()!);
    restantes.clear();
    for (const t of quedan) restantes.add(t);
  }
  const sobran = libres.filter((r) => !destino.has(r.id));
  const nuevos = [...restantes].sort((x, y) => x - y).map((t) => ({ inicio: new Date(t), fin: new Date(t + duracion) }));
  const tramo = (t: number) => ({ inicio: new Date(t), fin: new Date(t + duracion) });
  const movidas = [...destino.entries()].map(([id, t]) => ({ id, ...tramo(t) }));
  const propio = movidas.find((m) => m.id === f.id)!;

  const cambiaRegla = regla === null || !mismaRepeticion(regla, s.repeticion);
  const nuevosAsesores = datos.asesores.filter((a) => !f.asesores.includes(a));
  const mueve = delta !== 0 || duracion !== f.fin.getTime() - f.inicio.getTime() || cambiaRegla;
  if (mueve || nuevosAsesores.length)
    await revisarConflictos(o.tx, { ...v, estado: 'programada' }, datos.asesores, null, confirmar, {
      tramos: [...movidas, ...nuevos],
      idSerie,
    });

  const comunes = { ...v, inicio: propio.inicio, fin: propio.fin };
  let idsNuevos: number[] = [];
  await escribiendo(async () => {
    const ok = await repo.actualizar(o.tx, f.id, version ?? null, comunes, o.user.usuario);
    if (!ok)
      throw new AppError(
        CODES.CONFLICTO,
        `Otro usuario modificó la cita «${f.titulo}» mientras la editaba. Recárguela y vuelva a intentarlo.`,
      );
    await repo.actualizarVarias(
      o.tx,
      v,
      movidas.filter((m) => m.id !== f.id),
      o.user.usuario,
    );
    await repo.borrarVarias(
      o.tx,
      sobran.map((r) => r.id),
    );
    idsNuevos = await repo.insertarVarias(
      o.tx,
      { ...v, estado: 'programada', id_resultado: null, comentario_resultado: '', interes: null },
      nuevos,
      idSerie,
      o.user.usuario,
    );
    await repo.ponerPersonasVarias(o.tx, [...destino.keys(), ...idsNuevos], datos.asesores, datos.participantes);
  });
  await repo.correrRanuras(
    o.tx,
    filas.filter(fija).map((r) => r.id),
    delta,
  );
  await repo.actualizarSerie(o.tx, idSerie, {
    repeticion: regla ?? s.repeticion,
    inicio: inicioSerie,
    fin: new Date(inicioSerie.getTime() + duracion),
    excluidas: s.excluidas.map((d) => new Date(corre(d))),
  });
  if (regla) await repo.ponerEnSerie(o.tx, f.id, { idSerie, inicioSerie: propio.inicio, excepcion: false });
  else {
    // «No se repite»: this cita stays on its own; closed occurrences keep the series as history.
    await repo.ponerEnSerie(o.tx, f.id, { idSerie: null, inicioSerie: null, excepcion: false });
    await repo.borrarSerieVacia(o.tx, idSerie);
  }

  const descripcion = (r: Repeticion | null) => (r ? describirRepeticion(r, inicioSerie) : 'No se repite');
  const antesDe = new Map(filas.map((r) => [r.id, r]));
  const auditoria: EntradaAuditoria[] = [];
  const entrada = (id: number, accion: string, c: Cambios) =>
    auditoria.push({
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion,
      entidad: ENTIDAD_CITA,
      entidadId: String(id),
      cambios: c,
      ip: o.ip,
    });
  for (const m of movidas) {
    const a = antesDe.get(m.id)!;
    const { asesores: asesoresAntes, participantes: partAntes, ...antes } = a;
    const despues =
      m.id === f.id
        ? { ...comunes, asesores: datos.asesores, participantes: datos.participantes }
        : {
            ...valoresAuditados(v, m, datos.asesores, datos.participantes),
            estado: a.estado,
            id_resultado: a.id_resultado,
            comentario_resultado: a.comentario_resultado,
            interes: a.interes,
          };
    const c = cambios({ ...antes, asesores: asesoresAntes, participantes: partAntes }, despues);
    if (m.id === f.id && cambiaRegla) c.repetir = { antes: descripcion(s.repeticion), despues: descripcion(regla) };
    if (Object.keys(c).length) entrada(m.id, 'modificar', c);
  }
  for (const r of sobran)
    entrada(r.id, 'eliminar', {
      titulo: { antes: r.titulo, despues: null },
      inicio: { antes: r.inicio.toISOString(), despues: null },
    });
  idsNuevos.forEach((id, k) =>
    entrada(
      id,
      'crear',
      cambios({}, { ...valoresAuditados(v, nuevos[k]!, datos.asesores, datos.participantes), estado: 'programada' }),
    ),
  );
  await registrarAuditorias(o.tx, auditoria);

  const n = movidas.length + idsNuevos.length;
  await avisar(
    o,
    nuevosAsesores,
    TIPO_CARTA_CITA_NUEVA,
    `Nueva cita: ${v.titulo}`,
    `${o.user.usuario} le asignó «${v.titulo}», ${descripcion(regla).toLowerCase()} (${n} citas).`,
    f.id,
  );
  if (mueve)
    await avisar(
      o,
      datos.asesores.filter((a) => f.asesores.includes(a)),
      TIPO_CARTA_CITA_CAMBIO,
      `Cita modificada: ${v.titulo}`,
      `${o.user.usuario} cambió la serie «${v.titulo}»: ${descripcion(regla).toLowerCase()} (${n} citas).`,
      f.id,
    );
  await avisar(
    o,
    f.asesores.filter((a) => !datos.asesores.includes(a)),
    TIPO_CARTA_CITA_CAMBIO,
    `Cita reasignada: ${v.titulo}`,
    `${o.user.usuario} le quitó la serie «${v.titulo}».`,
    f.id,
  );
  if (regla) await programarSerie(o.tx, idSerie);
  else await programarRecordatorios(o.tx, f.id, comunes, datos.asesores);
  return obtener({ tx: o.tx, id: f.id });
}

/** «Toda la serie»: its open occurrences go; closed ones stay as the history of what happened. */
async function borrarSerie(o: Escritura, f: repo.FilaCita, idSerie: number): Promise<void> {
  const filas = await repo.citasDeSerie(o.tx, idSerie);
  const van = filas.filter((r) => r.id === f.id || abierta(r));
  await repo.borrarVarias(
    o.tx,
    van.map((r) => r.id),
  );
  await repo.borrarSerieVacia(o.tx, idSerie);
  await registrarAuditorias(
    o.tx,
    van.map((r) => ({
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'eliminar',
      entidad: ENTIDAD_CITA,
      entidadId: String(r.id),
      cambios: { titulo: { antes: r.titulo, despues: null }, inicio: { antes: r.inicio.toISOString(), despues: null } },
      ip: o.ip,
    })),
  );
  const futuras = van.filter((r) => abierta(r) && r.inicio.getTime() > Date.now());
  if (futuras.length)
    await avisar(
      o,
      [...new Set(futuras.flatMap((r) => r.asesores))],
      TIPO_CARTA_CITA_CAMBIO,
      `Cita cancelada: ${f.titulo}`,
      `${o.user.usuario} eliminó la serie «${f.titulo}» (${futuras.length} citas desde el ${cuando(futuras[0]!.inicio, futuras[0]!.todo_el_dia)}).`,
      f.id,
    );
}

export const contarHoy = (tx: Tx, user: Principal) => repo.contarHoy(tx, user.idUsuario);

// ----- Modificaciones de agenda (idm 19) ---------------------------------------------------------

const fechaHoraBogota = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

async function aModificaciones(tx: Tx, filas: repo.FilaModificacionAgenda[]): Promise<ModificacionAgenda[]> {
  const n = await repo.nombres(tx);
  const numeros = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  const idsTerceros = filas
    .filter((f) => f.campo === 'participantes')
    .flatMap((f) => [...numeros(f.valor?.antes), ...numeros(f.valor?.despues)]);
  const idsInmuebles = filas
    .filter((f) => f.campo === 'id_inmueble')
    .flatMap((f) => [f.valor?.antes, f.valor?.despues].filter((x): x is number => typeof x === 'number'));
  const [terceros, inmuebles] = await Promise.all([
    repo.nombresTerceros(tx, idsTerceros),
    repo.consecutivosInmueble(tx, idsInmuebles),
  ]);
  const texto = (campo: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '';
    if (campo === 'asesores')
      return numeros(v)
        .map((i) => n.usuarios.get(i) ?? `#${i}`)
        .join(', ');
    if (campo === 'participantes')
      return numeros(v)
        .map((i) => terceros.get(i) ?? `#${i}`)
        .join(', ');
    if (campo === 'id_categoria') return n.categorias.get(Number(v)) ?? `#${String(v)}`;
    if (campo === 'id_resultado') return n.resultados.get(Number(v)) ?? `#${String(v)}`;
    if (campo === 'id_inmueble') return String(inmuebles.get(Number(v)) ?? `#${String(v)}`);
    if (campo === 'estado') return ETIQUETAS_ESTADO_CITA[v as keyof typeof ETIQUETAS_ESTADO_CITA] ?? String(v);
    if (campo === 'inicio' || campo === 'fin') return fechaHoraBogota.format(new Date(String(v)));
    if (typeof v === 'boolean') return v ? 'Sí' : 'No';
    return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number);
  };
  return filas.map((f) => ({
    clave: `${f.id}:${f.campo}`,
    fecha: new Date(f.creado_en).toISOString(),
    usuario: f.usuario,
    accion: f.accion,
    id_cita: f.id_cita,
    titulo: f.titulo ?? '',
    campo: f.campo,
    antes: texto(f.campo, f.valor?.antes),
    despues: texto(f.campo, f.valor?.despues),
  }));
}

function rangoFechas(q: { desde?: string | undefined; hasta?: string | undefined }) {
  if (q.desde && q.hasta && q.hasta < q.desde) throw invalido('hasta', 'La fecha hasta debe ser igual o posterior a desde');
}

export async function modificaciones(o: Base & { query: ModificacionesAgendaQuery }): Promise<ListResult<ModificacionAgenda>> {
  const q = o.query;
  rangoFechas(q);
  const r = await repo.modificaciones(o.tx, {
    desde: q.desde,
    hasta: q.hasta,
    idCita: q.id_cita,
    asesor: q.asesor,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { items: await aModificaciones(o.tx, r.filas), total: r.total };
}

// Written as text: the spreadsheet writers keep only the day of a date, and a cita needs its hour.
const FECHA_HORA = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const fechaHora = (iso: string) => FECHA_HORA.format(new Date(iso));

/**
 * The calendar's range with its filters, as Excel, CSV or an .ics file another calendar imports. The
 * range is the calendar's (at most RANGO_MAXIMO_DIAS), so the file stays small.
 */
export async function exportar(o: Base & { user: Principal; query: CitasExportarQuery }): Promise<Archivo> {
  const { formato, ...query } = o.query;
  const citas = await listarCompletas({ tx: o.tx, query });
  const base = 'agenda';
  if (formato === 'ics')
    return {
      nombre: `agenda-${query.desde.slice(0, 10)}.ics`,
      contentType: 'text/calendar; charset=utf-8',
      contenido: Buffer.from(calendarioIcs({ nombre: 'Agenda (Predio)', citas, idEmpresa: o.user.idEmpresa })),
    };
  const hoja = {
    encabezados: [
      'Cita',
      'Inicio',
      'Fin',
      'Todo el día',
      'Título',
      'Categoría',
      'Estado',
      'Asesores',
      'Participantes',
      'Inmueble',
      'Lugar',
      'Resultado',
      'Notas',
    ],
    filas: citas.map((c) => [
      c.id,
      fechaHora(c.inicio),
      fechaHora(c.fin),
      c.todo_el_dia ? 'Sí' : 'No',
      c.titulo,
      c.categoria?.nombre ?? '',
      ETIQUETAS_ESTADO_CITA[c.estado],
      c.asesores.map((a) => a.nombre).join(', '),
      c.participantes.map((p) => (p.telefono ? `${p.nombre} (${p.telefono})` : p.nombre)).join(', '),
      c.inmueble ? `${c.inmueble.consecutivo} · ${c.inmueble.direccion}` : '',
      c.lugar,
      c.resultado?.nombre ?? '',
      c.notas,
    ]),
  };
  return exportarHoja({ hoja, base, titulo: 'Agenda', formato });
}

export async function exportarModificaciones(
  o: Base & { query: ModificacionesAgendaQuery & { formato: 'csv' | 'xlsx' } },
): Promise<Archivo> {
  const q = o.query;
  rangoFechas(q);
  const r = await repo.modificaciones(o.tx, {
    desde: q.desde,
    hasta: q.hasta,
    idCita: q.id_cita,
    asesor: q.asesor,
    limit: MODIFICACIONES_AGENDA_MAX_EXPORT,
    offset: 0,
  });
  if (r.total > MODIFICACIONES_AGENDA_MAX_EXPORT)
    throw invalido(
      'hasta',
      `La exportación admite máximo 50.000 filas y el filtro tiene ${r.total.toLocaleString('es-CO')}: acote las fechas.`,
    );
  const items = await aModificaciones(o.tx, r.filas);
  const hoja = {
    encabezados: ['Fecha', 'Usuario', 'Cita', 'Título', 'Campo', 'Antes', 'Después', 'Acción'],
    filas: items.map((m) => [
      new Date(m.fecha),
      m.usuario,
      m.id_cita,
      m.titulo,
      etiquetaCampoCita(m.campo),
      m.antes,
      m.despues,
      ETIQUETAS_ACCION_CITA[m.accion] ?? m.accion,
    ]),
  };
  return exportarHoja({ hoja, base: 'modificaciones-agenda', titulo: 'Modificaciones de agenda', formato: q.formato });
}

/**
 * E-mails the cita to its participants (clients, owners) with an .ics their calendar adds: through the
 * outbox, so it goes after the commit and is retried. Those without an e-mail are named back, so the
 * user can call them instead.
 */
export async function invitarParticipantes(
  o: Scope & { user: Principal; ip: string; mailer: Despertador; storage: Storage; id: number; mensaje: string },
): Promise<InvitacionCita> {
  const c = await obtener({ tx: o.tx, id: o.id });
  if (ESTADOS_CERRADOS_CITA.includes(c.estado))
    throw invalido('estado', `La cita está ${ETIQUETAS_ESTADO_CITA[c.estado].toLowerCase()}: no se envía a los participantes`);
  if (!c.participantes.length) throw invalido('participantes', 'La cita no tiene participantes a quienes enviarla');
  const conCorreo = c.participantes.filter((p) => p.email);
  const sinCorreo = c.participantes.filter((p) => !p.email).map((p) => p.nombre);
  if (!conCorreo.length) throw invalido('participantes', `Ningún participante tiene correo: ${sinCorreo.join(', ')}`);
  const ics = Buffer.from(calendarioIcs({ nombre: c.titulo, citas: [c], idEmpresa: o.user.idEmpresa }), 'utf8');
  const cuandoEs = cuando(new Date(c.inicio), c.todo_el_dia);
  const nombre = 'cita.ics';
  // Stored once under correos/, which the outbox's clean-up empties; every message points at it.
  const clave = `${o.user.idEmpresa}/correos/${randomUUID()}-${nombre}`;
  await o.storage.put(clave, ics);
  for (const p of conCorreo) {
    await encolarCorreo(o, {
      para: p.email,
      asunto: `Cita: ${c.titulo} — ${cuandoEs}`,
      texto: [
        `${p.nombre}:`,
        '',
        o.mensaje || 'Le confirmamos la cita:',
        '',
        `${c.titulo}`,
        `Cuándo: ${cuandoEs}`,
        c.lugar ? `Dónde: ${c.lugar}` : null,
        c.asesores.length ? `Con: ${c.asesores.map((a) => a.nombre).join(', ')}` : null,
        '',
        'El archivo adjunto (cita.ics) la agrega a su calendario.',
      ]
        .filter((l) => l !== null)
        .join('\n'),
      origen: 'agenda',
      adjuntos: [{ nombre, clave, tipo: 'text/calendar' }],
      idUsuario: o.user.idUsuario || null,
      entidad: ENTIDAD_CITA,
      entidadId: String(c.id),
    });
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'enviar',
    entidad: ENTIDAD_CITA,
    entidadId: String(c.id),
    cambios: { enviada_a: { antes: null, despues: conCorreo.map((p) => p.email).join(', ') } },
    ip: o.ip,
  });
  return { enviados: conCorreo.map((p) => p.nombre), sin_correo: sinCorreo };
}
