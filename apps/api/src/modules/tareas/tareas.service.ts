import { CODES } from '@predio/contract/codes';
import { IDM_BUSCAR_GESTION_DOCUMENTAL, IDM_GESTION_DOCUMENTAL } from '@predio/contract/gestion-documental';
import { festivos } from '@predio/contract/festivos';
import type { ListaAcotada, ListResult } from '@predio/contract/list';
import { hasIdm } from '@predio/contract/menu';
import {
  ESTADOS_CERRADOS_TAREA,
  ETIQUETAS_ESTADO_TAREA,
  ETIQUETAS_RECURRENCIA,
  ETIQUETAS_GUION,
  ETIQUETAS_TAREA,
  IDM_LISTAS_VERIFICACION,
  TAREAS_MAX_EXPORT,
  TIPO_CARTA_TAREA_ASIGNADA,
  TIPO_CARTA_TAREA_COMENTARIO,
  TIPO_CARTA_TAREA_VENCE,
  etiquetaCampoTarea,
  type AvisoTarea,
  type ComentarioForm,
  type GuionCategoria,
  type ListaVerificacion,
  type ListaVerificacionForm,
  type ModTarea,
  type ModTareaExportarQuery,
  type ModTareaQuery,
  type OpcionesTareas,
  type PlaybookForm,
  type Tarea,
  type TareaCambios,
  type TareaForm,
  type TareaResumen,
  type TareasExportarQuery,
  type TareasQuery,
} from '@predio/contract/tareas';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { sanearTextoRico, textoPlano } from '../../platform/documentos/texto-rico.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './tareas.repo.ts';

type Base = { tx: Tx };
type Lectura = Base & { user: Principal };
type Escritura = Scope & { user: Principal; ip: string; hub: Hub; mailer: Despertador };

export const ENTIDAD_TAREA = 'tareas';
export const ENTIDAD_LISTA = 'listas_verificacion';
export const SERIE_TAREA = 'tarea';
export const TIPO_TRABAJO_DIARIO = 'tareas.diario';
export const TIPO_TRABAJO_DIARIO_EMPRESA = 'tareas.diario-empresa';
const L = ETIQUETAS_TAREA;
/** Who may link a documento: who files radicados or searches them. */
const IDMS_DOCUMENTO = [IDM_GESTION_DOCUMENTAL, IDM_BUSCAR_GESTION_DOCUMENTAL];
export const enlaceTarea = (consecutivo: number) => `/tareas/tarea/${consecutivo}`;

/**
 * Who sees every task of the company (view «Todas», any task's detail): the company administrator, or a
 * user holding idm 10586 (Listas de verificación, the module's set-up: the supervisor of the work). Anyone
 * else sees the tasks they are responsible for, follow or requested.
 */
export const veTodas = (u: Principal) => u.admemp || u.soporte || hasIdm(u.permisos, IDM_LISTAS_VERIFICACION);

