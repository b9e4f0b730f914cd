import { correoSalida, type AdjuntoCorreo } from '../../db/schema/correo.ts';
import type { Scope } from '../tenant.ts';

export type Correo = {
  para: string;
  /** Copied recipients, comma-separated. */
  cc?: string | null;
  asunto: string;
  texto: string;
  html?: string;
  origen: string;
  /** Already in storage: the mailer reads them when it sends. */
  adjuntos?: AdjuntoCorreo[];
  /** Where a reply goes (the asesor), when not to the company's sender address. */
  responderA?: string | null;
  /** Who sends it (null: the system), the notification type or template, and the record it is about. */
  idUsuario?: number | null;
  tipoCarta?: number | null;
  plantilla?: string | null;
  entidad?: string | null;
  entidadId?: string | null;
  /** In-Reply-To and References of a reply, so the recipient's client threads it. */
  cabeceras?: Record<string, string>;
};
/** The mailer as a transaction sees it: woken after commit; urlPublica makes a message's links absolute. */
export type Despertador = { despertar(): void; readonly urlPublica: string | null };

/** Queues an e-mail in the caller's transaction; the mailer is woken once it commits. */
export async function encolarCorreo(o: Scope & { mailer: Despertador }, c: Correo): Promise<void> {
  await o.tx.insert(correoSalida).values({
    para: c.para,
    cc: c.cc ?? null,
    asunto: c.asunto,
    texto: c.texto,
    html: c.html ?? null,
    origen: c.origen,
    adjuntos: c.adjuntos ?? [],
    responderA: c.responderA ?? null,
    idUsuario: c.idUsuario ?? null,
    tipoCarta: c.tipoCarta ?? null,
    plantilla: c.plantilla ?? null,
    entidad: c.entidad ?? null,
    entidadId: c.entidadId ?? null,
    cabeceras: c.cabeceras ?? {},
  });
  o.onCommit(() => o.mailer.despertar());
}
