import { z } from 'zod';
import { TIPOS_PLANTILLA, type CampoDef, type ContextoDef } from './documentos.ts';
import { enteroQuery, fechaQuery, idQuery } from './campos.ts';
import { festivos } from './festivos.ts';

/*
 * Correos y SMS (issue 27, spec §2 /emails): the company's message templates (Configurar mensajes,
 * idm 10555), one per notification type (tipo_Carta) and any number of free messages.
 */

export const IDM_CONFIGURAR_MENSAJES = 10555;
export const IDM_INFORMES_MENSAJES = 10562;

/** The fields of a notification's message: who receives it and what it says (given by the module that notifies). */
export const CONTEXTOS_NOTIFICACION: readonly ContextoDef[] = [
  {
    clave: 'destinatario',
    etiqueta: 'Destinatario',
    registro: false,
    campos: [
      { clave: 'nombre', etiqueta: 'Nombre', tipo: 'texto', ejemplo: 'Carlos Restrepo' },
      { clave: 'email', etiqueta: 'Correo electrónico', tipo: 'texto', ejemplo: 'carlos.restrepo@correo.co' },
      { clave: 'celular', etiqueta: 'Celular', tipo: 'texto', ejemplo: '300 123 4567' },
    ],
  },
  {
    clave: 'notificacion',
    etiqueta: 'Notificación',
    registro: false,
    campos: [
      { clave: 'titulo', etiqueta: 'Título', tipo: 'texto', ejemplo: 'Nueva cita asignada: visita al apartamento 501' },
      { clave: 'cuerpo', etiqueta: 'Detalle', tipo: 'texto', ejemplo: 'Jueves, 26 de noviembre de 2026, 10:00 a. m.' },
      { clave: 'enlace', etiqueta: 'Enlace en Predio', tipo: 'texto', ejemplo: 'https://predio.example/archivo/agenda' },
      { clave: 'tipo', etiqueta: 'Tipo de aviso', tipo: 'texto', ejemplo: 'Nueva cita asignada' },
      { clave: 'fecha', etiqueta: 'Fecha', tipo: 'fecha', ejemplo: '2026-11-26' },
    ],
  },
];

const TIPO_REGISTRO = z.enum(TIPOS_PLANTILLA, { error: 'debe ser general, inmueble, tercero o cliente atendido' });

export const MAX_HTML_MENSAJE = 500_000;
export const MAX_SMS = 918; // six concatenated GSM-7 segments

const texto = (max: number) =>
  z.string({ error: 'debe ser un texto' }).max(max, `admite hasta ${max.toLocaleString('es-CO')} caracteres`);

export const ZPlantillaMensajeGuardar = z.object({
  /** Free messages only; a notification's template is named after its type. */
  nombre: z.string({ error: 'debe ser un texto' }).trim().max(120, 'admite hasta 120 caracteres').optional(),
  /** Free messages only: the record it is filled from. */
  tipo: TIPO_REGISTRO.optional(),
  asunto: z.string({ error: 'debe ser un texto' }).trim().min(1, 'es obligatorio').max(200, 'admite hasta 200 caracteres'),
  html: texto(MAX_HTML_MENSAJE),
  texto: texto(20_000).default(''),
  sms: texto(MAX_SMS).default(''),
  whatsapp_plantilla: z
    .string({ error: 'debe ser un texto' })
    .trim()
    .max(512, 'admite hasta 512 caracteres')
    .regex(/^[a-z0-9_]*$/, 'solo admite minúsculas, números y «_» (el nombre aprobado en WhatsApp)')
    .default(''),
  whatsapp_parametros: z
    .array(texto(500), { error: 'debe ser una lista de textos' })
    .max(20, 'admite hasta 20 parámetros')
    .default([]),
});
export type PlantillaMensajeGuardar = z.input<typeof ZPlantillaMensajeGuardar>;

export const ZPlantillaMensaje = z.object({
  /** `notificacion-101` or `libre-7`: what the URL names. */
  clave: z.string(),
  id: z.number().nullable(),
  tipo_carta: z.number().nullable(),
  nombre: z.string(),
  /** For a notification: its module; for a free message: «Mensajes libres». */
  grupo: z.string(),
  tipo: z.enum(TIPOS_PLANTILLA),
  asunto: z.string(),
  html: z.string(),
  texto: z.string(),
  sms: z.string(),
  whatsapp_plantilla: z.string(),
  whatsapp_parametros: z.array(z.string()),
  /** False while a notification type uses the default. */
  personalizada: z.boolean(),
  actualizado: z.string().nullable(),
  actualizado_por: z.string(),
});
export type PlantillaMensaje = z.infer<typeof ZPlantillaMensaje>;
export const ZPlantillaMensajeResumen = ZPlantillaMensaje.omit({ html: true, texto: true, sms: true, whatsapp_parametros: true });
export type PlantillaMensajeResumen = z.infer<typeof ZPlantillaMensajeResumen>;

