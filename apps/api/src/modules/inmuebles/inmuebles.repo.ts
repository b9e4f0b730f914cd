import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DIAS_AVISO_CONSIGNACION, type InmuebleResumen, type InmueblesFiltro } from '@predio/contract/inmuebles';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inmueble, inmuebleCaracteristica, inmuebleEstadoHistorial, inmueblePropietario } from '../../db/schema/inmuebles.ts';
import { contiene, contieneCadaPalabra } from '../../platform/busqueda.ts';
import { escaparLike } from '../../db/like.ts';

export type FilaInmueble = typeof inmueble.$inferSelect;
export type NuevoInmueble = typeof inmueble.$inferInsert;

export async function porConsecutivo(tx: Tx, consecutivo: number, bloquear = false): Promise<FilaInmueble | null> {
  const q = tx.select().from(inmueble).where(eq(inmueble.consecutivo, consecutivo)).limit(1);
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila ?? null;
}

export async function insertar(tx: Tx, valores: NuevoInmueble): Promise<number> {
  const [fila] = await tx.insert(inmueble).values(valores).returning({ id: inmueble.id });
  return fila!.id;
}

/** Updates only when the row is still at `version`; false when someone saved it meanwhile. */
export async function actualizar(tx: Tx, id: number, version: number | null, valores: Partial<NuevoInmueble>): Promise<boolean> {
  const cond = version === null ? eq(inmueble.id, id) : and(eq(inmueble.id, id), eq(inmueble.version, version));
  const filas = await tx
    .update(inmueble)
    .set({ ...valores, version: sql`${inmueble.version} + 1` })
    .where(cond)
    .returning({ id: inmueble.id });
  return filas.length > 0;
}

export type FilaPropietario = { id_tercero: number; nro_id: string; nombre: string; porcentaje: number };

export async function propietarios(tx: Tx, idInmueble: number): Promise<FilaPropietario[]> {
  const filas = await queryRows<FilaPropietario & { porcentaje: string }>(
    tx,
    sql`select p.id_tercero, t.nro_id, t.nombre, p.porcentaje
        from inmueble_propietario p join terceros t on t.id_empresa = p.id_empresa and t.id = p.id_tercero
        where p.id_inmueble = ${idInmueble} order by p.porcentaje desc, t.nombre`,
  );
  return filas.map((f) => ({ ...f, porcentaje: Number(f.porcentaje) }));
}

export async function reemplazarPropietarios(tx: Tx, idInmueble: number, ps: { idTercero: number; porcentaje: number }[]) {
  await tx.delete(inmueblePropietario).where(eq(inmueblePropietario.idInmueble, idInmueble));
  if (ps.length > 0) await tx.insert(inmueblePropietario).values(ps.map((p) => ({ idInmueble, ...p })));
}

export async function caracteristicas(tx: Tx, idInmueble: number): Promise<number[]> {
  const filas = await tx
    .select({ id: inmuebleCaracteristica.idCaracteristica })
    .from(inmuebleCaracteristica)
    .where(eq(inmuebleCaracteristica.idInmueble, idInmueble))
    .orderBy(inmuebleCaracteristica.idCaracteristica);
  return filas.map((f) => f.id);
}

export async function reemplazarCaracteristicas(tx: Tx, idInmueble: number, ids: number[]) {
  await tx.delete(inmuebleCaracteristica).where(eq(inmuebleCaracteristica.idInmueble, idInmueble));
  if (ids.length > 0)
    await tx.insert(inmuebleCaracteristica).values(ids.map((idCaracteristica) => ({ idInmueble, idCaracteristica })));
}

/** The municipio a barrio of this company belongs to (null when the barrio does not exist). */
export async function municipioDeBarrio(tx: Tx, idBarrio: number): Promise<number | null> {
  const [r] = await queryRows<{ id_municipio: number }>(tx, sql`select id_municipio from barrios where id = ${idBarrio}`);
  return r?.id_municipio ?? null;
}

/** Terceros of the transaction's company (RLS) by id or by nro_id. */
export async function tercerosPor(tx: Tx, ids: number[], nroIds: string[]) {
  if (ids.length === 0 && nroIds.length === 0) return [];
  return queryRows<{ id: number; nro_id: string }>(
    tx,
    sql`select id, nro_id from terceros
        where id = any(${sql.param(ids)}::int[]) or nro_id = any(${sql.param(nroIds)}::text[])`,
  );
}

