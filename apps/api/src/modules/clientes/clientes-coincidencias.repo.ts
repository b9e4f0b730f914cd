import { sql, type SQL } from 'drizzle-orm';
import {
  COINCIDENCIAS_MAX,
  PESOS_COINCIDENCIA as W,
  PUNTAJE_MINIMO,
  TOLERANCIA_COINCIDENCIA,
  type CriterioCoincidencia,
} from '@predio/contract/clientes';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// The matching of a lead (alias c, cliente_atendido) with a property (alias i, inmueble), written once
// and used both ways. Weights and rules are documented with PESOS_COINCIDENCIA in the contract.

const n = (x: number) => sql.raw(String(x));
const medio = (k: CriterioCoincidencia) => n(W[k] / 2);
const bajo = n(1 - TOLERANCIA_COINCIDENCIA);
const alto = n(1 + TOLERANCIA_COINCIDENCIA);

/** Hard criteria: a property that fails one is not a candidate. */
const DURAS = sql`i.estado = 'disponible'
  and (c.gestion = 'arriendo_venta' or i.gestion = c.gestion or i.gestion = 'arriendo_venta')
  and (cardinality(c.tipos) = 0 or i.tipo = any(c.tipos))
  and (cardinality(c.municipios) = 0 or i.id_municipio = any(c.municipios))`;

const rango = (x: string, min: string, max: string, k: CriterioCoincidencia) => {
  const v = sql.raw(x);
  const lo = sql.raw(`coalesce(${min}, 0)`);
  const hi = sql.raw(max);
  return sql`case when ${v} is null then 0
    when ${v} >= ${lo} and (${hi} is null or ${v} <= ${hi}) then ${n(W[k])}
    when ${v} >= ${lo} * ${bajo} and (${hi} is null or ${v} <= ${hi} * ${alto}) then ${medio(k)}
    else 0 end`;
};
const minimo = (col: string, min: string, k: CriterioCoincidencia) => {
  const v = sql.raw(col);
  const m = sql.raw(min);
  return sql`case when ${m} is null then 0 when ${v} >= ${m} then ${n(W[k])} when ${v} = ${m} - 1 then ${medio(k)} else 0 end`;
};
const AREA = 'coalesce(i.area_construida, i.area_lote)';

/** The weights of the criteria the lead (c) filled in: the score's denominator. */
const MAXIMO = sql`(case when c.precio_min is null and c.precio_max is null then 0 else ${n(W.precio)} end
   + case when cardinality(c.barrios) = 0 and cardinality(c.zonas) = 0 then 0 else ${n(W.ubicacion)} end
   + case when c.area_min is null and c.area_max is null then 0 else ${n(W.area)} end
   + case when c.habitaciones_min is null then 0 else ${n(W.habitaciones)} end
   + case when c.banos_min is null then 0 else ${n(W.banos)} end
   + case when c.parqueaderos_min is null then 0 else ${n(W.parqueaderos)} end
   + case when cardinality(c.estratos) = 0 then 0 else ${n(W.estrato)} end
   + case when cardinality(c.caracteristicas) = 0 then 0 else ${n(W.caracteristicas)} end)`;

/** Points per criterion (0 for a criterion left empty); `car` counts the lead's features the property has; `maximo` the weights at stake. */
const PUNTOS = sql`
  case when c.precio_min is null and c.precio_max is null then 0
       else greatest(case when c.gestion <> 'venta' then ${rango('i.canon', 'c.precio_min', 'c.precio_max', 'precio')} else 0 end,
                     case when c.gestion <> 'arriendo' then ${rango('i.precio_venta', 'c.precio_min', 'c.precio_max', 'precio')} else 0 end)
  end as p_precio,
  case when cardinality(c.barrios) = 0 and cardinality(c.zonas) = 0 then 0
       when i.id_barrio = any(c.barrios) or i.id_zona = any(c.zonas) then ${n(W.ubicacion)} else 0 end as p_ubicacion,
  case when c.area_min is null and c.area_max is null then 0
       else ${rango(AREA, 'c.area_min', 'c.area_max', 'area')} end as p_area,
  ${minimo('i.habitaciones', 'c.habitaciones_min', 'habitaciones')} as p_habitaciones,
  ${minimo('i.banos', 'c.banos_min', 'banos')} as p_banos,
  ${minimo('i.parqueaderos', 'c.parqueaderos_min', 'parqueaderos')} as p_parqueaderos,
  case when cardinality(c.estratos) = 0 then 0 when i.estrato is null then 0
       when i.estrato = any(c.estratos) then ${n(W.estrato)}
       when i.estrato + 1 = any(c.estratos) or i.estrato - 1 = any(c.estratos) then ${medio('estrato')} else 0 end as p_estrato,
  case when cardinality(c.caracteristicas) = 0 then 0
       else round(${n(W.caracteristicas)} * car.k::numeric / cardinality(c.caracteristicas))::int end as p_caracteristicas,
  car.k as car_tiene,
  ${MAXIMO} as maximo`;