export const ZClaveMensajeParam = z.object({
  clave: z.string().regex(/^(notificacion|libre)-\d{1,9}$/, { error: 'clave debe ser notificacion-<tipo> o libre-<id>' }),
});

/** Preview or test: the template being edited, filled with a real record (or sample values). */
export const ZMensajePrueba = ZPlantillaMensajeGuardar.extend({
  /** For a notification: the id of one of its notifications; for a free message: the record's number or document. */
  registro: z.string({ error: 'debe ser un texto' }).trim().max(30, 'admite hasta 30 caracteres').optional(),
});
export type MensajePrueba = z.input<typeof ZMensajePrueba>;

export type MensajeLleno = z.infer<typeof ZMensajeLleno>;

/** A notification of the type, to preview the template with (newest first). */
export const ZEjemploNotificacion = z.object({ id: z.number(), titulo: z.string(), creada_en: z.string() });
export type EjemploNotificacion = z.infer<typeof ZEjemploNotificacion>;

export const ZCamposMensajeQuery = z.object({
  tipo_carta: enteroQuery('tipo_carta', 1, 99_999).optional(),
  tipo: TIPO_REGISTRO.optional(),
});

export const ZConfigMensajes = z.object({
  remitente_nombre: z.string({ error: 'debe ser un texto' }).trim().max(120, 'admite hasta 120 caracteres'),
  firma: texto(2_000),
});
export type ConfigMensajes = z.infer<typeof ZConfigMensajes>;

export const ZMiFirma = z.object({ firma: texto(2_000) });
export type MiFirma = z.infer<typeof ZMiFirma>;

/*
 * SMS length (3GPP TS 23.038): text that fits the GSM 7-bit alphabet takes 160 characters in one
 * message and 153 per part when split; anything else (an «á», an emoji) turns the whole message into
 * UCS-2: 70, then 67 per part. The extension table's characters ({ } [ ] ~ \ | ^ €) count twice.
 */
const GSM_BASICO =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

export const ZInfoSms = z.object({
  codificacion: z.enum(['GSM-7', 'UCS-2']),
  /** Units the message takes: GSM-7 septets, or UTF-16 code units. */
  caracteres: z.number(),
  segmentos: z.number(),
  /** Characters that fit in each segment at this length. */
  porSegmento: z.number(),
  /** The characters that forced UCS-2, to suggest replacing them. */
  noGsm: z.array(z.string()),
});
export type InfoSms = z.infer<typeof ZInfoSms>;

/** A template filled with a record (or sample values): the preview. */
export const ZMensajeLleno = z.object({
  asunto: z.string(),
  html: z.string(),
  texto: z.string(),
  sms: z.string(),
  whatsapp_parametros: z.array(z.string()),
  sms_info: ZInfoSms,
});

export function infoSms(t: string): InfoSms {
  let septetos = 0;
  const noGsm = new Set<string>();
  for (const ch of t) {
    if (GSM_BASICO.includes(ch)) septetos += 1;
    else if (GSM_EXTENSION.includes(ch)) septetos += 2;
    else noGsm.add(ch);
  }
  if (noGsm.size === 0) {
    const porSegmento = septetos <= 160 ? 160 : 153;
    return {
      codificacion: 'GSM-7',
      caracteres: septetos,
      segmentos: septetos === 0 ? 0 : Math.ceil(septetos / porSegmento),
      porSegmento,
      noGsm: [],
    };
  }
  const unidades = t.length;
  const porSegmento = unidades <= 70 ? 70 : 67;
  return {
    codificacion: 'UCS-2',
    caracteres: unidades,
    segmentos: Math.ceil(unidades / porSegmento),
    porSegmento,
    noGsm: [...noGsm],
  };
}

export const camposNotificacion = (): CampoDef[] => CONTEXTOS_NOTIFICACION.flatMap((c) => c.campos);

/*
 * Ley 2300 de 2023, art. 3: messages to clients only Monday to Friday 7:00–19:00 and Saturday 8:00–15:00,
 * never on Sundays or holidays (Colombia, UTC−5 all year). Staff notices to staff are not restricted.
 */
const HORARIO_CONTACTO: Record<number, [number, number] | null> = {
  0: null,
  1: [7, 19],
  2: [7, 19],
  3: [7, 19],
  4: [7, 19],
  5: [7, 19],
  6: [8, 15],
};
const BOGOTA_MS = 5 * 3_600_000;

