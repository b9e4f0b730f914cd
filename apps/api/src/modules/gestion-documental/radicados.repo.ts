import { sql, type SQL } from 'drizzle-orm';
import type {
  ContratoRadicado,
  InmuebleRadicado,
  OpcionesRadicado,
  Radicado,
  TerceroRadicado,
  TipoRadicado,
} from '@predio/contract/gestion-documental';
import { topeDeConteo } from '@predio/contract/list';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contiene, palabras } from '../../platform/busqueda.ts';

const y = (conds: (SQL | undefined)[]) => {
  const c = conds.filter((x): x is SQL => x !== undefined);
  return c.length > 0 ? sql`where ${sql.join(c, sql` and `)}` : sql``;
};

export type FiltrosRadicados = {
  q?: string | undefined;
  tipo?: TipoRadicado | undefined;
  id_area?: number | undefined;
  id_serie?: number | undefined;
  id_subserie?: number | undefined;
  id_tipo_documental?: number | undefined;
  id_estado?: number | undefined;
  id_tercero?: number | undefined;
  inmueble?: number | undefined;
  id_contrato?: number | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  /** The document permissions' condition (permisos.repo filtroVer); undefined: every radicado. */
  permitidos?: SQL | undefined;
};

/** A range of dates this short is searched by the date's index (listar). */
const DIAS_ACOTADOS = 92;
/** Past this many documents holding a word, the search checks the word row by row instead of by their ids. */
const TOPE_TEXTO = 2000;
const EMPRESA = sql.raw(`nullif(current_setting('app.empresa', true), '')::integer`);
const consulta = (palabra: string): SQL => sql`(select plainto_tsquery('spanish', lower(predio_unaccent(${palabra}::text))))`;

/** Past this many terceros holding a word, the word is checked against each walked radicado's tercero. */
const TOPE_TERCEROS = 1000;

/**
 * How each word of q is matched, asked before the search (docs/benchmarks/gestion-documental.md):
 * `radicado`, the id of the radicado whose number it is (then the number is not looked for as a part of
 * other texts); `datos`, the radicados whose number or asunto hold it as a part, found by their trigrams
 * (radicado_trigrama, migration 0286) when at most TOPE_TEXTO radicados have all of the word's trigrams,
 * else null (a common word, or one without three letters in a row: checked on each walked row);
 * `terceros`, the terceros whose name, document, phone or e-mail hold it (null past TOPE_TERCEROS);
 * `textos`, the radicados whose documents hold it, when at most TOPE_TEXTO documents do (the GIN index of
 * radicado_lexema finds them), else null: the word is common and is checked on each row the search walks,
 * which finds a page of it in a few rows. With `datos`, `terceros` and `textos` all known the word is a
 * set of ids, which the primary key and the tercero's index answer: no walk of the radicados.
 */
export type Palabra = {
  palabra: string;
  radicado: number | null;
  datos: number[] | null;
  terceros: number[] | null;
  textos: number[] | null;
};

/**
 * The trigrams every text holding `w` (lower-cased, unaccented) as a part has among pg_trgm's show_trgm of
 * it: the three-character pieces of each run of letters and digits of the word. Those runs lie inside one
 * of the text's words (pg_trgm's word characters include them), so no padded trigram is asked for; a run
 * shorter than three gives none.
 */
export function trigramasDe(w: string): string[] {
  const t = new Set<string>();
  for (const parte of w.split(/[^a-z0-9]+/)) for (let i = 0; i + 3 <= parte.length; i++) t.add(parte.slice(i, i + 3));
  return [...t];
}

const enteros = (ids: number[]) => `{${ids.join(',')}}`;

