import { CODES } from '@predio/contract/codes';
import type { ListResult } from '@predio/contract/list';
import { flattenMenu, hasIdm, MENU, permisosFaltantes } from '@predio/contract/menu';
import type {
  CambiarClave,
  EmpleadoOpcion,
  TokenClaims,
  Usuario,
  UsuarioActualizar,
  UsuarioCrear,
  UsuariosExportarQuery,
  UsuariosQuery,
} from '@predio/contract/usuarios';
import { USUARIOS_EXPORT_MAX } from '@predio/contract/usuarios';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { hashClave, verificarClave } from '../../platform/auth/passwords.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Scope } from '../../platform/tenant.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import * as intentos from './intentos.ts';
import * as repo from './usuarios-admin.repo.ts';

const IDM_USUARIOS = 37;

type Base = { tx: Tx; deps: Deps; user: Principal; ip: string };
/** For what ends a user's sessions. */
type ConCierre = Base & Pick<Scope, 'onCommit'>;

const iso = (v: Date | string | null) => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

let titulos: Map<number, string> | null = null;

/** '489 (Agenda), 10545 (Reasignar inmuebles)': the ids a person sees in the permissions tree, with their page. */
function describirPermisos(ids: ('All' | number)[]): string {
  titulos ??= new Map(
    flattenMenu(MENU)
      .flatMap((r) => (r.idm === undefined ? [] : [[r.idm, r.title] as const]))
      .reverse(),
  );
  return ids.map((id) => (id === 'All' ? 'All' : titulos!.has(id) ? `${id} (${titulos!.get(id)})` : String(id))).join(', ');
}

/**
 * Why `user` may not edit, disable, enable or reset the password of `objetivo`, or null when they may.
 * Holding Usuarios (37) must not reach further than one's own permissions: otherwise resetting the
 * administrator's password takes the company over. Administrators (support included) reach everyone.
 */
export function restriccion(user: Principal, objetivo: { id: number; admemp: boolean; permisos: string }): string | null {
  if (user.admemp || objetivo.id === user.idUsuario) return null;
  if (objetivo.admemp)
    return 'Solo un administrador de la empresa puede modificar, desactivar o cambiar la contraseña de un administrador.';
  const faltan = permisosFaltantes(user.permisos, objetivo.permisos);
  if (faltan.length > 0)
    return `Este usuario tiene permisos que usted no tiene: ${describirPermisos(faltan)}. Solo puede modificar, desactivar o cambiar la contraseña de usuarios con permisos que usted también tiene.`;
  return null;
}

function comprobarAlcance(user: Principal, objetivo: repo.FilaUsuario): void {
  const motivo = restriccion(user, objetivo);
  if (motivo) throw new AppError(CODES.SIN_PERMISO, motivo);
}

function aUsuario(f: repo.FilaUsuario, user: Principal): Usuario {
  return {
    id: f.id,
    usuario: f.usuario,
    nombre: f.nombre,
    nro_id: f.nroId,
    agencia: f.agencia,
    admemp: f.admemp,
    activo: f.activo,
    permisos: f.permisos,
    permisos_especiales: f.permisosEspeciales,
    permisos_por_usuario: f.permisosPorUsuario,
    creado_en: iso(f.creadoEn)!,
    ultimo_ingreso: iso(f.ultimoIngreso),
    restriccion: restriccion(user, f),
  };
}

// Audited fields, by their contract names; the password never appears (only 'cambiada').
const AUDITADOS = [
  'usuario',
  'nombre',
  'nro_id',
  'agencia',
  'admemp',
  'activo',
  'permisos',
  'permisos_especiales',
  'permisos_por_usuario',
] as const;

function diferencias(antes: Partial<Usuario> | null, despues: Partial<Usuario>): Cambios {
  const out: Cambios = {};
  for (const k of AUDITADOS) {
    if (!(k in despues)) continue;
    const a = antes?.[k] ?? null;
    const d = despues[k] ?? null;
    // A new user's empty fields are no change worth listing.
    if (a !== d && !(antes === null && d === '')) out[k] = { antes: a, despues: d };
  }
  return out;
}

const CLAVE_CAMBIADA = { clave: { antes: null, despues: 'cambiada' } };

async function auditar(o: Base, accion: string, id: number, cambios: Cambios | Record<string, unknown>) {
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: 'usuarios',
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });
}