/** `ahora` when a client may be contacted then; else the next instant they may be (the next window's opening). */
export function siguienteHoraContacto(ahora: Date): Date {
  for (let d = 0; d < 15; d++) {
    const local = new Date(ahora.getTime() - BOGOTA_MS);
    local.setUTCDate(local.getUTCDate() + d);
    const fecha = local.toISOString().slice(0, 10);
    const franja = HORARIO_CONTACTO[local.getUTCDay()];
    if (!franja || festivos(Number(fecha.slice(0, 4))).has(fecha)) continue;
    const abre = Date.parse(`${fecha}T${String(franja[0]).padStart(2, '0')}:00:00Z`) + BOGOTA_MS;
    const cierra = Date.parse(`${fecha}T${String(franja[1]).padStart(2, '0')}:00:00Z`) + BOGOTA_MS;
    if (ahora.getTime() < abre) return new Date(abre);
    if (ahora.getTime() < cierra) return ahora;
  }
  return ahora;
}

export const CANALES_MENSAJE = ['sms', 'whatsapp'] as const;
export type CanalMensaje = (typeof CANALES_MENSAJE)[number];
export const PROVEEDORES = { sms: ['hablame', 'generico'], whatsapp: ['whatsapp_cloud'] } as const;
export type ProveedorSms = (typeof PROVEEDORES.sms)[number];
export const ETIQUETAS_PROVEEDOR: Record<string, string> = {
  hablame: 'Hablame (Colombia)',
  generico: 'HTTP genérico',
  whatsapp_cloud: 'WhatsApp Cloud API (Meta)',
};

export const ESTADOS_MENSAJE = ['en_cola', 'enviado', 'entregado', 'fallido', 'rebotado'] as const;
export type EstadoMensaje = (typeof ESTADOS_MENSAJE)[number];
export const ETIQUETAS_ESTADO_MENSAJE: Record<EstadoMensaje, string> = {
  en_cola: 'En cola',
  enviado: 'Enviado',
  entregado: 'Entregado',
  fallido: 'Fallido',
  rebotado: 'Rebotado',
};

const url = z
  .string({ error: 'debe ser un texto' })
  .trim()
  .max(500, 'admite hasta 500 caracteres')
  .regex(/^https?:\/\/\S+$/, 'debe ser una dirección http(s)://');

/**
 * A channel's provider. Secrets (API key, token) are write-only: stored encrypted, never answered; an
 * empty secret keeps the one saved.
 */
export const ZProveedorGuardar = z.object({
  proveedor: z.enum(['hablame', 'generico', 'whatsapp_cloud'], { error: 'debe ser hablame, generico o whatsapp_cloud' }),
  activo: z.boolean({ error: 'debe ser sí o no' }).default(true),
  /** Hablame: the API's base (tests point it at a local fake); generic: the POST URL; WhatsApp: the Graph base. */
  url: url.optional(),
  /** Hablame: the approved sender code (optional); WhatsApp: the phone number id. */
  remitente: z.string({ error: 'debe ser un texto' }).trim().max(60, 'admite hasta 60 caracteres').default(''),
  /** Generic: the JSON body, with {{para}} and {{texto}} where the number and text go. */
  cuerpo: z.string({ error: 'debe ser un texto' }).max(2_000, 'admite hasta 2.000 caracteres').default(''),
  /** Generic: the header that carries the secret (Authorization, X-Api-Key…). */
  cabecera: z
    .string({ error: 'debe ser un texto' })
    .trim()
    .max(60, 'admite hasta 60 caracteres')
    .regex(/^[A-Za-z0-9-]*$/, 'debe ser un nombre de cabecera HTTP')
    .default(''),
  secreto: z.string({ error: 'debe ser un texto' }).max(2_000, 'admite hasta 2.000 caracteres').default(''),
  /** WhatsApp: the Meta app's App Secret, which signs the delivery-status webhook; empty keeps the saved one. */
  secreto_app: z.string({ error: 'debe ser un texto' }).trim().max(200, 'admite hasta 200 caracteres').default(''),
});
export type ProveedorGuardar = z.input<typeof ZProveedorGuardar>;
export const ZProveedorConfigurado = z.object({
  proveedor: z.enum(['hablame', 'generico', 'whatsapp_cloud']),
  activo: z.boolean(),
  url: z.string().optional(),
  remitente: z.string(),
  cuerpo: z.string(),
  cabecera: z.string(),
  canal: z.enum(CANALES_MENSAJE),
  /** A secret is saved (its value is never answered). */
  con_secreto: z.boolean(),
  /** WhatsApp: the App Secret that checks the webhook's signature is saved. */
  con_secreto_app: z.boolean(),
});
export type ProveedorConfigurado = Omit<z.output<typeof ZProveedorGuardar>, 'secreto' | 'secreto_app'> & {
  canal: CanalMensaje;
  con_secreto: boolean;
  con_secreto_app: boolean;
};
/** What Configurar mensajes shows to paste in Meta's app: the webhook address and its verify token. */
export type WebhookWhatsapp = { url: string; token_verificacion: string };
export const ZCanalParam = z.object({ canal: z.enum(CANALES_MENSAJE, { error: 'canal debe ser sms o whatsapp' }) });

