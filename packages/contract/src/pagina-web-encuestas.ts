import { z } from 'zod';
import { cuandoValidos, entero, esCorreo, ids, idQuery, opcion, si, texto, textoObligatorio } from './campos.ts';
import { zListQuery } from './list.ts';

// Página web > Encuestas (idm 10587, issue 32): surveys the staff build; each link answers once; the
// results show per question here and in /informes/encuestas (idm 10588).

export const IDM_ENCUESTAS = 10587;
export const IDM_INFORME_ENCUESTAS = 10588;

export const TIPOS_PREGUNTA = ['escala', 'nps', 'si_no', 'opcion', 'multiple', 'texto'] as const;
export type TipoPregunta = (typeof TIPOS_PREGUNTA)[number];
export const ETIQUETAS_TIPO_PREGUNTA: Record<TipoPregunta, string> = {
  escala: 'Escala de 1 a 5',
  nps: 'NPS (0 a 10)',
  si_no: 'Sí / No',
  opcion: 'Opción (una de varias)',
  multiple: 'Opción múltiple (varias)',
  texto: 'Texto libre',
};
/** The types whose question carries a list of options. */
export const conOpciones = (t: TipoPregunta) => t === 'opcion' || t === 'multiple';

/**
 * What sends a survey by itself (a job, hourly): a visit done with its result, a lease signed, a
 * maintenance request closed; each recipient once per record, `dias_espera` days after it.
 */
export const DISPARADORES = ['ninguno', 'visita', 'contrato', 'mantenimiento'] as const;
export type Disparador = (typeof DISPARADORES)[number];
export const ETIQUETAS_DISPARADOR: Record<Disparador, string> = {
  ninguno: 'Solo envío manual',
  visita: 'Después de una visita realizada (cita con resultado)',
  contrato: 'Al firmarse un contrato de arrendamiento',
  mantenimiento: 'Al cerrarse una solicitud de mantenimiento',
};

/** Where a link came from: made by hand, e-mailed by «Enviar», or sent by one of the triggers. */
export const ORIGENES_ENLACE = ['manual', 'correo', 'visita', 'contrato', 'mantenimiento'] as const;
export type OrigenEnlace = (typeof ORIGENES_ENLACE)[number];
export const ETIQUETAS_ORIGEN: Record<OrigenEnlace, string> = {
  manual: 'Enlace creado a mano',
  correo: 'Enviada por correo',
  visita: 'Después de una visita',
  contrato: 'Contrato firmado',
  mantenimiento: 'Mantenimiento cerrado',
};
export const TRABAJO_ENCUESTAS_AUTOMATICAS = 'encuestas.automaticas';
export const TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA = 'encuestas.automaticas-empresa';
export const MAX_DESTINATARIOS_ENCUESTA = 50;
export const MAX_PREGUNTAS = 30;

export const ZPreguntaEncuesta = z.object({
  pregunta: textoObligatorio('Pregunta', 200),
  tipo: opcion('Tipo de pregunta', TIPOS_PREGUNTA, ETIQUETAS_TIPO_PREGUNTA),
  obligatoria: si('Obligatoria').default(true),
  opciones: z
    .array(texto('Opciones', 80), { error: 'El campo Opciones debe ser una lista' })
    .max(20, { error: 'El campo Opciones admite máximo 20 valores' })
    .default([])
    .transform((xs) => [...new Set(xs.filter((x) => x !== ''))]),
});
export type PreguntaEncuesta = z.output<typeof ZPreguntaEncuesta>;
/** A question as stored (the form's values after its rules). */
export const ZPreguntaGuardada = z.object({
  pregunta: z.string(),
  tipo: z.enum(TIPOS_PREGUNTA),
  obligatoria: z.boolean(),
  opciones: z.array(z.string()),
});

export const ZEncuestaForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    descripcion: texto('Descripción', 1000),
    activa: si('Activa').default(true),
    disparador: opcion('Envío automático', DISPARADORES, ETIQUETAS_DISPARADOR).default('ninguno'),
    dias_espera: entero('Días de espera', 0, 90).default(0),
    dias_vigencia: entero('Vigencia del enlace', 1, 365).default(30),
    preguntas: z
      .array(ZPreguntaEncuesta, { error: 'El campo Preguntas debe ser una lista' })
      .min(1, { error: 'El campo Preguntas necesita al menos una pregunta' })
      .max(MAX_PREGUNTAS, { error: `El campo Preguntas admite máximo ${MAX_PREGUNTAS} preguntas` }),
  })
  .superRefine((v, ctx) => {
    // An array body passes «when» (an array is an object) without the fields the rule reads.
    if (!Array.isArray(v.preguntas)) return;
    v.preguntas.forEach((p, i) => {
      if (conOpciones(p.tipo) && p.opciones.length < 2)
        ctx.addIssue({
          code: 'custom',
          path: ['preguntas', i, 'opciones'],
          message: `El campo Opciones de la pregunta ${i + 1} necesita al menos dos opciones`,
        });
    });
  }, cuandoValidos('preguntas'));
