import { z } from 'zod';
import { id, si, texto, textoObligatorio } from './campos.ts';
import { CONTEXTOS_CONTRATO } from './contratos.ts';
import { contextoDef, MAX_PLANTILLA, type ContextoDef, type GrupoCampos } from './documentos.ts';
import './validation.ts';

// Plantillas de cartas (issue 28, /gestion-documental/plantillas-cartas, idm 10580): letters written once
// with merge fields, generated for a tercero (and optionally an inmueble and a contrato), printed on the
// letterhead and filed as radicados de salida. The engine, editor and PDF are platform/documentos'.

export const IDM_PLANTILLAS_CARTAS = 10580;

/**
 * A carta is filled from a tercero (the catalogue's `tercero` type) plus these contexts: the inmueble and
 * the contrato it is about (empty when none is chosen) and its own radicado, with the date in words.
 */
export const CONTEXTOS_CARTA: readonly ContextoDef[] = [
  contextoDef('inmueble')!,
  CONTEXTOS_CONTRATO.find((x) => x.clave === 'contrato')!,
  {
    clave: 'radicado',
    etiqueta: 'Radicado de la carta',
    registro: true,
    campos: [
      { clave: 'numero', etiqueta: 'Número de radicado', tipo: 'texto', ejemplo: '2026-100-000042-1' },
      { clave: 'fecha', etiqueta: 'Fecha del radicado', tipo: 'fecha', ejemplo: '2026-11-28' },
      {
        clave: 'fecha_letras',
        etiqueta: 'Fecha en letras',
        tipo: 'texto',
        ejemplo: 'veintiocho (28) de noviembre de dos mil veintiséis (2026)',
      },
      { clave: 'asunto', etiqueta: 'Asunto', tipo: 'texto', ejemplo: 'Recordatorio de pago del canon' },
    ],
  },
];

export const ETIQUETAS_PLANTILLA_CARTA = {
  nombre: 'Nombre',
  asunto: 'Asunto',
  contenido: 'Contenido',
  activa: 'Activa',
} as const;
const P = ETIQUETAS_PLANTILLA_CARTA;

export const ZPlantillaCartaForm = z.object({
  nombre: textoObligatorio(P.nombre, 120),
  asunto: textoObligatorio(P.asunto, 300),
  contenido: z
    .string({ error: `El campo ${P.contenido} debe ser texto` })
    .max(MAX_PLANTILLA, { error: `El campo ${P.contenido} es demasiado grande (máximo 1,5 MB)` })
    .refine((s) => s.trim() !== '', { error: `El campo ${P.contenido} es obligatorio` }),
  activa: si(P.activa).default(true),
});
export type PlantillaCartaForm = z.output<typeof ZPlantillaCartaForm>;
export type PlantillaCartaFormIn = z.input<typeof ZPlantillaCartaForm>;

export const ZPlantillaCartaResumen = z.object({
  id: z.number().int(),
  nombre: z.string(),
  asunto: z.string(),
  activa: z.boolean(),
  cartas: z.number().int(),
  actualizado: z.string(),
  actualizado_por: z.string(),
});
export type PlantillaCartaResumen = z.infer<typeof ZPlantillaCartaResumen>;
export const ZPlantillaCarta = ZPlantillaCartaResumen.extend({ contenido: z.string() });
export type PlantillaCarta = z.infer<typeof ZPlantillaCarta>;

export const ETIQUETAS_GENERAR_CARTA = {
  id_plantilla: 'Plantilla',
  id_tercero: 'Destinatario',
  inmueble: 'Inmueble',
  id_contrato: 'Contrato',
  asunto: 'Asunto',
  id_area: 'Área',
  id_serie: 'Serie',
  id_subserie: 'Subserie',
  id_tipo_documental: 'Tipo documental',
  enviar_correo: 'Enviar por correo',
  id_responde_a: 'Responde al radicado',
  email: 'Correo del destinatario',
} as const;
const G = ETIQUETAS_GENERAR_CARTA;

export const ZGenerarCarta = z
  .object({
    id_plantilla: id(G.id_plantilla),
    id_tercero: id(G.id_tercero),
    /** The inmueble's consecutivo (the number people know it by). */
    inmueble: id(G.inmueble).nullish(),
    id_contrato: id(G.id_contrato).nullish(),
    /** Empty: the template's asunto. */
    asunto: texto(G.asunto, 300),
    id_area: id(G.id_area),
    id_serie: id(G.id_serie).nullish(),
    id_subserie: id(G.id_subserie).nullish(),
    id_tipo_documental: id(G.id_tipo_documental).nullish(),
    enviar_correo: si(G.enviar_correo).default(false),
    /** The radicado de entrada this letter answers: linked both ways, and the entrada becomes «Respondido». */
    id_responde_a: id(G.id_responde_a).nullish(),
    /** Empty: the tercero's e-mail. */
    email: texto(G.email, 200),
  })
  .superRefine((b, ctx) => {
    if (b.email && !z.email().safeParse(b.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: `El campo ${G.email} no es un correo válido` });
  });
export type GenerarCarta = z.output<typeof ZGenerarCarta>;
export type GenerarCartaIn = z.input<typeof ZGenerarCarta>;

/** A generated letter: its radicado de salida and, when e-mailed, where it went. */
export const ZCarta = z.object({
  id: z.number().int(),
  plantilla: z.string(),
  radicado: z.object({ id: z.number().int(), radicado: z.string() }),
  /** The radicado de entrada it answers. */
  responde_a: z.object({ id: z.number().int(), radicado: z.string() }).nullable(),
  asunto: z.string(),
  tercero: z.object({ id: z.number().int(), nombre: z.string(), nro_id: z.string() }),
  inmueble: z.number().int().nullable(),
  contrato: z.string().nullable(),
  email: z.string().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Carta = z.infer<typeof ZCarta>;

export type CamposCarta = GrupoCampos[];

/** Choices for the generate form: contracts by number (the inmuebles and terceros are searched). */
export const ZOpcionesCarta = z.object({
  plantillas: z.array(z.object({ id: z.number().int(), nombre: z.string(), asunto: z.string() })),
  contratos: z.array(z.object({ id: z.number().int(), numero: z.string(), inmueble: z.number().int() })),
});
export type OpcionesCarta = z.infer<typeof ZOpcionesCarta>;
