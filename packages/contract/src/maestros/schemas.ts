import { z } from 'zod';
import '../validation.ts';
import { ZListQuery, zListQuery, zSort, type ListQuery } from '../list.ts';
import {
  ACTIVO_LABEL,
  enFormulario,
  camposOrdenables,
  refDetailKey,
  refLabelKey,
  type FieldDef,
  type ResourceDef,
} from './resource.ts';
import { recurso } from './resources.ts';

// zod schemas derived from a ResourceDef: the API validates with them and the web form too, so both
// give the same Spanish messages, each naming the field's label.

export type Valores = Record<string, unknown>;

const SI = new Set(['true', '1', 'si', 'sí', 's', 'x', 'yes', 'verdadero']);
const NO = new Set(['false', '0', 'no', 'n', 'falso']);

/** Reads booleans as they come from a query string, a CSV cell or a form ('Sí', 'no', '1', ...). */
export function aBooleano(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  if (SI.has(s)) return true;
  if (NO.has(s)) return false;
  return s === '' ? null : v;
}

const vacio = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');
const aNumero = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v);

const esFecha = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return /^(19|2[01])\d\d-/.test(s) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

// Bounds of the column types (integer, numeric(12+d, d), bigint): beyond them the database would fail.
const LIMITE = { entero: 2147483647, decimal: 1e12, dinero: 1e15 };

function numero(f: FieldDef & { min?: number; max?: number }, decimals: number, limite: number) {
  const l = `El campo ${f.label}`;
  let s = z.number({ error: (i) => (i.input == null ? `${l} es obligatorio` : `${l} debe ser un número`) });
  if (decimals === 0) s = s.int({ error: `${l} debe ser un número entero` });
  else {
    const k = 10 ** decimals;
    s = s.refine((v) => Math.abs(v * k - Math.round(v * k)) < 1e-6, { error: `${l} admite máximo ${decimals} decimales` });
  }
  const [min, max] = [f.min ?? -limite, f.max ?? limite];
  s = s.min(min, { error: `${l} debe ser mayor o igual a ${min}` });
  return s.max(max, { error: `${l} debe ser menor o igual a ${max}` });
}

/** The schema of one field's value, before optionality. */
function valor(f: FieldDef): z.ZodType {
  const l = `El campo ${f.label}`;
  const tipo = (que: string) => (i: { input: unknown }) => (i.input == null ? `${l} es obligatorio` : `${l} debe ser ${que}`);
  switch (f.type) {
    case 'text': {
      let s = z
        .string({ error: tipo('texto') })
        .trim()
        .min(1, { error: `${l} es obligatorio` })
        .max(f.maxLength, { error: `${l} admite máximo ${f.maxLength} caracteres` })
        .refine((v) => !/\p{Cc}/u.test(v.replace(/[\t\n\r]/g, '')), {
          error: `${l} tiene caracteres de control no permitidos`,
        });
      if (f.pattern) s = s.regex(new RegExp(f.pattern.regex), { error: `${l} ${f.pattern.mensaje}` });
      if (f.format === 'telefono')
        s = s.regex(/^\+?[0-9][0-9 ()-]{5,19}$/, {
          error: `${l} debe ser un teléfono (solo números, espacios, +, - y paréntesis)`,
        });
      if (f.format === 'email') return s.toLowerCase().pipe(z.email({ error: `${l} debe ser un correo electrónico válido` }));
      return f.multiline ? s : s.transform((v) => v.replace(/\s+/g, ' '));
    }
    case 'number':
      return z.preprocess(aNumero, numero(f, f.decimals ?? 0, f.decimals ? LIMITE.decimal : LIMITE.entero));
    case 'money':
      return z.preprocess(aNumero, numero({ ...f, min: f.min ?? 0 }, 0, LIMITE.dinero));
    case 'date':
      return z
        .string({ error: tipo('una fecha') })
        .trim()
        .refine(esFecha, { error: `${l} debe ser una fecha válida entre 1900 y 2199 (AAAA-MM-DD)` });
    case 'enum': {
      const valores = f.options.map((o) => o.value) as [string, ...string[]];
      const lista = f.options.map((o) => o.label).join(', ');
      return z.enum(valores, { error: (i) => (i.input == null ? `${l} es obligatorio` : `${l} debe ser una de: ${lista}`) });
    }
    case 'boolean':
      return z.preprocess(aBooleano, z.boolean({ error: tipo('Sí o No') }));
    case 'color':
      return z
        .string({ error: tipo('un color') })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, { error: `${l} debe ser un color en formato #RRGGBB` })
        .transform((v) => v.toLowerCase());
    case 'reference':
      return z.preprocess(
        aNumero,
        z
          .number({ error: tipo('un registro existente') })
          .int({ error: `${l} debe ser un registro existente` })
          .positive({ error: `${l} debe ser un registro existente` })
          .max(2147483647, { error: `${l} debe ser un registro existente` }),
      );
  }
}

/** Required fields refuse empty values; optional ones turn '' into null (clears the value). */
function campoSchema(f: FieldDef): z.ZodType {
  const v = valor(f);
  if (f.required) return z.preprocess((x) => (vacio(x) ? undefined : x), v);
  if (f.type === 'boolean') return v;
  return z.preprocess((x) => (vacio(x) ? null : x), v.nullable());
}

