import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_EXPEDIENTE as L,
  type Expediente,
  type ExpedienteDetalle,
  type ExpedienteForm,
  type ExpedientesQuery,
} from '@predio/contract/gestion-documental-expedientes';
import type { ListResult } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { anioBogota, formatear, siguiente } from '../../platform/numeracion/numeracion.ts';
import * as repo from './expedientes.repo.ts';
import * as permisos from './permisos.service.ts';
import * as radicadosRepo from './radicados.repo.ts';

type Base = { tx: Tx; user: Principal };
type Escritura = Base & { ip: string };

export const ENTIDAD_EXPEDIENTE = 'expedientes';

const conflicto = (mensaje: string) => new AppError(CODES.CONFLICTO, mensaje);

async function auditar(o: Escritura, id: number, accion: string, cambios: Record<string, { antes: unknown; despues: unknown }>) {
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_EXPEDIENTE,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });
}

export async function listar(o: Base & { query: ExpedientesQuery }): Promise<ListResult<Expediente>> {
  const { page, pageSize, ...f } = o.query;
  const permitidos = permisos.filtroVer(await permisos.alcance(o.tx, o.user), 'x');
  return repo.listar(o.tx, { ...f, permitidos, limit: pageSize, offset: (page - 1) * pageSize });
}

/** One expediente the user may see (its serie's `ver`), or 404 / 403. `bloquear` locks it for a change. */
async function uno(o: Base, id: number, accion: 'ver' | 'radicar' | 'editar', bloquear = false): Promise<Expediente> {
  const e = await repo.porId(o.tx, id, bloquear);
  if (!e) throw noEncontrado(`El expediente ${id}`);
  await permisos.exigir(o.tx, o.user, accion, e.serie.id, e.subserie.id);
  return e;
}

export async function obtener(o: Base & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'ver');
  return { ...e, documentos: await repo.documentos(o.tx, o.id) };
}

/** Opens an expediente: its serie and subserie (of that serie) and what it groups, checked against the company's records. */
export async function crear(o: Escritura & { body: ExpedienteForm }): Promise<ExpedienteDetalle> {
  const b = o.body;
  if (!(await radicadosRepo.existeActivo(o.tx, 'series_documentales', b.id_serie)))
    throw invalido('id_serie', `El campo ${L.id_serie} no existe en esta empresa o está inactivo`);
  const ss = await radicadosRepo.subserie(o.tx, b.id_subserie);
  if (!ss || !(await radicadosRepo.existeActivo(o.tx, 'subseries_documentales', b.id_subserie)))
    throw invalido('id_subserie', `El campo ${L.id_subserie} no existe en esta empresa o está inactivo`);
  if (ss.id_serie !== b.id_serie) throw invalido('id_subserie', `El campo ${L.id_subserie} no pertenece a la serie elegida`);
  const requerido = { inmueble: b.inmueble, contrato: b.id_contrato, tercero: b.id_tercero, subserie: b.id_subserie }[b.agrupa];
  const campo = { inmueble: 'inmueble', contrato: 'id_contrato', tercero: 'id_tercero', subserie: 'id_subserie' }[b.agrupa];
  if (requerido == null)
    throw invalido(campo, `El campo ${L[campo as keyof typeof L]} es obligatorio en un expediente por ${b.agrupa}`);
  let idInmueble: number | null = null;
  if (b.inmueble != null) {
    idInmueble = await repo.idInmueble(o.tx, b.inmueble);
    if (idInmueble === null) throw invalido('inmueble', `El campo ${L.inmueble} no existe en esta empresa`);
  }
  if (b.id_contrato != null && !(await repo.existeContrato(o.tx, b.id_contrato)))
    throw invalido('id_contrato', `El campo ${L.id_contrato} no existe en esta empresa`);
  if (b.id_tercero != null && !(await radicadosRepo.existeTercero(o.tx, b.id_tercero)))
    throw invalido('id_tercero', `El campo ${L.id_tercero} no existe en esta empresa`);
  await permisos.exigir(o.tx, o.user, 'radicar', b.id_serie, b.id_subserie);
  const anio = anioBogota();
  const numero = formatear({ anio, prefijo: 'EXP', numero: await siguiente(o.tx, { serie: 'expediente', anio }), ancho: 4 });
  const id = await repo.crear(o.tx, {
    numero,
    nombre: b.nombre,
    agrupa: b.agrupa,
    idSerie: b.id_serie,
    idSubserie: b.id_subserie,
    idInmueble,
    idContrato: b.id_contrato ?? null,
    idTercero: b.id_tercero ?? null,
    observaciones: b.observaciones ?? '',
    creadoPor: o.user.usuario,
  });
  await auditar(o, id, 'crear', { numero: { antes: null, despues: numero }, nombre: { antes: null, despues: b.nombre } });
  return obtener({ ...o, id });
}

