import { z } from 'zod';
import { TIPO_VALUES, TIPOS_SOLICITUD } from './solicitudes.ts';
import { entero, esCorreo, idQuery, enteroQuery, si, texto, textoObligatorio } from './campos.ts';

/*
 * Correos › Bandeja de correos (idm 509, issue 27): each user's IMAP mailbox, copied in by a job, read
 * with its conversations, answered through the company's outgoing mail.
 */

export const IDM_BANDEJA = 509;
export const TRABAJO_BANDEJA_SINCRONIZAR = 'bandeja.sincronizar';
export const TRABAJO_BANDEJA_TODAS = 'bandeja.sincronizar-todas';
/** Writes what was read or marked unread in Predio back to the server (\Seen). */
export const TRABAJO_BANDEJA_MARCAR = 'bandeja.marcar-leidos';

const correo = (label: string) =>
  texto(label, 200)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || esCorreo(v), { error: `El campo ${label} debe ser un correo electrónico válido` });

export const ZCuentaCorreoGuardar = z.object({
  correo: correo('Correo').refine((v) => v !== '', { error: 'El campo Correo es obligatorio' }),
  imap_host: textoObligatorio('Servidor IMAP', 200).refine((v) => /^[A-Za-z0-9.-]+$|^\[?[0-9a-fA-F:.]+\]?$/.test(v), {
    error: 'El campo Servidor IMAP debe ser un nombre de servidor o una dirección IP',
  }),
  imap_puerto: entero('Puerto', 1, 65_535).default(993),
  imap_tls: si('TLS').default(true),
  imap_usuario: textoObligatorio('Usuario', 200),
  /** Empty keeps the saved password (the API never answers it). */
  imap_clave: z
    .string({ error: 'El campo Contraseña debe ser un texto' })
    .max(500, 'El campo Contraseña admite hasta 500 caracteres')
    .default(''),
});
export type CuentaCorreoGuardar = z.input<typeof ZCuentaCorreoGuardar>;

export const ZCuentaCorreo = z.object({
  id: z.number(),
  correo: z.string(),
  imap_host: z.string(),
  imap_puerto: z.number(),
  imap_tls: z.boolean(),
  imap_usuario: z.string(),
  /** A password is saved (its value is never answered). */
  con_clave: z.boolean(),
  sincronizado_en: z.string().nullable(),
  ultimo_error: z.string().nullable(),
  error_en: z.string().nullable(),
  /** A sync job is waiting or running. */
  sincronizando: z.boolean(),
});
export type CuentaCorreo = z.infer<typeof ZCuentaCorreo>;

export const ZCarpetaCorreo = z.object({
  id: z.number(),
  ruta: z.string(),
  nombre: z.string(),
  uso_especial: z.string().nullable(),
  total: z.number(),
  sin_leer: z.number(),
});
export type CarpetaCorreo = z.infer<typeof ZCarpetaCorreo>;

export const ZHilosQuery = z.object({
  carpeta: idQuery('carpeta'),
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 100).default(25),
  q: z.string().trim().max(200, { error: 'q admite máximo 200 caracteres' }).optional(),
});
export type HilosQuery = z.input<typeof ZHilosQuery>;

/** A message the user's own box received from a tercero (its screen lists them, newest first). */
export const ZCorreoRecibido = z.object({
  id: z.number(),
  asunto: z.string(),
  de_correo: z.string(),
  fecha: z.string().nullable(),
});
export type CorreoRecibido = z.infer<typeof ZCorreoRecibido>;

/** A conversation of a folder: its latest message stands for it. */
export const ZHiloCorreo = z.object({
  hilo: z.string(),
  id_ultimo: z.number(),
  asunto: z.string(),
  de: z.string(),
  fecha: z.string().nullable(),
  mensajes: z.number(),
  sin_leer: z.number(),
  con_adjuntos: z.boolean(),
});
export type HiloCorreo = z.infer<typeof ZHiloCorreo>;

export const ZAdjuntoRecibido = z.object({ nombre: z.string(), tipo: z.string(), tamano: z.number() });
export type AdjuntoRecibido = z.infer<typeof ZAdjuntoRecibido>;

/** Outgoing attachments of a reply or forward: how many, how large each, and the whole message. */
export const MAX_ADJUNTOS_RESPUESTA = 5;
export const MAX_BYTES_ADJUNTO = 10 * 1024 * 1024;
export const MAX_BYTES_ADJUNTOS = 20 * 1024 * 1024;
/** The server-made name of an uploaded attachment: a UUID and the file's cleaned name. */
export const CLAVE_ADJUNTO = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9._-]{1,120}$/;
/** An attachment uploaded for a reply, not yet sent. */
export const ZAdjuntoSubido = z.object({ clave: z.string(), nombre: z.string(), tipo: z.string(), tamano: z.number() });
export type AdjuntoSubido = z.infer<typeof ZAdjuntoSubido>;