export async function prepararPalabras(tx: Tx, q: string | undefined): Promise<Palabra[]> {
  const r: Palabra[] = [];
  for (const palabra of palabras(q)) {
    const [n] = /^[0-9A-Za-z]+(-[0-9A-Za-z]+){2,}$/.test(palabra)
      ? await queryRows<{ id: number }>(tx, sql`select id from radicado where radicado = ${palabra.toUpperCase()}`)
      : [];
    // As texto_busqueda is written (the trigrams are cut from the word as it is stored).
    const w = (await queryRows<{ w: string }>(tx, sql`select lower(predio_unaccent(${palabra}::text)) as w`))[0]!.w;
    // radicado_trigrama has no RLS (0286): the company is this filter's. The candidates hold every trigram
    // of the word; strpos on those few (by the primary key, under RLS) keeps the ones that hold the word.
    let datos: number[] | null = null;
    const tri = n ? [] : trigramasDe(w);
    if (tri.length > 0) {
      const candidatos = await planForValues(() =>
        queryRows<{ id: number }>(
          tx,
          sql`select id_radicado as id from radicado_trigrama where empresa = ${EMPRESA}
                and trigramas @> ${`{${tri.join(',')}}`}::text[]
              limit ${TOPE_TEXTO + 1}`,
        ),
      );
      if (candidatos.length <= TOPE_TEXTO)
        datos =
          candidatos.length === 0
            ? []
            : (
                await queryRows<{ id: number }>(
                  tx,
                  sql`select id from radicado where id = any(${enteros(candidatos.map((c) => c.id))}::integer[])
                        and strpos(texto_busqueda, ${w}::text) > 0`,
                )
              ).map((x) => x.id);
    }
    const terceros = n
      ? []
      : (
          await queryRows<{ id: number }>(
            tx,
            sql`select t.id from terceros t where ${contiene(sql`t.texto_busqueda`, palabra)} limit ${TOPE_TERCEROS + 1}`,
          )
        ).map((x) => x.id);
    // radicado_lexema has no RLS (migration 0284): the company is this filter's. Planned for the word, the
    // query written out (not a sub-select) so the lexemes' statistics tell how common it is: a rare word is
    // read by the GIN index, a common one by the first rows holding it (43 ms by the index, 2 ms so).
    const ids = await planForValues(() =>
      queryRows<{ id: number }>(
        tx,
        sql`select id_radicado as id from radicado_lexema where empresa = ${EMPRESA}
              and documento @@ plainto_tsquery('spanish', lower(predio_unaccent(${palabra}::text)))
            limit ${TOPE_TEXTO + 1}`,
      ),
    );
    r.push({
      palabra,
      radicado: n?.id ?? null,
      datos,
      terceros: terceros.length > TOPE_TERCEROS ? null : terceros,
      textos: ids.length > TOPE_TEXTO ? null : [...new Set(ids.map((x) => x.id))],
    });
  }
  return r;
}

/**
 * One word of q: in the radicado's number and asunto, in its tercero's name, document, phone or e-mail,
 * or inside one of its documents (radicado_lexema, filled by the job of texto.service.ts: Spanish stems of
 * the unaccented text, «contratos» finds «Contrato»; a stop word such as «de» matches no document). What
 * prepararPalabras found as ids is matched by `r.id = any(…)` / `r.id_tercero = any(…)` (leakproof, so
 * the indexes serve them under RLS); what it left as common is checked on each walked row.
 */
function unaPalabra(p: Palabra): SQL {
  if (p.radicado !== null) {
    const ids = [...new Set([p.radicado, ...(p.textos ?? [])])];
    return p.textos === null ? sql`(r.id = ${p.radicado} or ${enTextoComun(p)})` : sql`r.id = any(${enteros(ids)}::integer[])`;
  }
  const ids = [...new Set([...(p.datos ?? []), ...(p.textos ?? [])])];
  const brazos: SQL[] = [];
  if (ids.length > 0) brazos.push(sql`r.id = any(${enteros(ids)}::integer[])`);
  if (p.datos === null) brazos.push(contiene(sql`r.texto_busqueda`, p.palabra));
  if (p.terceros === null)
    brazos.push(sql`r.id_tercero in (select t.id from terceros t where ${contiene(sql`t.texto_busqueda`, p.palabra)})`);
  else if (p.terceros.length > 0) brazos.push(sql`r.id_tercero = any(${enteros(p.terceros)}::integer[])`);
  if (p.textos === null) brazos.push(enTextoComun(p));
  return brazos.length === 0 ? sql`false` : sql`(${sql.join(brazos, sql` or `)})`;
}

