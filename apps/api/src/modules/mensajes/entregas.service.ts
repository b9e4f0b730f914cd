import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { inTenant } from '../../platform/tenant.ts';

/*
 * Delivery reports of SMS (issue 27): the gateway calls back with the message's id and its state, instead
 * of Predio asking message by message. The callback carries a shared secret of the company (derived from
 * the server's key, so nothing more is stored; MENSAJES_CLAVE changing changes it) in the header
 * X-Predio-Clave or the query `clave`, for gateways that only let one type a URL.
 */

type Config = { mensajesClave: string | null; sessionSecret: string };

export const claveEntregas = (config: Config, idEmpresa: number) =>
  createHmac('sha256', config.mensajesClave ?? config.sessionSecret)
    .update(`sms-entregas:${idEmpresa}`)
    .digest('base64url')
    .slice(0, 32);

export const rutaEntregas = (idEmpresa: number) => `/api/publico/mensajes/entregas-sms/${idEmpresa}`;

/** What Configurar mensajes shows to paste in the gateway: the callback URL with its secret. */
export const datosEntregas = (config: Config, idEmpresa: number, base: string) => {
  const clave = claveEntregas(config, idEmpresa);
  return { url: `${base.replace(/\/+$/, '')}${rutaEntregas(idEmpresa)}?clave=${clave}`, cabecera: 'X-Predio-Clave', clave };
};

const igual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The report as gateways send it: Hablame's `{ id, status }` (the same words as its report endpoint:
 * Delivered, Undelivered, Rejected…), or the generic adapter's `messageId` and `estado`.
 */
export const ZEntregaSms = z
  .object({
    id: z.union([z.string(), z.number()]).optional(),
    messageId: z.union([z.string(), z.number()]).optional(),
    status: z.string().max(200).optional(),
    estado: z.string().max(200).optional(),
    detalle: z.string().max(500).optional(),
  })
  .transform((v) => ({
    id: String(v.id ?? v.messageId ?? '').trim(),
    estado: (v.status ?? v.estado ?? '').trim(),
    detalle: v.detalle ?? null,
  }));

type EstadoFinal = 'enviado' | 'entregado' | 'rebotado' | 'fallido';

function estadoDe(s: string): EstadoFinal | null {
  const t = s.toLowerCase();
  if (/undeliv|no entreg|reject|rechaz|bounce|rebot/.test(t)) return 'rebotado';
  if (/fail|fall|error|expired|expir/.test(t)) return 'fallido';
  if (/deliver|entreg/.test(t)) return 'entregado';
  if (/sent|envi|accept|queued|pending|buffered/.test(t)) return 'enviado';
  return null;
}

/**
 * Applies a delivery report: the company's SMS with that gateway id moves to entregado, rebotado or
 * fallido (with the reason as its error). A report never takes a message back (a late «sent» after
 * «delivered» changes nothing), and one already final stays as it is.
 */
export async function recibirEntrega(o: {
  db: Database;
  config: Config;
  idEmpresa: number;
  clave: string;
  body: z.output<typeof ZEntregaSms>;
}): Promise<{ id: number; estado: string; cambio: boolean }> {
  if (!o.clave || !igual(o.clave, claveEntregas(o.config, o.idEmpresa)))
    throw new AppError(CODES.SIN_PERMISO, 'La clave del reporte de entrega no es la de esta empresa.');
  if (!o.body.id) throw invalido('id', 'El campo id (el identificador del mensaje en la pasarela) es obligatorio');
  const estado = estadoDe(o.body.estado);
  if (!estado) throw invalido('status', `El estado «${o.body.estado}» no es uno que Predio conozca`);
  return inTenant(o.db, o.idEmpresa, async ({ tx }) => {
    const [m] = await queryRows<{ id: number; estado: string }>(
      tx,
      sql`select id::int as id, estado from mensaje_salida where canal = 'sms' and id_externo = ${o.body.id} for update`,
    );
    if (!m) throw noEncontrado(`El mensaje ${o.body.id} de la pasarela`);
    const cambia = estado !== 'enviado' && (m.estado === 'enviado' || m.estado === 'enviando');
    if (!cambia) return { id: m.id, estado: m.estado, cambio: false };
    const error = estado === 'entregado' ? null : `La pasarela informó: ${o.body.detalle ?? o.body.estado}`;
    await tx.execute(sql`update mensaje_salida set estado = ${estado}, ultimo_error = ${error} where id = ${m.id}`);
    return { id: m.id, estado, cambio: true };
  });
}

// ---- WhatsApp Cloud API: delivery statuses by webhook ----

/*
 * Meta calls the app's webhook with the statuses of the messages it sent (sent, delivered, read, failed),
 * several per request, and retries for days anything but a 200. It first checks the address with a GET
 * carrying the verify token typed in the app (derived here per company, like the SMS key), and signs
 * every POST with the app's App Secret: X-Hub-Signature-256 = sha256=<HMAC-SHA256 of the raw body>.
 */

