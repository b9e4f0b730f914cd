import { z } from 'zod';
import { idQuery } from './campos.ts';
import { TIPOS_PLANTILLA } from './documentos.ts';

/*
 * An e-mail written from a record (issue 27 «Sending»): a tercero, a property (its ficha attached), a
 * lead (its matching properties' fichas), a solicitud or a cita. It goes through the outbox and stays in
 * the record's history with its delivery state.
 */

export const ENTIDADES_CORREO = ['tercero', 'inmueble', 'cliente', 'solicitud', 'cita'] as const;
export type EntidadCorreo = (typeof ENTIDADES_CORREO)[number];

/** The record as a sentence names it. */
export const ETIQUETAS_ENTIDAD_CORREO: Record<EntidadCorreo, string> = {
  tercero: 'El tercero',
  inmueble: 'El inmueble',
  cliente: 'El cliente atendido',
  solicitud: 'La solicitud',
  cita: 'La cita',
};

export const MAX_DESTINATARIOS = 10;
export const MAX_ADJUNTOS = 10;
export const MAX_FICHAS_CORREO = 10;
/** Most bytes of the record's files one message carries (the fichas apart): what mail servers take. */
export const MAX_BYTES_ADJUNTOS = 20 * 1024 * 1024;

export const ZRegistroParam = z.object({ clave: idQuery('clave') });

const direcciones = (campo: string, min: number) =>
  z
    .array(
      z
        .string({ error: `${campo}: cada destinatario debe ser un texto` })
        .trim()
        .toLowerCase()
        .max(200, `${campo}: un correo admite hasta 200 caracteres`)
        .pipe(z.email({ error: (i) => `${campo}: «${String(i.input)}» no es un correo electrónico válido` })),
      { error: `${campo} debe ser una lista de correos` },
    )
    .min(min, `${campo}: escriba al menos un destinatario`)
    .max(MAX_DESTINATARIOS, `${campo}: admite hasta ${MAX_DESTINATARIOS} destinatarios`);

const ids = (campo: string, max: number) =>
  z
    .array(
      z
        .number({ error: `${campo} debe ser una lista de números` })
        .int()
        .positive(),
      {
        error: `${campo} debe ser una lista de números`,
      },
    )
    .max(max, `${campo}: admite hasta ${max}`)
    .default([]);

export const ZCorreoRedactado = z.object({
  para: direcciones('Para', 1),
  cc: direcciones('CC', 0).default([]),
  /** Subject and body may carry the template fields of the record ({{ tercero.nombre }}), filled when sent. */
  asunto: z
    .string({ error: 'Asunto debe ser un texto' })
    .trim()
    .min(1, 'Asunto: es obligatorio')
    .max(200, 'Asunto: admite hasta 200 caracteres'),
  html: z
    .string({ error: 'Mensaje debe ser un texto' })
    .max(200_000, 'Mensaje: admite hasta 200.000 caracteres')
    .refine((h) => h.replace(/<[^>]*>/g, '').trim() !== '', 'Mensaje: escriba el mensaje'),
  /** The free message it started from (libre-<id>), for the reports. */
  plantilla: z
    .string()
    .regex(/^libre-\d{1,9}$/, { error: 'plantilla debe ser libre-<id>' })
    .optional(),
  /** Ids of the record's files (platform archivos). */
  archivos: ids('archivos', MAX_ADJUNTOS),
  /** Properties whose ficha goes as a PDF (consecutivos). */
  fichas: ids('fichas', MAX_FICHAS_CORREO),
});
export type CorreoRedactado = z.input<typeof ZCorreoRedactado>;

/** «Vista previa»: the subject and body as written, filled with the record. */
export const ZVistaPreviaCorreo = ZCorreoRedactado.pick({ asunto: true, html: true });
export type VistaPreviaCorreo = z.input<typeof ZVistaPreviaCorreo>;
/** A message filled with its record and signed: as it leaves. */
export const ZMensajeRedactado = z.object({ asunto: z.string(), html: z.string(), texto: z.string() });
export type MensajeRedactado = z.infer<typeof ZMensajeRedactado>;

/** A free message offered in the dialog, as written (its fields are filled when sent). */
export const ZPlantillaParaRedactar = z.object({ clave: z.string(), nombre: z.string(), asunto: z.string(), html: z.string() });
export type PlantillaParaRedactar = z.infer<typeof ZPlantillaParaRedactar>;

/** What the compose dialog starts from. */
export const ZOpcionesRedactar = z.object({
  /** «Ana Cliente», «Inmueble 12 · Apartamento en Laureles»: the dialog's title. */
  titulo: z.string(),
  /** The template fields the subject and body may use. */
  tipo: z.enum(TIPOS_PLANTILLA),
  /** The e-mails of the record's terceros, the first ones prefilled. */
  destinatarios: z.array(z.object({ nombre: z.string(), email: z.string() })),
  plantillas: z.array(ZPlantillaParaRedactar),
  archivos: z.array(z.object({ id: z.number(), nombre: z.string(), bytes: z.number() })),
  /** Properties whose ficha may go; `marcada`: attached unless the user takes it off. */
  fichas: z.array(z.object({ consecutivo: z.number(), titulo: z.string(), marcada: z.boolean() })),
  /** The user's signature (else the company's), appended when sent. */
  firma: z.string(),
});
export type OpcionesRedactar = z.infer<typeof ZOpcionesRedactar>;

export const ZCorreoEncolado = z.object({
  para: z.array(z.string()),
  cc: z.array(z.string()),
  asunto: z.string(),
  adjuntos: z.array(z.string()),
});
export type CorreoEncolado = z.infer<typeof ZCorreoEncolado>;