/**
 * A common word inside the radicado's documents, checked on the walked row by a scalar sub-select, not
 * exists: PostgreSQL would hash an exists under «or» by reading every document holding the word (560 ms for
 * one in two thirds of 200,000); this reads the few walked.
 */
const enTextoComun = (p: Palabra): SQL =>
  sql`coalesce((select bool_or(l.documento @@ ${consulta(p.palabra)}) from radicado_lexema l
        where l.id_radicado = r.id and l.empresa = ${EMPRESA}), false)`;

function donde(f: FiltrosRadicados, ps: Palabra[]): SQL {
  return y([
    ...ps.map(unaPalabra),
    f.tipo ? sql`r.tipo = ${f.tipo}` : undefined,
    f.id_area ? sql`r.id_area = ${f.id_area}` : undefined,
    f.id_serie ? sql`r.id_serie = ${f.id_serie}` : undefined,
    f.id_subserie ? sql`r.id_subserie = ${f.id_subserie}` : undefined,
    f.id_tipo_documental ? sql`r.id_tipo_documental = ${f.id_tipo_documental}` : undefined,
    f.id_estado ? sql`r.id_estado = ${f.id_estado}` : undefined,
    f.id_tercero ? sql`r.id_tercero = ${f.id_tercero}` : undefined,
    f.inmueble ? sql`r.id_inmueble = (select id from inmueble where consecutivo = ${f.inmueble})` : undefined,
    f.id_contrato ? sql`r.id_contrato = ${f.id_contrato}` : undefined,
    f.desde ? sql`r.fecha >= ${f.desde}::date` : undefined,
    f.hasta ? sql`r.fecha <= ${f.hasta}::date` : undefined,
    f.permitidos,
  ]);
}

const ORDEN: Record<string, SQL> = {
  radicado: sql`r.anio, r.numero`,
  fecha: sql`r.fecha`,
  asunto: sql`lower(predio_unaccent(r.asunto))`,
  creado_en: sql`r.creado_en`,
};