export async function nombresReferencias(tx: Tx, f: FilaInmueble) {
  const [r] = await queryRows<{ municipio: string | null; barrio: string | null }>(
    tx,
    sql`select (select municipio from municipios where id = ${f.id_municipio}) as municipio,
               (select nombre from barrios where id = ${f.id_barrio}) as barrio`,
  );
  return r ?? { municipio: null, barrio: null };
}

/** The saves of a property that wrote any of `campos`, oldest first (the audit keeps what changed). */
export async function cambiosDe(tx: Tx, consecutivo: number, campos: readonly string[]) {
  return queryRows<{ fecha: Date | string; usuario: string; cambios: Record<string, { antes: unknown; despues: unknown }> }>(
    tx,
    sql`select creado_en as fecha, usuario, cambios from auditoria
        where entidad = 'inmuebles' and entidad_id = ${String(consecutivo)} and accion in ('crear', 'actualizar')
          and cambios ?| ${sql.param([...campos])}::text[]
        order by creado_en, id`,
  );
}

export async function causalExiste(tx: Tx, id: number): Promise<boolean> {
  const r = await queryRows<{ id: number }>(tx, sql`select id from causales_retiro where id = ${id}`);
  return r.length > 0;
}

export async function registrarEstado(tx: Tx, h: typeof inmuebleEstadoHistorial.$inferInsert) {
  await tx.insert(inmuebleEstadoHistorial).values(h);
}

export async function historial(tx: Tx, idInmueble: number) {
  return queryRows<{
    desde: string | null;
    hasta: string;
    id_causal: number | null;
    causal: string | null;
    usuario: string;
    fecha: Date | string;
  }>(
    tx,
    sql`select h.desde, h.hasta, h.id_causal, c.nombre as causal, h.usuario, h.fecha
        from inmueble_estado_historial h left join causales_retiro c on c.id = h.id_causal
        where h.id_inmueble = ${idInmueble} order by h.id`,
  );
}

// ----- search ----------------------------------------------------------------------------------

// A stored column (migration 0040), lower-case and without accents.
const TEXTO = sql.raw('i.texto_busqueda');
const AREA = sql.raw('coalesce(i.area_construida, i.area_lote)');
/** Today in Colombia, whatever the server's time zone. */
export const HOY_BOGOTA = sql.raw(`(now() at time zone 'America/Bogota')::date`);
/** The consignment ends between `hoy` and DIAS_AVISO_CONSIGNACION days later (the search, the daily notice). */
export const consignacionPorVencer = (hoy: SQL) =>
  sql`i.vigencia_consignacion between ${hoy} and ${hoy} + ${DIAS_AVISO_CONSIGNACION}::int`;
/**
 * A value the plan is not to depend on: a sub-select PostgreSQL evaluates once, before the scan, whose
 * value no plan sees. The plan made once for any value then costs what the plans for the values cost,
 * so PostgreSQL keeps it (plan_cache_mode auto), where a filter's default estimates for an unseen
 * value (a third of the rows for `banos >= $1`) made it look dearer than plans for the values.
 */
const oculto = (v: SQL, ocultar: boolean): SQL => (ocultar ? sql`(select ${v})` : v);
/** One value of the given type, hidden from the plan when `ocultar`. */
const valor = (v: number | string, tipo: 'int' | 'text', ocultar: boolean): SQL => oculto(sql`${v}::${sql.raw(tipo)}`, ocultar);

// One value is written as `=`: an index on that column walked in the page's order (0074 the tipo, 0075 the
// municipio) keeps its order for `=`, not for `= any` (PostgreSQL 15).
const enLista = (col: string, xs: readonly (number | string)[] | undefined, tipo: 'int' | 'text', ocultar = false) =>
  !xs || xs.length === 0
    ? undefined
    : xs.length === 1
      ? sql`${sql.raw(col)} = ${valor(xs[0]!, tipo, ocultar)}`
      : sql`${sql.raw(col)} = any(${oculto(sql`${sql.param(xs)}::${sql.raw(tipo)}[]`, ocultar)}::${sql.raw(tipo)}[])`;

