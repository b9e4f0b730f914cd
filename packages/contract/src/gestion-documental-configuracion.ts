import { z } from 'zod';
import { id } from './campos.ts';
import { festivos } from './festivos.ts';
import { DIGITO_TIPO_RADICADO, TIPOS_RADICADO, type TipoRadicado } from './gestion-documental.ts';
import './validation.ts';

// Configuración de gestión documental (issue 28, /gestion-documental/maestros/configuracion, idm 10574):
// the radicado format of each kind, the yearly restart of its consecutive, who receives inbound mail and
// the response deadline of each tipo documental.

/** The parts a radicado format is written with; anything else is literal text (letters, digits, - and .). */
export const PARTES_FORMATO = {
  '{AAAA}': 'año (2026)',
  '{AA}': 'año en dos cifras (26)',
  '{AREA}': 'código del área',
  '{CONSECUTIVO}': 'consecutivo de 6 cifras',
  '{TIPO}': 'dígito del tipo (1 salida, 2 entrada, 3 interna)',
  '{LETRA}': 'letra del tipo (E, S, I)',
} as const;
export const FORMATO_POR_DEFECTO = '{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}';
const LETRA_TIPO: Record<TipoRadicado, string> = { entrada: 'E', salida: 'S', interna: 'I' };

/**
 * The radicado's text from its format: «{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}» gives «2026-100-000001-2»;
 * a part left empty (an área without code) takes its separator with it («2026-000001-2»).
 */
export function aplicarFormato(
  formato: string,
  v: { anio: number; codigoArea: string | null; numero: number; tipo: TipoRadicado },
): string {
  return formato
    .replaceAll('{AAAA}', String(v.anio))
    .replaceAll('{AA}', String(v.anio % 100).padStart(2, '0'))
    .replaceAll('{AREA}', v.codigoArea ?? '')
    .replaceAll('{CONSECUTIVO}', String(v.numero).padStart(6, '0'))
    .replaceAll('{TIPO}', String(DIGITO_TIPO_RADICADO[v.tipo]))
    .replaceAll('{LETRA}', LETRA_TIPO[v.tipo])
    .replace(/([-.])[-.]+/g, '$1')
    .replace(/^[-.]+|[-.]+$/g, '');
}

const ETIQUETA_FORMATO: Record<TipoRadicado, string> = {
  entrada: 'Formato de entrada',
  salida: 'Formato de salida',
  interna: 'Formato interna',
};

const formato = (tipo: TipoRadicado) => {
  const label = ETIQUETA_FORMATO[tipo];
  return z
    .string({ error: `El campo ${label} es obligatorio` })
    .trim()
    .min(1, { error: `El campo ${label} es obligatorio` })
    .max(60, { error: `El campo ${label} admite máximo 60 caracteres` })
    .refine((s) => /^(\{(AAAA|AA|AREA|CONSECUTIVO|TIPO|LETRA)\}|[A-Za-z0-9.-])+$/.test(s), {
      error: `El campo ${label} solo admite letras, números, guion, punto y las partes ${Object.keys(PARTES_FORMATO).join(' ')}`,
    })
    .refine((s) => s.includes('{CONSECUTIVO}'), { error: `El campo ${label} debe incluir {CONSECUTIVO}` });
};

export const ETIQUETAS_CONFIGURACION_GD = {
  reinicio_anual: 'Reiniciar el consecutivo cada año',
  id_area_recepcion: 'Área que recibe la correspondencia',
  id_usuario_recepcion: 'Usuario que recibe la correspondencia',
  dias_respuesta: 'Días hábiles de respuesta',
} as const;
const L = ETIQUETAS_CONFIGURACION_GD;