const ref = (alias: string, conCodigo = true) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'nombre', ${alias}.nombre, 'codigo', ${conCodigo ? `${alias}.codigo` : 'null'}) end`,
  );

/** A contract as the screens show it: CT-0007 (contratos) or CM-0007 (programa coem). */
const NUMERO_CONTRATO = sql.raw(`(case when c.programa = 'coem' then 'CM-' else 'CT-' end) || lpad(c.consecutivo::text, 4, '0')`);

const SELECT = sql`
  select r.id, r.radicado, r.anio, r.numero, r.tipo, to_char(r.fecha, 'YYYY-MM-DD') as fecha, r.asunto,
    case when t.id is null then null else json_build_object('id', t.id, 'nombre', t.nombre, 'nro_id', t.nro_id) end as tercero,
    ${ref('a')} as area, ${ref('s')} as serie, ${ref('ss')} as subserie, ${ref('td', false)} as tipo_documental,
    case when e.id is null then null else json_build_object('id', e.id, 'nombre', e.nombre, 'color', e.color) end as estado,
    r.folios, r.observaciones, to_char(r.vence, 'YYYY-MM-DD') as vence,
    case when ur.id is null then null else json_build_object('id', ur.id, 'nombre', coalesce(nullif(ur.nombre, ''), ur.usuario)) end as responsable,
    case when i.id is null then null else json_build_object('id', i.id, 'consecutivo', i.consecutivo, 'direccion', i.direccion) end as inmueble,
    case when c.id is null then null else json_build_object('id', c.id, 'numero', ${NUMERO_CONTRATO}) end as contrato,
    case when ra.id is null then null else json_build_object('id', ra.id, 'radicado', ra.radicado) end as responde_a,
    coalesce((select json_agg(json_build_object('id', x.id, 'radicado', x.radicado) order by x.id) from radicado x
      where x.id_responde_a = r.id), '[]'::json) as respuestas,
    (select count(*)::int from archivo ar where ar.tipo_dueno = 'radicado' and ar.id_dueno = (select r.id::text) and ar.categoria = 'documento') as archivos,
    r.creado_por, to_char(r.creado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as creado_en,
    r.modificado_por, to_char(r.modificado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as modificado_en
  from radicado r
  join areas_empresa a on a.id = r.id_area
  left join terceros t on t.id = r.id_tercero
  left join series_documentales s on s.id = r.id_serie
  left join subseries_documentales ss on ss.id = r.id_subserie
  left join tipos_documentales td on td.id = r.id_tipo_documental
  left join estados_gestion_documental e on e.id = r.id_estado
  left join usuarios ur on ur.id = r.id_responsable
  left join radicado ra on ra.id = r.id_responde_a
  left join inmueble i on i.id = r.id_inmueble
  left join contrato c on c.id = r.id_contrato`;

/**
 * A page of the search and how many radicados match: a page that comes back short tells it by itself,
 * else the matches are counted up to `tope` (TOPE_CONTEO, or the export's limit): past it `totalExacto` is
 * false and `total` a lower bound. A single common word without other filters matches more than TOPE_TEXTO
 * documents, so more than any page's tope: not counted. Planned for their values: a filter may keep most
 * radicados or none, a word a few documents or most.
 */
export async function listar(
  tx: Tx,
  f: FiltrosRadicados & { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number },
  tope = topeDeConteo(f.offset, f.limit),
): Promise<{ items: Radicado[]; total: number; totalExacto: boolean }> {
  const ps = await prepararPalabras(tx, f.q);
  const where = donde(f, ps);
  const orden = ORDEN[f.sort ?? ''] ?? sql`r.anio desc, r.numero`;
  const dir = sql.raw(f.order === 'asc' ? 'asc' : 'desc');
  // The page's ids first, on radicado alone; then its rows with their eleven references by one statement
  // that never changes, planned once per connection: planning both together took 14–57 ms at 200,000.
  // A range of dates of up to DIAS_ACOTADOS keeps a few thousand radicados at most: they are read by the
  // date's index first, then sorted. Left to itself PostgreSQL walked the numbers newest first expecting the
  // matches spread over them (one month of 2024 + a serie: 110,000 rows read, 69 ms; this way 2–3 ms).
  const acotada =
    f.desde !== undefined && f.hasta !== undefined && Date.parse(f.hasta) - Date.parse(f.desde) <= DIAS_ACOTADOS * 86_400_000;
  const ids = await planForValues(() =>
    queryRows<{ id: number }>(
      tx,
      acotada
        ? sql`with m as materialized (select r.id, r.anio, r.numero, r.fecha, r.asunto, r.creado_en from radicado r ${where})
              select r.id from m r order by ${orden} ${dir}, r.id ${dir} limit ${f.limit} offset ${f.offset}`
        : sql`select r.id from radicado r ${where} order by ${orden} ${dir}, r.id ${dir} limit ${f.limit} offset ${f.offset}`,
    ),
  );
  const filas =
    ids.length === 0
      ? []
      : await queryRows<Radicado>(tx, sql`${SELECT} where r.id = any(${`{${ids.map((x) => x.id).join(',')}}`}::integer[])`);
  const porId = new Map(filas.map((x) => [x.id, x]));
  const items = ids.map((x) => porId.get(x.id)).filter((x): x is Radicado => x !== undefined);
  if (items.length < f.limit && (items.length > 0 || f.offset === 0))
    return { items, total: f.offset + items.length, totalExacto: true };
  const { q: _q, sort: _s, order: _o, limit: _l, offset: _f, permitidos, ...filtros } = f;
  const soloUnaComun =
    ps.length === 1 && ps[0]!.textos === null && permitidos === undefined && Object.values(filtros).every((v) => v === undefined);
  if (soloUnaComun && tope <= TOPE_TEXTO) return { items, total: tope, totalExacto: false };
  const [c] = await planForValues(() =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (select 1 from radicado r ${where} limit ${tope + 1}) c`),
  );
  const n = c?.n ?? 0;
  return { items, total: Math.min(n, tope), totalExacto: n <= tope };
}