async function existente(tx: Tx, id: number): Promise<repo.FilaUsuario> {
  const u = await repo.porId(tx, id);
  if (!u) throw noEncontrado('El usuario');
  return u;
}

/** Session state is re-read from the database on the next request of every user. */
function refrescarSesiones(deps: Deps, jtis: string[] = []) {
  for (const j of jtis) deps.sessions.delete(j);
  deps.sessions.clear();
}

/** A user's sessions were closed: once that commits, their live connections close too, on every process. */
function terminarConexiones(o: ConCierre, idUsuario: number, salvo: string | null) {
  o.onCommit(() => o.deps.hub.terminarSesiones(o.user.idEmpresa, idUsuario, { salvo }));
}

const repetido = (usuario: string) =>
  new AppError(CODES.CONFLICTO, `Ya existe un usuario «${usuario}» en la empresa.`, [
    { campo: 'usuario', mensaje: 'ya existe en la empresa' },
  ]);

/**
 * A user who is not the company administrator grants only what they hold themselves:
 * holding the users page must not be a way to reach every other page.
 */
function comprobarOtorgables(user: Principal, v: { permisos?: string | undefined; admemp?: boolean | undefined }) {
  if (user.admemp) return;
  if (v.admemp === true)
    throw new AppError(CODES.SIN_PERMISO, 'Solo el administrador de la empresa puede nombrar administradores.');
  if (v.permisos === undefined) return;
  const ajenos = permisosFaltantes(user.permisos, v.permisos);
  if (ajenos.length > 0)
    throw new AppError(CODES.SIN_PERMISO, `Solo puede otorgar permisos que usted tiene; no tiene: ${describirPermisos(ajenos)}.`);
}

async function validarReferencias(tx: Tx, v: { nro_id?: string | null | undefined; agencia?: number | undefined }) {
  if (v.nro_id) {
    const t = await repo.empleado(tx, v.nro_id);
    if (!t) throw invalido('nro_id', `no hay ningún tercero con documento ${v.nro_id} en la empresa`);
    if (!t.empleado) throw invalido('nro_id', `el tercero ${v.nro_id} (${t.nombre}) no está marcado como empleado`);
  }
  if (v.agencia && !(await repo.agenciaExiste(tx, v.agencia)))
    throw invalido('agencia', 'no corresponde a ninguna agencia de la empresa');
}

async function escribiendo<T>(usuario: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (errorPg(e)?.code === PG.UNICO) throw repetido(usuario);
    throw e;
  }
}

export async function listar(o: { tx: Tx; user: Principal; query: UsuariosQuery }): Promise<ListResult<Usuario>> {
  const r = await repo.listar(o.tx, o.query);
  return { items: r.items.map((f) => aUsuario(f, o.user)), total: r.total };
}

// Never the password hash: the export reads only these columns.
const COLUMNAS: { label: string; celda: (f: repo.FilaExportacion) => Celda }[] = [
  { label: 'Usuario', celda: (f) => f.usuario },
  { label: 'Nombre', celda: (f) => f.nombre },
  { label: 'Documento', celda: (f) => f.nroId },
  { label: 'Agencia', celda: (f) => (f.agencia === 0 ? null : (f.agenciaNombre ?? `#${f.agencia}`)) },
  { label: 'Administrador', celda: (f) => f.admemp },
  { label: 'Activo', celda: (f) => f.activo },
  { label: 'Permisos', celda: (f) => (f.permisos === 'All' ? 'Todos' : f.permisos) },
  { label: 'Creado', celda: (f) => (f.creadoEn instanceof Date ? f.creadoEn : new Date(f.creadoEn)) },
];

