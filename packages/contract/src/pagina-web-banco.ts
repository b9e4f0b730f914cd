import { z } from 'zod';
import { cuandoValidos, entero, esCorreo, fecha, idQuery, MAX_COP, opcion, texto, textoObligatorio } from './campos.ts';
import { zListQuery } from './list.ts';

// Página web > Banco de trabajo (idm 202, issue 32): the agency's job vacancies, published on its site,
// and the applications (postulaciones) visitors send with their CV, reviewed by the staff.

export const IDM_BANCO_TRABAJO = 202;

export const ESTADOS_VACANTE = ['borrador', 'publicada', 'cerrada'] as const;
export type EstadoVacante = (typeof ESTADOS_VACANTE)[number];
export const ETIQUETAS_ESTADO_VACANTE: Record<EstadoVacante, string> = {
  borrador: 'Borrador',
  publicada: 'Publicada',
  cerrada: 'Cerrada',
};

export const ESTADOS_POSTULACION = ['recibida', 'en_revision', 'preseleccionada', 'descartada', 'contratada'] as const;
export type EstadoPostulacion = (typeof ESTADOS_POSTULACION)[number];
export const ETIQUETAS_ESTADO_POSTULACION: Record<EstadoPostulacion, string> = {
  recibida: 'Recibida',
  en_revision: 'En revisión',
  preseleccionada: 'Preseleccionada',
  descartada: 'Descartada',
  contratada: 'Contratada',
};

/** A CV: PDF or Word (DOCX), told by its bytes, up to this size. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_TIPOS = ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as const;

export const TEXTO_CONSENTIMIENTO_POSTULACION =
  'Autorizo el tratamiento de mis datos personales (Ley 1581 de 2012) para participar en este proceso de selección.';

const salario = (label: string) => entero(label, 0, MAX_COP).nullable().default(null);

export const ZVacanteForm = z
  .object({
    titulo: textoObligatorio('Título', 160),
    // Sanitised by the server before it is stored.
    descripcion: texto('Descripción', 20_000),
    area: textoObligatorio('Área', 80),
    salario_min: salario('Salario desde'),
    salario_max: salario('Salario hasta'),
    fecha_cierre: fecha('Fecha de cierre'),
    estado: opcion('Estado', ESTADOS_VACANTE, ETIQUETAS_ESTADO_VACANTE).default('borrador'),
  })
  .superRefine(
    (v, ctx) => {
      if (v.salario_min !== null && v.salario_max !== null && v.salario_max < v.salario_min)
        ctx.addIssue({
          code: 'custom',
          path: ['salario_max'],
          message: 'El campo Salario hasta no puede ser menor que Salario desde',
        });
    },
    cuandoValidos('salario_min', 'salario_max'),
  );
export type VacanteForm = z.output<typeof ZVacanteForm>;

export const VACANTES_SORT = ['titulo', 'area', 'fecha_cierre', 'postulaciones', 'creado_en'] as const;
export const ZVacantesQuery = zListQuery({
  sort: VACANTES_SORT,
  filters: {
    estado: z.enum(ESTADOS_VACANTE, { error: `estado debe ser uno de: ${ESTADOS_VACANTE.join(', ')}` }).optional(),
  },
});

/** A vacancy as stored (the form's values after its rules). */
const ZVacanteGuardada = z.object({
  titulo: z.string(),
  descripcion: z.string(),
  area: z.string(),
  salario_min: z.number().nullable(),
  salario_max: z.number().nullable(),
  fecha_cierre: z.string(),
  estado: z.enum(ESTADOS_VACANTE),
});
export const ZVacante = ZVacanteGuardada.extend({
  id: z.number(),
  /** Published and its closing day not past (Colombia): the site lists it and takes applications. */
  abierta: z.boolean(),
  postulaciones: z.number(),
  /** Applications still «recibida»: nobody looked at them yet. */
  sin_revisar: z.number(),
  creado_por: z.string(),
  creado_en: z.string(),
});
export type Vacante = z.infer<typeof ZVacante>;

