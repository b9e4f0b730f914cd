import { ETIQUETAS_PERMISO_GD, type PermisoGdForm, type PermisosGd } from '@predio/contract/gestion-documental-permisos';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import * as repo from './permisos.repo.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
const L = ETIQUETAS_PERMISO_GD;
export const ENTIDAD_PERMISO = 'gd_permiso';

/**
 * Whom the document permissions restrict: nobody while the company has no rule (the behaviour before
 * this screen existed) and never its administrator or work without a user (jobs filing automatically).
 */
export async function alcance(tx: Tx, user: Principal): Promise<repo.Alcance> {
  if (user.admemp || !user.idUsuario) return null;
  return (await repo.hayReglas(tx)) ? { idUsuario: user.idUsuario, usuario: user.usuario } : null;
}

/** Throws 403 unless the user may do `accion` on the serie (and subserie); an unclassified filing needs a serie. */
export async function exigir(
  tx: Tx,
  user: Principal,
  accion: repo.AccionGd,
  idSerie: number | null,
  idSubserie: number | null,
): Promise<void> {
  const a = await alcance(tx, user);
  if (!a) return;
  if (idSerie === null) {
    if (accion === 'radicar')
      throw invalido(
        'id_serie',
        `El campo ${L.id_serie} es obligatorio: los permisos de gestión documental dependen de la serie`,
      );
    return;
  }
  if (!(await repo.permite(tx, a, accion, idSerie, idSubserie)))
    throw new AppError(
      CODES.SIN_PERMISO,
      `No tiene permiso para ${accion === 'ver' ? 'ver' : accion === 'radicar' ? 'radicar en' : 'editar'} esta serie documental.`,
    );
}

/**
 * Changing a radicado's files (attaching the scan after filing, a new version, deleting one): whoever may
 * file into its serie or edit it. 403 naming the serie otherwise.
 */
export async function exigirArchivos(tx: Tx, user: Principal, idSerie: number | null, idSubserie: number | null): Promise<void> {
  const a = await alcance(tx, user);
  if (!a || idSerie === null) return;
  if (!(await repo.permite(tx, a, 'radicar', idSerie, idSubserie)) && !(await repo.permite(tx, a, 'editar', idSerie, idSubserie)))
    throw new AppError(CODES.SIN_PERMISO, 'No tiene permiso para cambiar los documentos de esta serie documental.');
}

export { filtroVer } from './permisos.repo.ts';

export async function listar(o: Base): Promise<PermisosGd> {
  return { reglas: await repo.reglas(o.tx), integrantes: await repo.integrantes(o.tx), ...(await repo.opciones(o.tx)) };
}

async function validar(tx: Tx, p: PermisoGdForm): Promise<void> {
  if (p.id_usuario !== null && (await repo.usuariosExistentes(tx, [p.id_usuario])).length === 0)
    throw invalido('id_usuario', `El campo ${L.id_usuario} no existe en esta empresa o está inactivo`);
  if (p.id_area !== null && !(await repo.existe(tx, 'areas_empresa', p.id_area)))
    throw invalido('id_area', `El campo ${L.id_area} no existe en esta empresa o está inactiva`);
  if (!(await repo.existe(tx, 'series_documentales', p.id_serie)))
    throw invalido('id_serie', `El campo ${L.id_serie} no existe en esta empresa o está inactiva`);
  if (p.id_subserie !== null && (await repo.subserieDe(tx, p.id_subserie)) !== p.id_serie)
    throw invalido('id_subserie', `El campo ${L.id_subserie} no pertenece a la serie elegida`);
}

const repetida = (e: unknown) => {
  if (errorPg(e)?.code === PG.UNICO)
    return new AppError(CODES.CONFLICTO, 'Ya hay una regla para ese usuario o área en esa serie y subserie: modifíquela.');
  return e;
};

export async function crear(o: Escritura & { body: PermisoGdForm }): Promise<PermisosGd> {
  await validar(o.tx, o.body);
  let id: number;
  try {
    id = await repo.insertar(o.tx, o.body, o.user.usuario);
  } catch (e) {
    throw repetida(e);
  }
  await auditar(o, 'crear', id, o.body);
  return listar(o);
}

export async function actualizar(o: Escritura & { id: number; body: PermisoGdForm }): Promise<PermisosGd> {
  const antes = await repo.regla1(o.tx, o.id);
  if (!antes) throw noEncontrado(`La regla ${o.id}`);
  await validar(o.tx, o.body);
  try {
    await repo.actualizar(o.tx, o.id, o.body);
  } catch (e) {
    throw repetida(e);
  }
  await auditar(o, 'modificar', o.id, { antes, despues: o.body });
  return listar(o);
}

export async function borrar(o: Escritura & { id: number }): Promise<PermisosGd> {
  const antes = await repo.regla1(o.tx, o.id);
  if (!antes) throw noEncontrado(`La regla ${o.id}`);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, antes);
  return listar(o);
}

export async function fijarIntegrantes(o: Escritura & { idArea: number; usuarios: number[] }): Promise<PermisosGd> {
  if (!(await repo.existe(o.tx, 'areas_empresa', o.idArea))) throw noEncontrado(`El área ${o.idArea}`);
  const existen = new Set(await repo.usuariosExistentes(o.tx, o.usuarios));
  const falta = o.usuarios.find((u) => !existen.has(u));
  if (falta !== undefined)
    throw invalido('id_usuarios', `El campo Usuarios incluye el usuario ${falta}, que no existe en esta empresa`);
  await repo.fijarIntegrantes(o.tx, o.idArea, o.usuarios);
  await auditar(o, 'integrantes', o.idArea, { id_area: o.idArea, id_usuarios: o.usuarios });
  return listar(o);
}

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_PERMISO,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });
