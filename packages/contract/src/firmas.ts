import { z } from 'zod';
import { ZRadicacion } from './gestion-documental.ts';
import { entero, esCorreo, idQuery, texto, textoObligatorio } from './campos.ts';
import './validation.ts';

// Firmas electrónicas (issue 29): firmar-electronicamente-documentos-pdf and detalle-documento/{id}
// (idm 10582), and the public signing page /firmar/{token} that signers open without an account.

export const IDM_FIRMAR_DOCUMENTOS = 10582;
/** notificacion_tipo rows of migration 0002. */
export const TIPO_CARTA_DOCUMENTO_FIRMADO = 601;
export const TIPO_CARTA_FIRMA_RECHAZADA = 602;

export const MAX_FIRMANTES = 10;
export const MAX_BYTES_PDF_FIRMA = 20 * 1024 * 1024;
/** Wrong codes a signer may type before that code is burnt and a new one must be asked for. */
export const MAX_INTENTOS_CODIGO = 5;
/** Codes a signer may ask for per link (the e-mail is the only channel; this bounds abuse). */
export const MAX_CODIGOS = 5;

export const ESTADOS_DOCUMENTO_FIRMA = ['borrador', 'enviado', 'firmado', 'rechazado', 'cancelado', 'vencido'] as const;
export type EstadoDocumentoFirma = (typeof ESTADOS_DOCUMENTO_FIRMA)[number];
export const ETIQUETAS_ESTADO_DOCUMENTO: Record<EstadoDocumentoFirma, string> = {
  borrador: 'Borrador',
  enviado: 'Enviado a firma',
  firmado: 'Firmado',
  rechazado: 'Rechazado',
  cancelado: 'Cancelado',
  vencido: 'Vencido',
};
export const ESTADOS_FIRMANTE = ['pendiente', 'firmado', 'rechazado'] as const;
export type EstadoFirmante = (typeof ESTADOS_FIRMANTE)[number];
export const ETIQUETAS_ESTADO_FIRMANTE: Record<EstadoFirmante, string> = {
  pendiente: 'Pendiente',
  firmado: 'Firmó',
  rechazado: 'Rechazó',
};

const correo = (label: string) =>
  textoObligatorio(label, 120).refine(esCorreo, { error: `El campo ${label} no es un correo válido` });

/** How a signer receives their link and one-time code; the signed copy always goes by e-mail (Ley 820). */
export const CANALES_FIRMA = ['correo', 'sms', 'whatsapp'] as const;
export type CanalFirma = (typeof CANALES_FIRMA)[number];
export const ETIQUETAS_CANAL_FIRMA: Record<CanalFirma, string> = { correo: 'Correo', sms: 'SMS', whatsapp: 'WhatsApp' };

export const ZFirmanteForm = z
  .object({
    nombre: textoObligatorio('Nombre del firmante', 120),
    documento: textoObligatorio('Documento del firmante', 20).transform((v) => v.toUpperCase()),
    email: correo('Correo del firmante'),
    canal: z.enum(CANALES_FIRMA, { error: 'El campo Canal del firmante debe ser Correo, SMS o WhatsApp' }).default('correo'),
    /** Normalised to E.164 (+57 by default) by the API; required for SMS and WhatsApp. */
    celular: texto('Celular del firmante', 30),
  })
  .superRefine((f, ctx) => {
    if (f.canal !== 'correo' && !f.celular)
      ctx.addIssue({
        code: 'custom',
        path: ['celular'],
        message: `El campo Celular del firmante es obligatorio para enviar por ${ETIQUETAS_CANAL_FIRMA[f.canal]}`,
      });
  });
export type FirmanteForm = z.input<typeof ZFirmanteForm>;
/** The channels the company can send on (an active provider in Configurar mensajes). */
export const ZCanalesFirma = z.object({ correo: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() });
export type CanalesFirma = Record<CanalFirma, boolean>;

