import { z } from 'zod';
import type { Radicacion } from './gestion-documental.ts';
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
export type CampoFirma = {
  id: number;
  firmante: number;
  tipo: TipoCampoFirma;
  pagina: number;
  x: number;
  y: number;
  ancho: number;
  alto: number;
  obligatorio: boolean;
  /** What the signer filled in (texto, iniciales, nombre; «sí» for a ticked casilla); null until they sign. */
  valor: string | null;
};
/** A page's size in PDF points, to keep its aspect ratio on screen. */
export type PaginaFirma = { ancho: number; alto: number };
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

export type Firmante = {
  id: number;
  orden: number;
  nombre: string;
  documento: string;
  email: string;
  estado: EstadoFirmante;
  firmado_en: string | null;
  motivo_rechazo: string | null;
  ip: string | null;
  user_agent: string | null;
  codigo_verificado_en: string | null;
  sha256_visto: string | null;
  /** When their link was sent: null while they wait for their turn (in order). */
  invitado_en: string | null;
  recordatorios: number;
  canal: CanalFirma;
  /** E.164, or empty when the signer receives everything by e-mail. */
  celular: string;
  /** The channel and masked destination of the last one-time code (evidence). */
  codigo_canal: CanalFirma | null;
  codigo_destino: string | null;
  /** The last SMS/WhatsApp sent to the signer (link, code or reminder) and its state in the outbox. */
  mensaje: {
    /** entregado/rebotado once the gateway reports delivery (issue 27's webhook). */
    estado: 'en_cola' | 'enviado' | 'entregado' | 'fallido' | 'rebotado';
    error: string | null;
    creado_en: string;
    /** When a queued message leaves: later than now outside the Ley 2300 contact hours. */
    programado_para: string;
  } | null;
};
export type EventoFirma = { tipo: string; detalle: string; firmante: string | null; ip: string | null; creado_en: string };
export type DocumentoFirmaResumen = {
  id: number;
  titulo: string;
  estado: EstadoDocumentoFirma;
  firmantes: number;
  firmados: number;
  creado_por: string;
  creado_en: string;
  vence_en: string | null;
};
export type DocumentoFirma = DocumentoFirmaResumen & {
  mensaje: string;
  secuencial: boolean;
  recordar_dias: number;
  nombre_archivo: string | null;
  sha256_original: string | null;
  sha256_firmado: string | null;
  completado_en: string | null;
  detalle: Firmante[];
  eventos: EventoFirma[];
  /** The radicado of gestión documental the signed PDF was filed as (job firmas.radicar). */
  radicado: { id: number; radicado: string } | null;
  /** Null until everyone signed, or when another record (an inventory) files it. */
  radicacion: Radicacion | null;
  /** While everyone signed and the seal job has not made the PDF yet (job firmas.sellar); null after. */
  sellado: Radicacion | null;
  /** Fields placed on the pages (none: the signatures go on the certificate page only). */
  campos: CampoFirma[];
  /** The original's pages (empty until its PDF is attached). */
  paginas: PaginaFirma[];
};

/** A signed document as the client portal lists it to a signer who is the client (zona clientes). */
export type DocumentoFirmadoPortal = { id: number; titulo: string; completado_en: string; firmantes: string[] };

/** What the public signing page reads. */
export type SolicitudFirma = {
  empresa: string;
  titulo: string;
  mensaje: string;
  firmante: string;
  estado: EstadoFirmante;
  estado_documento: EstadoDocumentoFirma;
  codigo_enviado: boolean;
  verificado: boolean;
  email_oculto: string;
  /** Where the one-time code goes: the signer's channel and its masked address. */
  canal: CanalFirma;
  destino_oculto: string;
  /** After the code: this signer's fields and the document's pages (empty when no fields were placed). */
  campos: CampoFirma[];
  paginas: PaginaFirma[];
};

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
export type CertificadoFirma = {
  existe: boolean;
  autogenerado: boolean;
  sujeto: string | null;
  emisor: string | null;
  vence_en: string | null;
  url_tsa: string | null;
  /** Only a company administrator changes it. */
  puede_cambiar: boolean;
};