export type EncuestaForm = z.output<typeof ZEncuestaForm>;
export type EncuestaFormEntrada = z.input<typeof ZEncuestaForm>;

export const ENCUESTAS_SORT = ['titulo', 'creado_en', 'respuestas'] as const;
export const ZEncuestasQuery = zListQuery({ sort: ENCUESTAS_SORT, filters: {} });

export const ZEncuesta = z.object({
  id: z.number(),
  titulo: z.string(),
  descripcion: z.string(),
  activa: z.boolean(),
  disparador: z.enum(DISPARADORES),
  dias_espera: z.number(),
  dias_vigencia: z.number(),
  preguntas: z.array(ZPreguntaGuardada),
  enlaces: z.number(),
  respuestas: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Encuesta = z.infer<typeof ZEncuesta>;

/** A link for one person (or one place): it answers once. */
export const ZEnlaceEncuestaForm = z.object({
  destinatario: texto('Destinatario', 120),
  email: texto('Correo electrónico', 120)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || esCorreo(v), { error: 'El campo Correo electrónico debe ser un correo electrónico válido' }),
  cantidad: z
    .number({ error: 'El campo Cantidad debe ser un número' })
    .int({ error: 'El campo Cantidad debe ser un número entero' })
    .min(1, { error: 'El campo Cantidad debe ser al menos 1' })
    .max(200, { error: 'El campo Cantidad debe ser como máximo 200' })
    .default(1),
});
export type EnlaceEncuestaForm = z.output<typeof ZEnlaceEncuestaForm>;

export const ZEnlaceEncuesta = z.object({
  id: z.number(),
  token: z.string(),
  destinatario: z.string(),
  email: z.string(),
  origen: z.enum(ORIGENES_ENLACE),
  /** The record that triggered it (a cita's id, a contract's consecutivo, a maintenance request's). */
  origen_id: z.number().nullable(),
  creado_en: z.string(),
  /** When the e-mail carrying it was queued; null for a link made by hand. */
  enviado_en: z.string().nullable(),
  /** After it the link is refused; null: it never expires. */
  vence_en: z.string().nullable(),
  respondida_en: z.string().nullable(),
});
export type EnlaceEncuesta = z.infer<typeof ZEnlaceEncuesta>;

/** POST /paginaweb/encuestas/:id/enviar: an e-mail with a personal link to each tercero chosen. */
export const ZEnviarEncuesta = z.object({
  terceros: ids('Destinatarios', MAX_DESTINATARIOS_ENCUESTA).refine((xs) => xs.length > 0, {
    error: 'El campo Destinatarios es obligatorio: elija al menos un tercero',
  }),
});
export type EnviarEncuesta = z.output<typeof ZEnviarEncuesta>;
export const ZEnvioEncuesta = z.object({ enviados: z.number(), destinatarios: z.array(z.string()) });
export type EnvioEncuesta = z.infer<typeof ZEnvioEncuesta>;

/** GET /paginaweb/encuestas/terceros: who a survey can be sent to (20 by name or document). */
export const ZTercerosEncuestaQuery = z.object({
  q: z.string().trim().max(100, { error: 'q admite máximo 100 caracteres' }).optional(),
  id: idQuery('id').optional(),
});
export const ZTerceroEncuesta = z.object({ id: z.number(), nombre: z.string(), nro_id: z.string(), email: z.string() });
export type TerceroEncuesta = z.infer<typeof ZTerceroEncuesta>;

export const ZResultadoPregunta = z.object({
  indice: z.number(),
  pregunta: z.string(),
  tipo: z.enum(TIPOS_PREGUNTA),
  respuestas: z.number(),
  /** Escala: the mean of 1–5, NPS: of 0–10; null for other types or without answers. */
  promedio: z.number().nullable(),
  /** NPS: % promoters (9–10) minus % detractors (0–6), −100 to 100; null otherwise. */
  nps: z.number().nullable(),
  /** Each value and how many chose it (escala 1–5, Sí/No, the options); empty for texto. */
  conteos: z.array(z.object({ valor: z.string(), n: z.number() })),
  /** Texto: the latest answers (at most 50). */
  textos: z.array(z.string()),
});
export type ResultadoPregunta = z.infer<typeof ZResultadoPregunta>;
export const ZResultadosEncuesta = z.object({
  respuestas: z.number(),
  enlaces: z.number(),
  preguntas: z.array(ZResultadoPregunta),
});
export type ResultadosEncuesta = z.infer<typeof ZResultadosEncuesta>;

// ----- the public side

export const ZTokenEncuestaParam = z.object({
  empresa: z.coerce
    .number({ error: 'empresa debe ser un número' })
    .int({ error: 'empresa debe ser un número entero' })
    .positive({ error: 'empresa debe ser mayor que cero' })
    .max(2_147_483_647, { error: 'empresa es demasiado grande' }),
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'token no es válido' }),
});

