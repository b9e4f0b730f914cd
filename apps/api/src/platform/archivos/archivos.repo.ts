import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { archivo } from '../../db/schema/archivos.ts';

export type FilaArchivo = typeof archivo.$inferSelect;
export type NuevoArchivo = Omit<typeof archivo.$inferInsert, 'tipoDueno' | 'idDueno' | 'categoria' | 'orden' | 'idEmpresa'>;
export type Dueno = { tipo: string; id: string; categoria: string };

const delDueno = (d: Dueno) => and(eq(archivo.tipoDueno, d.tipo), eq(archivo.idDueno, d.id), eq(archivo.categoria, d.categoria));

export function listar(tx: Tx, d: Dueno, recientesPrimero = false): Promise<FilaArchivo[]> {
  return tx
    .select()
    .from(archivo)
    .where(delDueno(d))
    .orderBy(...(recientesPrimero ? [desc(archivo.orden), desc(archivo.id)] : [asc(archivo.orden), asc(archivo.id)]));
}

export async function uno(tx: Tx, d: Dueno, id: number): Promise<FilaArchivo | null> {
  const [f] = await tx
    .select()
    .from(archivo)
    .where(and(delDueno(d), eq(archivo.id, id)));
  return f ?? null;
}

/** A file of the owner in any category; `bloquear` locks its row until the commit (replacing it). */
export async function deDueno(tx: Tx, tipo: string, idDueno: string, id: number, bloquear = false): Promise<FilaArchivo | null> {
  const q = tx
    .select()
    .from(archivo)
    .where(and(eq(archivo.tipoDueno, tipo), eq(archivo.idDueno, idDueno), eq(archivo.id, id)));
  const [f] = bloquear ? await q.for('update') : await q;
  return f ?? null;
}

/** A row takes other stored bytes (a new version): its id, owner, category and order stay. */
export async function cambiarContenido(
  tx: Tx,
  id: number,
  n: Pick<NuevoArchivo, 'nombre' | 'contentType' | 'bytes' | 'sha256' | 'clave' | 'creadoPor'>,
): Promise<FilaArchivo> {
  const [f] = await tx
    .update(archivo)
    .set({ ...n, claveMiniatura: null, ancho: null, alto: null, creadoEn: new Date() })
    .where(eq(archivo.id, id))
    .returning();
  return f!;
}

export async function principal(tx: Tx, d: Dueno): Promise<FilaArchivo | null> {
  const [f] = await tx
    .select()
    .from(archivo)
    .where(and(delDueno(d), eq(archivo.principal, true)));
  return f ?? null;
}

