import { llamarExterno, SinRespuesta, type RespuestaExterna } from '../http/externo.ts';

/*
 * SMS and WhatsApp providers behind one interface (issue 27 §2): send, delivery status, balance. Thin
 * `fetch` adapters (the Colombian gateways have no maintained Node client). Every failure is an
 * ErrorProveedor in Spanish that says whether trying again may help: 429, 5xx, a timeout or a dropped
 * connection may; refused credentials or a refused message will not.
 */

export type Envio = {
  /** E.164 (+573001234567). */
  para: string;
  texto: string;
  whatsappPlantilla?: string;
  whatsappParametros?: string[];
  /** Our message id, given to providers that keep a reference. */
  referencia: string;
};
export type ResultadoEnvio = { idExterno: string | null; segmentos: number | null; costo: number | null };
export type EstadoEntrega = { estado: 'enviado' | 'entregado' | 'fallido' | 'rebotado'; detalle: string | null };

export type Proveedor = {
  enviar(m: Envio, signal?: AbortSignal): Promise<ResultadoEnvio>;
  /** null: this provider only reports by webhook (or not at all). */
  estado(idExterno: string, signal?: AbortSignal): Promise<EstadoEntrega | null>;
  /** Credit left, in the provider's unit; null when it does not say. */
  saldo(signal?: AbortSignal): Promise<number | null>;
};

export class ErrorProveedor extends Error {
  constructor(
    message: string,
    readonly reintentable: boolean,
  ) {
    super(message);
  }
}

export type AjustesProveedor = {
  proveedor: string;
  url?: string;
  remitente: string;
  cuerpo: string;
  cabecera: string;
  secreto: string;
};

const TIEMPO_MS = 15_000;

