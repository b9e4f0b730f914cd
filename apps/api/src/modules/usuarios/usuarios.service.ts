import { randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { CODES } from '@predio/contract/codes';
import { DEFAULT_TIPO_VISTA_INMUEBLES, SUPPORT_USER } from '@predio/contract/constants';
import { hasIdm, parsePermisos } from '@predio/contract/menu';
import type { GrabarSesionBody, LoginBody, PermisosData, TokenClaims } from '@predio/contract/usuarios';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { hashSeñuelo, verificarClave } from '../../platform/auth/passwords.ts';
import { accesoSoporte } from '../../platform/auth/soporte.ts';
import type { Deps } from '../../platform/deps.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import { AppError, noEncontrado, sinPermiso } from '../../platform/errors/app-error.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as intentos from './intentos.ts';
import * as repo from './usuarios.repo.ts';

const CREDENCIALES = 'Empresa, usuario o contraseña incorrectos.';
/** Notice 9002 (migration 0077). */
const TIPO_SOPORTE = 9002;
const DIA_MS = 86_400_000;

type Cliente = { ip: string; userAgent: string };

function mismaClave(a: string, b: string): boolean {
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
}

export async function login(o: { deps: Deps; body: LoginBody; cliente: Cliente }): Promise<string> {
  const { deps, body, cliente } = o;
  const { db, config } = deps;
  const intento = { deps, idEmpresa: body.idEmpresa, usuario: body.usuario, ip: cliente.ip };
  await intentos.antesDeComprobar(intento, 'Demasiados intentos fallidos de inicio de sesión desde esta dirección.');
  const soporte = body.usuario.toUpperCase() === SUPPORT_USER;
  // Read outside the password check: hashing must not hold the (single) PGlite connection.
  const encontrado = await db.tenant(body.idEmpresa, async (tx) => ({
    existe: await repo.empresaExiste(tx),
    usuario: soporte ? null : await repo.usuarioPorNombre(tx, body.usuario),
    claveSoporte: soporte ? (await accesoSoporte(tx, config)).clave : null,
  }));
  // With the support login off, EMPATIA fails like any wrong password.
  const claveOk = soporte
    ? encontrado.existe && encontrado.claveSoporte !== null && mismaClave(body.clave, encontrado.claveSoporte)
    : await verificarClave(encontrado.usuario?.claveHash ?? (await hashSeñuelo()), body.clave);
  const u = encontrado.usuario;

  // A disabled user's right password fails like a wrong one: the answer must not confirm the password.
  if (!claveOk || (!soporte && !u?.activo)) {
    await intentos.fallo({ ...intento, idUsuario: u?.id ?? null, nombre: u?.usuario ?? (soporte ? SUPPORT_USER : body.usuario) });
    if (encontrado.existe) {
      await db.tenant(body.idEmpresa, (tx) =>
        registrarAuditoria(tx, {
          idUsuario: u?.id ?? null,
          usuario: body.usuario,
          accion: 'login_fallido',
          entidad: 'sesion',
          ip: cliente.ip,
        }),
      );
    }
    throw new AppError(CODES.CREDENCIALES, CREDENCIALES);
  }
  await intentos.acierto(intento);

  const claims: TokenClaims = u
    ? {
        idUsuario: u.id,
        idempresa: body.idEmpresa,
        admemp: u.admemp,
        nro_id: u.nroId ?? '',
        agencia: u.agencia,
        permisos: u.permisos,
        nombre_usuario: u.usuario,
      }
    : {
        idUsuario: 0,
        idempresa: body.idEmpresa,
        admemp: true,
        nro_id: '0',
        agencia: 0,
        permisos: 'All',
        nombre_usuario: SUPPORT_USER,
      };
  const jti = randomUUID();
  const expiraEn = new Date(Date.now() + config.sessionTtlDays * DIA_MS);
  await inTenant(db, body.idEmpresa, async ({ tx, onCommit }) => {
    const anterior = u ? await repo.ultimaSesion(tx, u.usuario) : null;
    await repo.crearSesion(tx, { id: jti, idUsuario: u?.id ?? null, usuario: claims.nombre_usuario, expiraEn, ...cliente });
    await registrarAuditoria(tx, {
      idUsuario: u?.id ?? null,
      usuario: claims.nombre_usuario,
      accion: u ? 'login' : 'login_soporte',
      entidad: 'sesion',
      entidadId: jti,
      ip: cliente.ip,
    });
    // The support login opens the whole company: its administrators hear of every one.
    if (!u) {
      for (const idAdmin of await repo.administradores(tx))
        await notificar(
          { tx, onCommit, hub: deps.hub, mailer: deps.mailer },
          {
            idEmpresa: body.idEmpresa,
            idUsuario: idAdmin,
            tipoCarta: TIPO_SOPORTE,
            titulo: 'Ingreso del soporte',
            cuerpo: `El soporte técnico (usuario ${SUPPORT_USER}) inició sesión en la empresa desde ${cliente.ip || 'una dirección desconocida'}, con todos los permisos. Queda en Logs del sistema.`,
            enlace: `/archivo/utilidades/logs-sistema?accion=login_soporte`,
          },
        );
    }
    if (u && anterior && (anterior.ip !== cliente.ip || anterior.userAgent !== cliente.userAgent)) {
      await notificar(
        { tx, onCommit, hub: deps.hub, mailer: deps.mailer },
        {
          idEmpresa: body.idEmpresa,
          idUsuario: u.id,
          tipoCarta: 9001,
          titulo: 'Nuevo inicio de sesión',
          cuerpo: `Se inició sesión con su usuario desde ${cliente.ip || 'una dirección desconocida'}. Si no fue usted, cambie su contraseña.`,
          enlace: null,
        },
      );
    }
  });
  return deps.tokens.sign(claims, jti, expiraEn);
}

export async function getUsuario(o: { tx: Tx; user: Principal }) {
  const activa = o.user.estado === 'activa';
  let tipoVista = DEFAULT_TIPO_VISTA_INMUEBLES;
  if (activa && !o.user.soporte)
    tipoVista = (await repo.usuarioPorId(o.tx, o.user.idUsuario))?.tipoVistaInmueblesBuscador ?? tipoVista;
  return { sesion: activa, tipoVistaInmueblesBuscador: tipoVista, ...(activa ? { permisos: o.user.permisos } : {}) };
}

export async function cerrarSesion(o: Scope & { deps: Deps; user: Principal; ip: string }): Promise<void> {
  const cerrada = await repo.cerrarSesion(o.tx, o.user.jti);
  o.deps.sessions.delete(o.user.jti);
  o.onCommit(() => o.deps.hub.terminarSesiones(o.user.idEmpresa, o.user.idUsuario, { jti: o.user.jti }));
  if (cerrada) {
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'logout',
      entidad: 'sesion',
      entidadId: o.user.jti,
      ip: o.ip,
    });
  }
}

