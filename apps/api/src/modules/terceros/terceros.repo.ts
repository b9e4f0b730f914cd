import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { topeDeConteo } from '@predio/contract/list';
import type { Rol } from '@predio/contract/terceros';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { col, tablaDe } from '../../db/schema/maestros.ts';
import { terceros } from '../../db/schema/terceros.ts';
import { contieneCadaPalabra } from '../../platform/busqueda.ts';

export type FilaTercero = typeof terceros.$inferSelect;
export type NuevoTercero = typeof terceros.$inferInsert;

export async function porNroId(tx: Tx, nroId: string) {
  const r = await tx.select().from(terceros).where(eq(terceros.nro_id, nroId)).limit(1);
  return r[0] ?? null;
}

export async function cambiarFoto(tx: Tx, nroId: string, foto: string, usuario: string) {
  const r = await tx
    .update(terceros)
    .set({ foto, usuario_Modifico: usuario, fecha_Modificacion: new Date(), modificado: true })
    .where(eq(terceros.nro_id, nroId))
    .returning({ id: terceros.id });
  return r.length > 0;
}

export type Filtro = {
  q?: string | undefined;
  rol?: Rol | undefined;
  activo?: boolean | undefined;
  sinAutorizacionDatos?: boolean | undefined;
};
export type Consulta = Filtro & { sort: string; order: 'asc' | 'desc'; limit: number; offset: number };

function condiciones(f: Filtro): SQL {
  const conds: (SQL | undefined)[] = [];
  // Every word must appear somewhere: "gomez 4567".
  conds.push(...contieneCadaPalabra(sql.raw('texto_busqueda'), f.q, 20));
  if (f.rol) conds.push(eq(terceros[f.rol], true));
  if (f.activo !== undefined) conds.push(eq(terceros.activo, f.activo));
  if (f.sinAutorizacionDatos !== undefined) conds.push(eq(terceros.aut_Manejo_Datos_Personales, !f.sinAutorizacionDatos));
  return and(...conds) ?? sql`true`;
}

const ORDEN: Record<string, SQL> = {
  nro_id: sql`${terceros.nro_id}`,
  nombre: sql.raw('lower(predio_unaccent(nombre))'),
  celular: sql`${terceros.celular}`,
  email: sql`lower(${terceros.email})`,
  municipio: sql.raw('lower(predio_unaccent(municipio))'),
  fecha_Modificacion: sql`coalesce(${terceros.fecha_Modificacion}, ${terceros.creadoEn})`,
};

/** The matches in order, without counting them (the export: its own limit tells whether there are too many). */
export function pagina(tx: Tx, c: Consulta): Promise<FilaTercero[]> {
  const dir = c.order === 'desc' ? desc : asc;
  const orden = [dir(ORDEN[c.sort] ?? ORDEN.nombre!), asc(terceros.id)];
  // The page's ids first: in name order that walks terceros_busqueda_nombre_ix (0058), which carries
  // the search text, without visiting the table; only the page's rows are read whole.
  const ids = tx
    .select({ id: terceros.id })
    .from(terceros)
    .where(condiciones(c))
    .orderBy(...orden)
    .limit(c.limit)
    .offset(c.offset);
  // Planned for the filters' values (docs/database-driver.md), as the count below.
  return planForValues(() =>
    tx
      .select()
      .from(terceros)
      .where(inArray(terceros.id, ids))
      .orderBy(...orden),
  );
}

/** The ids of the matches in the list's order: an export reads their rows a page at a time (porIds). */
export async function idsEnOrden(tx: Tx, c: Consulta): Promise<number[]> {
  const dir = c.order === 'desc' ? desc : asc;
  const filas = await planForValues(() =>
    tx
      .select({ id: terceros.id })
      .from(terceros)
      .where(condiciones(c))
      .orderBy(dir(ORDEN[c.sort] ?? ORDEN.nombre!), asc(terceros.id))
      .limit(c.limit)
      .offset(c.offset),
  );
  return filas.map((f) => f.id);
}

/** Some terceros by id, in no particular order. */
export function porIds(tx: Tx, ids: number[]): Promise<FilaTercero[]> {
  return tx.select().from(terceros).where(inArray(terceros.id, ids));
}