const activoSchema = z.preprocess(aBooleano, z.boolean({ error: `El campo ${ACTIVO_LABEL} debe ser Sí o No` }));

/** Body of POST: every form field (required ones must be there), plus `activo` when the resource has it. */
export function zodCrear(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields.filter(enFormulario)) shape[f.key] = f.required ? campoSchema(f) : campoSchema(f).optional();
  if (def.activo) shape.activo = activoSchema.optional();
  return z.object(shape).strip();
}

/** Body of PUT: any subset of the fields; `{ activo: false }` deactivates. */
export function zodActualizar(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields.filter(enFormulario)) shape[f.key] = campoSchema(f).optional();
  if (def.activo) shape.activo = activoSchema.optional();
  return z
    .object(shape)
    .strip()
    .refine((o) => Object.values(o).some((v) => v !== undefined), { error: 'Envíe al menos un campo para modificar' });
}

/** Filters of the list, export and options: `?key=value`, equality (text without case or accents). */
function filtros(def: ResourceDef): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields)
    if (f.filter || f.key === def.parent) shape[f.key] = campoSchema({ ...f, required: false }).optional();
  if (def.activo) shape.activo = activoSchema.optional();
  return shape;
}

export function zodListaQuery(def: ResourceDef) {
  return zListQuery({ sort: camposOrdenables(def), filters: filtros(def) });
}

export const EXPORT_MAX_FILAS = 50_000;
export const FORMATOS_EXPORTACION = ['csv', 'xlsx'] as const;
export type FormatoExportacion = (typeof FORMATOS_EXPORTACION)[number];

export type ExportarQuery = Omit<ListQuery, 'page' | 'pageSize'> & { formato: FormatoExportacion } & Valores;

export function zodExportarQuery(def: ResourceDef) {
  return ZListQuery.omit({ page: true, pageSize: true }).extend({
    sort: zSort(camposOrdenables(def)),
    ...filtros(def),
    formato: z.enum(FORMATOS_EXPORTACION, { error: "formato debe ser 'csv' o 'xlsx'" }).default('csv'),
  }) as unknown as z.ZodType<ExportarQuery>;
}

export const OPCIONES_MAX = 50;

/**
 * `?q=` and filters: active rows for a select. `?id=`: that one row even if inactive (or none), to name a
 * reference that arrived as a bare id (a filter in a shared link) without the permission to read the resource.
 */
export function zodOpcionesQuery(def: ResourceDef) {
  return z.object({
    q: z.string().trim().max(200, { error: 'la búsqueda admite máximo 200 caracteres' }).optional(),
    id: ZIdParam.shape.id.optional(),
    ...filtros(def),
  }) as unknown as z.ZodType<{ q?: string | undefined; id?: number | undefined } & Valores>;
}

export const ZOpcion = z.object({ id: z.number().int(), label: z.string(), detalle: z.string().optional() });
export type Opcion = z.infer<typeof ZOpcion>;

export const ZIdParam = z.object({
  id: z.coerce
    .number({ error: 'id debe ser un número' })
    .int({ error: 'id debe ser un número entero' })
    .positive({ error: 'id debe ser mayor que cero' })
    .max(2147483647, { error: 'id es demasiado grande' }),
});

/** parcial: writes the good rows and reports the bad; todo: writes only if no row has errors; validar: writes nothing. */
export const MODOS_IMPORTACION = ['parcial', 'todo', 'validar'] as const;
export const ZImportarQuery = z.object({
  modo: z.enum(MODOS_IMPORTACION, { error: "modo debe ser 'parcial', 'todo' o 'validar'" }).default('parcial'),
});
export const IMPORT_MAX_FILAS = 10_000;
/** What an imported file may hold besides its rows: its size, its columns (a master has at most 8) and its cells. */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_COLUMNAS = 50;
export const IMPORT_MAX_CELDAS = 200_000;

export const ZErrorFila = z.object({ fila: z.number().int(), campo: z.string(), mensaje: z.string() });
export const ZImportReporte = z.object({
  insertados: z.number().int(),
  actualizados: z.number().int(),
  /** Rows that matched an existing one with the same values. */
  sinCambios: z.number().int(),
  errores: z.array(ZErrorFila),
  /** False when nothing was written (validar, or todo with errors). */
  aplicado: z.boolean(),
});
export type ImportReporte = z.infer<typeof ZImportReporte>;

/** A field's value as the API answers it: the stored value, whatever rule a later edit must meet. */
function enRespuesta(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'number':
    case 'money':
    case 'reference':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(f.options.map((o) => o.value) as [string, ...string[]]);
    default:
      return z.string();
  }
}

/** A row as the API returns it: fields, reference labels, activo and the audit columns. */
export function zodItem(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  for (const f of def.fields) {
    shape[f.key] = f.required ? enRespuesta(f) : enRespuesta(f).nullable();
    if (f.type === 'reference') shape[refLabelKey(f.key)] = z.string().nullable();
    if (f.type === 'reference' && recurso(f.ref).detailField) shape[refDetailKey(f.key)] = z.string().nullable();
  }
  if (def.activo) shape.activo = z.boolean();
  Object.assign(shape, {
    creado_por: z.string(),
    creado_en: z.string(),
    modificado_por: z.string().nullable(),
    modificado_en: z.string().nullable(),
  });
  return z.object(shape);
}
export type Item = { id: number } & Valores;
