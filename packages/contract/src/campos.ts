import { z } from 'zod';

// Field builders shared by the contracts. A body's messages are read by a person under the form's
// field, so they name it by the label the form shows: «El campo Municipio es obligatorio». Query strings
// and path parameters name their parameter (they live in the URL). Bodies carry JSON numbers; query
// strings and path parameters arrive as text and are coerced.

export const MAX_INT = 2_147_483_647;
export const MAX_COP = 999_999_999_999;

/** A figure as Colombians write it: 10.000 and up grouped, a year such as 2100 not. */
const cifra = (n: number) => (Math.abs(n) < 10_000 ? String(n) : n.toLocaleString('es-CO'));

const falta = (v: unknown) => v === undefined || v === null || v === '';

/** A number in a JSON body: missing says «es obligatorio», anything else «debe ser un número». */
const numero = (label: string) =>
  z.number({ error: (iss) => (falta(iss.input) ? `El campo ${label} es obligatorio` : `El campo ${label} debe ser un número`) });

/** A row id in a JSON body (a choice from a list: the person picks it, never types it). */
export const id = (label: string) =>
  numero(label)
    .int({ error: `El campo ${label} debe ser un registro existente` })
    .positive({ error: `El campo ${label} debe ser un registro existente` })
    .max(MAX_INT, { error: `El campo ${label} debe ser un registro existente` });

/** An integer between min and max in a JSON body. */
export const entero = (label: string, min: number, max: number) =>
  numero(label)
    .int({ error: `El campo ${label} debe ser un número entero` })
    .min(min, { error: `El campo ${label} debe ser al menos ${cifra(min)}` })
    .max(max, { error: `El campo ${label} debe ser como máximo ${cifra(max)}` });

/** A decimal between 0 and max in a JSON body (areas, percentages). */
export const decimal = (label: string, max: number) =>
  numero(label)
    .min(0, { error: `El campo ${label} no puede ser negativo` })
    .max(max, { error: `El campo ${label} debe ser como máximo ${cifra(max)}` });

/** Free text, trimmed, empty when absent. */
export const texto = (label: string, max: number) =>
  z
    .string({ error: `El campo ${label} debe ser texto` })
    .trim()
    .max(max, { error: `El campo ${label} admite máximo ${cifra(max)} caracteres` })
    .default('');

/** Required text, trimmed. */
export const textoObligatorio = (label: string, max: number) =>
  z
    .string({ error: `El campo ${label} es obligatorio` })
    .trim()
    .min(1, { error: `El campo ${label} es obligatorio` })
    .max(max, { error: `El campo ${label} admite máximo ${cifra(max)} caracteres` });

/** A yes/no in a JSON body. */
export const si = (label: string) => z.boolean({ error: `El campo ${label} debe ser Sí o No` });

/** One of a list of keys, named in the message by their labels. */
export const opcion = <T extends readonly [string, ...string[]]>(
  label: string,
  claves: T,
  etiquetas: Record<T[number], string>,
) =>
  z.enum(claves, {
    error: (iss) =>
      falta(iss.input)
        ? `El campo ${label} es obligatorio`
        : `El campo ${label} debe ser uno de: ${claves.map((c) => etiquetas[c as T[number]]).join(', ')}`,
  });

/** A list of ids in a JSON body, without repeats, sorted. */
export const ids = (label: string, max: number) =>
  z
    .array(id(label), { error: `El campo ${label} debe ser una lista` })
    .max(max, { error: `El campo ${label} admite máximo ${max} valores` })
    .default([])
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b));

const DIA = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written AAAA-MM-DD (2026-02-30 is not one). */
/** An e-mail address as every form of the product accepts it. */
export const esCorreo = (v: string): boolean => z.email().safeParse(v).success;

export const esDia = (v: string): boolean => {
  if (!DIA.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A date AAAA-MM-DD in a JSON body (a real day: 2026-02-30 is refused). */
export const fecha = (label: string) =>
  z
    .string({ error: `El campo ${label} debe ser una fecha` })
    .refine(esDia, { error: `El campo ${label} debe ser una fecha válida (AAAA-MM-DD)` });

/**
 * Options for a rule between fields (a superRefine over a body): it runs once the fields it reads came
 * out valid, even when others did not, so a form shows every mistake at once instead of the rule's only
 * after the rest is fixed. Zod's default skips it whenever any field failed.
 */
export const cuandoValidos = (...campos: readonly string[]) => ({
  when: (p: { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    typeof p.value === 'object' &&
    p.value !== null &&
    !p.issues.some((i) => i.path !== undefined && campos.includes(String(i.path[0]))),
});

/** A row id in a query string or a path. */
export const idQuery = (campo: string) =>
  z.coerce
    .number({ error: `${campo} debe ser un número` })
    .int({ error: `${campo} debe ser un número entero` })
    .positive({ error: `${campo} debe ser mayor que cero` })
    .max(MAX_INT, { error: `${campo} es demasiado grande` });

/** An integer between min and max in a query string. */
export const enteroQuery = (campo: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${campo} debe ser un número` })
    .int({ error: `${campo} debe ser un número entero` })
    .min(min, { error: `${campo} debe ser al menos ${min}` })
    .max(max, { error: `${campo} debe ser como máximo ${max}` });

/** An optional AAAA-MM-DD date in a query string (a filter's desde / hasta). */
export const fechaQuery = (campo: string) =>
  z
    .string()
    .trim()
    .regex(DIA, { error: `${campo} debe ser una fecha AAAA-MM-DD` })
    .refine(esDia, { error: `${campo} no es una fecha válida` })
    .optional();

/** A repeated query parameter or a comma-separated list, of at most `max` values. */
export const listaQuery = <T extends z.ZodType>(campo: string, item: T, max = 50) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '')),
    z
      .array(item, { error: `${campo} debe ser una lista` })
      .max(max, { error: `${campo} admite máximo ${max} valores` })
      .optional(),
  );

/** `/:consecutivo` of a property, a lead or any record numbered per company. */
export const ZConsecutivoParam = z.object({ consecutivo: idQuery('consecutivo') });