const CAMPO_FK: Record<string, keyof typeof L> = {
  tarea_id_categoria_fk: 'id_categoria',
  tarea_id_prioridad_fk: 'id_prioridad',
  tarea_id_inmueble_fk: 'consecutivo_inmueble',
  tarea_id_tercero_fk: 'id_tercero',
  tarea_id_cliente_atendido_fk: 'id_cliente_atendido',
  tarea_id_solicitud_fk: 'numero_solicitud',
  tarea_id_cita_fk: 'id_cita',
  tarea_id_radicado_fk: 'id_radicado',
  tarea_persona_usuario_fk: 'responsables',
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

// ----- dates --------------------------------------------------------------------------------------

const BOGOTA_MS = 5 * 3_600_000;
const diaBogota = (d: Date) => new Date(d.getTime() - BOGOTA_MS).toISOString().slice(0, 10);
const esHabil = (dia: string) => {
  const w = new Date(`${dia}T12:00:00Z`).getUTCDay();
  return w !== 0 && w !== 6 && !festivos(Number(dia.slice(0, 4))).has(dia);
};

/**
 * `dias` business days after `desde` (Monday to Friday, Colombian holidays excluded: the agenda's
 * festivos), at 18:00 Bogotá: the end of that working day.
 */
export function sumarDiasHabiles(desde: Date, dias: number): Date {
  let dia = diaBogota(desde);
  let n = 0;
  while (n < dias || !esHabil(dia)) {
    dia = new Date(Date.parse(`${dia}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (esHabil(dia)) n++;
  }
  return new Date(`${dia}T18:00:00-05:00`);
}

const cuando = (d: Date | null) =>
  d === null
    ? ''
    : new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'medium', timeStyle: 'short' }).format(d);

// ----- reading ------------------------------------------------------------------------------------

async function participa(tx: Tx, f: repo.FilaTarea, user: Principal): Promise<boolean> {
  return f.id_solicitante === user.idUsuario || f.responsables.includes(user.idUsuario) || f.seguidores.includes(user.idUsuario);
}

/** The task if the caller may see it; otherwise «no existe» (another's task is not revealed). */
export async function visible(tx: Tx, user: Principal, consecutivo: number, bloquear = false): Promise<repo.FilaTarea> {
  const f = await repo.porConsecutivo(tx, consecutivo, bloquear);
  if (!f || !(veTodas(user) || (await participa(tx, f, user)))) throw noEncontrado(`La tarea ${consecutivo}`);
  return f;
}

async function filtros(
  tx: Tx,
  user: Principal,
  q: Omit<TareasQuery, 'page' | 'pageSize' | 'sort' | 'order'>,
): Promise<repo.Filtros | null> {
  let idInmueble: number | undefined;
  if (q.consecutivo_inmueble !== undefined) {
    const i = await repo.inmueblePorConsecutivo(tx, q.consecutivo_inmueble);
    if (!i) return null;
    idInmueble = i.id;
  }
  let idSolicitud: number | undefined;
  if (q.numero_solicitud !== undefined) {
    const s = await repo.solicitudPorNumero(tx, q.numero_solicitud);
    if (s === null) return null;
    idSolicitud = s;
  }
  if (q.vence_desde && q.vence_hasta && q.vence_hasta < q.vence_desde)
    throw invalido('vence_hasta', 'La fecha vence hasta debe ser igual o posterior a vence desde');
  return {
    vista: q.vista,
    idUsuario: user.idUsuario,
    veTodas: veTodas(user),
    q: q.q,
    responsable: q.responsable,
    categoria: q.categoria,
    prioridad: q.prioridad,
    estado: q.estado,
    abiertas: q.abiertas === 'si',
    venceDesde: q.vence_desde,
    venceHasta: q.vence_hasta,
    vencidas: q.vencidas === 'si',
    idInmueble,
    idTercero: q.id_tercero,
    idClienteAtendido: q.id_cliente_atendido,
    idSolicitud,
    idCita: q.id_cita,
    idRadicado: q.id_radicado,
  };
}

export async function listar(o: Lectura & { query: TareasQuery }): Promise<ListaAcotada<TareaResumen>> {
  const q = o.query;
  const f = await filtros(o.tx, o.user, q);
  if (!f) return { items: [], total: 0 };
  return repo.listar(o.tx, f, { sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

export async function obtener(o: Lectura & { consecutivo: number }): Promise<Tarea> {
  const f = await visible(o.tx, o.user, o.consecutivo);
  const r = (await repo.resumen(o.tx, f.id))!;
  const [seguidores, items, comentarios, historial, tercero, radicado] = await Promise.all([
    repo.usuarios(o.tx, f.seguidores),
    repo.items(o.tx, f.id),
    repo.comentarios(o.tx, f.id),
    repo.historial(o.tx, f.id),
    repo.terceroNombre(o.tx, f.id_tercero),
    repo.radicado(o.tx, f.id_radicado),
  ]);
  return {
    ...r,
    descripcion: f.descripcion,
    seguidores: seguidores.map(({ id, nombre }) => ({ id, nombre })),
    id_tercero: f.id_tercero,
    tercero,
    id_cliente_atendido: f.id_cliente_atendido,
    numero_solicitud: await repo.numeroSolicitud(o.tx, f.id_solicitud),
    id_cita: f.id_cita,
    id_radicado: f.id_radicado,
    radicado,
    recurrencia: f.recurrencia,
    items,
    comentarios,
    historial,
    version: f.version,
    puede_editar: true,
  };
}

export async function opciones(o: Lectura): Promise<OpcionesTareas> {
  return { ...(await repo.opciones(o.tx)), ve_todas: veTodas(o.user) };
}

export const contarAbiertas = (tx: Tx, user: Principal) => repo.contarAbiertas(tx, user.idUsuario);

// ----- writing ------------------------------------------------------------------------------------

type Relacion = Pick<
  TareaForm,
  'consecutivo_inmueble' | 'id_tercero' | 'id_cliente_atendido' | 'numero_solicitud' | 'id_cita' | 'id_radicado'
>;

async function validarPersonas(tx: Tx, responsables: number[], seguidores: number[]) {
  const us = await repo.usuarios(tx, [...responsables, ...seguidores]);
  for (const [campo, lista] of [
    ['responsables', responsables],
    ['seguidores', seguidores],
  ] as const) {
    for (const idU of lista) {
      const u = us.find((x) => x.id === idU);
      if (!u) throw invalido(campo, `El campo ${L[campo]}: el usuario ${idU} no es un usuario de esta empresa`);
      if (!u.activo && campo === 'responsables') throw invalido(campo, `El campo ${L[campo]}: ${u.nombre} está inactivo`);
    }
  }
}

async function validarMaestros(tx: Tx, d: { id_categoria: number | null; id_prioridad: number | null }) {
  if (d.id_categoria !== null && !(await repo.existe(tx, 'tareas_categorias', d.id_categoria)))
    throw invalido('id_categoria', `El campo ${L.id_categoria} no existe en esta empresa`);
  if (d.id_prioridad !== null && !(await repo.existe(tx, 'tareas_prioridades', d.id_prioridad)))
    throw invalido('id_prioridad', `El campo ${L.id_prioridad} no existe en esta empresa`);
}

async function resolverRelacion(
  tx: Tx,
  user: Principal,
  d: Relacion,
): Promise<
  { id_inmueble: number | null; id_solicitud: number | null } & Omit<Relacion, 'consecutivo_inmueble' | 'numero_solicitud'>
> {
  const tablas = [
    ['id_tercero', 'terceros'],
    ['id_cliente_atendido', 'cliente_atendido'],
    ['id_cita', 'cita'],
    ['id_radicado', 'radicado'],
  ] as const;
  // A documento is linked by who may see radicados: the task then names it to everyone on it.
  if (d.id_radicado !== null && !IDMS_DOCUMENTO.some((idm) => hasIdm(user.permisos, idm)))
    throw invalido('id_radicado', `El campo ${L.id_radicado}: vincular un radicado requiere el permiso de gestión documental`);
  for (const [campo, tabla] of tablas) {
    const v = d[campo];
    if (v !== null && !(await repo.existe(tx, tabla, v))) throw invalido(campo, `El campo ${L[campo]} no existe en esta empresa`);
  }
  let idSolicitud: number | null = null;
  if (d.numero_solicitud !== null) {
    idSolicitud = await repo.solicitudPorNumero(tx, d.numero_solicitud);
    if (idSolicitud === null) throw invalido('numero_solicitud', `La solicitud ${d.numero_solicitud} no existe en esta empresa`);
  }
  let idInmueble: number | null = null;
  if (d.consecutivo_inmueble !== null) {
    const i = await repo.inmueblePorConsecutivo(tx, d.consecutivo_inmueble);
    if (!i) throw invalido('consecutivo_inmueble', `El inmueble ${d.consecutivo_inmueble} no existe en esta empresa`);
    idInmueble = i.id;
  }
  return {
    id_inmueble: idInmueble,
    id_tercero: d.id_tercero,
    id_cliente_atendido: d.id_cliente_atendido,
    id_solicitud: idSolicitud,
    id_cita: d.id_cita,
    id_radicado: d.id_radicado,
  };
}

function avisoVencePasado(venceEn: Date | null, confirmar: boolean) {
  if (confirmar || venceEn === null || venceEn.getTime() >= Date.now()) return;
  const data: AvisoTarea = { vence_en_pasado: true };
  throw new AppError(
    CODES.CONFLICTO,
    `La fecha de vencimiento (${cuando(venceEn)}) ya pasó. Confirme para guardarla de todos modos.`,
    undefined,
    undefined,
    data,
  );
}

async function avisar(o: Escritura, ids: number[], tipoCarta: number, titulo: string, cuerpo: string, consecutivo: number) {
  for (const idUsuario of new Set(ids)) {
    // Whoever does something needs no notice of it.
    if (idUsuario === o.user.idUsuario) continue;
    await notificar(o, { idEmpresa: o.user.idEmpresa, idUsuario, tipoCarta, titulo, cuerpo, enlace: enlaceTarea(consecutivo) });
  }
}

/** The values as a person reads them, for the history (names, Bogotá dates, labels). */
async function legible(tx: Tx, v: Partial<repo.ValoresTarea> & { responsables?: number[]; seguidores?: number[] }) {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'id_categoria') out[k] = await repo.nombre(tx, 'tareas_categorias', x as number | null);
    else if (k === 'id_prioridad') out[k] = await repo.nombre(tx, 'tareas_prioridades', x as number | null);
    else if (k === 'id_solicitante') continue;
    else if (k === 'responsables' || k === 'seguidores') out[k] = await repo.nombresUsuarios(tx, x as number[]);
    else if (k === 'vence_en') out[k] = cuando(x as Date | null);
    else if (k === 'estado') out[k] = ETIQUETAS_ESTADO_TAREA[x as keyof typeof ETIQUETAS_ESTADO_TAREA] ?? String(x);
    else if (k === 'recurrencia') out[k] = x ? ETIQUETAS_RECURRENCIA[x as keyof typeof ETIQUETAS_RECURRENCIA] : '';
    // The history and the audit read as text: the description's HTML is not for them.
    else if (k === 'descripcion') out[k] = textoPlano(String(x ?? '')).slice(0, 500);
    else out[k] = x === null || x === undefined ? '' : String(x as string | number);
  }
  return out;
}

function diferencias(antes: Record<string, string>, despues: Record<string, string>): repo.Cambio[] {
  return Object.keys(despues)
    .filter((k) => (antes[k] ?? '') !== despues[k])
    .map((k) => ({ campo: k, antes: antes[k] ?? '', despues: despues[k]! }));
}

const auditar = (o: Escritura, accion: string, id: number, cambios: repo.Cambio[]) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_TAREA,
    entidadId: String(id),
    cambios: Object.fromEntries(cambios.map((c) => [c.campo, { antes: c.antes, despues: c.despues }])),
    ip: o.ip,
  });

async function historial(o: Escritura, idTarea: number, accion: string, cambios: repo.Cambio[]) {
  await repo.registrarHistorial(o.tx, { idTarea, idUsuario: o.user.idUsuario || null, usuario: o.user.usuario, accion, cambios });
  if (cambios.length) await auditar(o, accion, idTarea, cambios);
}

export async function crear(o: Escritura & { body: TareaForm }): Promise<Tarea> {
  const d = o.body;
  await validarPersonas(o.tx, d.responsables, d.seguidores);
  await validarMaestros(o.tx, d);
  const rel = await resolverRelacion(o.tx, o.user, d);
  if (d.id_lista_verificacion !== null && !(await repo.existe(o.tx, 'lista_verificacion', d.id_lista_verificacion)))
    throw invalido('id_lista_verificacion', `El campo ${L.id_lista_verificacion} no existe en esta empresa`);
  // The category's playbook fills what the form left empty: the due date and the checklist.
  const pb = d.id_categoria !== null ? await repo.playbook(o.tx, d.id_categoria) : null;
  let venceEn = d.vence_en ? new Date(d.vence_en) : null;
  if (!venceEn && pb?.dias_habiles_vence != null) venceEn = sumarDiasHabiles(new Date(), pb.dias_habiles_vence);
  avisoVencePasado(venceEn, d.confirmar);
  const idLista = d.id_lista_verificacion ?? (d.items.length ? null : (pb?.id_lista_verificacion ?? null));
  const items = [...(idLista !== null ? await repo.itemsDeLista(o.tx, idLista) : []), ...d.items];
  const v: repo.ValoresTarea = {
    titulo: d.titulo,
    descripcion: sanearTextoRico(d.descripcion),
    id_categoria: d.id_categoria,
    id_prioridad: d.id_prioridad,
    id_solicitante: o.user.idUsuario || null,
    vence_en: venceEn,
    estado: 'pendiente',
    ...rel,
    recurrencia: d.recurrencia,
  };
  const consecutivo = await siguiente(o.tx, { serie: SERIE_TAREA });
  const id = await escribiendo(async () => {
    const id = (await repo.insertar(o.tx, v, { consecutivo, usuario: o.user.usuario }))!;
    await repo.ponerPersonas(o.tx, id, d.responsables, d.seguidores);
    await repo.agregarItems(o.tx, id, items);
    return id;
  });
  const { id_inmueble, id_tercero, id_cliente_atendido, id_solicitud, id_cita, id_radicado, ...resto } = v;
  const valores = await legible(o.tx, { ...resto, responsables: d.responsables, seguidores: d.seguidores });
  const rels = { id_inmueble, id_tercero, id_cliente_atendido, id_solicitud, id_cita };
  for (const [k, x] of Object.entries(rels))
    if (x !== null)
      valores[k === 'id_inmueble' ? 'consecutivo_inmueble' : k === 'id_solicitud' ? 'numero_solicitud' : k] = String(
        k === 'id_inmueble' ? d.consecutivo_inmueble : k === 'id_solicitud' ? d.numero_solicitud : x,
      );
  // The documento as people name it: its radicado number, not the row's id.
  if (id_radicado !== null) valores.id_radicado = (await repo.radicado(o.tx, id_radicado))?.radicado ?? String(id_radicado);
  if (items.length) valores.items = `${items.length} ítems`;
  await historial(o, id, 'crear', diferencias({}, valores));
  await avisar(
    o,
    d.responsables,
    TIPO_CARTA_TAREA_ASIGNADA,
    `Tarea asignada: ${v.titulo}`,
    `${o.user.usuario} le asignó la tarea ${consecutivo} «${v.titulo}»${venceEn ? `, vence el ${cuando(venceEn)}` : ''}.`,
    consecutivo,
  );
  return obtener({ tx: o.tx, user: o.user, consecutivo });
}

export async function actualizar(o: Escritura & { consecutivo: number; body: TareaCambios }): Promise<Tarea> {
  const f = await visible(o.tx, o.user, o.consecutivo, true);
  const { confirmar, version, ...b } = o.body;
  const responsables = b.responsables ?? f.responsables;
  const seguidores = b.seguidores ?? f.seguidores;
  if (b.responsables || b.seguidores) await validarPersonas(o.tx, b.responsables ?? [], b.seguidores ?? []);
  const v: repo.ValoresTarea = {
    titulo: b.titulo ?? f.titulo,
    descripcion: b.descripcion !== undefined ? sanearTextoRico(b.descripcion) : f.descripcion,
    id_categoria: b.id_categoria !== undefined ? b.id_categoria : f.id_categoria,
    id_prioridad: b.id_prioridad !== undefined ? b.id_prioridad : f.id_prioridad,
    id_solicitante: f.id_solicitante,
    vence_en: b.vence_en !== undefined ? (b.vence_en === null ? null : new Date(b.vence_en)) : f.vence_en,
    estado: b.estado ?? f.estado,
    id_inmueble: f.id_inmueble,
    id_tercero: f.id_tercero,
    id_cliente_atendido: f.id_cliente_atendido,
    id_solicitud: f.id_solicitud,
    id_cita: f.id_cita,
    id_radicado: f.id_radicado,
    recurrencia: b.recurrencia !== undefined ? b.recurrencia : f.recurrencia,
  };
  await validarMaestros(o.tx, v);
  if (v.recurrencia && !v.vence_en) throw invalido('vence_en', `Una tarea que se repite necesita el campo ${L.vence_en}`);
  if (b.vence_en !== undefined && v.vence_en?.getTime() !== f.vence_en?.getTime()) avisoVencePasado(v.vence_en, confirmar);
  if (v.estado === 'terminada' && f.estado !== 'terminada') {
    const abiertos = await repo.obligatoriosAbiertos(o.tx, f.id);
    if (abiertos.length)
      throw invalido(
        'estado',
        `No se puede terminar la tarea: ${abiertos.length === 1 ? 'falta el ítem obligatorio' : 'faltan los ítems obligatorios'} ${abiertos.map((t) => `«${t}»`).join(', ')}.`,
      );
  }
  const ok = await escribiendo(async () => {
    const ok = await repo.actualizar(o.tx, f.id, version ?? null, v, o.user.usuario);
    if (ok && (b.responsables || b.seguidores)) await repo.ponerPersonas(o.tx, f.id, responsables, seguidores);
    return ok;
  });
  if (!ok)
    throw new AppError(
      CODES.CONFLICTO,
      `Otro usuario modificó la tarea ${f.consecutivo} mientras la editaba. Recárguela y vuelva a intentarlo.`,
    );
  const campos = ['titulo', 'descripcion', 'id_categoria', 'id_prioridad', 'vence_en', 'estado', 'recurrencia'] as const;
  const pick = (x: repo.ValoresTarea | repo.FilaTarea) => Object.fromEntries(campos.map((k) => [k, x[k]]));
  const cambios = diferencias(
    await legible(o.tx, { ...pick(f), responsables: f.responsables, seguidores: f.seguidores }),
    await legible(o.tx, { ...pick(v), responsables, seguidores }),
  );
  await historial(o, f.id, 'modificar', cambios);
  const nuevos = responsables.filter((r) => !f.responsables.includes(r));
  await avisar(
    o,
    nuevos,
    TIPO_CARTA_TAREA_ASIGNADA,
    `Tarea asignada: ${v.titulo}`,
    `${o.user.usuario} le asignó la tarea ${f.consecutivo} «${v.titulo}»${v.vence_en ? `, vence el ${cuando(v.vence_en)}` : ''}.`,
    f.consecutivo,
  );
  return obtener({ tx: o.tx, user: o.user, consecutivo: f.consecutivo });
}

export async function marcarItem(o: Escritura & { consecutivo: number; idItem: number; hecho: boolean }): Promise<Tarea> {
  const f = await visible(o.tx, o.user, o.consecutivo, true);
  if (ESTADOS_CERRADOS_TAREA.includes(f.estado))
    throw invalido('hecho', `La tarea está ${ETIQUETAS_ESTADO_TAREA[f.estado].toLowerCase()}: reábrala para cambiar su lista`);
  const r = await repo.marcarItem(o.tx, f.id, o.idItem, o.hecho, o.user.usuario);
  if (!r) throw noEncontrado(`El ítem ${o.idItem} de la tarea ${o.consecutivo}`);
  if (r.antes !== o.hecho)
    await historial(o, f.id, 'marcar', [
      {
        campo: 'item',
        antes: `${r.texto}: ${r.antes ? 'Hecho' : 'Pendiente'}`,
        despues: `${r.texto}: ${o.hecho ? 'Hecho' : 'Pendiente'}`,
      },
    ]);
  return obtener({ tx: o.tx, user: o.user, consecutivo: o.consecutivo });
}

export async function agregarItem(o: Escritura & { consecutivo: number; texto: string; obligatorio: boolean }): Promise<Tarea> {
  const f = await visible(o.tx, o.user, o.consecutivo, true);
  await repo.agregarItems(o.tx, f.id, [{ texto: o.texto, obligatorio: o.obligatorio }]);
  await historial(o, f.id, 'modificar', [
    { campo: 'item', antes: '', despues: `${o.texto}${o.obligatorio ? ' (obligatorio)' : ''}` },
  ]);
  return obtener({ tx: o.tx, user: o.user, consecutivo: o.consecutivo });
}

export async function comentar(o: Escritura & { consecutivo: number; body: ComentarioForm }): Promise<Tarea> {
  const f = await visible(o.tx, o.user, o.consecutivo);
  const us = await repo.usuarios(o.tx, o.body.menciones);
  const falta = o.body.menciones.find((m) => !us.some((u) => u.id === m));
  if (falta !== undefined)
    throw invalido('menciones', `El campo Menciones: el usuario ${falta} no es un usuario de esta empresa`);
  await repo.comentar(o.tx, {
    idTarea: f.id,
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    texto: o.body.texto,
    menciones: o.body.menciones,
  });
  const participantes = [...f.responsables, ...f.seguidores, ...(f.id_solicitante ? [f.id_solicitante] : [])];
  const texto = o.body.texto.length > 200 ? `${o.body.texto.slice(0, 200)}…` : o.body.texto;
  await avisar(
    o,
    [...participantes, ...o.body.menciones],
    TIPO_CARTA_TAREA_COMENTARIO,
    `Comentario en la tarea ${f.consecutivo}: ${f.titulo}`,
    `${o.user.usuario}: ${texto}`,
    f.consecutivo,
  );
  return obtener({ tx: o.tx, user: o.user, consecutivo: o.consecutivo });
}

// ----- export and change log ------------------------------------------------------------------------

const FECHA_HORA = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const fechaHora = (iso: string | null) => (iso ? FECHA_HORA.format(new Date(iso)) : '');

export async function exportar(o: Lectura & { query: TareasExportarQuery }): Promise<Archivo> {
  const { formato, ...q } = o.query;
  const f = await filtros(o.tx, o.user, q);
  const r = f ? await repo.listar(o.tx, f, { limit: TAREAS_MAX_EXPORT + 1, offset: 0 }) : { items: [], total: 0 };
  if (r.total > TAREAS_MAX_EXPORT)
    throw invalido(
      'vence_hasta',
      `La exportación admite máximo 50.000 filas y el filtro tiene ${r.total.toLocaleString('es-CO')}: acótelo.`,
    );
  const hoja = {
    encabezados: [
      'Tarea',
      'Título',
      'Estado',
      'Vence',
      'Vencida',
      'Categoría',
      'Prioridad',
      'Responsables',
      'Solicitante',
      'Lista',
      'Inmueble',
    ],
    filas: r.items.map((t) => [
      t.consecutivo,
      t.titulo,
      ETIQUETAS_ESTADO_TAREA[t.estado],
      fechaHora(t.vence_en),
      t.vencida ? 'Sí' : 'No',
      t.categoria?.nombre ?? '',
      t.prioridad?.nombre ?? '',
      t.responsables.map((p) => p.nombre).join(', '),
      t.solicitante?.nombre ?? '',
      t.items_total ? `${t.items_hechos}/${t.items_total}` : '',
      t.inmueble ? `${t.inmueble.consecutivo} · ${t.inmueble.direccion}` : '',
    ]),
  };
  return exportarHoja({ hoja, base: 'tareas', titulo: 'Tareas', formato });
}

function rangoFechas(q: { desde?: string | undefined; hasta?: string | undefined }) {
  if (q.desde && q.hasta && q.hasta < q.desde) throw invalido('hasta', 'La fecha hasta debe ser igual o posterior a desde');
}

export async function modificaciones(o: Base & { query: ModTareaQuery }): Promise<ListResult<ModTarea>> {
  const q = o.query;
  rangoFechas(q);
  const r = await repo.modificaciones(o.tx, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return { items: r.filas, total: r.total };
}

export async function exportarModificaciones(o: Base & { query: ModTareaExportarQuery }): Promise<Archivo> {
  const q = o.query;
  rangoFechas(q);
  const r = await repo.modificaciones(o.tx, q, { limit: TAREAS_MAX_EXPORT, offset: 0 });
  if (r.total > TAREAS_MAX_EXPORT)
    throw invalido(
      'hasta',
      `La exportación admite máximo 50.000 filas y el filtro tiene ${r.total.toLocaleString('es-CO')}: acote las fechas.`,
    );
  const hoja = {
    encabezados: ['Fecha', 'Usuario', 'Tarea', 'Título', 'Campo', 'Antes', 'Después', 'Acción'],
    filas: r.filas.map((m) => [
      fechaHora(m.fecha),
      m.usuario,
      m.consecutivo,
      m.titulo,
      etiquetaCampoTarea(m.campo),
      m.antes,
      m.despues,
      m.accion,
    ]),
  };
  return exportarHoja({ hoja, base: 'modificaciones-tareas', titulo: 'Modificaciones de tareas', formato: q.formato });
}

// ----- listas de verificación and playbooks (idm 10586) -------------------------------------------

export const listas = (o: Base): Promise<ListaVerificacion[]> => repo.listas(o.tx);

async function guardandoLista<T>(fn: () => Promise<T>, nombre: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw invalido('nombre', `Ya existe una lista de verificación llamada «${nombre}»`);
    throw e;
  }
}

export async function guardarLista(
  o: Escritura & { id: number | null; body: ListaVerificacionForm },
): Promise<ListaVerificacion> {
  const id = await guardandoLista(() => repo.guardarLista(o.tx, o.id, o.body, o.user.usuario), o.body.nombre);
  if (id === null) throw noEncontrado(`La lista de verificación ${o.id}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: o.id === null ? 'crear' : 'modificar',
    entidad: ENTIDAD_LISTA,
    entidadId: String(id),
    cambios: { nombre: { antes: null, despues: o.body.nombre }, items: { antes: null, despues: o.body.items.length } },
    ip: o.ip,
  });
  return (await repo.listas(o.tx)).find((l) => l.id === id)!;
}

export async function borrarLista(o: Escritura & { id: number }): Promise<void> {
  const nombre = await repo.borrarLista(o.tx, o.id);
  if (nombre === null) throw noEncontrado(`La lista de verificación ${o.id}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'eliminar',
    entidad: ENTIDAD_LISTA,
    entidadId: String(o.id),
    cambios: { nombre: { antes: nombre, despues: null } },
    ip: o.ip,
  });
}

/** A category's guion (playbook), for the «Guion» dialog of the categories' master. */
export async function guion(o: Base & { idCategoria: number }): Promise<GuionCategoria> {
  const g = await repo.guion(o.tx, o.idCategoria);
  if (!g) throw noEncontrado(`La categoría ${o.idCategoria}`);
  return g;
}

export async function guardarPlaybook(o: Escritura & { idCategoria: number; body: PlaybookForm }): Promise<{ ok: true }> {
  const antes = await repo.guion(o.tx, o.idCategoria);
  if (!antes) throw noEncontrado(`La categoría ${o.idCategoria}`);
  // Another company's list is invisible here (row-level security): it «does not exist» for this one.
  if (o.body.id_lista_verificacion !== null && !(await repo.existe(o.tx, 'lista_verificacion', o.body.id_lista_verificacion)))
    throw invalido('id_lista_verificacion', `El campo ${ETIQUETAS_GUION.id_lista_verificacion} no existe en esta empresa`);
  await repo.guardarPlaybook(o.tx, o.idCategoria, o.body);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: 'tareas_categorias',
    entidadId: String(o.idCategoria),
    cambios: {
      id_lista_verificacion: { antes: antes.id_lista_verificacion, despues: o.body.id_lista_verificacion },
      dias_habiles_vence: { antes: antes.dias_habiles_vence, despues: o.body.dias_habiles_vence },
    },
    ip: o.ip,
  });
  return { ok: true };
}

// ----- the daily job: due-tomorrow notices (402) and recurring tasks --------------------------------

const SISTEMA: Principal = principalSinSesion({ idEmpresa: 0, usuario: 'sistema', admemp: true, permisos: 'All' });

const sumarPeriodo = (d: Date, r: 'semanal' | 'mensual') => {
  const n = new Date(d);
  if (r === 'semanal') n.setUTCDate(n.getUTCDate() + 7);
  else n.setUTCMonth(n.getUTCMonth() + 1);
  return n;
};

/**
 * One company's daily pass (07:00 Bogotá): notice 402 to the responsables of each open task due
 * tomorrow — once per task and due date (tarea_aviso_vence, written before the notice) — and the next
 * task of each recurring one whose due date has come (the recurrence passes to it; the unique key on
 * origin and due date keeps two runners from making it twice).
 */
export async function diarioEmpresa(
  o: Scope & { hub: Hub; mailer: Despertador; idEmpresa: number; ahora?: Date },
): Promise<{ avisos: number; recurrentes: number }> {
  const ahora = o.ahora ?? new Date();
  const manana = diaBogota(new Date(ahora.getTime() + 86_400_000));
  const desde = new Date(`${manana}T00:00:00-05:00`);
  const hasta = new Date(desde.getTime() + 86_400_000);
  let avisos = 0;
  for (const t of await repo.vencenEntre(o.tx, desde, hasta)) {
    if (!(await repo.marcarAvisoVence(o.tx, t.id, t.vence_en!))) continue;
    for (const idUsuario of t.responsables) {
      await notificar(o, {
        idEmpresa: o.idEmpresa,
        idUsuario,
        tipoCarta: TIPO_CARTA_TAREA_VENCE,
        titulo: `Tarea por vencer: ${t.titulo}`,
        cuerpo: `La tarea ${t.consecutivo} «${t.titulo}» vence mañana, ${cuando(t.vence_en)}.`,
        enlace: enlaceTarea(t.consecutivo),
      });
      avisos++;
    }
  }
  let recurrentes = 0;
  // A recurring task whose due day has come (up to the end of today) gets its next one.
  const finHoy = new Date(`${diaBogota(ahora)}T00:00:00-05:00`).getTime() + 86_400_000;
  for (const consecutivo of await repo.recurrentesDebidas(o.tx, new Date(finHoy))) {
    const f = (await repo.porConsecutivo(o.tx, consecutivo, true))!;
    if (!f.recurrencia || !(await repo.tomarRecurrencia(o.tx, f.id))) continue;
    const vence = sumarPeriodo(f.vence_en!, f.recurrencia);
    const n = await siguiente(o.tx, { serie: SERIE_TAREA });
    const id = await repo.insertar(
      o.tx,
      { ...f, vence_en: vence, estado: 'pendiente' },
      { consecutivo: n, usuario: 'sistema', idOrigen: f.id },
    );
    if (id === null) continue;
    await repo.ponerPersonas(o.tx, id, f.responsables, f.seguidores);
    await repo.agregarItems(
      o.tx,
      id,
      (await repo.items(o.tx, f.id)).map((i) => ({ texto: i.texto, obligatorio: i.obligatorio })),
    );
    await repo.registrarHistorial(o.tx, {
      idTarea: id,
      idUsuario: null,
      usuario: 'sistema',
      accion: 'crear',
      cambios: [
        { campo: 'titulo', antes: '', despues: f.titulo },
        {
          campo: 'recurrencia',
          antes: '',
          despues: `${ETIQUETAS_RECURRENCIA[f.recurrencia]} (sigue a la tarea ${f.consecutivo})`,
        },
        { campo: 'vence_en', antes: '', despues: cuando(vence) },
      ],
    });
    await avisar(
      { ...o, user: { ...SISTEMA, idEmpresa: o.idEmpresa }, ip: '' },
      f.responsables,
      TIPO_CARTA_TAREA_ASIGNADA,
      `Tarea asignada: ${f.titulo}`,
      `Se creó la tarea ${n} «${f.titulo}» (se repite, ${ETIQUETAS_RECURRENCIA[f.recurrencia].toLowerCase()}), vence el ${cuando(vence)}.`,
      n,
    );
    recurrentes++;
  }
  return { avisos, recurrentes };
}