export const ZAdjuntoParam = z.object({ id: idQuery('id'), n: enteroQuery('n', 0, 999) });

export const ZMensajeCorreo = z.object({
  id: z.number(),
  hilo: z.string(),
  carpeta: z.string(),
  message_id: z.string().nullable(),
  de_correo: z.string(),
  de_nombre: z.string(),
  para: z.string(),
  cc: z.string(),
  asunto: z.string(),
  fecha: z.string().nullable(),
  texto: z.string(),
  /** Sanitised; remote images are left out unless asked for (`imagenes=1`). */
  html: z.string().nullable(),
  imagenes_remotas: z.boolean(),
  adjuntos: z.array(ZAdjuntoRecibido),
  leido: z.boolean(),
  id_tercero: z.number().nullable(),
  tercero_nombre: z.string().nullable(),
  /** The solicitud created from this message («Crear solicitud»), by its number. */
  solicitud_numero: z.number().nullable(),
});
export type MensajeCorreo = z.infer<typeof ZMensajeCorreo>;

export const ZHiloDetalle = z.object({ mensajes: z.array(ZMensajeCorreo) });
export type HiloDetalle = z.infer<typeof ZHiloDetalle>;

/**
 * A free message of Configurar mensajes a reply may start from, filled as plain text with the sender's
 * tercero when the box linked one (only the messages for any record otherwise).
 */
export const ZPlantillaRespuesta = z.object({ clave: z.string(), nombre: z.string(), texto: z.string() });
export type PlantillaRespuesta = z.infer<typeof ZPlantillaRespuesta>;

export const ZMensajeIdParam = z.object({ id: idQuery('id') });
export const ZMarcarLeido = z.object({ leido: si('Leído') });
export type MarcarLeido = z.input<typeof ZMarcarLeido>;
export const ZMensajeQuery = z.object({
  imagenes: z
    .enum(['0', '1'], { error: 'imagenes debe ser 0 o 1' })
    .optional()
    .transform((v) => v === '1'),
});

export const ZResponderCorreo = z.object({
  modo: z
    .enum(['responder', 'responder_todos', 'reenviar'], { error: 'El campo Modo debe ser responder, responder_todos o reenviar' })
    .default('responder'),
  /** Forwarding: who gets it. */
  para: correo('Para').default(''),
  texto: textoObligatorio('Mensaje', 20_000),
  /** Files uploaded first through POST /bandeja/adjuntos (their `clave`). */
  adjuntos: z
    .array(
      z.string({ error: 'El campo Adjuntos debe ser una lista de archivos subidos' }).regex(CLAVE_ADJUNTO, {
        error: 'El campo Adjuntos tiene un archivo que no fue subido a la bandeja',
      }),
      { error: 'El campo Adjuntos debe ser una lista de archivos subidos' },
    )
    .max(MAX_ADJUNTOS_RESPUESTA, { error: `El campo Adjuntos admite hasta ${MAX_ADJUNTOS_RESPUESTA} archivos` })
    .default([]),
});
export type ResponderCorreo = z.input<typeof ZResponderCorreo>;

export const ZCrearTerceroCorreo = z.object({
  nro_id: textoObligatorio('Número de identificación', 20),
  nombre: textoObligatorio('Nombre', 200),
});
export type CrearTerceroCorreo = z.input<typeof ZCrearTerceroCorreo>;

/**
 * «Crear solicitud» from a received message: its kind, and for a sender who is not a tercero yet the
 * identification and name to create one with.
 */
export const ZCrearSolicitudCorreo = z.object({
  tipo: z.enum(TIPO_VALUES, {
    error: `El campo Tipo debe ser uno de: ${TIPOS_SOLICITUD.map((x) => x.label).join(', ')}`,
  }),
  nro_id: texto('Número de identificación', 20).default(''),
  nombre: texto('Nombre', 200).default(''),
});
export type CrearSolicitudCorreo = z.input<typeof ZCrearSolicitudCorreo>;

/** Strips the reply and forward prefixes (English, Spanish, Outlook's) to group by subject. */
export function asuntoBase(asunto: string): string {
  let a = asunto.trim();
  for (;;) {
    const b = a.replace(/^\s*(re|rv|fw|fwd|reenviado|respuesta|aw|tr)\s*(\[\d+\])?\s*:\s*/i, '');
    if (b === a) return a.replace(/\s+/g, ' ').toLowerCase();
    a = b;
  }
}