export const ZDocumentoFirmaForm = z.object({
  titulo: textoObligatorio('Título', 150),
  mensaje: texto('Mensaje', 2000),
  vence_dias: entero('Vence en (días)', 1, 90).default(15),
  /** In order: each signer is invited when the one before signs; otherwise all at once. */
  secuencial: z.boolean({ error: 'El campo Firmar en orden debe ser sí o no' }).default(false),
  /** Days between reminders to whoever has not signed; 0 sends none. */
  recordar_dias: entero('Recordar cada (días)', 0, 30).default(3),
  firmantes: z
    .array(ZFirmanteForm, { error: 'El campo Firmantes debe ser una lista' })
    .min(1, { error: 'El campo Firmantes necesita al menos un firmante' })
    .max(MAX_FIRMANTES, { error: `El campo Firmantes admite máximo ${MAX_FIRMANTES} firmantes` })
    .superRefine((fs, ctx) => {
      const vistos = new Set<string>();
      for (const f of fs) {
        const k = f.email.toLowerCase();
        if (vistos.has(k)) ctx.addIssue({ code: 'custom', message: `El campo Firmantes repite el correo ${f.email}` });
        vistos.add(k);
      }
    }),
});
export type DocumentoFirmaForm = z.input<typeof ZDocumentoFirmaForm>;

export const ZIdDocumentoParam = z.object({ id: idQuery('id') });

export const ZDocumentosFirmaQuery = z.object({
  q: texto('q', 100),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The link's token: 32 random bytes, base64url. */
export const ZTokenFirma = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace de firma no es válido' }),
});
export const ZCodigoFirma = z.object({
  codigo: z
    .string({ error: 'El campo Código es obligatorio' })
    .trim()
    .regex(/^\d{6}$/, { error: 'El campo Código debe tener 6 dígitos' }),
});
// ---- fields placed on the PDF's pages, per signer (dragged in the browser when sending) ----

export const TIPOS_CAMPO_FIRMA = ['firma', 'iniciales', 'nombre', 'fecha', 'texto', 'casilla'] as const;
export type TipoCampoFirma = (typeof TIPOS_CAMPO_FIRMA)[number];
export const ETIQUETAS_CAMPO_FIRMA: Record<TipoCampoFirma, string> = {
  firma: 'Firma',
  iniciales: 'Iniciales',
  nombre: 'Nombre',
  fecha: 'Fecha',
  texto: 'Texto',
  casilla: 'Casilla',
};
export const MAX_CAMPOS_FIRMA = 100;
/** Fractions of the page (0–1), from its top-left corner, so they hold at any rendering size. */
const fraccion = (label: string) =>
  z
    .number({ error: `El campo ${label} debe ser un número entre 0 y 1` })
    .min(0, { error: `El campo ${label} debe ser un número entre 0 y 1` })
    .max(1, { error: `El campo ${label} debe ser un número entre 0 y 1` });
export const ZCampoFirmaForm = z.object({
  /** The signer's place in the list (1 = first), as the draft was created with. */
  firmante: entero('Firmante del campo', 1, MAX_FIRMANTES),
  tipo: z.enum(TIPOS_CAMPO_FIRMA, { error: 'El campo Tipo de campo no es válido' }),
  pagina: entero('Página del campo', 1, 10_000),
  x: fraccion('Posición horizontal'),
  y: fraccion('Posición vertical'),
  ancho: fraccion('Ancho del campo'),
  alto: fraccion('Alto del campo'),
  obligatorio: z.boolean({ error: 'El campo Obligatorio debe ser sí o no' }).default(true),
});
export type CampoFirmaForm = z.input<typeof ZCampoFirmaForm>;
export const ZCamposFirmaForm = z.object({
  campos: z
    .array(ZCampoFirmaForm, { error: 'El campo Campos debe ser una lista' })
    .max(MAX_CAMPOS_FIRMA, { error: `El campo Campos admite máximo ${MAX_CAMPOS_FIRMA} campos` }),
});
export type CamposFirmaForm = z.input<typeof ZCamposFirmaForm>;
export const ZCampoFirma = z.object({
  id: z.number(),
  firmante: z.number(),
  tipo: z.enum(TIPOS_CAMPO_FIRMA),
  pagina: z.number(),
  x: z.number(),
  y: z.number(),
  ancho: z.number(),
  alto: z.number(),
  obligatorio: z.boolean(),
  /** What the signer filled in (texto, iniciales, nombre; «sí» for a ticked casilla); null until they sign. */
  valor: z.string().nullable(),
});
export type CampoFirma = z.infer<typeof ZCampoFirma>;
/** A page's size in PDF points, to keep its aspect ratio on screen. */
export const ZPaginaFirma = z.object({ ancho: z.number(), alto: z.number() });
export type PaginaFirma = z.infer<typeof ZPaginaFirma>;
export const ZPaginaParam = z.object({ id: idQuery('id'), pagina: idQuery('pagina') });
export const ZPaginaPublicaParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace de firma no es válido' }),
  pagina: idQuery('pagina'),
});
/** The values a signer types in their fields: id → text («sí»/«» for a casilla). */
export const ZValoresCampos = z
  .array(
    z.object({
      id: z.number({ error: 'El campo id del campo debe ser un número' }).int().positive(),
      valor: texto('Valor del campo', 500),
    }),
    { error: 'El campo Campos debe ser una lista' },
  )
  .max(MAX_CAMPOS_FIRMA)
  .default([]);