// ----- Informes › Correos enviados / SMS enviados (idm 10562) ---------------------------------------

export const ENVIADOS_MAX_EXPORT = 50_000;

export const ZEnviadosQuery = z.object({
  page: enteroQuery('page', 1, 1_000_000).default(1),
  pageSize: enteroQuery('pageSize', 1, 200).default(20),
  desde: fechaQuery('desde'),
  hasta: fechaQuery('hasta'),
  usuario: idQuery('usuario').optional(),
  para: z.string().trim().max(200, { error: 'para admite máximo 200 caracteres' }).optional(),
  tipo_carta: enteroQuery('tipo_carta', 1, 99_999).optional(),
  estado: z.enum(ESTADOS_MENSAJE, { error: `estado debe ser uno de: ${ESTADOS_MENSAJE.join(', ')}` }).optional(),
  /** SMS report only: SMS or WhatsApp. */
  canal: z.enum(CANALES_MENSAJE, { error: 'canal debe ser sms o whatsapp' }).optional(),
});
export type EnviadosQuery = z.output<typeof ZEnviadosQuery>;
export const ZEnviadosExportarQuery = ZEnviadosQuery.extend({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
});

export const ZEnviado = z.object({
  id: z.number(),
  creado_en: z.string(),
  enviado_en: z.string().nullable(),
  /** Who sent it; «Sistema» for notices and reminders. */
  usuario: z.string(),
  para: z.string(),
  /** E-mail: the subject; SMS/WhatsApp: the text. */
  asunto: z.string(),
  /** The notification type or what sent it (Prueba, Ficha…). */
  tipo: z.string(),
  canal: z.enum(['correo', ...CANALES_MENSAJE]),
  estado: z.enum(ESTADOS_MENSAJE),
  error: z.string().nullable(),
  intentos: z.number(),
  segmentos: z.number().nullable(),
  costo: z.number().nullable(),
});
export type Enviado = z.infer<typeof ZEnviado>;
export const ZTotalesEnviados = z.object({
  porDia: z.array(z.object({ dia: z.string(), total: z.number(), fallidos: z.number() })),
  /** null: the system (notices, reminders). */
  porUsuario: z.array(z.object({ id_usuario: z.number().nullable(), usuario: z.string(), total: z.number() })),
  porTipo: z.array(z.object({ tipo_carta: z.number(), tipo: z.string(), total: z.number() })),
});
export type TotalesEnviados = z.infer<typeof ZTotalesEnviados>;

// ----- A message to a tercero (a client): Ley 1581 consent, Ley 2300 hours, the company's name ------

export const ZSmsTercero = z
  .object({
    /** The text as written; or */
    texto: z.string({ error: 'debe ser un texto' }).trim().max(MAX_SMS, `admite hasta ${MAX_SMS} caracteres`).optional(),
    /** a free message's template (`libre-<id>`), filled with the tercero. */
    clave: z
      .string()
      .regex(/^libre-\d{1,9}$/, { error: 'clave debe ser libre-<id>' })
      .optional(),
  })
  .refine((v) => Boolean(v.texto) !== Boolean(v.clave), {
    error: 'escriba el mensaje o elija una plantilla (uno de los dos)',
    path: ['texto'],
  });
export type SmsTercero = z.infer<typeof ZSmsTercero>;
export const ZSmsEncolado = z.object({
  id: z.number(),
  para: z.string(),
  texto: z.string(),
  segmentos: z.number(),
  programado_para: z.string(),
  aplazado: z.boolean(),
});
export type SmsEncolado = z.infer<typeof ZSmsEncolado>;

/** A record's messages (e-mail and SMS), newest first: its history. */
export const ZMensajeDeRegistro = ZEnviado.pick({
  id: true,
  creado_en: true,
  usuario: true,
  para: true,
  asunto: true,
  canal: true,
  estado: true,
  error: true,
});
export type MensajeDeRegistro = z.infer<typeof ZMensajeDeRegistro>;
