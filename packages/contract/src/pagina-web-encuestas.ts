import { z } from 'zod';
import { cuandoValidos, esCorreo, opcion, si, texto, textoObligatorio } from './campos.ts';
import { zListQuery } from './list.ts';

// Página web > Encuestas (idm 10587, issue 32): surveys the staff build; each link answers once; the
// results show per question here and in /informes/encuestas (idm 10588).

export const IDM_ENCUESTAS = 10587;
export const IDM_INFORME_ENCUESTAS = 10588;

export const TIPOS_PREGUNTA = ['escala', 'si_no', 'opcion', 'texto'] as const;
export type TipoPregunta = (typeof TIPOS_PREGUNTA)[number];
export const ETIQUETAS_TIPO_PREGUNTA: Record<TipoPregunta, string> = {
  escala: 'Escala de 1 a 5',
  si_no: 'Sí / No',
  opcion: 'Opción (una de varias)',
  texto: 'Texto libre',
};
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

export const ZEncuestaForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    descripcion: texto('Descripción', 1000),
    activa: si('Activa').default(true),
    preguntas: z
      .array(ZPreguntaEncuesta, { error: 'El campo Preguntas debe ser una lista' })
      .min(1, { error: 'El campo Preguntas necesita al menos una pregunta' })
      .max(MAX_PREGUNTAS, { error: `El campo Preguntas admite máximo ${MAX_PREGUNTAS} preguntas` }),
  })
  .superRefine((v, ctx) => {
    // An array body passes «when» (an array is an object) without the fields the rule reads.
    if (!Array.isArray(v.preguntas)) return;
    v.preguntas.forEach((p, i) => {
      if (p.tipo === 'opcion' && p.opciones.length < 2)
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

export type Encuesta = {
  id: number;
  titulo: string;
  descripcion: string;
  activa: boolean;
  preguntas: PreguntaEncuesta[];
  enlaces: number;
  respuestas: number;
  creado_por: string;
  creado_en: string;
};

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

export type EnlaceEncuesta = {
  id: number;
  token: string;
  destinatario: string;
  email: string;
  creado_en: string;
  respondida_en: string | null;
};

export type ResultadoPregunta = {
  indice: number;
  pregunta: string;
  tipo: TipoPregunta;
  respuestas: number;
  /** Escala: the mean of 1–5; null for other types or without answers. */
  promedio: number | null;
  /** Each value and how many chose it (escala 1–5, Sí/No, the options); empty for texto. */
  conteos: { valor: string; n: number }[];
  /** Texto: the latest answers (at most 50). */
  textos: string[];
};
export type ResultadosEncuesta = { respuestas: number; enlaces: number; preguntas: ResultadoPregunta[] };

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
      z.union([z.string().max(2000, { error: 'Una respuesta admite máximo 2.000 caracteres' }), z.number(), z.boolean()], {
        error: 'Cada respuesta debe ser texto, número o sí/no',
      }),
      { error: 'El campo respuestas debe ser un objeto' },
    )
    .default({})
    .refine((r) => Object.keys(r).length <= MAX_PREGUNTAS, { error: 'respuestas tiene demasiadas preguntas' }),
});
export type RespuestaEncuestaPublica = z.output<typeof ZRespuestaEncuestaPublica>;

/** The key a question's answer is sent and stored under: its place, «p1», «p2»… */
export const clavePregunta = (i: number) => `p${i + 1}`;

/**
 * The answers checked against the questions, each message naming the question by its number; stored
 * normalised: escala as «1»…«5», sí/no as «si»/«no», an option as its text.
 */
export function validarRespuestasEncuesta(
  preguntas: readonly PreguntaEncuesta[],
  respuestas: Record<string, unknown>,
): { valores: Record<string, string>; errores: Record<string, string> } {
  const valores: Record<string, string> = {};
  const errores: Record<string, string> = {};
  preguntas.forEach((p, i) => {
    const k = clavePregunta(i);
    const crudo = respuestas[k];
    let v = crudo === undefined || crudo === null ? '' : String(crudo).trim();
    const nombre = `La pregunta ${i + 1} («${p.pregunta}»)`;
    if (p.tipo === 'si_no') v = v === 'true' || v === 'si' || v === 'sí' ? 'si' : v === 'false' || v === 'no' ? 'no' : v;
    if (v === '') {
      if (p.obligatoria) errores[k] = `${nombre} es obligatoria`;
      return;
    }
    if (p.tipo === 'escala' && !/^[1-5]$/.test(v)) errores[k] = `${nombre} debe ser un número de 1 a 5`;
    else if (p.tipo === 'si_no' && v !== 'si' && v !== 'no') errores[k] = `${nombre} debe ser Sí o No`;
    else if (p.tipo === 'opcion' && !p.opciones.includes(v)) errores[k] = `${nombre} debe ser una de: ${p.opciones.join(', ')}`;
    else if (p.tipo === 'texto' && v.length > 2000) errores[k] = `${nombre} admite máximo 2.000 caracteres`;
    else valores[k] = v;
  });
  return { valores, errores };
}

export type EncuestaPublica = { titulo: string; descripcion: string; preguntas: PreguntaEncuesta[]; respondida: boolean };
