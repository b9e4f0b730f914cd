import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { editLock } from '../../db/schema/plataforma.ts';
import { AppError } from '../errors/app-error.ts';

/*
 * Edit locks (spec §4): a user opens a record for editing and, until they save, release it or the lock
 * expires, others may read it but not change it. A record is named by its module's `recurso` (e.g.
 * 'inmueble') and a `clave` (its number or id as text); every module uses the one edit_lock table.
 */

export const MINUTOS_BLOQUEO_DEFECTO = 30;

/** Releases every edit lock this user holds, of every recurso (logout, spec §4). */
export async function liberarTodos(tx: Tx, idUsuario: number): Promise<number> {
  const r = await tx.delete(editLock).where(eq(editLock.idUsuario, idUsuario)).returning({ clave: editLock.clave });
  return r.length;
}

/** Who holds a lock, as read from edit_lock. */
export type Titular = { id_usuario: number; usuario: string; tomado_en: Date | string; expira_en: Date | string };

/**
 * Takes or renews the lock when it is free, expired or already the caller's; otherwise answers who
 * holds it. Expiry comes from configuración ajustes.minutosBloqueoEdicion.
 */
export async function tomar(
  tx: Tx,
  b: { recurso: string; clave: string; idUsuario: number; usuario: string },
): Promise<{ propio: boolean; titular: Titular }> {
  const [propio] = await queryRows<Titular>(
    tx,
    sql`insert into edit_lock (recurso, clave, id_usuario, usuario, expira_en)
        values (${b.recurso}, ${b.clave}, ${b.idUsuario}, ${b.usuario},
                now() + make_interval(mins => coalesce(
                  (select case when ajustes->>'minutosBloqueoEdicion' ~ '^[0-9]{1,4}$'
                               then (ajustes->>'minutosBloqueoEdicion')::int end from configuracion limit 1),
                  ${MINUTOS_BLOQUEO_DEFECTO})))
        on conflict (id_empresa, recurso, clave) do update
          set id_usuario = excluded.id_usuario, usuario = excluded.usuario, expira_en = excluded.expira_en,
              tomado_en = case when edit_lock.id_usuario = excluded.id_usuario and edit_lock.expira_en > now()
                               then edit_lock.tomado_en else now() end
          where edit_lock.id_usuario = excluded.id_usuario or edit_lock.expira_en <= now()
        returning id_usuario, usuario, tomado_en, expira_en`,
  );
  if (propio) return { propio: true, titular: propio };
  const titular = await vigente(tx, b.recurso, b.clave);
  return { propio: false, titular: titular! };
}

/** The unexpired lock on a resource, if any. */
export async function vigente(tx: Tx, recurso: string, clave: string): Promise<Titular | null> {
  const [t] = await queryRows<Titular>(
    tx,
    sql`select id_usuario, usuario, tomado_en, expira_en from edit_lock
        where recurso = ${recurso} and clave = ${clave} and expira_en > now()`,
  );
  return t ?? null;
}

export async function liberar(tx: Tx, recurso: string, clave: string, idUsuario: number | null): Promise<boolean> {
  const cond = and(eq(editLock.recurso, recurso), eq(editLock.clave, clave));
  const r = await tx
    .delete(editLock)
    .where(idUsuario === null ? cond : and(cond, eq(editLock.idUsuario, idUsuario)))
    .returning({ clave: editLock.clave });
  return r.length > 0;
}

/** A lock as the API answers it (`Bloqueo` of the contract): who, since when, until when. */
export type Bloqueo = { usuario: string; desde: string; expira: string };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const aBloqueo = (t: Titular): Bloqueo => ({ usuario: t.usuario, desde: iso(t.tomado_en), expira: iso(t.expira_en) });

/** When the lock was taken, as a user in Bogotá reads it in a message. */
export const desdeLegible = (t: Titular): string => new Date(t.tomado_en).toLocaleString('es-CO', { timeZone: 'America/Bogota' });

/** The 409 for a record someone else is editing; the envelope's data says who holds it. */
export function bloqueado(t: Titular, mensaje: string): AppError {
  return new AppError(CODES.CONFLICTO, mensaje, undefined, undefined, aBloqueo(t));
}

/**
 * Refuses (409, with `mensaje(usuario, desde)`) while another user holds the record's lock; answers the
 * caller's own lock, or null when there is none. Every write to a lockable record goes through it.
 */
export async function libreDeOtros(
  tx: Tx,
  b: { recurso: string; clave: string; idUsuario: number },
  mensaje: (usuario: string, desde: string) => string,
): Promise<Titular | null> {
  const t = await vigente(tx, b.recurso, b.clave);
  if (t && t.id_usuario !== b.idUsuario) throw bloqueado(t, mensaje(t.usuario, desdeLegible(t)));
  return t;
}
