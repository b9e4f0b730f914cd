import {
  ETIQUETAS_TRANSICION as L,
  esAnulado,
  type CambioEstado,
  type EstadosRadicado,
  type TransicionForm,
  type Transiciones,
} from '@predio/contract/gestion-documental-estados';
import type { Radicado } from '@predio/contract/gestion-documental';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import * as repo from './estados.repo.ts';
import * as permisos from './permisos.service.ts';
import * as radicadosRepo from './radicados.repo.ts';
import * as radicados from './radicados.service.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
export const ENTIDAD_TRANSICION = 'gd_transicion';

export async function listar(o: Base): Promise<Transiciones> {
  return { transiciones: await repo.transiciones(o.tx), estados: await repo.estados(o.tx) };
}

export async function crear(o: Escritura & { body: TransicionForm }): Promise<Transiciones> {
  const { id_estado_origen: origen, id_estado_destino: destino } = o.body;
  if (origen !== null && !(await repo.estado1(o.tx, origen)))
    throw invalido('id_estado_origen', `El campo ${L.id_estado_origen} no existe en esta empresa`);
  if (!(await repo.estado1(o.tx, destino)))
    throw invalido('id_estado_destino', `El campo ${L.id_estado_destino} no existe en esta empresa`);
  if (origen === destino)
    throw invalido('id_estado_destino', `El campo ${L.id_estado_destino} debe ser un estado distinto de ${L.id_estado_origen}`);
  let id: number;
  try {
    id = await repo.insertarTransicion(o.tx, origen, destino, o.user.usuario);
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw new AppError(CODES.CONFLICTO, 'Esa transición ya existe.');
    throw e;
  }
  await auditar(o, 'crear', id, { id_estado_origen: origen, id_estado_destino: destino });
  return listar(o);
}

export async function borrar(o: Escritura & { id: number }): Promise<Transiciones> {
  const t = await repo.transicion1(o.tx, o.id);
  if (!t) throw noEncontrado(`La transición ${o.id}`);
  await repo.borrarTransicion(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, { origen: t.origen?.nombre ?? null, destino: t.destino.nombre });
  return listar(o);
}

/** A radicado's history and the estados its transitions allow next (none once the user may not edit it). */
export async function deRadicado(o: Base & { user: Principal; id: number }): Promise<EstadosRadicado> {
  const r = await radicados.obtener(o);
  const puede = await puedeEditar(o.tx, o.user, r);
  return {
    historial: await repo.historial(o.tx, r.id),
    siguientes: puede ? await repo.siguientes(o.tx, r.estado?.id ?? null) : [],
  };
}

const puedeEditar = async (tx: Tx, user: Principal, r: Radicado) => {
  try {
    await permisos.exigir(tx, user, 'editar', r.serie?.id ?? null, r.subserie?.id ?? null);
    return true;
  } catch (e) {
    if (e instanceof AppError && e.code === CODES.SIN_PERMISO) return false;
    throw e;
  }
};

/**
 * Moves a radicado to another estado along an allowed transition, kept in its history. Annulling keeps the
 * number (spec: no gap, no edit) and needs the written reason in `nota`.
 */
export async function cambiar(o: Escritura & { id: number; body: CambioEstado }): Promise<Radicado> {
  const r = await radicados.obtener(o);
  await permisos.exigir(o.tx, o.user, 'editar', r.serie?.id ?? null, r.subserie?.id ?? null);
  return mover(o, r.id, o.body.id_estado, o.body.nota);
}

/** The move itself, for callers that already checked the user (a letter answering an entrada). */
export async function mover(o: Escritura, idRadicado: number, idEstado: number, nota: string): Promise<Radicado> {
  const destino = await repo.estado1(o.tx, idEstado);
  if (!destino || !destino.activo) throw invalido('id_estado', 'El campo Nuevo estado no existe en esta empresa o está inactivo');
  const actual = await repo.estadoActual(o.tx, idRadicado);
  const permitidos = await repo.siguientes(o.tx, actual);
  if (!permitidos.some((e) => e.id === idEstado)) {
    const desde = actual === null ? 'sin estado' : `«${(await repo.estado1(o.tx, actual))?.nombre ?? actual}»`;
    throw invalido(
      'id_estado',
      `No se puede pasar de ${desde} a «${destino.nombre}»: no es una transición permitida (Estados de gestión documental)`,
    );
  }
  if (esAnulado(destino.nombre) && nota === '')
    throw invalido('nota', 'El campo Nota es obligatorio para anular: escriba el motivo de la anulación');
  await repo.fijarEstado(o.tx, idRadicado, idEstado, o.user.usuario);
  await repo.registrar(o.tx, { idRadicado, anterior: actual, estado: idEstado, nota, usuario: o.user.usuario });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: esAnulado(destino.nombre) ? 'anular' : 'cambiar_estado',
    entidad: radicados.ENTIDAD_RADICADO,
    entidadId: String(idRadicado),
    cambios: { id_estado: { antes: actual, despues: idEstado }, ...(nota ? { nota: { antes: null, despues: nota } } : {}) },
    ip: o.ip,
  });
  return (await radicadosRepo.porId(o.tx, idRadicado))!;
}

/**
 * The radicado de entrada a letter is about to answer: it must exist here, be visible to the user, be an
 * entrada and not be annulled. A mistake names `id_responde_a`.
 */
export async function entradaPorResponder(o: Base & { user: Principal; id: number }): Promise<Radicado> {
  const campo = 'id_responde_a';
  const r = await radicadosRepo.porId(o.tx, o.id);
  if (!r) throw invalido(campo, 'El campo Responde al radicado no existe en esta empresa');
  await radicados.obtener(o);
  if (r.tipo !== 'entrada')
    throw invalido(campo, `El campo Responde al radicado debe ser un radicado de entrada (${r.radicado} no lo es)`);
  if (esAnulado(r.estado?.nombre)) throw invalido(campo, `El radicado ${r.radicado} está anulado: no se responde`);
  return r;
}

/**
 * Links a letter (radicado de salida) to the entrada it answers and moves the entrada to «Respondido»,
 * in its history with the letter's number. The letter is the proof of the answer, so this move does not
 * need a transition rule; an archived entrada stays archived, and one already answered stays as it is.
 */
export async function responder(o: Escritura, entrada: Radicado, salida: Radicado): Promise<void> {
  await repo.fijarRespuesta(o.tx, salida.id, entrada.id);
  const respondido = await repo.estadoPorNombre(o.tx, 'respondido');
  const actual = (await repo.estadoActual(o.tx, entrada.id)) ?? null;
  const nombreActual = actual === null ? '' : ((await repo.estado1(o.tx, actual))?.nombre ?? '');
  const quieto = respondido === null || actual === respondido.id || /^archivad/i.test(nombreActual);
  if (!quieto) {
    const nota = `Respondido con el radicado ${salida.radicado}`;
    await repo.fijarEstado(o.tx, entrada.id, respondido.id, o.user.usuario);
    await repo.registrar(o.tx, {
      idRadicado: entrada.id,
      anterior: actual,
      estado: respondido.id,
      nota,
      usuario: o.user.usuario,
    });
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'responder',
    entidad: radicados.ENTIDAD_RADICADO,
    entidadId: String(entrada.id),
    cambios: {
      respuesta: { antes: null, despues: salida.radicado },
      ...(quieto ? {} : { id_estado: { antes: actual, despues: respondido.id } }),
    },
    ip: o.ip,
  });
}

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_TRANSICION,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });
