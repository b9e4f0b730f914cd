import { and, eq, sql } from 'drizzle-orm';
import type { Notificacion } from '@predio/contract/notificaciones';
import type { Tx } from '../../db/client.ts';
import { notificacion, notificacionConfig, notificacionTipo } from '../../db/schema/notificaciones.ts';
import { encolarCorreo, type Despertador } from '../mail/outbox.ts';
import { mensajeDeNotificacion } from '../mensajes/plantillas.ts';
import { canalActivo, encolarMensaje, normalizarTelefono } from '../mensajes/salida.ts';
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
async function canalesDe(tx: Tx, idUsuario: number, tipoCarta: number): Promise<Canales> {
  const r = await tx
    .select({
      inApp: sql<boolean>`coalesce(${notificacionConfig.inApp}, ${notificacionTipo.inApp})`,
      email: sql<boolean>`coalesce(${notificacionConfig.email}, ${notificacionTipo.email})`,
      sms: sql<boolean>`coalesce(${notificacionConfig.sms}, ${notificacionTipo.sms})`,
      whatsapp: sql<boolean>`coalesce(${notificacionConfig.whatsapp}, ${notificacionTipo.whatsapp})`,
      correo: correoDeUsuario(idUsuario),
      celular: sql<
        string | null
      >`(select nullif(t.celular, '') from usuarios u join terceros t on t.nro_id = u.nro_id where u.id = ${idUsuario})`,
    })
    .from(notificacionTipo)
    .leftJoin(
      notificacionConfig,
      and(eq(notificacionConfig.tipoCarta, notificacionTipo.tipoCarta), eq(notificacionConfig.idUsuario, idUsuario)),
    )
    .where(eq(notificacionTipo.tipoCarta, tipoCarta));
  return r[0] ?? SOLO_APP;
}

type Canales = { inApp: boolean; email: boolean; sms: boolean; whatsapp: boolean; correo: string | null; celular: string | null };
const SOLO_APP: Canales = { inApp: true, email: false, sms: false, whatsapp: false, correo: null, celular: null };

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
  const canales = n.tipoCarta === null ? SOLO_APP : await canalesDe(o.tx, n.idUsuario, n.tipoCarta);
  const porCorreo = canales.email && canales.correo !== null;
  // SMS and WhatsApp go only where the company has a provider (Configurar mensajes) and the person a mobile.
  const porSms = canales.sms && canales.celular !== null && (await canalActivo(o.tx, 'sms'));
  const porWhatsapp = canales.whatsapp && canales.celular !== null && (await canalActivo(o.tx, 'whatsapp'));
  if (n.tipoCarta !== null && (porCorreo || porSms || porWhatsapp)) {
    // With PUBLIC_URL the message links to what it is about; without it there is no address to give.
    const enlace = n.enlace && o.mailer.urlPublica ? `${o.mailer.urlPublica}${n.enlace}` : null;
    // The company's template for this type (Configurar mensajes), or the default one.
    const m = await mensajeDeNotificacion(o.tx, {
      idUsuario: n.idUsuario,
      tipoCarta: n.tipoCarta,
      titulo: n.titulo,
      cuerpo: n.cuerpo,
      enlace,
    });
    const origen = `notificacion:${n.tipoCarta}`;
    if (porCorreo)
      await encolarCorreo(o, {
        para: canales.correo!,
        asunto: m.asunto || n.titulo,
        texto: m.texto,
        html: m.html,
        origen,
        tipoCarta: n.tipoCarta,
        plantilla: m.plantilla,
      });
    // A staff member's badly written mobile must not stop the notice: that channel is skipped.
    const telefono = canales.celular ? normalizarTelefono(canales.celular) : null;
    const comun = { para: telefono ?? '', origen, tipoCarta: n.tipoCarta, plantilla: m.plantilla, aCliente: false };
    if (porSms && telefono && m.sms) await encolarMensaje(o, { ...comun, canal: 'sms', texto: m.sms });
    if (porWhatsapp && telefono && m.whatsapp_plantilla)
      await encolarMensaje(o, {
        ...comun,
        canal: 'whatsapp',
        texto: m.sms,
        whatsappPlantilla: m.whatsapp_plantilla,
        whatsappParametros: m.whatsapp_parametros,
      });
  }
  if (!canales.inApp) return null;
  const dto = aNotificacion(await insertar(o.tx, n));
  // Pushed only after commit: a rolled-back notification never reaches a browser.
  o.onCommit(() => o.hub.publish(n.idEmpresa, n.idUsuario, { tipo: 'notificacion', data: dto }));
  return dto;
}