export const ZRespuestaEncuestaPublica = z.object({
  respuestas: z
    .record(
      z.string().max(10, { error: 'respuestas tiene una pregunta que no es de la encuesta' }),
      z.union(
        [
          z.string().max(2000, { error: 'Una respuesta admite máximo 2.000 caracteres' }),
          z.number(),
          z.boolean(),
          z.array(z.string().max(80, { error: 'Una opción admite máximo 80 caracteres' })).max(20, {
            error: 'Una respuesta admite máximo 20 opciones',
          }),
        ],
        { error: 'Cada respuesta debe ser texto, número, sí/no o una lista de opciones' },
      ),
      { error: 'El campo respuestas debe ser un objeto' },
    )
    .default({})
    .refine((r) => Object.keys(r).length <= MAX_PREGUNTAS, { error: 'respuestas tiene demasiadas preguntas' }),
});
export type RespuestaEncuestaPublica = z.output<typeof ZRespuestaEncuestaPublica>;

/** The key a question's answer is sent and stored under: its place, «p1», «p2»… */
export const clavePregunta = (i: number) => `p${i + 1}`;

/** A stored answer: text for every type but «multiple», whose answer is the list of options chosen. */
export type ValorRespuesta = string | string[];

/** The NPS of a list of 0–10 answers: % promoters (9–10) minus % detractors (0–6), rounded. */
export function calcularNps(vs: readonly string[]): number | null {
  if (!vs.length) return null;
  const promotores = vs.filter((v) => Number(v) >= 9).length;
  const detractores = vs.filter((v) => Number(v) <= 6).length;
  return Math.round((100 * (promotores - detractores)) / vs.length);
}

/**
 * The answers checked against the questions, each message naming the question by its number; stored
 * normalised: escala as «1»…«5», NPS «0»…«10», sí/no as «si»/«no», an option as its text, several
 * options as their list in the question's order.
 */
export function validarRespuestasEncuesta(
  preguntas: readonly PreguntaEncuesta[],
  respuestas: Record<string, unknown>,
): { valores: Record<string, ValorRespuesta>; errores: Record<string, string> } {
  const valores: Record<string, ValorRespuesta> = {};
  const errores: Record<string, string> = {};
  preguntas.forEach((p, i) => {
    const k = clavePregunta(i);
    const crudo = respuestas[k];
    if (p.tipo === 'multiple') {
      const lista = (Array.isArray(crudo) ? crudo : crudo === undefined || crudo === null || crudo === '' ? [] : [crudo]).map(
        (x) => String(x).trim(),
      );
      const nombreM = `La pregunta ${i + 1} («${p.pregunta}»)`;
      const fuera = lista.filter((x) => !p.opciones.includes(x));
      if (fuera.length) errores[k] = `${nombreM} admite solo: ${p.opciones.join(', ')}`;
      else if (!lista.length) {
        if (p.obligatoria) errores[k] = `${nombreM} es obligatoria: elija al menos una opción`;
      } else valores[k] = p.opciones.filter((o) => lista.includes(o));
      return;
    }
    if (Array.isArray(crudo)) {
      errores[k] = `La pregunta ${i + 1} («${p.pregunta}») admite una sola respuesta`;
      return;
    }
    let v = crudo === undefined || crudo === null ? '' : String(crudo).trim();
    const nombre = `La pregunta ${i + 1} («${p.pregunta}»)`;
    if (p.tipo === 'si_no') v = v === 'true' || v === 'si' || v === 'sí' ? 'si' : v === 'false' || v === 'no' ? 'no' : v;
    if (v === '') {
      if (p.obligatoria) errores[k] = `${nombre} es obligatoria`;
      return;
    }
    if (p.tipo === 'escala' && !/^[1-5]$/.test(v)) errores[k] = `${nombre} debe ser un número de 1 a 5`;
    else if (p.tipo === 'nps' && !/^(10|[0-9])$/.test(v)) errores[k] = `${nombre} debe ser un número de 0 a 10`;
    else if (p.tipo === 'si_no' && v !== 'si' && v !== 'no') errores[k] = `${nombre} debe ser Sí o No`;
    else if (p.tipo === 'opcion' && !p.opciones.includes(v)) errores[k] = `${nombre} debe ser una de: ${p.opciones.join(', ')}`;
    else if (p.tipo === 'texto' && v.length > 2000) errores[k] = `${nombre} admite máximo 2.000 caracteres`;
    else valores[k] = v;
  });
  return { valores, errores };
}

export const ZEncuestaPublica = z.object({
  titulo: z.string(),
  descripcion: z.string(),
  preguntas: z.array(ZPreguntaGuardada),
  respondida: z.boolean(),
});
export type EncuestaPublica = z.infer<typeof ZEncuestaPublica>;

/** The filters of /informes/encuestas besides the period: one survey, one origin of the links. */
export const ZOrigenFiltro = z.enum(ORIGENES_ENLACE, { error: `origen debe ser uno de: ${ORIGENES_ENLACE.join(', ')}` });