/** The current filter and order of the list as CSV or Excel. */
export async function exportar(o: { tx: Tx; query: UsuariosExportarQuery }): Promise<Archivo> {
  const { formato, page: _p, pageSize: _s, ...filtro } = o.query;
  const { items, total } = await repo.exportacion(o.tx, filtro, USUARIOS_EXPORT_MAX);
  if (total > USUARIOS_EXPORT_MAX)
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${USUARIOS_EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene ${total.toLocaleString('es-CO')}: filtre la lista.`,
    );
  const hoja = { encabezados: COLUMNAS.map((c) => c.label), filas: items.map((f) => COLUMNAS.map((c) => c.celda(f))) };
  return exportarHoja({ hoja, base: `usuarios`, titulo: 'Usuarios', formato });
}

export async function obtener(o: { tx: Tx; user: Principal; id: number }): Promise<Usuario> {
  return aUsuario(await existente(o.tx, o.id), o.user);
}

export async function crear(o: Base & { body: UsuarioCrear; claveHash: string }): Promise<Usuario> {
  const b = o.body;
  comprobarOtorgables(o.user, b);
  if (await repo.existeNombre(o.tx, b.usuario)) throw repetido(b.usuario);
  await validarReferencias(o.tx, b);
  const nombre = b.nombre || (b.nro_id ? ((await repo.empleado(o.tx, b.nro_id))?.nombre ?? '') : '') || b.usuario;
  const id = await escribiendo(b.usuario, () =>
    repo.insertar(o.tx, {
      usuario: b.usuario,
      claveHash: o.claveHash,
      nombre,
      nroId: b.nro_id,
      agencia: b.agencia,
      admemp: b.admemp,
      permisos: b.permisos,
      permisosEspeciales: b.permisos_especiales,
      permisosPorUsuario: b.permisos_por_usuario,
    }),
  );
  const creado = aUsuario(await existente(o.tx, id), o.user);
  await auditar(o, 'crear', id, { ...diferencias(null, creado), ...CLAVE_CAMBIADA });
  return creado;
}

export async function actualizar(o: Base & { id: number; body: UsuarioActualizar }): Promise<Usuario> {
  const fila = await existente(o.tx, o.id);
  comprobarAlcance(o.user, fila);
  const antes = aUsuario(fila, o.user);
  const b = Object.fromEntries(Object.entries(o.body).filter(([, v]) => v !== undefined)) as UsuarioActualizar;
  const propio = o.id === o.user.idUsuario;
  if (propio && b.permisos !== undefined && !hasIdm(b.permisos, IDM_USUARIOS))
    throw new AppError(
      CODES.CONFLICTO,
      'No puede quitarse a sí mismo el permiso de Usuarios: otro usuario con ese permiso debe hacerlo.',
      [{ campo: 'permisos', mensaje: 'debe incluir Usuarios (37) en su propio usuario' }],
    );
  if (propio && b.admemp === false && antes.admemp)
    throw new AppError(CODES.CONFLICTO, 'No puede quitarse a sí mismo la marca de administrador de la empresa.', [
      { campo: 'admemp', mensaje: 'no puede quitársela a sí mismo' },
    ]);
  comprobarOtorgables(o.user, {
    permisos: b.permisos !== undefined && b.permisos !== antes.permisos ? b.permisos : undefined,
    admemp: b.admemp !== undefined && b.admemp !== antes.admemp ? b.admemp : undefined,
  });
  if (
    b.usuario !== undefined &&
    b.usuario.toLowerCase() !== antes.usuario.toLowerCase() &&
    (await repo.existeNombre(o.tx, b.usuario, o.id))
  )
    throw repetido(b.usuario);
  await validarReferencias(o.tx, {
    nro_id: b.nro_id !== antes.nro_id ? b.nro_id : undefined,
    agencia: b.agencia !== antes.agencia ? b.agencia : undefined,
  });
  const c = diferencias(antes, b);
  if (Object.keys(c).length === 0) return antes;
  await escribiendo(b.usuario ?? antes.usuario, () =>
    repo.actualizar(o.tx, o.id, {
      ...(b.usuario !== undefined ? { usuario: b.usuario } : {}),
      ...(b.nombre !== undefined ? { nombre: b.nombre } : {}),
      ...(b.nro_id !== undefined ? { nroId: b.nro_id } : {}),
      ...(b.agencia !== undefined ? { agencia: b.agencia } : {}),
      ...(b.admemp !== undefined ? { admemp: b.admemp } : {}),
      ...(b.permisos !== undefined ? { permisos: b.permisos } : {}),
      ...(b.permisos_especiales !== undefined ? { permisosEspeciales: b.permisos_especiales } : {}),
      ...(b.permisos_por_usuario !== undefined ? { permisosPorUsuario: b.permisos_por_usuario } : {}),
    }),
  );
  await auditar(o, 'actualizar', o.id, c);
  // The next request of that user is checked against the new permissions (ARCHITECTURE "Permissions").
  refrescarSesiones(o.deps);
  return aUsuario(await existente(o.tx, o.id), o.user);
}

export async function desactivar(o: ConCierre & { id: number }): Promise<Usuario> {
  const antes = await existente(o.tx, o.id);
  if (o.id === o.user.idUsuario)
    throw new AppError(
      CODES.CONFLICTO,
      'No puede desactivar su propio usuario: otro usuario con permiso de Usuarios debe hacerlo.',
    );
  comprobarAlcance(o.user, antes);
  if (!antes.activo) return aUsuario(antes, o.user);
  await repo.actualizar(o.tx, o.id, { activo: false });
  const cerradas = await repo.cerrarSesiones(o.tx, o.id);
  await auditar(o, 'desactivar', o.id, { activo: { antes: true, despues: false }, sesiones_cerradas: cerradas.length });
  refrescarSesiones(o.deps, cerradas);
  terminarConexiones(o, o.id, null);
  return aUsuario(await existente(o.tx, o.id), o.user);
}

export async function activar(o: Base & { id: number }): Promise<Usuario> {
  const antes = await existente(o.tx, o.id);
  comprobarAlcance(o.user, antes);
  if (antes.activo) return aUsuario(antes, o.user);
  await repo.actualizar(o.tx, o.id, { activo: true });
  await auditar(o, 'activar', o.id, { activo: { antes: false, despues: true } });
  refrescarSesiones(o.deps);
  return aUsuario(await existente(o.tx, o.id), o.user);
}

/** An administrator sets a new password; the user's open sessions end (whoever held the old one is out). */
export async function restablecerClave(o: ConCierre & { id: number; claveHash: string }): Promise<{ sesionesCerradas: number }> {
  comprobarAlcance(o.user, await existente(o.tx, o.id));
  await repo.actualizar(o.tx, o.id, { claveHash: o.claveHash });
  const cerradas = await repo.cerrarSesiones(o.tx, o.id);
  await auditar(o, 'restablecer_clave', o.id, { ...CLAVE_CAMBIADA, sesiones_cerradas: cerradas.length });
  refrescarSesiones(o.deps, cerradas);
  terminarConexiones(o, o.id, null);
  return { sesionesCerradas: cerradas.length };
}

/**
 * Before the transaction: the current password, throttled like a login on the same company+user key
 * (guesses here and at the login share one budget). Returns the new password's hash.
 */
export async function comprobarClaveActual(o: {
  deps: Deps;
  claims: TokenClaims;
  ip: string;
  body: CambiarClave;
}): Promise<string> {
  const { db } = o.deps;
  if (o.claims.idUsuario === 0)
    throw new AppError(CODES.CONFLICTO, 'El usuario de soporte no tiene una contraseña propia que cambiar.');
  const intento = { deps: o.deps, idEmpresa: o.claims.idempresa, usuario: o.claims.nombre_usuario, ip: o.ip };
  await intentos.antesDeComprobar(intento, 'Demasiados intentos fallidos con su contraseña.');
  const actual = await db.tenant(o.claims.idempresa, (tx) => repo.claveHash(tx, o.claims.idUsuario));
  if (!actual || !(await verificarClave(actual, o.body.actual))) {
    await intentos.fallo({ ...intento, idUsuario: o.claims.idUsuario, nombre: o.claims.nombre_usuario });
    throw invalido('actual', 'no es su contraseña actual');
  }
  await intentos.acierto(intento);
  return hashClave(o.body.nueva);
}

/** The logged-in user changes their own password (checked in comprobarClaveActual); their other sessions end. */
export async function cambiarClave(o: ConCierre & { claveHash: string }): Promise<void> {
  if (o.user.soporte) throw new AppError(CODES.CONFLICTO, 'El usuario de soporte no tiene una contraseña propia que cambiar.');
  await repo.actualizar(o.tx, o.user.idUsuario, { claveHash: o.claveHash });
  const cerradas = await repo.cerrarSesiones(o.tx, o.user.idUsuario, o.user.jti);
  await auditar(o, 'cambiar_clave', o.user.idUsuario, CLAVE_CAMBIADA);
  refrescarSesiones(o.deps, cerradas);
  terminarConexiones(o, o.user.idUsuario, o.user.jti);
}

export async function empleados(o: { tx: Tx; q: string | undefined }): Promise<EmpleadoOpcion[]> {
  return repo.empleados(o.tx, o.q, 50);
}