/** Files a radicado into an open expediente: one the user may see, of the expediente's serie, in no other expediente. */
export async function agregarRadicado(o: Escritura & { id: number; idRadicado: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'radicar', true);
  if (e.estado !== 'abierto')
    throw conflicto(`El expediente ${e.numero} está cerrado: ábralo de nuevo para agregarle radicados.`);
  const r = await radicadosRepo.porId(o.tx, o.idRadicado);
  if (!r) throw invalido('id_radicado', `El campo ${L.id_radicado} no existe en esta empresa`);
  await permisos.exigir(o.tx, o.user, 'ver', r.serie?.id ?? null, r.subserie?.id ?? null);
  if (r.serie && r.serie.id !== e.serie.id)
    throw invalido('id_radicado', `El radicado ${r.radicado} es de la serie «${r.serie.nombre}», no de la del expediente`);
  const ya = await repo.deRadicado(o.tx, o.idRadicado);
  if (ya) throw conflicto(`El radicado ${r.radicado} ya está en el expediente ${ya.numero}.`);
  await repo.agregar(o.tx, o.id, o.idRadicado, o.user.usuario);
  await auditar(o, o.id, 'agregar_radicado', { radicados: { antes: null, despues: r.radicado } });
  return obtener(o);
}

export async function quitarRadicado(o: Escritura & { id: number; idRadicado: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'abierto') throw conflicto(`El expediente ${e.numero} está cerrado: sus radicados no cambian.`);
  const r = await radicadosRepo.porId(o.tx, o.idRadicado);
  if (!r || !(await repo.quitar(o.tx, o.id, o.idRadicado)))
    throw noEncontrado(`El radicado ${o.idRadicado} del expediente ${e.numero}`);
  await auditar(o, o.id, 'quitar_radicado', { radicados: { antes: r.radicado, despues: null } });
  return obtener(o);
}

/** Closes it: its retention clock starts today (años de gestión, then central, of its subserie). */
export async function cerrar(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'abierto') throw conflicto(`El expediente ${e.numero} ya está cerrado.`);
  if (e.radicados === 0) throw conflicto(`El expediente ${e.numero} no tiene radicados: agregue alguno antes de cerrarlo.`);
  await repo.cerrar(o.tx, o.id, o.user.usuario);
  const d = await obtener(o);
  await auditar(o, o.id, 'cerrar', {
    estado: { antes: 'abierto', despues: 'cerrado' },
    vence_gestion: { antes: null, despues: d.vence_gestion },
    vence_central: { antes: null, despues: d.vence_central },
  });
  return d;
}

/** Opens a closed expediente again (a document arrived late): its clock stops until it closes again. */
export async function reabrir(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'cerrado') throw conflicto(`El expediente ${e.numero} ya está abierto.`);
  await repo.reabrir(o.tx, o.id);
  await auditar(o, o.id, 'reabrir', { estado: { antes: 'cerrado', despues: 'abierto' } });
  return obtener(o);
}