function permisosData(permisos: string): PermisosData {
  const parsed = parsePermisos(permisos);
  return { permisos, ids: parsed === 'All' ? [] : [...parsed].sort((a, b) => a - b) };
}

/** Special permissions of a user: their own, or anyone's for a company admin / users module. */
export async function permisosEspeciales(o: { tx: Tx; user: Principal; idUsuario: number }): Promise<PermisosData> {
  const propio = o.idUsuario === o.user.idUsuario;
  if (!propio && !o.user.admemp && !hasIdm(o.user.permisos, 37)) throw sinPermiso();
  if (o.idUsuario === 0) return permisosData('');
  const u = await repo.usuarioPorId(o.tx, o.idUsuario);
  if (!u) throw noEncontrado('El usuario');
  return permisosData(u.permisosEspeciales);
}

export async function permisosPorUsuario(o: { tx: Tx; user: Principal }): Promise<PermisosData> {
  if (o.user.soporte) return permisosData('All');
  const u = await repo.usuarioPorId(o.tx, o.user.idUsuario);
  return permisosData(u?.permisosPorUsuario ?? '');
}

export async function grabarSesion(o: { tx: Tx; user: Principal; body: GrabarSesionBody }): Promise<void> {
  await repo.guardarDispositivo(o.tx, o.user.jti, o.body.firebaseId ?? null, o.body.deviceInfo);
}

/** The company notice, or '' once this user accepted its current version. */
export async function consultarBitacora(o: { tx: Tx; user: Principal }): Promise<string> {
  const aviso = await repo.avisoVigente(o.tx);
  if (!aviso || aviso.html.trim() === '') return '';
  return (await repo.aceptoVersion(o.tx, o.user.idUsuario, aviso.version)) ? '' : aviso.html;
}

export async function aceptarBitacora(o: { tx: Tx; user: Principal }): Promise<void> {
  const aviso = await repo.avisoVigente(o.tx);
  if (aviso) await repo.registrarAceptacion(o.tx, o.user.idUsuario, aviso.version);
}
