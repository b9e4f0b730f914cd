import { and, eq, sql } from 'drizzle-orm';
import type { Notificacion } from '@predio/contract/notificaciones';
import type { Tx } from '../../db/client.ts';
import { notificacion, notificacionConfig, notificacionTipo } from '../../db/schema/notificaciones.ts';
import { encolarCorreo, type Despertador } from '../mail/outbox.ts';
import type { Hub } from '../realtime/hub.ts';
import type { Scope } from '../tenant.ts';

/*
 * `notificar` (spec §6): how every module tells a user something. Types (tipo_carta) and each user's
 * channels live in the notificaciones module; this is the sending side. docs/platform.md.
 */

/** The address mail to a user goes to, as a scalar subquery: their tercero's corporate e-mail, else the personal one (spec §3). */
export const correoDeUsuario = (idUsuario: number) =>
  sql<string | null>`(select coalesce(nullif(t.email_corporativo, ''), nullif(t.email, ''))
    from usuarios u join terceros t on t.nro_id = u.nro_id where u.id = ${idUsuario})`;

/** The user's channels for a type, and the address e-mail would go to (corporate first). */
async function canalesDe(
  tx: Tx,
  idUsuario: number,
  tipoCarta: number,
): Promise<{ inApp: boolean; email: boolean; correo: string | null }> {
  const r = await tx
    .select({
      inApp: sql<boolean>`coalesce(${notificacionConfig.inApp}, ${notificacionTipo.inApp})`,
      email: sql<boolean>`coalesce(${notificacionConfig.email}, ${notificacionTipo.email})`,
      correo: correoDeUsuario(idUsuario),
    })
    .from(notificacionTipo)
    .leftJoin(
      notificacionConfig,
      and(eq(notificacionConfig.tipoCarta, notificacionTipo.tipoCarta), eq(notificacionConfig.idUsuario, idUsuario)),
    )
    .where(eq(notificacionTipo.tipoCarta, tipoCarta));
  return r[0] ?? { inApp: true, email: false, correo: null };
}

async function insertar(
  tx: Tx,
  n: { idUsuario: number; tipoCarta: number | null; titulo: string; cuerpo: string; enlace: string | null },
) {
  const [row] = await tx.insert(notificacion).values(n).returning();
  return row!;
}

/** A notification row as the API answers it. */
export function aNotificacion(r: typeof notificacion.$inferSelect): Notificacion {
  return {
    id: r.id,
    tipo_Carta: r.tipoCarta,
    titulo: r.titulo,
    cuerpo: r.cuerpo,
    enlace: r.enlace,
    creada_en: r.creadaEn.toISOString(),
    leida: r.leidaEn !== null,
  };
}

/**
 * Delivers a notification on the channels the user chose: in-app (stored, and pushed live after
 * commit) and e-mail (queued in the outbox). Without a type it is in-app only. Both rows are written in
 * the caller's transaction, so the notice exists if and only if what caused it does; the outbox is sent
 * by the mailer of any process, with a lease and retries, so a crash after the commit loses no e-mail.
 */
export async function notificar(
  o: Scope & { hub: Hub; mailer: Despertador },
  n: { idEmpresa: number; idUsuario: number; tipoCarta: number | null; titulo: string; cuerpo: string; enlace: string | null },
): Promise<Notificacion | null> {
  const canales =
    n.tipoCarta === null ? { inApp: true, email: false, correo: null } : await canalesDe(o.tx, n.idUsuario, n.tipoCarta);
  if (canales.email && canales.correo) {
    // With PUBLIC_URL the message links to what it is about; without it there is no address to give.
    const enlace = n.enlace && o.mailer.urlPublica ? `\n\nÁbralo en Predio: ${o.mailer.urlPublica}${n.enlace}` : '';
    await encolarCorreo(o, {
      para: canales.correo,
      asunto: n.titulo,
      texto: `${n.cuerpo}${enlace}\n\n— Predio Web 3. Puede elegir qué avisos recibe por correo en Mis notificaciones.`,
      origen: `notificacion:${n.tipoCarta}`,
    });
  }
  if (!canales.inApp) return null;
  const dto = aNotificacion(await insertar(o.tx, n));
  // Pushed only after commit: a rolled-back notification never reaches a browser.
  o.alConfirmar(() => o.hub.publish(n.idEmpresa, n.idUsuario, { tipo: 'notificacion', data: dto }));
  return dto;
}