// Read only for a lead that asks for features: the cruce scores hundreds of thousands of pairs, and a
// look-up per pair for nothing was most of its time.
const CARACTERISTICAS = sql`cross join lateral (
  select case when cardinality(c.caracteristicas) = 0 then 0
              else (select count(*)::int from inmueble_caracteristica ic
                    where ic.id_empresa = i.id_empresa and ic.id_inmueble = i.id and ic.id_caracteristica = any(c.caracteristicas)) end as k) car`;

/** Columns of both sides the reasons are written from. */
const VALORES = sql`c.gestion as c_gestion, c.precio_min, c.precio_max, c.barrios, c.zonas, c.area_min, c.area_max,
  c.habitaciones_min, c.banos_min, c.parqueaderos_min, c.estratos, c.caracteristicas,
  i.id_barrio, i.id_zona, ${sql.raw(AREA)} as area, i.habitaciones, i.banos, i.parqueaderos, i.estrato, i.canon, i.precio_venta`;

export type FilaPuntos = {
  p_precio: number;
  p_ubicacion: number;
  p_area: number;
  p_habitaciones: number;
  p_banos: number;
  p_parqueaderos: number;
  p_estrato: number;
  p_caracteristicas: number;
  car_tiene: number;
  puntaje: number;
  c_gestion: string;
  precio_min: string | number | null;
  precio_max: string | number | null;
  barrios: number[];
  zonas: number[];
  area_min: string | number | null;
  area_max: string | number | null;
  habitaciones_min: number | null;
  banos_min: number | null;
  parqueaderos_min: number | null;
  estratos: number[];
  caracteristicas: number[];
  id_barrio: number | null;
  id_zona: number | null;
  area: string | number | null;
  habitaciones: number;
  banos: number;
  parqueaderos: number;
  estrato: number | null;
  canon: string | number | null;
  precio_venta: string | number | null;
};

// The points earned over the weights of the criteria the lead filled in, as a percentage (100 with none).
const SUMA = sql.raw(
  'case when maximo = 0 then 100 else round(100.0 * (p_precio + p_ubicacion + p_area + p_habitaciones + p_banos + ' +
    'p_parqueaderos + p_estrato + p_caracteristicas) / maximo) end',
);

export type FilaInmuebleCoincidente = FilaPuntos & {
  consecutivo: number;
  /** When its ficha was last e-mailed to this lead (migration 0064). */
  enviado: Date | string | null;
  tipo: string;
  gestion: string;
  estado: string;
  direccion: string;
  municipio: string | null;
  barrio: string | null;
};

/** The lead's side of the match, read first so its criteria reach the query as constants (and the indexes). */
export type Criterios = {
  id: number;
  gestion: string;
  tipos: string[];
  municipios: number[];
  precio_min: number | null;
  precio_max: number | null;
  /** The weights at stake (the criteria the lead filled in), as the score's denominator. */
  maximo: number;
};

/**
 * The hard criteria as constants, so inmueble_busqueda_ix / inmueble_municipio_ix / the price indexes can
 * narrow the candidates. And an exact pruning: when the other criteria together cannot reach the minimum
 * score, the price must earn something, so the price within the tolerance becomes a range condition
 * (a lead asking mostly a price no longer scores every disponible property).
 */
function filtroConstante(c: Criterios): SQL {
  const conds: SQL[] = [];
  if (c.gestion !== 'arriendo_venta') conds.push(sql`i.gestion in (${c.gestion}, 'arriendo_venta')`);
  if (c.tipos.length > 0) conds.push(sql`i.tipo = any(${sql.param(c.tipos)}::text[])`);
  if (c.municipios.length > 0) conds.push(sql`i.id_municipio = any(${sql.param(c.municipios)}::int[])`);
  if (
    (c.precio_min !== null || c.precio_max !== null) &&
    c.maximo > 0 &&
    Math.round((100 * (c.maximo - W.precio)) / c.maximo) < PUNTAJE_MINIMO
  ) {
    // Exact numeric bounds folded to bigint constants, so the canon / precio_venta indexes apply.
    const lo = sql`ceil(${c.precio_min ?? 0}::bigint * ${bajo})::bigint`;
    const hi = c.precio_max === null ? null : sql`floor(${c.precio_max}::bigint * ${alto})::bigint`;
    const rangoDe = (col: SQL) => (hi === null ? sql`${col} >= ${lo}` : sql`${col} between ${lo} and ${hi}`);
    const ps = [
      c.gestion !== 'venta' ? rangoDe(sql`i.canon`) : undefined,
      c.gestion !== 'arriendo' ? rangoDe(sql`i.precio_venta`) : undefined,
    ].filter((x): x is SQL => x !== undefined);
    conds.push(sql`(${sql.join(ps, sql` or `)})`);
  }
  return conds.length > 0 ? sql.join(conds, sql` and `) : sql`true`;
}