/**
 * The page and the number of matches. A page that comes back short tells the number by itself; else
 * the matches are counted only up to TOPE_CONTEO (or the end of the asked page when further):
 * past that, `totalExacto` is false and `total` a lower bound. Counting every match (count(*) over ())
 * made the list read and sort every matching row: 89 ms for «rest» at 50,000 terceros.
 */
export async function listar(tx: Tx, c: Consulta): Promise<{ filas: FilaTercero[]; total: number; totalExacto: boolean }> {
  const filas = await pagina(tx, c);
  if (filas.length < c.limit && (filas.length > 0 || c.offset === 0))
    return { filas, total: c.offset + filas.length, totalExacto: true };
  const hasta = topeDeConteo(c.offset, c.limit);
  const where = condiciones(c);
  const [r] = await planForValues(() =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from terceros where ${where} limit ${hasta + 1}) c`,
    ),
  );
  const n = r?.n ?? 0;
  return { filas, total: Math.min(n, hasta), totalExacto: n <= hasta };
}

const municipios = tablaDe('municipios');
const barrios = tablaDe('barrios');
const medios = tablaDe('mediosautmanejodatos');

/** A tercero with the labels of its references. */
export async function detalle(tx: Tx, where: SQL) {
  const [fila] = await tx
    .select({
      t: terceros,
      departamento: sql<string | null>`${col(municipios, 'departamento')}`,
      medio: sql<string | null>`${col(medios, 'nombre')}`,
    })
    .from(terceros)
    .leftJoin(municipios, eq(municipios.id, terceros.id_municipio))
    .leftJoin(barrios, eq(barrios.id, terceros.id_barrio))
    .leftJoin(medios, eq(medios.id, terceros.id_medio_aut_datos))
    .where(where)
    .limit(1);
  return fila ?? null;
}
export type Detalle = NonNullable<Awaited<ReturnType<typeof detalle>>>;

export const porId = (tx: Tx, id: number) => detalle(tx, eq(terceros.id, id));
export const detallePorNroId = (tx: Tx, nroId: string) => detalle(tx, eq(terceros.nro_id, nroId));

export async function filaPorId(tx: Tx, id: number, bloquear = false): Promise<FilaTercero | null> {
  const q = tx.select().from(terceros).where(eq(terceros.id, id)).limit(1);
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila ?? null;
}

export async function insertar(tx: Tx, valores: NuevoTercero): Promise<number> {
  const [fila] = await tx.insert(terceros).values(valores).returning({ id: terceros.id });
  return fila!.id;
}

/** Updates only when the row is still at `version`; false when someone saved it meanwhile. */
export async function actualizar(tx: Tx, id: number, version: number | null, valores: Partial<NuevoTercero>): Promise<boolean> {
  const cond = version === null ? eq(terceros.id, id) : and(eq(terceros.id, id), eq(terceros.version, version));
  const filas = await tx
    .update(terceros)
    .set({ ...valores, version: sql`${terceros.version} + 1` })
    .where(cond)
    .returning({ id: terceros.id });
  return filas.length > 0;
}

export async function eliminar(tx: Tx, id: number): Promise<boolean> {
  const filas = await tx.delete(terceros).where(eq(terceros.id, id)).returning({ id: terceros.id });
  return filas.length > 0;
}

export type Coincidencia = { id: number; nro_id: string; nombre: string; campo: 'nro_id' | 'email' | 'celular' };

const digitos = (x: SQL) => sql`regexp_replace(${x}, '[^0-9]', '', 'g')`;

/** Other terceros with the same nro_id, e-mail (personal or corporate) or mobile number (digits only). */
export async function coincidencias(
  tx: Tx,
  b: { nroId?: string | undefined; email?: string | undefined; celular?: string | undefined; excluir?: number | undefined },
): Promise<Coincidencia[]> {
  const email = b.email?.trim().toLowerCase() ?? '';
  const celular = (b.celular ?? '').replace(/[^0-9]/g, '');
  const ramas: SQL[] = [];
  if (b.nroId) ramas.push(sql`select id, nro_id, nombre, 'nro_id' as campo from terceros where nro_id = ${b.nroId}`);
  if (email)
    ramas.push(
      sql`select id, nro_id, nombre, 'email' as campo from terceros where lower(email) = ${email} or lower(email_corporativo) = ${email}`,
    );
  // Numbers shorter than 7 digits would match too much to be a useful warning.
  if (celular.length >= 7)
    ramas.push(
      sql`select id, nro_id, nombre, 'celular' as campo from terceros where ${digitos(sql.raw('celular'))} = ${celular} or ${digitos(sql.raw('celular_corporativo'))} = ${celular}`,
    );
  if (ramas.length === 0) return [];
  const union = sql.join(ramas, sql` union all `);
  const excluir = b.excluir ? sql`where id <> ${b.excluir}` : sql``;
  return queryRows<Coincidencia>(tx, sql`select * from (${union}) c ${excluir} order by campo, nombre limit 20`);
}

/** The rows of a municipio, a barrio or a medio that exist for the company (references are checked by FKs too). */
export async function referencias(tx: Tx, r: { idMunicipio: number | null; idBarrio: number | null; idMedio: number | null }) {
  const [m] = r.idMunicipio
    ? await tx
        .select({ codigo: sql<string>`${col(municipios, 'codigo_dane')}`, nombre: sql<string>`${col(municipios, 'municipio')}` })
        .from(municipios)
        .where(eq(municipios.id, r.idMunicipio))
    : [];
  const [b] = r.idBarrio
    ? await tx
        .select({ idMunicipio: sql<number>`${col(barrios, 'id_municipio')}`, nombre: sql<string>`${col(barrios, 'nombre')}` })
        .from(barrios)
        .where(eq(barrios.id, r.idBarrio))
    : [];
  const [medio] = r.idMedio ? await tx.select({ id: medios.id }).from(medios).where(eq(medios.id, r.idMedio)) : [];
  return { municipio: m ?? null, barrio: b ?? null, medio: medio ?? null };
}

/** A foreign key pointing at terceros, found in the catalogue so a table added later is covered too. */
export type ReferenciaFk = { tabla: string; columna: string; referida: 'nro_id' | 'id' };

export async function referenciasATerceros(tx: Tx): Promise<ReferenciaFk[]> {
  const filas = await queryRows<{ tabla: string; columna: string; referida: string }>(
    tx,
    sql`select c.conrelid::regclass::text as tabla, a.attname as columna, fa.attname as referida
        from pg_constraint c
        cross join lateral unnest(c.conkey, c.confkey) as k(col, fcol)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
        join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = k.fcol
        where c.contype = 'f' and c.confrelid = 'terceros'::regclass and fa.attname in ('nro_id', 'id')
        order by 1, 2`,
  );
  return filas.map((f) => ({
    tabla: f.tabla.replace(/^"|"$/g, ''),
    columna: f.columna,
    referida: f.referida as 'nro_id' | 'id',
  }));
}

/** Columns that hold a nro_id without a foreign key (the company's default asesor and auxiliar). */
export const REFERENCIAS_SIN_FK: ReferenciaFk[] = [
  { tabla: 'empresa', columna: 'default_asesor', referida: 'nro_id' },
  { tabla: 'empresa', columna: 'default_auxiliar', referida: 'nro_id' },
];

const valorDe = (r: ReferenciaFk, t: { id: number; nro_id: string }) => (r.referida === 'id' ? t.id : t.nro_id);

/** How many rows of each referencing table point at the tercero, in one statement. */
export async function usos(tx: Tx, refs: ReferenciaFk[], t: { id: number; nro_id: string }): Promise<number[]> {
  if (refs.length === 0) return [];
  const cuentas = refs.map(
    (r, i) =>
      sql`(select count(*)::int from ${sql.identifier(r.tabla)} where ${sql.identifier(r.columna)} = ${valorDe(r, t)}) as ${sql.identifier(`n${i}`)}`,
  );
  const [fila] = await queryRows<Record<string, number>>(tx, sql`select ${sql.join(cuentas, sql`, `)}`);
  return refs.map((_, i) => Number(fila?.[`n${i}`] ?? 0));
}

/**
 * Where both terceros own the same property, one ownership row would collide with the other on the
 * generic repoint: the kept tercero gets the sum of both shares and the other row goes. Returns how many.
 */
export async function sumarCopropiedad(tx: Tx, de: { id: number }, a: { id: number }): Promise<number> {
  const filas = await queryRows<{ n: number }>(
    tx,
    sql`with dup as (
          select e.id_inmueble, e.porcentaje from inmueble_propietario e
          join inmueble_propietario k on k.id_inmueble = e.id_inmueble and k.id_tercero = ${a.id}
          where e.id_tercero = ${de.id}),
        sumados as (
          update inmueble_propietario k set porcentaje = k.porcentaje + dup.porcentaje
          from dup where k.id_inmueble = dup.id_inmueble and k.id_tercero = ${a.id} returning 1),
        borrados as (
          delete from inmueble_propietario e using dup
          where e.id_inmueble = dup.id_inmueble and e.id_tercero = ${de.id} returning 1)
        select (select count(*)::int from borrados) as n`,
  );
  return Number(filas[0]?.n ?? 0);
}

/**
 * Where both terceros take part in the same cita, the generic repoint would repeat the kept one: the
 * other's row goes. Returns how many.
 */
export async function unirParticipaciones(tx: Tx, de: { id: number }, a: { id: number }): Promise<number> {
  const filas = await queryRows<{ n: number }>(
    tx,
    sql`with borrados as (
          delete from cita_participante e
          where e.id_tercero = ${de.id}
            and exists (select 1 from cita_participante k where k.id_cita = e.id_cita and k.id_tercero = ${a.id})
          returning 1)
        select count(*)::int as n from borrados`,
  );
  return Number(filas[0]?.n ?? 0);
}

/**
 * Where both terceros are the same party (rol) of one contract, the generic repoint would break the
 * contract's one-row-per-party rule: the kept one gets the sum of both shares and the other row goes.
 */
export async function unirPartesDeContrato(tx: Tx, de: { id: number }, a: { id: number }): Promise<number> {
  const filas = await queryRows<{ n: number }>(
    tx,
    sql`with dup as (
          select e.id, e.id_contrato, e.rol, e.porcentaje from contrato_parte e
          join contrato_parte k on k.id_contrato = e.id_contrato and k.rol = e.rol and k.id_tercero = ${a.id}
          where e.id_tercero = ${de.id}),
        sumados as (
          update contrato_parte k set porcentaje = case when k.porcentaje is null and dup.porcentaje is null then null
                                                        else coalesce(k.porcentaje, 0) + coalesce(dup.porcentaje, 0) end
          from dup where k.id_contrato = dup.id_contrato and k.rol = dup.rol and k.id_tercero = ${a.id} returning 1),
        borrados as (delete from contrato_parte e using dup where e.id = dup.id returning 1)
        select (select count(*)::int from borrados) as n`,
  );
  return Number(filas[0]?.n ?? 0);
}

/** Points every reference of `de` at `a`; returns how many rows each table had. */
export async function moverReferencias(
  tx: Tx,
  refs: ReferenciaFk[],
  de: { id: number; nro_id: string },
  a: { id: number; nro_id: string },
): Promise<number[]> {
  const out: number[] = [];
  for (const r of refs) {
    const filas = await queryRows<{ n: number }>(
      tx,
      sql`with m as (update ${sql.identifier(r.tabla)} set ${sql.identifier(r.columna)} = ${valorDe(r, a)}
            where ${sql.identifier(r.columna)} = ${valorDe(r, de)} returning 1) select count(*)::int as n from m`,
    );
    out.push(Number(filas[0]?.n ?? 0));
  }
  return out;
}

/** Of these photo file names, those a tercero of the company shows. */
export async function fotosEnUso(tx: Tx, nombres: string[]): Promise<string[]> {
  const filas = await tx.select({ foto: terceros.foto }).from(terceros).where(inArray(terceros.foto, nombres));
  return filas.map((f) => f.foto!);
}