export async function porId(tx: Tx, id: number): Promise<Radicado | null> {
  return (await queryRows<Radicado>(tx, sql`${SELECT} where r.id = ${id}`))[0] ?? null;
}

export async function porRadicado(tx: Tx, radicado: string): Promise<Radicado | null> {
  return (await queryRows<Radicado>(tx, sql`${SELECT} where r.radicado = ${radicado}`))[0] ?? null;
}

/** The radicado's id when the company has it (RLS hides the others); a write locks the row. */
export async function idRadicado(tx: Tx, id: number, escribir: boolean): Promise<number | null> {
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`select id from radicado where id = ${id} ${escribir ? sql`for update` : sql``}`,
  );
  return filas[0]?.id ?? null;
}

export type ValoresRadicado = {
  anio: number;
  numero: number;
  radicado: string;
  tipo: TipoRadicado;
  fecha: string;
  asunto: string;
  id_tercero: number | null;
  id_area: number;
  id_serie: number | null;
  id_subserie: number | null;
  id_tipo_documental: number | null;
  id_estado: number | null;
  folios: number | null;
  observaciones: string;
  vence: string | null;
  id_responsable: number | null;
  id_inmueble: number | null;
  id_contrato: number | null;
};

export async function insertar(tx: Tx, v: ValoresRadicado, usuario: string): Promise<number> {
  const [fila] = await queryRows<{ id: number }>(
    tx,
    sql`insert into radicado (anio, numero, radicado, tipo, fecha, asunto, id_tercero, id_area, id_serie, id_subserie,
          id_tipo_documental, id_estado, folios, observaciones, vence, id_responsable, id_inmueble, id_contrato, creado_por)
        values (${v.anio}, ${v.numero}, ${v.radicado}, ${v.tipo}, ${v.fecha}::date, ${v.asunto}, ${v.id_tercero}, ${v.id_area},
          ${v.id_serie}, ${v.id_subserie}, ${v.id_tipo_documental}, ${v.id_estado}, ${v.folios}, ${v.observaciones}, ${v.vence}::date,
          ${v.id_responsable}, ${v.id_inmueble}, ${v.id_contrato}, ${usuario})
        returning id`,
  );
  return fila!.id;
}

/** The columns a correction may change (ZRadicadoEdicion): the number, kind and date never do. */
export type CambiosRadicado = Pick<
  ValoresRadicado,
  | 'asunto'
  | 'id_tercero'
  | 'id_area'
  | 'id_serie'
  | 'id_subserie'
  | 'id_tipo_documental'
  | 'folios'
  | 'observaciones'
  | 'vence'
  | 'id_responsable'
  | 'id_inmueble'
  | 'id_contrato'
>;

export async function actualizar(tx: Tx, id: number, v: CambiosRadicado, usuario: string): Promise<void> {
  await tx.execute(sql`
    update radicado set asunto = ${v.asunto}, id_tercero = ${v.id_tercero}, id_area = ${v.id_area}, id_serie = ${v.id_serie},
      id_subserie = ${v.id_subserie}, id_tipo_documental = ${v.id_tipo_documental}, folios = ${v.folios},
      observaciones = ${v.observaciones}, vence = ${v.vence}::date, id_responsable = ${v.id_responsable},
      id_inmueble = ${v.id_inmueble}, id_contrato = ${v.id_contrato}, modificado_por = ${usuario}, modificado_en = now()
    where id = ${id}`);
}