/**
 * The best available properties for a lead: hard criteria through the search indexes, then the score.
 * Planned for the lead's values: its criteria are constants in the statement.
 */
export async function inmueblesParaCliente(tx: Tx, c: Criterios): Promise<FilaInmuebleCoincidente[]> {
  const idCliente = c.id;
  return planForValues(() =>
    queryRows<FilaInmuebleCoincidente>(
      tx,
      sql`select s.*, m.municipio, b.nombre as barrio,
               (select max(e.fecha) from cliente_atendido_envio e
                where e.id_empresa = s.id_empresa and e.id_cliente = ${idCliente} and e.id_inmueble = s.id_inmueble) as enviado
        from (
          select p.*, (${SUMA})::int as puntaje from (
            select i.id as id_inmueble, i.id_empresa, i.id_municipio, i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion,
                   ${VALORES}, ${PUNTOS}
            from cliente_atendido c
            join inmueble i on i.id_empresa = c.id_empresa and ${DURAS} and ${filtroConstante(c)}
            ${CARACTERISTICAS}
            where c.id = ${idCliente}
          ) p
          where (${SUMA}) >= ${PUNTAJE_MINIMO}
          order by puntaje desc, p.consecutivo desc
          limit ${COINCIDENCIAS_MAX}
        ) s
        left join municipios m on m.id = s.id_municipio
        left join barrios b on b.id = s.id_barrio
        order by s.puntaje desc, s.consecutivo desc`,
    ),
  );
}

export type FilaClienteCoincidente = FilaPuntos & {
  id_cliente: number;
  consecutivo: number;
  nombre: string;
  celular: string;
  email: string;
  estado: string;
  gestion: string;
  id_asesor: number | null;
  asesor: string | null;
  fecha_ingreso: string;
  /** When this property's ficha was last e-mailed to the lead (migration 0064). */
  enviado: Date | string | null;
};

/** Open leads a property fits (the property must itself pass the hard criteria, so it is disponible). */
export async function clientesParaInmueble(tx: Tx, idInmueble: number, limite: number | null): Promise<FilaClienteCoincidente[]> {
  const lim: SQL = limite === null ? sql`` : sql`limit ${limite}`;
  return queryRows(
    tx,
    sql`select s.*, t.nombre, t.celular, t.email, u.nombre as asesor,
               (select max(e.fecha) from cliente_atendido_envio e
                where e.id_empresa = s.id_empresa and e.id_cliente = s.id_cliente and e.id_inmueble = ${idInmueble}) as enviado
        from (
          select p.*, (${SUMA})::int as puntaje from (
            select c.id as id_cliente, c.id_empresa, c.id_tercero, c.consecutivo, c.estado, c.gestion, c.id_asesor,
                   c.fecha_ingreso::text as fecha_ingreso, ${VALORES}, ${PUNTOS}
            from inmueble i
            join cliente_atendido c on c.id_empresa = i.id_empresa and c.estado in ('activo', 'en_seguimiento') and ${DURAS}
            ${CARACTERISTICAS}
            where i.id = ${idInmueble}
          ) p
          where (${SUMA}) >= ${PUNTAJE_MINIMO}
          order by puntaje desc, p.consecutivo desc
          ${lim}
        ) s
        join terceros t on t.id_empresa = s.id_empresa and t.id = s.id_tercero
        left join usuarios u on u.id_empresa = s.id_empresa and u.id = s.id_asesor
        order by s.puntaje desc, s.consecutivo desc`,
  );
}