export const ZFirmarForm = z
  .object({
    tipo: z.enum(['dibujada', 'escrita'], { error: 'El campo Tipo de firma debe ser dibujada o escrita' }),
    /** The drawn signature as a PNG data: URL (signature_pad), at most ~300 KB. */
    imagen: z
      .string()
      .max(400_000, { error: 'El campo Firma es demasiado grande' })
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'El campo Firma debe ser una imagen PNG' })
      .optional(),
    texto: texto('Firma escrita', 120),
    /** The signer's placed fields (when the sender placed any). */
    campos: ZValoresCampos,
    acepto: z.literal(true, { error: 'Debe aceptar el documento y la firma electrónica para firmar' }),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'dibujada' && !v.imagen)
      ctx.addIssue({ code: 'custom', path: ['imagen'], message: 'El campo Firma es obligatorio: dibuje su firma' });
    if (v.tipo === 'escrita' && !v.texto)
      ctx.addIssue({ code: 'custom', path: ['texto'], message: 'El campo Firma escrita es obligatorio' });
  });
export type FirmarForm = z.input<typeof ZFirmarForm>;

export const ZRechazarForm = z.object({ motivo: textoObligatorio('Motivo', 1000) });

const ZCanal = z.enum(CANALES_FIRMA);
const ZEstadoFirmante = z.enum(ESTADOS_FIRMANTE);
const ZEstadoDocumento = z.enum(ESTADOS_DOCUMENTO_FIRMA);

export const ZFirmante = z.object({
  id: z.number(),
  orden: z.number(),
  nombre: z.string(),
  documento: z.string(),
  email: z.string(),
  estado: ZEstadoFirmante,
  firmado_en: z.string().nullable(),
  motivo_rechazo: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  codigo_verificado_en: z.string().nullable(),
  sha256_visto: z.string().nullable(),
  /** When their link was sent: null while they wait for their turn (in order). */
  invitado_en: z.string().nullable(),
  recordatorios: z.number(),
  canal: ZCanal,
  /** E.164, or empty when the signer receives everything by e-mail. */
  celular: z.string(),
  /** The channel and masked destination of the last one-time code (evidence). */
  codigo_canal: ZCanal.nullable(),
  codigo_destino: z.string().nullable(),
  /** The last SMS/WhatsApp sent to the signer (link, code or reminder) and its state in the outbox. */
  mensaje: z
    .object({
      /** entregado/rebotado once the gateway reports delivery (issue 27's webhook). */
      estado: z.enum(['en_cola', 'enviado', 'entregado', 'fallido', 'rebotado']),
      error: z.string().nullable(),
      creado_en: z.string(),
      /** When a queued message leaves: later than now outside the Ley 2300 contact hours. */
      programado_para: z.string(),
    })
    .nullable(),
});
export type Firmante = z.infer<typeof ZFirmante>;
export const ZEventoFirma = z.object({
  tipo: z.string(),
  detalle: z.string(),
  firmante: z.string().nullable(),
  ip: z.string().nullable(),
  creado_en: z.string(),
});
export type EventoFirma = z.infer<typeof ZEventoFirma>;
export const ZDocumentoFirmaResumen = z.object({
  id: z.number(),
  titulo: z.string(),
  estado: ZEstadoDocumento,
  firmantes: z.number(),
  firmados: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
  vence_en: z.string().nullable(),
});
export type DocumentoFirmaResumen = z.infer<typeof ZDocumentoFirmaResumen>;
export const ZDocumentoFirma = ZDocumentoFirmaResumen.extend({
  mensaje: z.string(),
  secuencial: z.boolean(),
  recordar_dias: z.number(),
  nombre_archivo: z.string().nullable(),
  sha256_original: z.string().nullable(),
  sha256_firmado: z.string().nullable(),
  completado_en: z.string().nullable(),
  detalle: z.array(ZFirmante),
  eventos: z.array(ZEventoFirma),
  /** The radicado of gestión documental the signed PDF was filed as (job firmas.radicar). */
  radicado: z.object({ id: z.number(), radicado: z.string() }).nullable(),
  /** Null until everyone signed, or when another record (an inventory) files it. */
  radicacion: ZRadicacion.nullable(),
  /** While everyone signed and the seal job has not made the PDF yet (job firmas.sellar); null after. */
  sellado: ZRadicacion.nullable(),
  /** Fields placed on the pages (none: the signatures go on the certificate page only). */
  campos: z.array(ZCampoFirma),
  /** The original's pages (empty until its PDF is attached). */
  paginas: z.array(ZPaginaFirma),
});
export type DocumentoFirma = z.infer<typeof ZDocumentoFirma>;

