import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { enTenant } from '../../platform/tenant.ts';

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
  return enTenant(o.db, o.idEmpresa, async ({ tx }) => {
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
