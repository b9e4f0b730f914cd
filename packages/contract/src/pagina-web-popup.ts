import { z } from 'zod';
import { cuandoValidos, entero, esDia, fecha, opcion, si, texto, textoObligatorio } from './campos.ts';
import { zListQuery } from './list.ts';

// Página web > Popup de inicio (idm 10538, issue 32): the pop-up of the public site's home, with its
// dates and how often a visitor sees it (a cookie the site sets says they already did).

export const IDM_POPUP = 10538;

export const FRECUENCIAS_POPUP = ['siempre', 'diaria', 'una_vez'] as const;
export type FrecuenciaPopup = (typeof FRECUENCIAS_POPUP)[number];
export const ETIQUETAS_FRECUENCIA_POPUP: Record<FrecuenciaPopup, string> = {
  siempre: 'En cada visita',
  diaria: 'Una vez al día',
  una_vez: 'Una sola vez',
};
/** Seconds a visitor's browser remembers having seen it (null: shown on every visit). */
export const SEGUNDOS_FRECUENCIA: Record<FrecuenciaPopup, number | null> = {
  siempre: null,
  diaria: 86_400,
  una_vez: 365 * 86_400,
};

const ENLACE = /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/i;

export const ZPopupForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    // Sanitised by the server before it is stored.
    contenido: texto('Contenido', 20_000),
    enlace: texto('Enlace', 500).refine((v) => v === '' || ENLACE.test(v), {
      error: 'El campo Enlace debe ser una dirección web (https://…) o una ruta del sitio (/…)',
    }),
    texto_enlace: texto('Texto del botón', 60),
    vigente_desde: fecha('Vigente desde').nullable().default(null),
    vigente_hasta: fecha('Vigente hasta').nullable().default(null),
    frecuencia: opcion('Frecuencia', FRECUENCIAS_POPUP, ETIQUETAS_FRECUENCIA_POPUP).default('diaria'),
    prioridad: entero('Prioridad', 0, 9999).default(0),
    activo: si('Activo').default(true),
  })
  .superRefine(
    (v, ctx) => {
      if (v.vigente_desde && v.vigente_hasta && esDia(v.vigente_desde) && v.vigente_hasta < v.vigente_desde)
        ctx.addIssue({
          code: 'custom',
          path: ['vigente_hasta'],
          message: 'El campo Vigente hasta no puede ser anterior a Vigente desde',
        });
    },
    cuandoValidos('vigente_desde', 'vigente_hasta'),
  );
export type PopupForm = z.output<typeof ZPopupForm>;

export const POPUPS_SORT = ['titulo', 'prioridad', 'vigente_hasta'] as const;
export const ZPopupsQuery = zListQuery({ sort: POPUPS_SORT, filters: {} });

export const ZPopup = z.object({
  id: z.number().int(),
  titulo: z.string(),
  contenido: z.string(),
  enlace: z.string(),
  texto_enlace: z.string(),
  vigente_desde: z.string().nullable(),
  vigente_hasta: z.string().nullable(),
  frecuencia: z.enum(FRECUENCIAS_POPUP),
  prioridad: z.number().int(),
  activo: z.boolean(),
  /** Active and within its dates today (Colombia): the site may show it. */
  vigente: z.boolean(),
  imagen: z.number().int().nullable(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Popup = z.infer<typeof ZPopup>;
export const ZPopupPublico = z.object({
  id: z.number().int(),
  titulo: z.string(),
  contenido: z.string(),
  enlace: z.string(),
  texto_enlace: z.string(),
  frecuencia: z.enum(FRECUENCIAS_POPUP),
  imagen: z.string().nullable(),
});
export type PopupPublico = z.infer<typeof ZPopupPublico>;
