import dayjs from 'dayjs';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { ACTIVO_LABEL, enFormulario, type FieldDef, type ResourceDef } from '@predio/contract/maestros/resource';
import { zodActualizar, zodCrear, type Item, type Valores } from '@predio/contract/maestros/schemas';
import type { CampoError } from '@predio/contract/validation';

// The form holds antd values (a Dayjs for a date); the API and the contract's zod schemas take the wire
// values (YYYY-MM-DD, null for an emptied field). Validation runs on the wire values, so the browser
// says exactly what the server would.

export type FormValues = Record<string, unknown>;
export type Modo = 'crear' | 'editar';

export const camposDelFormulario = (def: ResourceDef) => def.fields.filter(enFormulario);

const esquemas = new WeakMap<ResourceDef, { crear: z.ZodObject; editar: z.ZodType }>();

function esquemasDe(def: ResourceDef) {
  let s = esquemas.get(def);
  if (s === undefined) {
    s = { crear: zodCrear(def), editar: zodActualizar(def) };
    esquemas.set(def, s);
  }
  return s;
}

function aValorEnvio(f: FieldDef | null, v: unknown): unknown {
  if (v === undefined) return null;
  if (f?.type === 'date' && dayjs.isDayjs(v)) return v.isValid() ? v.format('YYYY-MM-DD') : null;
  return v;
}

/** The body the API takes: every form field, an emptied one as null. */
export function aEnvio(def: ResourceDef, values: FormValues): Valores {
  const out: Valores = {};
  for (const f of camposDelFormulario(def)) out[f.key] = aValorEnvio(f, values[f.key]);
  if (def.activo) out.activo = values.activo !== false;
  return out;
}

/** What the form starts with: the row being edited, or the defaults (and a prefilled parent) of a new one. */
export function valoresIniciales(def: ResourceDef, item: Item | null, prefill: Valores = {}): FormValues {
  const out: FormValues = {};
  for (const f of camposDelFormulario(def)) {
    const v = item !== null ? item[f.key] : (prefill[f.key] ?? (f.type === 'boolean' ? (f.default ?? false) : undefined));
    out[f.key] = f.type === 'date' && typeof v === 'string' ? dayjs(v) : (v ?? undefined);
  }
  if (def.activo) out.activo = item === null ? true : item.activo !== false;
  return out;
}

const primerMensaje = (e: z.ZodError) => e.issues[0]?.message ?? 'Valor no válido';

/** An antd rule that checks one field with its schema in the contract (messages name the field). */
export function reglaCampo(def: ResourceDef, f: FieldDef): FormRule {
  const schema = esquemasDe(def).crear.shape[f.key] as z.ZodType | undefined;
  return {
    validator: (_rule, value: unknown) => {
      const r = schema?.safeParse(aValorEnvio(f, value));
      return r === undefined || r.success ? Promise.resolve() : Promise.reject(new Error(primerMensaje(r.error)));
    },
  };
}

export type Validacion = { ok: true; data: Valores } | { ok: false; errores: CampoError[] };

/** The whole body through the create or update schema, as the server will parse it. */
export function validar(def: ResourceDef, modo: Modo, values: FormValues): Validacion {
  const s = esquemasDe(def);
  const r = (modo === 'crear' ? s.crear : s.editar).safeParse(aEnvio(def, values));
  if (r.success) return { ok: true, data: r.data as Valores };
  return { ok: false, errores: r.error.issues.map((i) => ({ campo: String(i.path[0] ?? ''), mensaje: i.message })) };
}

/** Keys the form shows an error beside; anything else goes on top of the form. */
export function claveDeCampo(def: ResourceDef, campo: string): string | null {
  const key = campo.split('.')[0] ?? '';
  if (key === 'activo' && def.activo) return key;
  return camposDelFormulario(def).some((f) => f.key === key) ? key : null;
}

export const etiquetaActivo = ACTIVO_LABEL;