export const POSTULACIONES_SORT = ['creado_en', 'nombre', 'estado'] as const;
const filtrosPostulacion = {
  estado: z.enum(ESTADOS_POSTULACION, { error: `estado debe ser uno de: ${ESTADOS_POSTULACION.join(', ')}` }).optional(),
  vacante: idQuery('vacante').optional(),
};
export const ZPostulacionesQuery = zListQuery({ sort: POSTULACIONES_SORT, filters: filtrosPostulacion });
export const ZPostulacionesExportarQuery = z.object({
  formato: z.enum(['csv', 'xlsx'], { error: "formato debe ser 'csv' o 'xlsx'" }).default('xlsx'),
  q: z.string().trim().max(200, { error: 'la búsqueda admite máximo 200 caracteres' }).optional(),
  ...filtrosPostulacion,
});

export const ZCvPostulacion = z.object({ id: z.number(), nombre: z.string(), bytes: z.number(), content_type: z.string() });
export type CvPostulacion = z.infer<typeof ZCvPostulacion>;
export const ZPostulacion = z.object({
  id: z.number(),
  id_vacante: z.number(),
  vacante: z.string(),
  nombre: z.string(),
  email: z.string(),
  telefono: z.string(),
  mensaje: z.string(),
  estado: z.enum(ESTADOS_POSTULACION),
  notas: z.string(),
  cv: ZCvPostulacion.nullable(),
  consentimiento_en: z.string(),
  creado_en: z.string(),
  revisado_por: z.string().nullable(),
  revisado_en: z.string().nullable(),
});
export type Postulacion = z.infer<typeof ZPostulacion>;

export const ZRevisionPostulacion = z.object({
  estado: opcion('Estado', ESTADOS_POSTULACION, ETIQUETAS_ESTADO_POSTULACION),
  notas: texto('Notas', 4000),
});
export type RevisionPostulacion = z.output<typeof ZRevisionPostulacion>;

const TELEFONO = /^\+?[0-9][0-9 ()-]{5,19}$/;
const marcado = (v: unknown) => v === true || v === 'true' || v === 'on' || v === 'si' || v === '1';

/**
 * What a visitor sends with the CV (multipart fields, so every value arrives as text). The CV itself is
 * the `cv` file part, checked by the server as it streams in.
 */
export const ZPostulacionPublica = z.object({
  nombre: textoObligatorio('Nombre', 120),
  email: textoObligatorio('Correo electrónico', 120)
    .transform((v) => v.toLowerCase())
    .refine(esCorreo, { error: 'El campo Correo electrónico debe ser un correo electrónico válido' }),
  telefono: textoObligatorio('Teléfono', 20).refine((v) => TELEFONO.test(v), {
    error: 'El campo Teléfono debe ser un teléfono (números, espacios, +, - y paréntesis; de 6 a 20)',
  }),
  mensaje: texto('Mensaje', 2000),
  autoriza_datos: z.unknown().refine(marcado, {
    error: 'Debe autorizar el tratamiento de sus datos personales (Ley 1581 de 2012) para postularse',
  }),
  // The honeypot: people never see it; a robot fills it.
  sitio: z.string().max(200).default(''),
});
export type PostulacionPublica = z.output<typeof ZPostulacionPublica>;

/** A vacancy as the public sees it: only what the agency publishes. */
export const ZVacantePublica = z.object({
  id: z.number(),
  titulo: z.string(),
  descripcion: z.string(),
  area: z.string(),
  salario_min: z.number().nullable(),
  salario_max: z.number().nullable(),
  fecha_cierre: z.string(),
});
export type VacantePublica = z.infer<typeof ZVacantePublica>;

/** «$ 2.000.000 – $ 3.000.000», «Desde $ 2.000.000», «A convenir». */
export function rangoSalario(min: number | null, max: number | null): string {
  const cop = (n: number) => `$ ${n.toLocaleString('es-CO')}`;
  if (min !== null && max !== null) return min === max ? cop(min) : `${cop(min)} – ${cop(max)}`;
  if (min !== null) return `Desde ${cop(min)}`;
  if (max !== null) return `Hasta ${cop(max)}`;
  return 'A convenir';
}