export async function contar(tx: Tx, d: Dueno): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from archivo where tipo_dueno = ${d.tipo} and id_dueno = ${d.id} and categoria = ${d.categoria}`,
  );
  return r?.n ?? 0;
}

/**
 * Appends files after the last one of the owner's category; with `principal`, the first becomes the
 * principal one when the category has none (a property's first photo is its cover).
 */
export async function agregar(tx: Tx, d: Dueno, nuevos: NuevoArchivo[], o: { principal?: boolean } = {}): Promise<FilaArchivo[]> {
  const [estado] = await queryRows<{ ultimo: number; con_principal: boolean }>(
    tx,
    sql`select coalesce(max(orden), 0)::int as ultimo, coalesce(bool_or(principal), false) as con_principal
        from archivo where tipo_dueno = ${d.tipo} and id_dueno = ${d.id} and categoria = ${d.categoria}`,
  );
  const ultimo = estado?.ultimo ?? 0;
  const conPrincipal = estado?.con_principal ?? false;
  return tx
    .insert(archivo)
    .values(
      nuevos.map((n, i) => ({
        ...n,
        tipoDueno: d.tipo,
        idDueno: d.id,
        categoria: d.categoria,
        orden: ultimo + i + 1,
        principal: Boolean(o.principal) && !conPrincipal && i === 0,
      })),
    )
    .returning();
}

/** Sets orden 1..n following `ids` (the caller checked they are exactly the owner's files of the category). */
export async function ordenar(tx: Tx, d: Dueno, ids: number[]): Promise<void> {
  await tx.execute(
    sql`update archivo a set orden = x.orden
        from unnest(${sql.param(ids)}::int[]) with ordinality as x(id, orden)
        where a.id = x.id and a.tipo_dueno = ${d.tipo} and a.id_dueno = ${d.id} and a.categoria = ${d.categoria}`,
  );
}

/** Two statements: the partial unique index is checked row by row, so the old principal goes first. */
export async function cambiarPrincipal(tx: Tx, d: Dueno, id: number): Promise<void> {
  await tx
    .update(archivo)
    .set({ principal: false })
    .where(and(delDueno(d), eq(archivo.principal, true)));
  await tx
    .update(archivo)
    .set({ principal: true })
    .where(and(delDueno(d), eq(archivo.id, id)));
}

/** Deletes a file's row; when it was the principal one, the first remaining takes its place (its id). */
export async function eliminar(tx: Tx, d: Dueno, f: FilaArchivo): Promise<number | null> {
  await tx.delete(archivo).where(and(delDueno(d), eq(archivo.id, f.id)));
  if (!f.principal) return null;
  const [siguiente] = await tx
    .select({ id: archivo.id })
    .from(archivo)
    .where(delDueno(d))
    .orderBy(asc(archivo.orden), asc(archivo.id))
    .limit(1);
  if (!siguiente) return null;
  await tx.update(archivo).set({ principal: true }).where(eq(archivo.id, siguiente.id));
  return siguiente.id;
}

/** Deletes every file row of an owner (all categories) and answers their stored keys, to remove after the commit. */
export async function borrarDeDueno(tx: Tx, tipo: string, id: string): Promise<string[]> {
  const filas = await tx
    .delete(archivo)
    .where(and(eq(archivo.tipoDueno, tipo), eq(archivo.idDueno, id)))
    .returning({ clave: archivo.clave, miniatura: archivo.claveMiniatura });
  // A stored file another owner's row shares stays for it.
  const compartidas = await clavesEnUso(
    tx,
    filas.map((f) => f.clave),
  );
  return filas.flatMap((f) => [...(compartidas.has(f.clave) ? [] : [f.clave]), ...(f.miniatura ? [f.miniatura] : [])]);
}

/**
 * The company's stored total (RLS: the caller's company). Rows may share one stored file (a radicado
 * filing an inventory's PDF points at the inventory's bytes): each stored file counts once.
 */
export async function uso(tx: Tx): Promise<{ bytes: number; archivos: number }> {
  const [r] = await queryRows<{ bytes: string | number; archivos: number }>(
    tx,
    sql`select coalesce(sum(bytes), 0)::bigint as bytes, count(*)::int as archivos
        from (select distinct on (clave) bytes from archivo order by clave, id) x`,
  );
  return { bytes: Number(r?.bytes ?? 0), archivos: r?.archivos ?? 0 };
}

/** Of these stored keys, those some row still points at (a shared file outlives one of its rows). */
export async function clavesEnUso(tx: Tx, claves: string[]): Promise<Set<string>> {
  if (!claves.length) return new Set();
  const filas = await queryRows<{ clave: string }>(
    tx,
    sql`select distinct clave from archivo where clave = any(${sql.param(claves)}::text[])`,
  );
  return new Set(filas.map((f) => f.clave));
}

/** Serialises the quota check of one company's uploads until the transaction ends. */
export async function bloquearCuota(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('archivo.cuota'), nullif(current_setting('app.empresa', true), '')::integer)`,
  );
}

/** Of these file names in the company's `archivos` folder, those a row names (for the unused-files job). */
export async function nombresEnUso(tx: Tx, nombres: string[]): Promise<string[]> {
  const filas = await queryRows<{ nombre: string }>(
    tx,
    sql`select split_part(clave, '/', 3) as nombre from archivo
        where split_part(clave, '/', 2) = 'archivos' and split_part(clave, '/', 3) = any(${sql.param(nombres)}::text[])`,
  );
  return filas.map((f) => f.nombre);
}
