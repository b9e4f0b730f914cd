import { setTimeout as esperar } from 'node:timers/promises';
import { CODES } from '@predio/contract/codes';
import { SUPPORT_USER } from '@predio/contract/constants';
import {
  estadoLogin,
  limpiarFallosLogin,
  loginKeys,
  registrarFalloLogin,
  tomarTurno,
  type LoginKeys,
} from '../../platform/auth/throttle.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { inTenant } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './usuarios.repo.ts';

/** Notice 9003 (migration 0076). */
const TIPO_INTENTOS = 9003;

export type Intento = { deps: Deps; idEmpresa: number; usuario: string; ip: string };

const claves = (o: Intento): LoginKeys => loginKeys(o.idEmpresa, o.usuario, o.ip);

/**
 * Before a password is checked: a blocked address is refused with `mensaje` and the minutes left; an
 * account with many failures makes every attempt on it wait a little longer, so guessing from many
 * addresses is slow while its user, from anywhere, still gets in.
 */
export async function antesDeComprobar(o: Intento, mensaje: string): Promise<void> {
  const e = await estadoLogin(o.deps.db, claves(o), o.deps.config.loginThrottle);
  if (e.bloqueoMin > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `${mensaje} Intente de nuevo en ${e.bloqueoMin} ${e.bloqueoMin === 1 ? 'minuto' : 'minutos'}.`,
      undefined,
      { 'retry-after': String(e.bloqueoMin * 60) },
    );
  if (e.esperaMs > 0) await esperar(e.esperaMs);
}

export async function acierto(o: Intento): Promise<void> {
  await limpiarFallosLogin(o.deps.db, claves(o));
}

/**
 * Counts a wrong password (`nombre`: the account's name as stored, for the notices). When an existing account collects twice the per-address limit in the window
 * (so from more than one address, or over a block), its user and the company administrators are told,
 * once per window.
 */
export async function fallo(o: Intento & { idUsuario: number | null; nombre: string }): Promise<void> {
  const { db, config } = o.deps;
  const cfg = config.loginThrottle;
  const k = claves(o);
  const f = await registrarFalloLogin(db, k, cfg);
  const soporte = o.usuario.toUpperCase() === SUPPORT_USER;
  if (f.fallos < 2 * cfg.maxPorUsuario || (o.idUsuario === null && !soporte)) return;
  if (!(await tomarTurno(db, k.aviso, cfg.ventanaMin))) return;
  await inTenant(db, o.idEmpresa, async ({ tx, onCommit }) => {
    const s = { tx, onCommit, hub: o.deps.hub, mailer: o.deps.mailer };
    const cuantos = `${f.fallos} intentos fallidos de iniciar sesión`;
    const donde = `en los últimos ${cfg.ventanaMin} minutos, desde ${f.direcciones} ${f.direcciones === 1 ? 'dirección' : 'direcciones'}`;
    const titulo = 'Intentos fallidos de inicio de sesión';
    if (o.idUsuario !== null)
      await notificar(s, {
        idEmpresa: o.idEmpresa,
        idUsuario: o.idUsuario,
        tipoCarta: TIPO_INTENTOS,
        titulo,
        cuerpo: `Hubo ${cuantos} con su usuario ${donde}. Usted puede seguir ingresando; si no fue usted, no comparta su contraseña y considere cambiarla en Mi perfil.`,
        enlace: '/perfil',
      });
    for (const idAdmin of await repo.administradores(tx)) {
      if (idAdmin === o.idUsuario) continue;
      await notificar(s, {
        idEmpresa: o.idEmpresa,
        idUsuario: idAdmin,
        tipoCarta: TIPO_INTENTOS,
        titulo,
        cuerpo: `Hubo ${cuantos} con el usuario «${o.nombre}» ${donde} (la última, ${o.ip || 'desconocida'}). Cada dirección queda bloqueada para ese usuario tras ${cfg.maxPorUsuario} fallos y cada intento tarda más; el usuario puede seguir ingresando.`,
        enlace: `/archivo/utilidades/logs-sistema?accion=login_fallido&usuario=${encodeURIComponent(o.nombre)}`,
      });
    }
  });
}