export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number) {
  const [r] = await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`);
  return r?.id ?? null;
}

export async function inmuebleAviso(tx: Tx, idInmueble: number) {
  const [r] = await queryRows<{
    consecutivo: number;
    tipo: string;
    municipio: string | null;
    barrio: string | null;
    canon: string | number | null;
    precio_venta: string | number | null;
    id_empresa: number;
  }>(
    tx,
    sql`select i.consecutivo, i.tipo, m.municipio, b.nombre as barrio, i.canon, i.precio_venta, i.id_empresa
        from inmueble i left join municipios m on m.id = i.id_municipio left join barrios b on b.id = i.id_barrio
        where i.id = ${idInmueble}`,
  );
  return r ?? null;
}

/** Records the notices not yet sent; returns the users that are new for this property, reason and key. */
export async function registrarAvisos(
  tx: Tx,
  idInmueble: number,
  motivo: 'nuevo' | 'precio',
  clave: string,
  usuarios: number[],
): Promise<number[]> {
  if (usuarios.length === 0) return [];
  const filas = await queryRows<{ id_usuario: number }>(
    tx,
    sql`insert into cliente_coincidencia_aviso (id_inmueble, id_usuario, motivo, clave)
        select ${idInmueble}, u, ${motivo}, ${clave} from unnest(${sql.param(usuarios)}::int[]) as u
        on conflict do nothing returning id_usuario`,
  );
  return filas.map((f) => f.id_usuario);
}

export type FilaCruce = FilaPuntos & {
  cliente: number;
  nombre: string;
  id_asesor: number | null;
  asesor: string | null;
  inmueble: number;
  direccion: string;
  enviado: Date | string | null;
};

/** The cruce's pairs ranked as the report lists them: best score first, then the lead's and the property's number. */
const antes = (a: FilaCruce, b: FilaCruce) => b.puntaje - a.puntaje || a.cliente - b.cliente || a.inmueble - b.inmueble;

/**
 * The disponible properties that can pass a lead's hard criteria (c) and reach `minimo`, as conditions an
 * index can use for each lead (inmueble_disponible_municipio_ix: municipio, gestión, tipo): a lead that
 * names no municipio or no tipo takes those any disponible property has. DURAS is still checked on them:
 * this only narrows. And the exact pruning of filtroConstante, per lead: when the lead's other criteria
 * together cannot reach `minimo`, the price must earn something, so it must be within the tolerance.
 */
const candidatos = (minimo: number) => sql`join lateral (
    select i.* from inmueble i
    where i.estado = 'disponible'
      and i.id_municipio = any(case when cardinality(c.municipios) = 0
                                    then (select array_agg(distinct x.id_municipio) from inmueble x where x.estado = 'disponible')
                                    else c.municipios end)
      and i.gestion = any(case c.gestion when 'arriendo' then '{arriendo,arriendo_venta}'::text[]
                                         when 'venta' then '{venta,arriendo_venta}'::text[]
                                         else '{arriendo,venta,arriendo_venta}'::text[] end)
      and i.tipo = any(case when cardinality(c.tipos) = 0
                            then (select array_agg(distinct x.tipo) from inmueble x where x.estado = 'disponible')
                            else c.tipos end)
      and (c.precio_min is null and c.precio_max is null
           or round(100.0 * (${MAXIMO} - ${n(W.precio)}) / ${MAXIMO}) >= ${minimo}
           or c.gestion <> 'venta' and i.canon >= coalesce(c.precio_min, 0) * ${bajo}
              and (c.precio_max is null or i.canon <= c.precio_max * ${alto})
           or c.gestion <> 'arriendo' and i.precio_venta >= coalesce(c.precio_min, 0) * ${bajo}
              and (c.precio_max is null or i.precio_venta <= c.precio_max * ${alto}))
      and ${minimo >= 100 ? PERFECTO : sql`true`}
  ) i on ${DURAS}`;

/**
 * What a pair of 100 % needs: the score is a rounded percentage of whole points, so it is 100 only when
 * every criterion the lead filled in earns its full weight. Each condition below is that for one
 * criterion (features aside: their rounding lets one be missing among many), so SUMA still decides.
 */
const PERFECTO = sql`(c.precio_min is null and c.precio_max is null
         or c.gestion <> 'venta' and i.canon >= coalesce(c.precio_min, 0) and (c.precio_max is null or i.canon <= c.precio_max)
         or c.gestion <> 'arriendo' and i.precio_venta >= coalesce(c.precio_min, 0)
            and (c.precio_max is null or i.precio_venta <= c.precio_max))
    and (cardinality(c.barrios) = 0 and cardinality(c.zonas) = 0 or i.id_barrio = any(c.barrios) or i.id_zona = any(c.zonas))
    and (c.area_min is null and c.area_max is null
         or ${sql.raw(AREA)} >= coalesce(c.area_min, 0) and (c.area_max is null or ${sql.raw(AREA)} <= c.area_max))
    and (c.habitaciones_min is null or i.habitaciones >= c.habitaciones_min)
    and (c.banos_min is null or i.banos >= c.banos_min)
    and (c.parqueaderos_min is null or i.parqueaderos >= c.parqueaderos_min)
    and (cardinality(c.estratos) = 0 or i.estrato = any(c.estratos))`;

/** Open leads read by the first statement; each later one reads twice as many (up to the maximum). */
const CRUCE_TANDA = 8;
const CRUCE_TANDA_MAX = 6400;

/**
 * Every open lead against every disponible property (the Cruce de clientes e inmuebles report), with
 * the same hard criteria and score as the two one-sided lists; `asesor` narrows to that asesor's leads.
 * At most `limite` pairs, the best first (score, then the lead's number, then the property's): the
 * report is a work list, not an export of every pair.
 *
 * Scoring every pair is out of reach (100,000 leads × 25,000 disponibles passed the hard criteria in
 * ~50 million pairs: docs/benchmarks/informes.md), so the leads are read in order of their number, a few
 * hundred per statement, and the best `limite` pairs so far kept. Once those are `limite` pairs of 100 %,
 * no later lead can enter (its pairs score at most 100 and its number is higher): the rest is not read.
 * Until then each statement asks only for pairs that would enter (a score above the last one kept). The
 * result is the same as ranking every pair; it is cheap when the best pairs are many, as they are on a
 * large base, and reads every lead when they are not.
 */
export async function cruce(tx: Tx, asesor: number | null, limite: number): Promise<FilaCruce[]> {
  // The pairs of 100 % first, which prune the most (every price must be within the tolerance); when
  // there are fewer than `limite` of them, every pair from the minimum score up.
  const perfectos = await recorrer(tx, asesor, limite, 100);
  return perfectos.length === limite ? perfectos : recorrer(tx, asesor, limite, PUNTAJE_MINIMO);
}

async function recorrer(tx: Tx, asesor: number | null, limite: number, desdePuntaje: number): Promise<FilaCruce[]> {
  const deAsesor = asesor === null ? sql`true` : sql`c.id_asesor = ${asesor}`;
  let mejores: FilaCruce[] = [];
  let desde = 0;
  let tanda = CRUCE_TANDA;
  let minimo = desdePuntaje;
  for (;;) {
    const [ultimo] = await queryRows<{ consecutivo: number }>(
      tx,
      sql`select c.consecutivo from cliente_atendido c
          where c.estado in ('activo', 'en_seguimiento') and ${deAsesor} and c.consecutivo > ${desde}
          order by c.consecutivo offset ${tanda - 1} limit 1`,
    );
    const hasta = ultimo?.consecutivo ?? null;
    const filas = await queryRows<FilaCruce>(
      tx,
      sql`select s.*, t.nombre, u.nombre as asesor,
                 (select max(e.fecha) from cliente_atendido_envio e
                  where e.id_empresa = s.id_empresa and e.id_cliente = s.id_cliente and e.id_inmueble = s.id_inmueble) as enviado
          from (
            select p.*, (${SUMA})::int as puntaje from (
              select c.id as id_cliente, c.id_empresa, c.id_tercero, c.consecutivo as cliente, c.id_asesor,
                     i.id as id_inmueble, i.consecutivo as inmueble, i.direccion, ${VALORES}, ${PUNTOS}
              from cliente_atendido c
              ${candidatos(minimo)}
              ${CARACTERISTICAS}
              where c.estado in ('activo', 'en_seguimiento') and ${deAsesor} and c.consecutivo > ${desde}
                and ${hasta === null ? sql`true` : sql`c.consecutivo <= ${hasta}`}
            ) p
            where (${SUMA}) >= ${minimo}
            order by puntaje desc, p.cliente, p.inmueble
            limit ${limite}
          ) s
          join terceros t on t.id_empresa = s.id_empresa and t.id = s.id_tercero
          left join usuarios u on u.id_empresa = s.id_empresa and u.id = s.id_asesor
          order by s.puntaje desc, s.cliente, s.inmueble`,
    );
    mejores = [...mejores, ...filas.map((f) => ({ ...f, puntaje: Number(f.puntaje) }))].sort(antes).slice(0, limite);
    if (hasta === null) return mejores;
    if (mejores.length === limite) {
      const peor = mejores[limite - 1]!.puntaje;
      if (peor >= 100) return mejores;
      minimo = peor + 1;
    }
    desde = hasta;
    tanda = Math.min(2 * tanda, CRUCE_TANDA_MAX);
  }
}