/** The radicado's filing day in Bogotá (its response deadline counts from it). */
export async function diaRadicacion(tx: Tx, id: number): Promise<string> {
  const [f] = await queryRows<{ d: string }>(
    tx,
    sql`select to_char(creado_en at time zone 'America/Bogota', 'YYYY-MM-DD') as d from radicado where id = ${id}`,
  );
  return f!.d;
}

export async function area(tx: Tx, id: number) {
  return (
    (
      await queryRows<{ id: number; codigo: string | null; activo: boolean }>(
        tx,
        sql`select id, codigo, activo from areas_empresa where id = ${id}`,
      )
    )[0] ?? null
  );
}

export async function subserie(tx: Tx, id: number) {
  return (
    (
      await queryRows<{ id: number; id_serie: number }>(tx, sql`select id, id_serie from subseries_documentales where id = ${id}`)
    )[0] ?? null
  );
}

/** Whether the company has an active row `id` in the master `tabla` (a fixed name from the service). */
export async function existeActivo(tx: Tx, tabla: string, id: number): Promise<boolean> {
  const filas = await queryRows<{ id: number }>(tx, sql`select id from ${sql.identifier(tabla)} where id = ${id} and activo`);
  return filas.length > 0;
}

export async function existeTercero(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows<{ id: number }>(tx, sql`select id from terceros where id = ${id}`)).length > 0;
}

export async function opciones(tx: Tx): Promise<Omit<OpcionesRadicado, 'usuarios' | 'id_usuario_recepcion'>> {
  const activos = (tabla: string, conCodigo: boolean, extra = '') =>
    queryRows<{ id: number; nombre: string; codigo: string | null; id_serie?: number; color?: string | null }>(
      tx,
      sql.raw(
        `select id, nombre, ${conCodigo ? 'codigo' : 'null::text as codigo'}${extra} from ${tabla} where activo
         order by ${conCodigo ? 'codigo, ' : ''}lower(predio_unaccent(nombre))`,
      ),
    );
  // One after another: the transaction has one connection.
  const areas = await activos('areas_empresa', true);
  const series = await activos('series_documentales', true);
  const subseries = await activos('subseries_documentales', true, ', id_serie');
  const tipos = await activos('tipos_documentales', false);
  const estados = await activos('estados_gestion_documental', false, ', color');
  return {
    areas,
    series,
    subseries: subseries.map((s) => ({ id: s.id, nombre: s.nombre, codigo: s.codigo, id_serie: s.id_serie! })),
    tipos_documentales: tipos,
    estados: estados.map((e) => ({ id: e.id, nombre: e.nombre, codigo: null, color: e.color ?? null })),
  };
}

/** Terceros matching every word (name, document, phone, e-mail): the remitente / destinatario picker. */
export async function buscarTerceros(tx: Tx, q: string | undefined): Promise<TerceroRadicado[]> {
  const conds = palabras(q).map((p) => contiene(sql.raw('texto_busqueda'), p));
  return queryRows<TerceroRadicado>(
    tx,
    sql`select id, nombre, nro_id from terceros where activo ${conds.length > 0 ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
        order by lower(predio_unaccent(nombre)) limit 20`,
  );
}

export async function usuarioActivo(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows(tx, sql`select 1 from usuarios where id = ${id} and activo`)).length > 0;
}

