import { z } from 'zod';

// Field builders shared by the contracts: each message names the field, in Spanish. Bodies carry
// JSON numbers; query strings and path parameters arrive as text and are coerced.

export const MAX_INT = 2_147_483_647;
export const MAX_COP = 999_999_999_999;

/** A row id in a JSON body. */
export const id = (campo: string) =>
  z
    .number({ error: `${campo} debe ser un número` })
    .int({ error: `${campo} debe ser un número entero` })
    .positive({ error: `${campo} debe ser mayor que cero` })
    .max(MAX_INT, { error: `${campo} es demasiado grande` });

/** An integer between min and max in a JSON body. */
export const entero = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo} debe ser un número` })
    .int({ error: `${campo} debe ser un número entero` })
    .min(min, { error: `${campo} debe ser al menos ${min}` })
    .max(max, { error: `${campo} debe ser como máximo ${max}` });

/** Free text, trimmed, empty when absent. */
export const texto = (campo: string, max: number) =>
  z
    .string({ error: `${campo} debe ser texto` })
    .trim()
    .max(max, { error: `${campo} admite máximo ${max} caracteres` })
    .default('');

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
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${campo} debe ser una fecha AAAA-MM-DD` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: `${campo} no es una fecha válida` })
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