export const ZConfiguracionGd = z
  .object({
    reinicio_anual: z.boolean({ error: `El campo ${L.reinicio_anual} debe ser Sí o No` }),
    formato_entrada: formato('entrada'),
    formato_salida: formato('salida'),
    formato_interna: formato('interna'),
    id_area_recepcion: id(L.id_area_recepcion).nullable(),
    id_usuario_recepcion: id(L.id_usuario_recepcion).nullable(),
    plazos: z
      .array(
        z.object({
          id_tipo_documental: id('Tipo documental'),
          dias_respuesta: z
            .number({ error: `El campo ${L.dias_respuesta} debe ser un número` })
            .int({ error: `El campo ${L.dias_respuesta} debe ser un número entero` })
            .min(1, { error: `El campo ${L.dias_respuesta} debe ser al menos 1` })
            .max(365, { error: `El campo ${L.dias_respuesta} debe ser como máximo 365` })
            .nullable(),
        }),
        { error: 'El campo plazos debe ser una lista' },
      )
      .max(2000, { error: 'El campo plazos admite máximo 2000 tipos' }),
  })
  .superRefine((c, ctx) => {
    // Numbers restart every year: without the year the text would repeat.
    if (!c.reinicio_anual) return;
    for (const t of TIPOS_RADICADO) {
      const f = c[`formato_${t}`];
      if (!f.includes('{AAAA}') && !f.includes('{AA}'))
        ctx.addIssue({
          code: 'custom',
          path: [`formato_${t}`],
          message: `El campo ${ETIQUETA_FORMATO[t]} debe incluir {AAAA} o {AA} cuando el consecutivo se reinicia cada año`,
        });
    }
  });
export type ConfiguracionGdForm = z.output<typeof ZConfiguracionGd>;

export const ZConfiguracionGdRespuesta = z.object({
  reinicio_anual: z.boolean(),
  formato_entrada: z.string(),
  formato_salida: z.string(),
  formato_interna: z.string(),
  id_area_recepcion: z.number().int().nullable(),
  id_usuario_recepcion: z.number().int().nullable(),
  plazos: z.array(
    z.object({ id_tipo_documental: z.number().int(), nombre: z.string(), dias_respuesta: z.number().int().nullable() }),
  ),
  areas: z.array(z.object({ id: z.number().int(), codigo: z.string().nullable(), nombre: z.string() })),
  usuarios: z.array(z.object({ id: z.number().int(), nombre: z.string(), usuario: z.string() })),
  modificado_por: z.string().nullable(),
  modificado_en: z.string().nullable(),
});
export type ConfiguracionGd = z.infer<typeof ZConfiguracionGdRespuesta>;

/** `dias` business days after the day `desde` (AAAA-MM-DD): Monday to Friday, Colombian holidays excluded. */
export function sumarDiasHabiles(desde: string, dias: number): string {
  const habil = (d: string) => {
    const w = new Date(`${d}T12:00:00Z`).getUTCDay();
    return w !== 0 && w !== 6 && !festivos(Number(d.slice(0, 4))).has(d);
  };
  let dia = desde;
  let n = 0;
  while (n < dias) {
    dia = new Date(Date.parse(`${dia}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (habil(dia)) n++;
  }
  return dia;
}

/**
 * Text extraction of the radicados' documents (Configuración › «Extraer texto de los documentos anteriores»):
 * the PDFs and images filed before the text job existed (or before OCR) have no text for the search.
 */
export const ZEstadoExtraccion = z.object({
  /** The radicados' current PDFs and images. */
  documentos: z.number().int(),
  /** Of them, those whose text is extracted (possibly empty: a blank page). */
  con_texto: z.number().int(),
  /** Without text: filed before the job existed, or whose job failed. */
  sin_texto: z.number().int(),
  /** Extraction jobs of the company still pending or running. */
  en_cola: z.number().int(),
});
export type EstadoExtraccion = z.output<typeof ZEstadoExtraccion>;
export const ZExtraccionIniciada = ZEstadoExtraccion.extend({
  /** Jobs queued by this request (files without text and without a job already pending). */
  encolados: z.number().int(),
});
export type ExtraccionIniciada = z.output<typeof ZExtraccionIniciada>;
