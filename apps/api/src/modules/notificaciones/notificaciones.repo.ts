import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notificacion, notificacionConfig, notificacionTipo } from '../../db/schema/notificaciones.ts';

export function tiposConConfig(tx: Tx, idUsuario: number) {
  return tx
    .select({
      tipoCarta: notificacionTipo.tipoCarta,
      modulo: notificacionTipo.modulo,
      moduloLabel: notificacionTipo.moduloLabel,
      titulo: notificacionTipo.titulo,
      descripcion: notificacionTipo.descripcion,
      inApp: sql<boolean>`coalesce(${notificacionConfig.inApp}, ${notificacionTipo.inApp})`,
      email: sql<boolean>`coalesce(${notificacionConfig.email}, ${notificacionTipo.email})`,
      sms: sql<boolean>`coalesce(${notificacionConfig.sms}, ${notificacionTipo.sms})`,
      whatsapp: sql<boolean>`coalesce(${notificacionConfig.whatsapp}, ${notificacionTipo.whatsapp})`,
    })
    .from(notificacionTipo)
    .leftJoin(
      notificacionConfig,
      and(eq(notificacionConfig.tipoCarta, notificacionTipo.tipoCarta), eq(notificacionConfig.idUsuario, idUsuario)),
    )
    .orderBy(asc(notificacionTipo.moduloOrden), asc(notificacionTipo.orden));
}

export async function tiposExistentes(tx: Tx): Promise<Set<number>> {
  const r = await tx.select({ t: notificacionTipo.tipoCarta }).from(notificacionTipo);
  return new Set(r.map((x) => x.t));
}

export async function guardarConfig(
  tx: Tx,
  idUsuario: number,
  filas: { tipoCarta: number; inApp: boolean; email: boolean; sms: boolean; whatsapp: boolean }[],
) {
  if (filas.length === 0) return;
  await tx
    .insert(notificacionConfig)
    .values(filas.map((f) => ({ ...f, idUsuario })))
    .onConflictDoUpdate({
      target: [notificacionConfig.idEmpresa, notificacionConfig.idUsuario, notificacionConfig.tipoCarta],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        sms: sql`excluded.sms`,
        whatsapp: sql`excluded.whatsapp`,
        actualizadoEn: sql`now()`,
      },
    });
}

export function recientes(tx: Tx, idUsuario: number, limite: number) {
  return tx
    .select()
    .from(notificacion)
    .where(eq(notificacion.idUsuario, idUsuario))
    .orderBy(desc(notificacion.creadaEn), desc(notificacion.id))
    .limit(limite);
}

export async function noLeidas(tx: Tx, idUsuario: number): Promise<number> {
  const r = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notificacion)
    .where(and(eq(notificacion.idUsuario, idUsuario), isNull(notificacion.leidaEn)));
  return r[0]?.n ?? 0;
}

export async function marcarLeida(tx: Tx, idUsuario: number, id: number): Promise<boolean> {
  const r = await tx
    .update(notificacion)
    .set({ leidaEn: new Date() })
    .where(and(eq(notificacion.id, id), eq(notificacion.idUsuario, idUsuario)))
    .returning({ id: notificacion.id });
  return r.length > 0;
}

export async function marcarTodas(tx: Tx, idUsuario: number): Promise<number> {
  const r = await tx
    .update(notificacion)
    .set({ leidaEn: new Date() })
    .where(and(eq(notificacion.idUsuario, idUsuario), isNull(notificacion.leidaEn)))
    .returning({ id: notificacion.id });
  return r.length;
}