/** A signed document as the client portal lists it to a signer who is the client (zona clientes). */
export const ZDocumentoFirmadoPortal = z.object({
  id: z.number(),
  titulo: z.string(),
  completado_en: z.string(),
  firmantes: z.array(z.string()),
});
export type DocumentoFirmadoPortal = z.infer<typeof ZDocumentoFirmadoPortal>;

/** What the public signing page reads. */
export const ZSolicitudFirma = z.object({
  empresa: z.string(),
  titulo: z.string(),
  mensaje: z.string(),
  firmante: z.string(),
  estado: ZEstadoFirmante,
  estado_documento: ZEstadoDocumento,
  codigo_enviado: z.boolean(),
  verificado: z.boolean(),
  email_oculto: z.string(),
  /** Where the one-time code goes: the signer's channel and its masked address. */
  canal: ZCanal,
  destino_oculto: z.string(),
  /** After the code: this signer's fields and the document's pages (empty when no fields were placed). */
  campos: z.array(ZCampoFirma),
  paginas: z.array(ZPaginaFirma),
});
export type SolicitudFirma = z.infer<typeof ZSolicitudFirma>;

// ---- the company's seal (admin only): its own PKCS#12, or the self-generated one; optional TSA ----

export const MAX_BYTES_P12 = 64 * 1024;

/** The .p12/.pfx as base64 (read in the browser) with its password. */
export const ZCertificadoFirmaForm = z.object({
  archivo: z
    .string({ error: 'El campo Archivo del certificado es obligatorio' })
    .min(1, { error: 'El campo Archivo del certificado es obligatorio' })
    .max(Math.ceil(MAX_BYTES_P12 / 3) * 4, { error: 'El campo Archivo del certificado admite máximo 64 KB' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'El campo Archivo del certificado no es un archivo válido' }),
  clave: z.string({ error: 'El campo Contraseña del certificado debe ser texto' }).max(200, {
    error: 'El campo Contraseña del certificado admite máximo 200 caracteres',
  }),
});
export type CertificadoFirmaForm = z.input<typeof ZCertificadoFirmaForm>;

/** An RFC 3161 time-stamping authority, or none. */
export const ZSelloTiempoForm = z.object({
  url_tsa: z
    .string({ error: 'El campo Servidor de sello de tiempo debe ser texto' })
    .trim()
    .max(300, { error: 'El campo Servidor de sello de tiempo admite máximo 300 caracteres' })
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v), {
      error: 'El campo Servidor de sello de tiempo debe ser una dirección http o https, por ejemplo https://freetsa.org/tsr',
    })
    .default(''),
});
export type SelloTiempoForm = z.input<typeof ZSelloTiempoForm>;

/** The certificate the next seal will use; null fields until the first seal makes the self-generated one. */
export const ZCertificadoFirma = z.object({
  existe: z.boolean(),
  autogenerado: z.boolean(),
  sujeto: z.string().nullable(),
  emisor: z.string().nullable(),
  vence_en: z.string().nullable(),
  url_tsa: z.string().nullable(),
  /** Only a company administrator changes it. */
  puede_cambiar: z.boolean(),
});
export type CertificadoFirma = z.infer<typeof ZCertificadoFirma>;
