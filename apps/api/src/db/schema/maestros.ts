import {
  alias,
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '@predio/contract/maestros/resource';
import { RECURSOS } from '@predio/contract/maestros/resources';
import { idEmpresa, ts } from './columns.ts';

// The Drizzle table of each master is built from its ResourceDef; the migration's DDL is generated
// from these tables (db/maestros-ddl.ts), and a test compares both with the migrated database.

function columna(f: FieldDef): PgColumnBuilderBase {
  const c = (() => {
    switch (f.type) {
      case 'text':
      case 'color':
      case 'enum':
        return text(f.key);
      case 'number': {
        if (!f.decimals) return integer(f.key);
        const enteros = f.max === undefined ? 12 : String(Math.trunc(Math.abs(f.max))).length;
        return numeric(f.key, { precision: enteros + f.decimals, scale: f.decimals, mode: 'number' });
      }
      case 'money':
        return bigint(f.key, { mode: 'number' });
      case 'date':
        return date(f.key, { mode: 'string' });
      case 'boolean':
        return boolean(f.key)
          .notNull()
          .default(f.default ?? false);
      case 'reference':
        return integer(f.key);
    }
  })();
  return f.required && f.type !== 'boolean' ? c.notNull() : c;
}

export type TablaMaestro = PgTable & { id: PgColumn } & Record<string, PgColumn>;

function construir(def: ResourceDef): TablaMaestro {
  const cols: Record<string, PgColumnBuilderBase> = { id: serial('id').primaryKey(), id_empresa: idEmpresa() };
  for (const f of def.fields) cols[f.key] = columna(f);
  if (def.activo) cols.activo = boolean('activo').notNull().default(true);
  cols.creado_por = text('creado_por').notNull().default('');
  cols.creado_en = ts('creado_en').notNull().defaultNow();
  cols.modificado_por = text('modificado_por');
  cols.modificado_en = ts('modificado_en');
  return pgTable(def.table, cols) as unknown as TablaMaestro;
}

const TABLAS = new Map(RECURSOS.map((d) => [d.key, construir(d)]));

export function tablaDe(def: ResourceDef | string): TablaMaestro {
  const key = typeof def === 'string' ? def : def.key;
  const t = TABLAS.get(key);
  if (!t) throw new Error(`No hay tabla para el recurso ${key}`);
  return t;
}

/** The table under another name, to join it twice or beside itself. */
export const aliasDe = (key: string, nombre: string) => alias(tablaDe(key), nombre) as unknown as TablaMaestro;

export const col = (t: TablaMaestro, key: string): PgColumn => {
  const c = t[key];
  if (!c) throw new Error(`La tabla no tiene la columna ${key}`);
  return c;
};

/** Names of the constraints and indexes the DDL creates; the API maps violations back to fields by them. */
export const nombres = {
  unico: (def: ResourceDef, keys: readonly string[]) => `${def.table}_${keys.join('_')}_uk`,
  fk: (def: ResourceDef, key: string) => `${def.table}_${key}_fk`,
  indice: (def: ResourceDef, key: string) => `${def.table}_${key}_ix`,
  empresaId: (def: ResourceDef) => `${def.table}_empresa_id_uk`,
  trigrama: (def: ResourceDef, key: string) => `${def.table}_${key}_trgm`,
};
