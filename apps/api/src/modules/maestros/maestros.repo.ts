import { and, asc, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { campo, refDetailKey, refLabelKey, type FieldDef, type ResourceDef } from '@predio/contract/maestros/resource';
import { hijosDe, recurso } from '@predio/contract/maestros/resources';
import type { Item, Valores } from '@predio/contract/maestros/schemas';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { aliasDe, col, tablaDe, type TablaMaestro } from '../../db/schema/maestros.ts';
import { escaparLike } from '../../db/like.ts';

export type Consulta = {
  q?: string | undefined;
  filtros: Valores;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const esTexto = (f: FieldDef) => f.type === 'text' || f.type === 'color' || f.type === 'enum';
/** The same expression the unique and trigram indexes use (db/maestros-ddl.ts). */
const norm = (x: SQL | PgColumn) => sql`lower(predio_unaccent(${x}))`;

/** The table with its references joined: every column but id_empresa, plus each reference's label and detail. */
function vista(def: ResourceDef) {
  const t = tablaDe(def);
  const refs = def.fields.flatMap((f) =>
    f.type === 'reference'
      ? [{ f, r: aliasDe(f.ref, `r_${f.key}`), label: f.refLabel, detalle: recurso(f.ref).detailField }]
      : [],
  );
  const campos: Record<string, PgColumn | SQL> = {};
  for (const [k, c] of Object.entries(getTableColumns(t))) if (k !== 'id_empresa') campos[k] = c;
  for (const { f, r, label, detalle } of refs) {
    campos[refLabelKey(f.key)] = col(r, label);
    if (detalle) campos[refDetailKey(f.key)] = col(r, detalle);
  }
  return { t, refs, campos };
}

function condiciones(def: ResourceDef, t: TablaMaestro, c: Pick<Consulta, 'q' | 'filtros'>): SQL {
  const conds: (SQL | undefined)[] = [];
  const buscables = def.fields.filter((f) => f.search).map((f) => col(t, f.key));
  // Every word must appear in some search field: "poblado medellin".
  for (const palabra of (c.q ?? '').split(/\s+/).filter(Boolean)) {
    const patron = sql`${`%${escaparLike(palabra)}%`}::text`;
    conds.push(or(...buscables.map((b) => sql`${norm(b)} like ${norm(patron)}`)));
  }
  for (const [k, v] of Object.entries(c.filtros)) {
    if (v === undefined || v === null) continue;
    const columna = col(t, k);
    const f = def.fields.find((x) => x.key === k);
    conds.push(f && esTexto(f) ? sql`${norm(columna)} = ${norm(sql`${v}::text`)}` : eq(columna, v));
  }
  return and(...conds) ?? sql`true`;
}

function orden(def: ResourceDef, v: ReturnType<typeof vista>, sort: string, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const f = campo(def, sort);
  const ref = v.refs.find((r) => r.f.key === sort);
  // Text sorts without case or accents, the same on PGlite's C locale and a server's es_CO.
  const expr = ref ? norm(col(ref.r, ref.label)) : esTexto(f) ? norm(col(v.t, sort)) : col(v.t, sort);
  return [dir(expr), asc(v.t.id)];
}

function seleccion(tx: Tx, v: ReturnType<typeof vista>, extra: Record<string, SQL> = {}) {
  let q = tx
    .select({ ...v.campos, ...extra })
    .from(v.t)
    .$dynamic();
  for (const { f, r } of v.refs) q = q.leftJoin(r, eq(r.id, col(v.t, f.key)));
  return q;
}

/** One statement: the page and the total (count over the whole filter), planned for the filters' values. */
export function listar(tx: Tx, def: ResourceDef, c: Consulta): Promise<{ items: Item[]; total: number }> {
  return planForValues(() => listarFiltrado(tx, def, c));
}

async function listarFiltrado(tx: Tx, def: ResourceDef, c: Consulta): Promise<{ items: Item[]; total: number }> {
  const v = vista(def);
  const where = condiciones(def, v.t, c);
  const filas = (await seleccion(tx, v, { __total: sql`count(*) over()`.mapWith(Number) })
    .where(where)
    .orderBy(...orden(def, v, c.sort, c.order))
    .limit(c.limit)
    .offset(c.offset)) as (Item & { __total: number })[];
  if (filas.length === 0 && c.offset > 0) {
    const [r] = await tx
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(v.t)
      .where(where);
    return { items: [], total: r?.n ?? 0 };
  }
  const total = filas[0]?.__total ?? 0;
  return { items: filas.map(({ __total: _, ...item }) => item as Item), total };
}

export async function porId(tx: Tx, def: ResourceDef, id: number): Promise<Item | null> {
  const v = vista(def);
  const [fila] = await seleccion(tx, v).where(eq(v.t.id, id)).limit(1);
  return (fila as Item | undefined) ?? null;
}

export async function insertar(tx: Tx, def: ResourceDef, valores: Valores): Promise<number> {
  const t = tablaDe(def);
  const [fila] = await tx.insert(t).values(valores).returning({ id: t.id });
  return Number(fila!.id);
}

export async function actualizar(tx: Tx, def: ResourceDef, id: number, valores: Valores): Promise<boolean> {
  const t = tablaDe(def);
  const filas = await tx.update(t).set(valores).where(eq(t.id, id)).returning({ id: t.id });
  return filas.length > 0;
}

export async function eliminar(tx: Tx, def: ResourceDef, id: number): Promise<boolean> {
  const t = tablaDe(def);
  const filas = await tx.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  return filas.length > 0;
}

/** How many rows of each child resource use the row (barrios of a municipio), in one statement. */
export async function usos(tx: Tx, def: ResourceDef, id: number): Promise<{ def: ResourceDef; n: number }[]> {
  const hijos = hijosDe(def.key);
  if (hijos.length === 0) return [];
  const cuentas = hijos.map((h, i) => {
    const t = tablaDe(h.def);
    return sql`(select count(*)::int from ${t} where ${col(t, h.field.key)} = ${id}) as ${sql.identifier(`n${i}`)}`;
  });
  const [fila] = await queryRows<Record<string, number>>(tx, sql`select ${sql.join(cuentas, sql`, `)}`);
  return hijos.map((h, i) => ({ def: h.def, n: Number(fila?.[`n${i}`] ?? 0) }));
}

export async function opciones(
  tx: Tx,
  def: ResourceDef,
  c: Pick<Consulta, 'q' | 'filtros'> & { id?: number | undefined; limit: number },
): Promise<{ id: number; label: string; detalle?: string }[]> {
  const t = tablaDe(def);
  const campos: Record<string, PgColumn> = { id: t.id, label: col(t, def.labelField) };
  if (def.detailField) campos.detalle = col(t, def.detailField);
  // By id, the row whatever its state: it names a value already stored somewhere.
  const filtros = c.id === undefined && def.activo ? { ...c.filtros, activo: true } : c.filtros;
  const filas = await planForValues(() =>
    tx
      .select(campos)
      .from(t)
      .where(and(condiciones(def, t, { q: c.q, filtros }), c.id === undefined ? undefined : eq(t.id, c.id)))
      .orderBy(norm(col(t, def.labelField)), asc(t.id))
      .limit(c.limit),
  );
  return filas as { id: number; label: string; detalle?: string }[];
}

/** Every row of a master with its raw columns (imports match against them; masters are small). */
export async function todas(tx: Tx, def: ResourceDef): Promise<Item[]> {
  const t = tablaDe(def);
  const { id_empresa: _, ...campos } = getTableColumns(t);
  return (await tx.select(campos).from(t)) as Item[];
}

/** Rows of a referenced resource by id, label and each single-field unique text (municipio by name or DANE code). */
export async function claves(tx: Tx, key: string): Promise<{ id: number; valores: string[] }[]> {
  const def = recurso(key);
  const t = tablaDe(def);
  const keys = [def.labelField, ...def.unique.filter((u) => u.length === 1).map((u) => u[0]!)];
  const campos = Object.fromEntries([...new Set(keys)].map((k) => [k, col(t, k)]));
  const filas = (await tx.select({ id: t.id, ...campos }).from(t)) as Item[];
  return filas.map((f) => ({ id: f.id, valores: keys.map((k) => f[k]).filter((x): x is string => typeof x === 'string') }));
}

// Drizzle builds a statement of 500 rows in 10-20 ms of the API's thread, five times that on a busy
// machine, while other requests wait: an import of 10,000 rows writes 250 at a time.
const FILAS_POR_SENTENCIA = 250;

export async function insertarVarios(tx: Tx, def: ResourceDef, filas: Valores[]): Promise<Item[]> {
  const t = tablaDe(def);
  const { id_empresa: _, ...campos } = getTableColumns(t);
  const out: Item[] = [];
  for (let i = 0; i < filas.length; i += FILAS_POR_SENTENCIA)
    out.push(
      ...((await tx
        .insert(t)
        .values(filas.slice(i, i + FILAS_POR_SENTENCIA))
        .returning(campos)) as Item[]),
    );
  return out;
}

/** Updates many rows, each with its own values for the same columns, FILAS_POR_SENTENCIA per statement. */
export async function actualizarVarios(
  tx: Tx,
  def: ResourceDef,
  filas: { id: number; valores: Valores }[],
  columnas: string[],
  usuario: string,
): Promise<void> {
  const t = tablaDe(def);
  const tipos = columnas.map((k) => sql.raw(col(t, k).getSQLType()));
  const nombres = sql.join(
    columnas.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const asignaciones = sql.join(
    columnas.map((k) => sql`${sql.identifier(k)} = v.${sql.identifier(k)}`),
    sql`, `,
  );
  for (let i = 0; i < filas.length; i += FILAS_POR_SENTENCIA) {
    const valores = filas
      .slice(i, i + FILAS_POR_SENTENCIA)
      .map(
        (f) =>
          sql`(${sql.join(
            [sql`${f.id}::integer`, ...columnas.map((k, j) => sql`${f.valores[k] ?? null}::${tipos[j]}`)],
            sql`, `,
          )})`,
      );
    await tx.execute(
      sql`update ${t} set ${asignaciones}, modificado_por = ${usuario}, modificado_en = now()
          from (values ${sql.join(valores, sql`, `)}) as v(id, ${nombres}) where ${t.id} = v.id`,
    );
  }
}