export type Consulta = InmueblesFiltro & {
  q?: string | undefined;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** The search's conditions; with `ocultar`, the values of those whose plan does not depend on them are hidden (oculto). */
function condiciones(f: InmueblesFiltro & { q?: string | undefined }, ocultar = false): SQL[] {
  const conds: (SQL | undefined)[] = [
    // The default, written as a literal so the partial indexes `where estado = 'disponible'` (0045) apply.
    !f.estado || f.estado.length === 0 || (f.estado.length === 1 && f.estado[0] === 'disponible')
      ? sql`i.estado = 'disponible'`
      : enLista('i.estado', f.estado, 'text'),
    f.gestion === 'arriendo_venta'
      ? sql`i.gestion = 'arriendo_venta'`
      : f.gestion
        ? ocultar
          ? // One array made once: array[(select $1), '…'] would be built again for every row read.
            sql`i.gestion = any(${oculto(sql`array[${f.gestion}::text, 'arriendo_venta']`, true)}::text[])`
          : sql`i.gestion in (${f.gestion}, 'arriendo_venta')`
        : undefined,
    enLista('i.tipo', f.tipo, 'text', ocultar),
    enLista('i.id_municipio', f.municipio, 'int'),
    enLista('i.id_barrio', f.barrio, 'int'),
    enLista('i.id_zona', f.zona, 'int'),
    enLista('i.id_sector', f.sector, 'int'),
    enLista('i.estrato', f.estrato, 'int', ocultar),
    f.asesor === undefined ? undefined : sql`(i.id_asesor_comercial = ${f.asesor} or i.id_asesor_captador = ${f.asesor})`,
    f.consignacion === 'vencida'
      ? sql`i.vigencia_consignacion < ${HOY_BOGOTA}`
      : f.consignacion === 'por_vencer'
        ? consignacionPorVencer(HOY_BOGOTA)
        : undefined,
    ...(f.caracteristicas ?? []).map(
      (c) => sql`exists (select 1 from inmueble_caracteristica ic where ic.id_inmueble = i.id and ic.id_caracteristica = ${c})`,
    ),
    f.habitaciones === undefined ? undefined : sql`i.habitaciones >= ${valor(f.habitaciones, 'int', ocultar)}`,
    f.banos === undefined ? undefined : sql`i.banos >= ${valor(f.banos, 'int', ocultar)}`,
    f.parqueaderos === undefined ? undefined : sql`i.parqueaderos >= ${valor(f.parqueaderos, 'int', ocultar)}`,
    f.areaMin === undefined ? undefined : sql`${AREA} >= ${f.areaMin}`,
    f.areaMax === undefined ? undefined : sql`${AREA} <= ${f.areaMax}`,
  ];
  if (f.precioMin !== undefined || f.precioMax !== undefined) {
    const rango = (col: string) =>
      sql.join(
        [
          sql`${sql.raw(col)} is not null`,
          f.precioMin === undefined ? undefined : sql`${sql.raw(col)} >= ${f.precioMin}`,
          f.precioMax === undefined ? undefined : sql`${sql.raw(col)} <= ${f.precioMax}`,
        ].filter((x): x is SQL => x !== undefined),
        sql` and `,
      );
    // The price is the canon for arriendo, the sale price for venta, either one otherwise.
    conds.push(
      f.gestion === 'arriendo'
        ? rango('i.canon')
        : f.gestion === 'venta'
          ? rango('i.precio_venta')
          : sql`((${rango('i.canon')}) or (${rango('i.precio_venta')}))`,
    );
  }
  // Every word must appear in the address or description; a number may also be the consecutivo.
  // strpos, not like: under row-level security PostgreSQL neither uses a trigram index (0040 had one,
  // 0056 dropped it) nor the column statistics for a non-leakproof operator such as like, and guesses
  // a match or two, so it gathered every candidate and sorted them; strpos gets the default estimate
  // (a third), so the page walks the disponibles in order and stops after 20 matches. Same matches:
  // a plain substring.
  for (const palabra of (f.q ?? '').split(/\s+/).filter(Boolean)) {
    const enTexto = contiene(TEXTO, palabra);
    conds.push(/^\d{1,9}$/.test(palabra) ? sql`(${enTexto} or i.consecutivo = ${Number(palabra)})` : enTexto);
  }
  return conds.filter((x): x is SQL => x !== undefined);
}

/**
 * The search's where. Planned for its values when its best plan depends on them: a municipio, barrio,
 * zona, sector or asesor may hold most of the properties or none (walk the newest disponibles, or read
 * that one's index and sort), a price or area range may keep a few or all, and so may an estado, a
 * characteristic or the consignment's dates; another order than the newest first walks another index.
 * Without those (the disponibles by gestión, tipo, estrato, rooms and words, newest first: what the
 * screen opens with and most searches) every value is best served by walking the newest disponibles,
 * of the tipo when one is asked, and the statement is left to PostgreSQL's own choice (db/driver
 * statements.ts): it plans it once when the plan for any value is estimated to cost no more. The first
 * page without filters, the screen as it opens, has no parameter left (see hasta) and is planned once
 * per connection.
 */
function donde(f: InmueblesFiltro & { q?: string | undefined; sort?: string }): SQL {
  return sql.join(condiciones(f, !porValores(f)), sql` and `);
}
const porValores = (f: InmueblesFiltro & { q?: string | undefined; sort?: string }): boolean =>
  (f.sort !== undefined && f.sort !== 'consecutivo') ||
  (f.estado !== undefined && f.estado.length > 0 && !(f.estado.length === 1 && f.estado[0] === 'disponible')) ||
  [f.municipio, f.barrio, f.zona, f.sector, f.caracteristicas].some((xs) => xs !== undefined && xs.length > 0) ||
  [f.asesor, f.consignacion, f.precioMin, f.precioMax, f.areaMin, f.areaMax].some((x) => x !== undefined);
/** Runs the search's statements planned for their values when `porValores` says their best plan depends on them. */
const segunValores = <T>(f: InmueblesFiltro & { q?: string | undefined; sort?: string }, run: () => Promise<T>): Promise<T> =>
  porValores(f) ? planForValues(run) : run();

/**
 * The limit, and the offset of the first page, written into the statement: a plan made once for any
 * value cannot see a limit given as a parameter, assumes a tenth of the matches is wanted, and costs
 * so much more than the plans for the values that PostgreSQL keeps planning every execution. Other
 * pages keep theirs as parameters (one text for every page) and are planned for their values.
 */
function hasta(limite: number, desde: number): SQL {
  if (!Number.isSafeInteger(limite) || limite < 0 || !Number.isSafeInteger(desde) || desde < 0)
    throw new Error(`límite inválido: ${limite}, ${desde}`);
  return desde === 0 ? sql.raw(`limit ${limite}`) : sql`limit ${limite} offset ${desde}`;
}

const ORDEN: Record<string, string> = {
  consecutivo: 'i.consecutivo',
  precio: 'coalesce(i.canon, i.precio_venta)',
  area: 'coalesce(i.area_construida, i.area_lote)',
  habitaciones: 'i.habitaciones',
  modificado_en: 'coalesce(i.modificado_en, i.creado_en)',
};

type FilaResumen = Omit<InmuebleResumen, 'area' | 'canon' | 'precio_venta' | 'consecutivo'> & {
  consecutivo: number | null;
  area: string | null;
  canon: string | number | null;
  precio_venta: string | number | null;
  orden: unknown;
};

/**
 * The page's rows, chosen on the property table alone (an index-only scan of the partial indexes
 * of 0045 can walk the disponibles in order and stop after the page's matches); names are looked up
 * for those rows only. Planning was the larger half of a search (PostgreSQL 0.8 ms of planning and
 * 0.6 of execution), so the page's ids are an array and the names scalar subqueries: the planner
 * plans each piece alone instead of searching the join orders of five relations (planning 0.8 →
 * 0.6 ms on PostgreSQL, 1.8 → 1.45 ms on PGlite; pgbench +12 %). `orden` repeats the sort key so an
 * outer query can keep the order.
 */
function sqlPagina(c: Consulta): { pagina: SQL; ordenar: (o: SQL, consecutivo: SQL) => SQL } {
  const { ids, orden, ordenar } = sqlIds(c);
  return { pagina: filasDe(sql`array(${ids})`, orden), ordenar };
}

/** The matches' ids in the list's order (one page of them, by `limit` and `offset`). */
function sqlIds(c: Consulta): { ids: SQL; orden: SQL; ordenar: (o: SQL, consecutivo: SQL) => SQL } {
  const where = donde(c);
  const dir = sql.raw(c.order === 'asc' ? 'asc' : 'desc');
  const precio =
    c.gestion === 'arriendo' ? 'i.canon' : c.gestion === 'venta' ? 'i.precio_venta' : (ORDEN.precio ?? 'i.consecutivo');
  const columna = c.sort === 'precio' ? precio : (ORDEN[c.sort] ?? 'i.consecutivo');
  const orden = sql.raw(columna);
  // consecutivo is never null and unique: it needs neither `nulls last` nor a tie-breaker, and
  // without them the order is the one the consecutivo indexes are read in.
  const ordenar = (o: SQL, consecutivo: SQL) =>
    columna === 'i.consecutivo' ? sql`${o} ${dir}` : sql`${o} ${dir} nulls last, ${consecutivo} desc`;
  const ids = sql`
        select i.id from inmueble i where ${where}
        order by ${ordenar(orden, sql.raw('i.consecutivo'))}
        ${hasta(c.limit, c.offset)}
      `;
  return { ids, orden, ordenar };
}

/** The list's columns of the properties whose ids `ids` (an int[] expression) holds. */
const filasDe = (ids: SQL, orden: SQL = sql.raw('i.consecutivo'), conId = false) => sql`
      select ${conId ? sql.raw('i.id, ') : sql``}i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion,
             (select m.municipio from municipios m where m.id = i.id_municipio) as municipio,
             (select b.nombre from barrios b where b.id = i.id_barrio) as barrio, i.estrato,
             ${AREA} as area, i.habitaciones, i.banos, i.parqueaderos, i.canon, i.precio_venta, i.id_asesor_comercial,
             i.lat, i.lng, i.vigencia_consignacion::text as vigencia_consignacion, ${orden} as orden
      from inmueble i
      where i.id = any(${ids})`;

/** The ids of the matches in the list's order: an export reads their rows a page at a time (porIds). */
export async function idsEnOrden(tx: Tx, c: Consulta): Promise<number[]> {
  const filas = await segunValores(c, () => queryRows<{ id: number }>(tx, sqlIds(c).ids));
  return filas.map((f) => f.id);
}

/** Some properties by id, with the list's columns, in no particular order. */
export async function porIds(tx: Tx, ids: number[]): Promise<(InmuebleResumen & { id: number })[]> {
  const filas = await queryRows<FilaResumen & { id: number }>(tx, filasDe(sql`${sql.param(ids)}::int[]`, undefined, true));
  return filas.map(({ id, ...f }) => ({ id, ...resumen(f) }));
}

function resumen({ orden: _o, ...f }: FilaResumen): InmuebleResumen {
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return { ...f, consecutivo: f.consecutivo!, area: num(f.area), canon: num(f.canon), precio_venta: num(f.precio_venta) };
}

/**
 * How many properties the search finds with this filter: all of them (Inicio's counters), or only up to
 * `hasta` (the search's count stops past TOPE_CONTEO). With words to match, the count walks the
 * disponibles in order: the planner cannot guess how many rows a strpos keeps, and without an order it
 * chose to read the table (9–11 ms at 100k) instead of the index that carries the text (0054,
 * index-only: 2–4 ms).
 */
export async function contar(tx: Tx, f: InmueblesFiltro & { q?: string | undefined }, tope?: number): Promise<number> {
  const where = donde(f);
  const enOrden = f.q?.trim() ? sql`order by i.consecutivo desc` : sql``;
  const [r] = await segunValores(f, () =>
    queryRows<{ n: number }>(
      tx,
      tope === undefined
        ? sql`select count(*)::int as n from inmueble i where ${where}`
        : sql`select count(*)::int as n from (select 1 from inmueble i where ${where} ${enOrden} ${hasta(tope, 0)}) c`,
    ),
  );
  return Number(r?.n ?? 0);
}

/**
 * One page of the search, without its count (asked apart, once per filter): one row more than the
 * page says whether another follows. Counting in the same statement took as long again as the page
 * (1,001 matches of a common word: 3–4 ms on PGlite), on every page turn.
 */
export async function listar(tx: Tx, c: Consulta): Promise<{ filas: InmuebleResumen[]; hayMas: boolean }> {
  const filas = await pagina(tx, { ...c, limit: c.limit + 1 });
  return { filas: filas.slice(0, c.limit), hayMas: filas.length > c.limit };
}

/** The matches without counting them (the export: its own limit tells whether there are too many). */
export async function pagina(tx: Tx, c: Consulta): Promise<InmuebleResumen[]> {
  const { pagina, ordenar } = sqlPagina(c);
  const filas = await segunValores(c, () =>
    queryRows<FilaResumen>(
      tx,
      sql`select f.* from (${pagina}) f order by ${ordenar(sql.raw('f.orden'), sql.raw('f.consecutivo'))}`,
    ),
  );
  return filas.map(resumen);
}

// ----- the form's selects ------------------------------------------------------------------------

const patron = (q: string | undefined) => `%${escaparLike(q ?? '')}%`;

export async function asesores(tx: Tx, q: string | undefined, id: number | undefined) {
  return queryRows<{ id: number; label: string; detalle: string }>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as label, usuario as detalle from usuarios
        where ${id === undefined ? sql`activo and lower(predio_unaccent(nombre || ' ' || usuario)) like lower(predio_unaccent(${patron(q)}::text))` : sql`id = ${id}`}
        order by lower(predio_unaccent(coalesce(nullif(nombre, ''), usuario))) limit 50`,
  );
}

/** soloNombre: the words are looked for in the name alone (a document number finds nobody). */
export async function propietariosOpciones(tx: Tx, q: string | undefined, id: number | undefined, soloNombre = false) {
  const texto = sql.raw(soloNombre ? 'lower(predio_unaccent(nombre))' : 'texto_busqueda');
  return queryRows<{ id: number; label: string; detalle: string }>(
    tx,
    sql`select id, nombre as label, nro_id as detalle from terceros
        where ${id === undefined ? sql.join([sql`activo`, ...contieneCadaPalabra(texto, q)], sql` and `) : sql`id = ${id}`}
        order by lower(predio_unaccent(nombre)), nro_id limit 30`,
  );
}

/** The whole active catalogue with its group (the form shows it as grouped checkboxes). */
export async function catalogoCaracteristicas(tx: Tx) {
  return queryRows<{ id: number; label: string; grupo: string }>(
    tx,
    sql`select id, nombre as label, grupo from caracteristicas_inmueble where activo
        order by grupo, lower(predio_unaccent(nombre))`,
  );
}

export async function guardarVista(tx: Tx, idUsuario: number, tipo: number) {
  await queryRows(tx, sql`update usuarios set tipo_vista_inmuebles_buscador = ${tipo} where id = ${idUsuario}`);
}

/**
 * What keeps a property from being deleted: the requests that name it, the fichas sent to leads, and
 * the first estado with business (reservado, arrendado, vendido) it ever reached.
 */
export async function vinculos(
  tx: Tx,
  idInmueble: number,
  conNegocio: readonly string[],
): Promise<{ solicitudes: number[]; envios: number; negocio: string | null }> {
  const [r] = await queryRows<{ solicitudes: number[] | null; envios: number; negocio: string | null }>(
    tx,
    sql`select (select array_agg(numero order by numero) from solicitud where id_inmueble = ${idInmueble}) as solicitudes,
               (select count(*)::int from cliente_atendido_envio where id_inmueble = ${idInmueble}) as envios,
               (select hasta from inmueble_estado_historial
                where id_inmueble = ${idInmueble} and hasta = any(${sql.param([...conNegocio])}::text[])
                order by id limit 1) as negocio`,
  );
  return { solicitudes: r?.solicitudes ?? [], envios: r?.envios ?? 0, negocio: r?.negocio ?? null };
}

/** Deletes the row; owners, characteristics, history, photos, documents and notices go with it (on delete cascade). */
export async function eliminar(tx: Tx, id: number): Promise<void> {
  await tx.delete(inmueble).where(eq(inmueble.id, id));
}