export const rutaWhatsapp = (idEmpresa: number) => `/api/publico/mensajes/whatsapp/${idEmpresa}`;

export const tokenVerificacionWhatsapp = (config: Config, idEmpresa: number) =>
  createHmac('sha256', config.mensajesClave ?? config.sessionSecret)
    .update(`whatsapp-webhook:${idEmpresa}`)
    .digest('base64url')
    .slice(0, 32);

export const datosWhatsapp = (config: Config, idEmpresa: number, base: string) => ({
  url: `${base.replace(/\/+$/, '')}${rutaWhatsapp(idEmpresa)}`,
  token_verificacion: tokenVerificacionWhatsapp(config, idEmpresa),
});

/** The GET Meta sends when the address is saved: answers the challenge only to the company's token. */
export function verificarWhatsapp(config: Config, idEmpresa: number, q: { modo?: string; token?: string; reto?: string }) {
  if (q.modo !== 'subscribe' || !q.token || !igual(q.token, tokenVerificacionWhatsapp(config, idEmpresa)))
    throw new AppError(CODES.SIN_PERMISO, 'El token de verificación no es el de esta empresa.');
  if (!q.reto) throw invalido('hub.challenge', 'Falta el reto (hub.challenge) de la verificación');
  return q.reto;
}

const ZEstadoWhatsapp = z.object({
  id: z.string().max(200),
  status: z.string().max(40),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().max(500).optional(),
        message: z.string().max(500).optional(),
        error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
      }),
    )
    .optional(),
});
const ZNotificacionWhatsapp = z.object({
  object: z.string().max(100),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100),
              value: z.object({ statuses: z.array(ZEstadoWhatsapp).max(1000).optional() }).passthrough(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const ESTADO_WHATSAPP: Record<string, EstadoFinal> = {
  sent: 'enviado',
  delivered: 'entregado',
  read: 'entregado',
  failed: 'fallido',
};

/**
 * Applies the statuses of a signed notification to the company's WhatsApp messages, as SMS reports are
 * applied: never backwards, a final state stays. Statuses of messages Predio did not send are skipped
 * (the number may also be used from Meta's own tools), and so are kinds it does not know.
 */
export async function recibirWhatsapp(o: {
  db: Database;
  config: Config;
  descifrar: (sobre: string) => string | null;
  idEmpresa: number;
  firma: string;
  cuerpo: Buffer;
}): Promise<{ estados: number; cambios: number }> {
  const secreto = await inTenant(o.db, o.idEmpresa, async ({ tx }) => {
    const [p] = await queryRows<{ secreto_webhook: string }>(
      tx,
      sql`select secreto_webhook from mensaje_proveedor where canal = 'whatsapp' and proveedor = 'whatsapp_cloud'`,
    );
    return p?.secreto_webhook ? o.descifrar(p.secreto_webhook) : null;
  });
  if (!secreto)
    throw new AppError(
      CODES.SIN_PERMISO,
      'La empresa no tiene guardada la clave secreta de la app de WhatsApp (App Secret) en Configurar mensajes.',
    );
  const esperada = `sha256=${createHmac('sha256', secreto).update(o.cuerpo).digest('hex')}`;
  if (!o.firma || !igual(o.firma, esperada))
    throw new AppError(CODES.SIN_PERMISO, 'La firma (X-Hub-Signature-256) no corresponde a la clave secreta de la app.');
  let json: unknown;
  try {
    json = JSON.parse(o.cuerpo.toString('utf8'));
  } catch {
    throw new AppError(CODES.VALIDACION, 'El cuerpo de la notificación no es JSON');
  }
  const n = ZNotificacionWhatsapp.safeParse(json);
  if (!n.success) throw invalido('entry', 'La notificación no tiene la forma de las de WhatsApp Cloud API');
  const estados = n.data.entry.flatMap((e) => e.changes.flatMap((c) => (c.field === 'messages' ? (c.value.statuses ?? []) : [])));
  let cambios = 0;
  await inTenant(o.db, o.idEmpresa, async ({ tx }) => {
    for (const s of estados) {
      const estado = ESTADO_WHATSAPP[s.status];
      if (!estado || estado === 'enviado') continue;
      const [m] = await queryRows<{ id: number; estado: string }>(
        tx,
        sql`select id::int as id, estado from mensaje_salida where canal = 'whatsapp' and id_externo = ${s.id} for update`,
      );
      if (!m || (m.estado !== 'enviado' && m.estado !== 'enviando')) continue;
      const e = s.errors?.[0];
      const error =
        estado === 'entregado'
          ? null
          : `WhatsApp informó: ${[e?.title ?? e?.message, e?.error_data?.details].filter(Boolean).join('. ') || 'no entregado'}${e?.code ? ` (código ${e.code})` : ''}`;
      await tx.execute(sql`update mensaje_salida set estado = ${estado}, ultimo_error = ${error} where id = ${m.id}`);
      cambios++;
    }
  });
  return { estados: estados.length, cambios };
}