/** The active users listed in the área (Permisos de gestión documental › integrantes). */
export async function usuariosDelArea(tx: Tx, idArea: number): Promise<number[]> {
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from gd_area_usuario au join usuarios u on u.id = au.id_usuario where au.id_area = ${idArea} and u.activo
        order by u.id`,
  );
  return filas.map((f) => f.id);
}

export type PorVencer = {
  id: number;
  radicado: string;
  asunto: string;
  vence: string;
  id_area: number;
  id_responsable: number | null;
};

/**
 * Radicados still to answer whose deadline is on or before `hasta` and whose notice 502 was not sent for
 * that deadline. Answered, archived or annulled ones (by their estado's name, as seeded) need no reminder.
 */
export async function porVencer(tx: Tx, hasta: string): Promise<PorVencer[]> {
  return queryRows<PorVencer>(
    tx,
    sql`select r.id, r.radicado, r.asunto, to_char(r.vence, 'YYYY-MM-DD') as vence, r.id_area, r.id_responsable
        from radicado r left join estados_gestion_documental e on e.id = r.id_estado
        where r.vence is not null and r.vence <= ${hasta}::date and r.avisado_vence is distinct from r.vence
          and coalesce(lower(predio_unaccent(e.nombre)), '') not in ('respondido', 'archivado', 'anulado')
        order by r.vence, r.id`,
  );
}

/** Records the notice for this deadline first; false when another run already did (a job runs at least once). */
export async function marcarAvisado(tx: Tx, id: number, vence: string): Promise<boolean> {
  const filas = await queryRows(
    tx,
    sql`update radicado set avisado_vence = ${vence}::date where id = ${id} and avisado_vence is distinct from ${vence}::date
        returning id`,
  );
  return filas.length > 0;
}

/** Companies with a radicado whose deadline notice is pending (read across companies by the daily job). */
export async function empresasConVencimientos(tx: Tx): Promise<number[]> {
  const filas = await queryRows<{ id_empresa: number }>(
    tx,
    sql`select distinct id_empresa from radicado where vence is not null and avisado_vence is distinct from vence`,
  );
  return filas.map((f) => f.id_empresa);
}

/** The inmueble's id for the number users know (RLS: the company's), or null. */
export async function idInmueble(tx: Tx, consecutivo: number): Promise<number | null> {
  return (await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`))[0]?.id ?? null;
}

/** A contract of the company with its inmueble's id, or null. */
export async function contrato(tx: Tx, id: number): Promise<{ id: number; id_inmueble: number | null } | null> {
  return (
    (
      await queryRows<{ id: number; id_inmueble: number | null }>(tx, sql`select id, id_inmueble from contrato where id = ${id}`)
    )[0] ?? null
  );
}

/** Inmuebles for the pickers: each word in the number or the address (20, newest first). */
export function buscarInmuebles(tx: Tx, q: string | undefined): Promise<InmuebleRadicado[]> {
  const texto = sql`(i.consecutivo::text || ' ' || lower(predio_unaccent(coalesce(i.direccion, ''))))`;
  return queryRows<InmuebleRadicado>(
    tx,
    sql`select i.consecutivo, coalesce(i.direccion, '') as direccion from inmueble i
        ${y(palabras(q).map((p) => contiene(texto, p)))}
        order by i.consecutivo desc limit 20`,
  );
}

/** Contracts for the pickers: each word in its number (CT-0007), its inmueble's number or address (20, newest first). */
export function buscarContratos(tx: Tx, q: string | undefined): Promise<ContratoRadicado[]> {
  const texto = sql`(lower(${NUMERO_CONTRATO}) || ' ' || c.consecutivo::text || ' ' || coalesce(i.consecutivo::text, '') || ' ' || lower(predio_unaccent(coalesce(i.direccion, ''))))`;
  return queryRows<ContratoRadicado>(
    tx,
    sql`select c.id, ${NUMERO_CONTRATO} as numero, i.consecutivo as inmueble, coalesce(i.direccion, '') as direccion
          from contrato c left join inmueble i on i.id = c.id_inmueble
        ${y(palabras(q).map((p) => contiene(texto, p)))}
        order by c.id desc limit 20`,
  );
}
