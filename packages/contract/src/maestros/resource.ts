// A master-data resource is declared, not written (CONVENTIONS "Shape"): this definition drives the
// table (Drizzle + migration), the CRUD/import/export endpoints, the list screen and the form.

export type ValueType = 'text' | 'number' | 'money' | 'date' | 'enum' | 'boolean' | 'color' | 'reference';

type FieldBase = {
  /** JSON key and column name (snake_case). */
  key: string;
  label: string;
  required?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Matched by the list's q, accent- and case-insensitively (default false). */
  search?: boolean;
  /** Editable in the form (default true). */
  form?: boolean;
  /** Offered as a list filter, `?key=value` (default false). */
  filter?: boolean;
  /** The list can be sorted by it (default: when listed). */
  sortable?: boolean;
  help?: string;
};

export type TextField = FieldBase & {
  type: 'text';
  maxLength: number;
  format?: 'email' | 'telefono';
  /** `regex` is a JS source string; `mensaje` completes "El campo X …"; `ejemplo` is a valid value (placeholder). */
  pattern?: { regex: string; mensaje: string; ejemplo: string };
  multiline?: boolean;
};
export type NumberField = FieldBase & { type: 'number'; min?: number; max?: number; decimals?: number };
/** Colombian pesos, without decimals. */
export type MoneyField = FieldBase & { type: 'money'; min?: number; max?: number };
/** ISO date, YYYY-MM-DD. */
export type DateField = FieldBase & { type: 'date' };
export type EnumField = FieldBase & { type: 'enum'; options: readonly { value: string; label: string }[] };
export type BooleanField = FieldBase & { type: 'boolean'; default?: boolean };
/** #rrggbb. */
export type ColorField = FieldBase & { type: 'color' };
/** The id of a row of another resource (`ref`), shown by that resource's `refLabel` field. */
export type ReferenceField = FieldBase & { type: 'reference'; ref: string; refLabel: string };

export type FieldDef = TextField | NumberField | MoneyField | DateField | EnumField | BooleanField | ColorField | ReferenceField;

export type ResourceDef = {
  /** URL segment: /api/maestros/<key>; also the last segment of its menu route. */
  key: string;
  table: string;
  singular: string;
  plural: string;
  /** Grammatical gender of `singular`, for messages ('el barrio', 'la zona'). */
  genero: 'm' | 'f';
  /** Must equal the idm of the menu route `ruta` (tested). */
  idm: number;
  /** Full path of the menu route that shows this resource. */
  ruta: string;
  fields: readonly FieldDef[];
  /** Field that names a row in selects, references and messages. */
  labelField: string;
  /** Field shown beside the label in selects (same-name municipalities of different departments). */
  detailField?: string;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Each rule is a set of fields whose values may not repeat in a company; text compares without case or accents. */
  unique: readonly (readonly string[])[];
  /** Rows carry an `activo` flag: they are deactivated rather than deleted once something uses them. */
  activo: boolean;
  /** Reference field to the parent resource (barrio → municipio). */
  parent?: string;
  /** Trigram indexes on the search fields (large lists). */
  trigram?: boolean;
};

/** Columns every master table has besides its fields. */
export const COLUMNAS_SISTEMA = ['id', 'creado_por', 'creado_en', 'modificado_por', 'modificado_en'] as const;
export const ACTIVO_LABEL = 'Activo';

export const enLista = (f: FieldDef) => f.list !== false;
export const enFormulario = (f: FieldDef) => f.form !== false;
export const esOrdenable = (f: FieldDef) => f.sortable ?? enLista(f);

/** API path of a resource, relative to /api: urlMaestro(def, '/opciones'). */
export const urlMaestro = (def: ResourceDef, sufijo = '') => `/maestros/${def.key}${sufijo}`;

/** Key under which a list item carries the label of a reference (id_municipio → id_municipio_label). */
export const refLabelKey = (key: string) => `${key}_label`;

/**
 * Key under which a list item carries the referenced row's detailField, when that resource has one
 * (barrio.id_municipio → id_municipio_detalle, the departamento: same-name municipios differ by it).
 */
export const refDetailKey = (key: string) => `${key}_detalle`;

/** "Label (detalle)", as selects show an option. */
export const conDetalle = (label: string, detalle: string | null | undefined) => (detalle ? `${label} (${detalle})` : label);

/** A reference as a list row names it: "Medellín (Antioquia)" when the referenced resource has a detail field. */
export function etiquetaReferencia(key: string, item: Record<string, unknown>): string | undefined {
  const label = item[refLabelKey(key)];
  if (typeof label !== 'string') return undefined;
  const detalle = item[refDetailKey(key)];
  return conDetalle(label, typeof detalle === 'string' ? detalle : null);
}

export const articulo = (def: ResourceDef) => (def.genero === 'f' ? 'la' : 'el');

export function campo(def: ResourceDef, key: string): FieldDef {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`${def.key}: no tiene el campo ${key}`);
  return f;
}

/** Sortable keys of a resource, in declaration order. */
export const camposOrdenables = (def: ResourceDef) => def.fields.filter(esOrdenable).map((f) => f.key);

/** Labels of a uniqueness rule, for messages: "Municipio y Nombre". */
export function etiquetasDe(def: ResourceDef, keys: readonly string[]): string {
  const labels = keys.map((k) => campo(def, k).label);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} y ${labels.at(-1)}`;
}
