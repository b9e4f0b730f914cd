import { z } from 'zod';
import { listaQuery } from './campos.ts';

// The outbox as issue 24 §1 shows it: whether mail can leave at all, and, to the company administrator,
// what waits or failed. The full mailbox belongs to Correos y SMS (/emails).

export const ESTADOS_COLA = ['pendiente', 'enviando', 'error'] as const;
export type EstadoCola = (typeof ESTADOS_COLA)[number];
export const ETIQUETAS_ESTADO_COLA: Record<EstadoCola, string> = {
  pendiente: 'En cola',
  enviando: 'Enviando',
  error: 'No se pudo enviar',
};

/** Said where a user sends mail while the server has no SMTP_URL. */
export const AVISO_CORREO_SIN_CONFIGURAR = 'El correo no está configurado: el mensaje quedará en cola';

export const ZEstadoCorreo = z.object({
  /** The server can send (SMTP_URL is set). */
  configurado: z.boolean(),
  /** For the company administrator only: messages waiting and messages that failed; null for others. */
  enCola: z.number().int().nullable(),
  conError: z.number().int().nullable(),
});
export type EstadoCorreo = z.infer<typeof ZEstadoCorreo>;

export const ZColaQuery = z.object({
  estado: listaQuery(
    'estado',
    z.enum(ESTADOS_COLA, { error: `estado debe ser uno de: ${ESTADOS_COLA.join(', ')}` }),
    ESTADOS_COLA.length,
  ),
});

export const ZCorreoEnCola = z.object({
  id: z.number().int(),
  para: z.string(),
  asunto: z.string(),
  origen: z.string(),
  estado: z.enum(ESTADOS_COLA),
  intentos: z.number().int(),
  ultimo_error: z.string().nullable(),
  adjuntos: z.number().int(),
  creado_en: z.string(),
});
export type CorreoEnCola = z.infer<typeof ZCorreoEnCola>;

/** The newest messages of the queue shown at once; older ones wait for the full mailbox. */
export const COLA_MAX = 200;