/** A request with a time limit; the answer's JSON (or null), or an ErrorProveedor that says what happened. */
async function pedir(
  nombre: string,
  url: string,
  init: RequestInit,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | null> {
  let r: RespuestaExterna;
  try {
    r = await llamarExterno(url, init, { signal, tiempoMs: TIEMPO_MS });
  } catch (e) {
    if (e instanceof SinRespuesta && e.porTiempo) throw new ErrorProveedor(`${nombre} no respondió a tiempo`, true);
    if (e instanceof SinRespuesta && e.destinoInterno)
      throw new ErrorProveedor(`${nombre}: ${e.message}. Corrija la dirección en Configurar mensajes`, false);
    throw new ErrorProveedor(`No se pudo conectar con ${nombre}: ${e instanceof Error ? e.message : String(e)}`, true);
  }
  const { json, texto } = r;
  if (r.ok) return json;
  const detalle = mensajeDe(json) ?? texto.slice(0, 200);
  if (r.status === 429) throw new ErrorProveedor(`${nombre} limitó los envíos (429): se reintentará`, true);
  if (r.status >= 500) throw new ErrorProveedor(`${nombre} falló (${r.status})${detalle ? `: ${detalle}` : ''}`, true);
  if (r.status === 401 || r.status === 403)
    throw new ErrorProveedor(`${nombre} rechazó las credenciales (${r.status}): revíselas en Configurar mensajes`, false);
  throw new ErrorProveedor(`${nombre} rechazó el mensaje (${r.status})${detalle ? `: ${detalle}` : ''}`, false);
}

function mensajeDe(j: Record<string, unknown> | null): string | null {
  if (!j) return null;
  const e = j.error as Record<string, unknown> | string | undefined;
  if (typeof e === 'string') return e;
  if (e && typeof e.message === 'string') return e.message;
  for (const k of ['statusMessage', 'message', 'mensaje']) if (typeof j[k] === 'string') return j[k];
  return null;
}

const sinMas = (e164: string) => e164.replace(/^\+/, '');

/**
 * Hablame (hablame.co), API v5: POST /api/sms/v5/send with the header X-Hablame-Key and
 * `{ priority, flash, sendDate, messages: [{ to, text, reference01 }] }`; it answers
 * `{ statusCode, statusMessage, payLoad: { messages: [{ id, statusId, price }], smsQty } }`.
 * Status and balance: GET /api/sms/v5/report/{id} and GET /api/account/v1/balance (docs/mensajes.md).
 */
export function hablame(a: AjustesProveedor): Proveedor {
  const base = (a.url || 'https://www.hablame.co').replace(/\/+$/, '');
  const cabeceras = { 'X-Hablame-Key': a.secreto, 'content-type': 'application/json', accept: 'application/json' };
  return {
    async enviar(m, signal) {
      const j = await pedir(
        'Hablame',
        `${base}/api/sms/v5/send`,
        {
          method: 'POST',
          headers: cabeceras,
          body: JSON.stringify({
            priority: true,
            flash: false,
            sendDate: 'Now',
            campaignName: 'Predio',
            ...(a.remitente ? { from: a.remitente } : {}),
            messages: [{ to: sinMas(m.para), text: m.texto, reference01: m.referencia }],
          }),
        },
        signal,
      );
      const carga = (j?.payLoad ?? null) as { messages?: { id?: unknown; price?: unknown }[]; smsQty?: unknown } | null;
      const msg = carga?.messages?.[0];
      if (!msg?.id) throw new ErrorProveedor(`Hablame no aceptó el mensaje: ${mensajeDe(j) ?? 'respuesta sin id'}`, false);
      return {
        idExterno: String(msg.id),
        segmentos: typeof carga?.smsQty === 'number' ? carga.smsQty : null,
        costo: typeof msg.price === 'number' ? msg.price : null,
      };
    },
    async estado(id, signal) {
      const j = await pedir('Hablame', `${base}/api/sms/v5/report/${encodeURIComponent(id)}`, { headers: cabeceras }, signal);
      const s = String((j?.payLoad as Record<string, unknown> | undefined)?.status ?? j?.status ?? '').toLowerCase();
      if (/deliver|entreg/.test(s)) return { estado: 'entregado', detalle: null };
      if (/undeliv|reject|fail|rechaz|fall/.test(s)) return { estado: 'rebotado', detalle: s };
      return { estado: 'enviado', detalle: null };
    },
    async saldo(signal) {
      const j = await pedir('Hablame', `${base}/api/account/v1/balance`, { headers: cabeceras }, signal);
      const v = (j?.payLoad as Record<string, unknown> | undefined)?.balance ?? j?.balance;
      return typeof v === 'number' ? v : null;
    },
  };
}

const jsonTexto = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * Any gateway with an HTTP POST: the body is the company's JSON with {{para}}, {{texto}} and
 * {{referencia}}; the secret goes in the header it names. The id is read from `id` or `messageId`.
 */
export function generico(a: AjustesProveedor): Proveedor {
  if (!a.url) throw new ErrorProveedor('Falta la dirección del proveedor genérico en Configurar mensajes', false);
  const url = a.url;
  const plantilla = a.cuerpo.trim() || '{"to":"{{para}}","text":"{{texto}}","reference":"{{referencia}}"}';
  return {
    async enviar(m, signal) {
      const body = plantilla
        .replace(/\{\{\s*para\s*\}\}/g, jsonTexto(m.para))
        .replace(/\{\{\s*texto\s*\}\}/g, jsonTexto(m.texto))
        .replace(/\{\{\s*referencia\s*\}\}/g, jsonTexto(m.referencia));
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (a.cabecera && a.secreto) headers[a.cabecera] = a.secreto;
      const j = await pedir('El proveedor de SMS', url, { method: 'POST', headers, body }, signal);
      const id = j?.id ?? j?.messageId ?? j?.message_id ?? null;
      return { idExterno: id === null ? null : String(id), segmentos: null, costo: null };
    },
    estado: async () => null,
    saldo: async () => null,
  };
}

/**
 * WhatsApp Cloud API (Meta Graph): POST /{phone-number-id}/messages with a Bearer token. Outside the
 * 24-hour window a business may only send an approved template, so every message is a template with
 * its body parameters. Delivery is reported by webhook, not by asking.
 */
export function whatsappCloud(a: AjustesProveedor): Proveedor {
  const base = (a.url || 'https://graph.facebook.com/v21.0').replace(/\/+$/, '');
  if (!a.remitente) throw new ErrorProveedor('Falta el identificador del número de WhatsApp en Configurar mensajes', false);
  return {
    async enviar(m, signal) {
      if (!m.whatsappPlantilla)
        throw new ErrorProveedor('La plantilla de mensaje no tiene plantilla de WhatsApp aprobada', false);
      const j = await pedir(
        'WhatsApp',
        `${base}/${encodeURIComponent(a.remitente)}/messages`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${a.secreto}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: sinMas(m.para),
            type: 'template',
            template: {
              name: m.whatsappPlantilla,
              language: { code: 'es' },
              components: m.whatsappParametros?.length
                ? [{ type: 'body', parameters: m.whatsappParametros.map((text) => ({ type: 'text', text })) }]
                : [],
            },
          }),
        },
        signal,
      );
      const id = (j?.messages as { id?: string }[] | undefined)?.[0]?.id;
      if (!id) throw new ErrorProveedor(`WhatsApp no aceptó el mensaje: ${mensajeDe(j) ?? 'respuesta sin id'}`, false);
      return { idExterno: id, segmentos: null, costo: null };
    },
    estado: async () => null,
    saldo: async () => null,
  };
}

export function crearProveedor(a: AjustesProveedor): Proveedor {
  if (a.proveedor === 'hablame') return hablame(a);
  if (a.proveedor === 'generico') return generico(a);
  if (a.proveedor === 'whatsapp_cloud') return whatsappCloud(a);
  throw new ErrorProveedor(`Proveedor desconocido: ${a.proveedor}`, false);
}
