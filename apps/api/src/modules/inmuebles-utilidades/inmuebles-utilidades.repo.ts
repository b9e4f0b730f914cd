import { sql, type SQL } from 'drizzle-orm';
import type {
  InmuebleReasignable,
  InmuebleUbicacion,
  ModificacionesFiltros,
  RolAsesor,
  TvConfig,
  TvInmueble,
} from '@predio/contract/inmuebles-utilidades';
import type { EstadoInmueble } from '@predio/contract/inmuebles';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { inmuebleTvConfig } from '../../db/schema/inmuebles-utilidades.ts';
import { escaparLike } from '../../db/like.ts';

// Reads the property table directly (RLS scopes it to the company); the inmuebles module owns its writes
// of the form, this module only the asesor columns and the coordinates.

const num = (v: string | number | null) => (v === null ? null : Number(v));
const enLista = (col: string, xs: readonly (number | string)[] | undefined, tipo: 'int' | 'text') =>
  xs && xs.length > 0 ? sql`${sql.raw(col)} = any(${sql.param(xs)}::${sql.raw(tipo)}[])` : undefined;
// The lists below are built from a user's choices: each runs planned for its values (planForValues).
const y = (conds: (SQL | undefined)[]) => {
  const xs = conds.filter((c): c is SQL => c !== undefined);
  return xs.length > 0 ? sql.join(xs, sql` and `) : sql`true`;
};

export type FilaUsuario = { id: number; usuario: string; nombre: string; activo: boolean };

export async function usuarios(tx: Tx): Promise<FilaUsuario[]> {
  return queryRows<FilaUsuario>(
    tx,
    sql`select id, usuario, nombre, activo from usuarios order by activo desc, lower(nombre), usuario`,
  );
}

export async function usuario(tx: Tx, id: number): Promise<FilaUsuario | null> {
  const [u] = await queryRows<FilaUsuario>(tx, sql`select id, usuario, nombre, activo from usuarios where id = ${id}`);
  return u ?? null;
}

/** Municipios that have properties, with how many. */
export async function municipiosConInmuebles(tx: Tx) {
  return queryRows<{ id: number; nombre: string; inmuebles: number }>(
    tx,
    sql`select m.id, m.municipio as nombre, count(*)::int as inmuebles
        from inmueble i join municipios m on m.id = i.id_municipio
        group by m.id, m.municipio order by m.municipio`,
  );
}

// ----- reasignar ---------------------------------------------------------------------------------

const delAsesor = (origen: number, rol: RolAsesor) =>
  rol === 'comercial'
    ? sql`i.id_asesor_comercial = ${origen}`
    : rol === 'captador'
      ? sql`i.id_asesor_captador = ${origen}`
      : sql`(i.id_asesor_comercial = ${origen} or i.id_asesor_captador = ${origen})`;

export type Criterios = { origen: number; rol: RolAsesor; estado?: EstadoInmueble[] | undefined };

export const reasignables = (...a: Parameters<typeof reasignablesFiltrado>) => planForValues(() => reasignablesFiltrado(...a));
async function reasignablesFiltrado(
  tx: Tx,
  c: Criterios & { consecutivos?: number[]; bloquear?: boolean },
): Promise<(InmuebleReasignable & { id: number; version: number; editando_id: number | null })[]> {
  const where = y([
    delAsesor(c.origen, c.rol),
    enLista('i.estado', c.estado, 'text'),
    c.consecutivos ? enLista('i.consecutivo', c.consecutivos, 'int') : undefined,
  ]);
  if (c.bloquear) await tx.execute(sql`select 1 from inmueble i where ${where} for update`);
  return queryRows(
    tx,
    sql`select i.id, i.version, i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, m.municipio,
               i.id_asesor_comercial, i.id_asesor_captador, l.usuario as editando, l.id_usuario as editando_id
        from inmueble i
        left join municipios m on m.id = i.id_municipio
        left join edit_lock l on l.recurso = 'inmueble' and l.clave = i.consecutivo::text and l.expira_en > now()
        where ${where}
        order by i.consecutivo`,
  );
}

export async function asignarAsesor(
  tx: Tx,
  a: { ids: number[]; origen: number; destino: number; rol: RolAsesor; usuario: string },
): Promise<
  {
    consecutivo: number;
    comercial_antes: number | null;
    captador_antes: number | null;
    comercial: number | null;
    captador: number | null;
  }[]
> {
  if (a.ids.length === 0) return [];
  const comercial = a.rol !== 'captador';
  const captador = a.rol !== 'comercial';
  return queryRows(
    tx,
    sql`update inmueble i set
          id_asesor_comercial = case when ${comercial} and i.id_asesor_comercial = ${a.origen} then ${a.destino} else i.id_asesor_comercial end,
          id_asesor_captador = case when ${captador} and i.id_asesor_captador = ${a.origen} then ${a.destino} else i.id_asesor_captador end,
          version = i.version + 1, modificado_por = ${a.usuario}, modificado_en = now()
        from inmueble v
        where v.id = i.id and i.id = any(${sql.param(a.ids)}::int[])
        returning i.consecutivo, v.id_asesor_comercial as comercial_antes, v.id_asesor_captador as captador_antes,
                  i.id_asesor_comercial as comercial, i.id_asesor_captador as captador`,
  );
}

// ----- modificaciones ----------------------------------------------------------------------------

const inicioDia = (d: string) => sql`(${d}::date::timestamp at time zone 'America/Bogota')`;

export type ConsultaModificaciones = ModificacionesFiltros & {
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
};

const ORDEN_MOD: Record<string, string> = {
  fecha: 'a.creado_en',
  usuario: 'lower(a.usuario)',
  consecutivo: "nullif(a.entidad_id, '')::int",
  campo: 'c.key',
};

export type FilaModificacion = {
  id: number | string;
  creado_en: Date | string;
  usuario: string;
  accion: string;
  entidad_id: string | null;
  campo: string;
  valor: unknown;
  total: number | string;
};

/** One row per changed field: the audit rows of entity 'inmuebles' with their `cambios` object unfolded. */
export const modificaciones = (...a: Parameters<typeof modificacionesFiltrado>) =>
  planForValues(() => modificacionesFiltrado(...a));
async function modificacionesFiltrado(tx: Tx, c: ConsultaModificaciones): Promise<{ filas: FilaModificacion[]; total: number }> {
  const where = y([
    sql`a.entidad = 'inmuebles'`,
    // A creation lists every field; the ones left empty say nothing.
    sql`not (jsonb_typeof(c.value) = 'object' and c.value ? 'despues'
             and coalesce(c.value -> 'antes', 'null'::jsonb) in ('null'::jsonb, '""'::jsonb)
             and c.value -> 'despues' in ('null'::jsonb, '""'::jsonb, '{}'::jsonb, '[]'::jsonb))`,
    c.consecutivo !== undefined ? sql`a.entidad_id = ${String(c.consecutivo)}` : undefined,
    c.usuario ? sql`lower(a.usuario) = lower(${c.usuario})` : undefined,
    c.accion ? sql`a.accion = ${c.accion}` : undefined,
    c.campo ? sql`c.key = ${c.campo}` : undefined,
    c.desde ? sql`a.creado_en >= ${inicioDia(c.desde)}` : undefined,
    c.hasta ? sql`a.creado_en < ${inicioDia(c.hasta)} + interval '1 day'` : undefined,
  ]);
  const dir = sql.raw(c.order === 'asc' ? 'asc' : 'desc');
  const orden = sql.raw(ORDEN_MOD[c.sort ?? 'fecha'] ?? ORDEN_MOD.fecha!);
  const filas = await queryRows<FilaModificacion>(
    tx,
    sql`select a.id, a.creado_en, a.usuario, a.accion, a.entidad_id, c.key as campo, c.value as valor, count(*) over() as total
        from auditoria a
        cross join lateral jsonb_each(case when jsonb_typeof(a.cambios) = 'object' then a.cambios else '{}'::jsonb end) c
        where ${where}
        order by ${orden} ${dir} nulls last, a.id ${dir}, c.key
        limit ${c.limit} offset ${c.offset}`,
  );
  let total = Number(filas[0]?.total ?? 0);
  if (filas.length === 0 && c.offset > 0) {
    const [r] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from auditoria a
          cross join lateral jsonb_each(case when jsonb_typeof(a.cambios) = 'object' then a.cambios else '{}'::jsonb end) c
          where ${where}`,
    );
    total = Number(r?.n ?? 0);
  }
  return { filas, total };
}

export async function valoresModificaciones(tx: Tx) {
  const [r] = await queryRows<{ usuarios: string[] | null; campos: string[] | null; acciones: string[] | null }>(
    tx,
    sql`select (select array_agg(distinct usuario order by usuario) from auditoria where entidad = 'inmuebles') as usuarios,
               (select array_agg(distinct k order by k) from auditoria a,
                  jsonb_object_keys(case when jsonb_typeof(a.cambios) = 'object' then a.cambios else '{}'::jsonb end) k
                where a.entidad = 'inmuebles') as campos,
               (select array_agg(distinct accion order by accion) from auditoria where entidad = 'inmuebles') as acciones`,
  );
  return { usuarios: r?.usuarios ?? [], campos: r?.campos ?? [], acciones: r?.acciones ?? [] };
}

/** Names of the referenced rows an audit value may carry, by kind. */
export async function nombres(
  tx: Tx,
  ids: {
    municipio: number[];
    barrio: number[];
    sector: number[];
    zona: number[];
    captacion: number[];
    causal: number[];
    usuario: number[];
    caracteristica: number[];
  },
) {
  const q = (tabla: string, col: string, xs: number[]) =>
    xs.length === 0
      ? Promise.resolve([] as { id: number; nombre: string }[])
      : queryRows<{ id: number; nombre: string }>(
          tx,
          sql`select id, ${sql.raw(col)} as nombre from ${sql.raw(tabla)} where id = any(${sql.param(xs)}::int[])`,
        );
  const mapa = (xs: { id: number; nombre: string }[]) => new Map(xs.map((x) => [x.id, x.nombre]));
  return {
    municipio: mapa(await q('municipios', 'municipio', ids.municipio)),
    barrio: mapa(await q('barrios', 'nombre', ids.barrio)),
    sector: mapa(await q('sectores', 'nombre', ids.sector)),
    zona: mapa(await q('zonas', 'nombre', ids.zona)),
    captacion: mapa(await q('medios_captacion', 'nombre', ids.captacion)),
    causal: mapa(await q('causales_retiro', 'nombre', ids.causal)),
    usuario: mapa(await q('usuarios', "coalesce(nullif(nombre, ''), usuario)", ids.usuario)),
    caracteristica: mapa(await q('caracteristicas_inmueble', 'nombre', ids.caracteristica)),
  };
}

// ----- geolocalizar ------------------------------------------------------------------------------

export type ConsultaUbicaciones = {
  sinCoordenadas: boolean;
  municipio?: number[] | undefined;
  estado?: EstadoInmueble[] | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
};
const ORDEN_UBI: Record<string, string> = { consecutivo: 'i.consecutivo', municipio: 'm.municipio', direccion: 'i.direccion' };

export const ubicaciones = (...a: Parameters<typeof ubicacionesFiltrado>) => planForValues(() => ubicacionesFiltrado(...a));
async function ubicacionesFiltrado(tx: Tx, c: ConsultaUbicaciones) {
  const conds: (SQL | undefined)[] = [
    c.sinCoordenadas ? sql`(i.lat is null or i.lng is null)` : undefined,
    enLista('i.id_municipio', c.municipio, 'int'),
    enLista('i.estado', c.estado, 'text'),
  ];
  for (const palabra of (c.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = sql`i.texto_busqueda like lower(predio_unaccent(${`%${escaparLike(palabra)}%`}::text))`;
    conds.push(/^\d{1,9}$/.test(palabra) ? sql`(${like} or i.consecutivo = ${Number(palabra)})` : like);
  }
  const dir = sql.raw(c.order === 'desc' ? 'desc' : 'asc');
  const orden = sql.raw(ORDEN_UBI[c.sort ?? 'consecutivo'] ?? 'i.consecutivo');
  const filas = await queryRows<
    Omit<InmuebleUbicacion, 'canon' | 'precio_venta'> & {
      canon: string | number | null;
      precio_venta: string | number | null;
      total: string | number;
    }
  >(
    tx,
    sql`select i.consecutivo, i.tipo, i.gestion, i.estado, i.direccion, m.municipio, b.nombre as barrio,
               i.canon, i.precio_venta, i.lat, i.lng, i.version, count(*) over() as total
        from inmueble i
        left join municipios m on m.id = i.id_municipio
        left join barrios b on b.id = i.id_barrio
        where ${y(conds)}
        order by ${orden} ${dir} nulls last, i.consecutivo
        limit ${c.limit} offset ${c.offset}`,
  );
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from inmueble where lat is null or lng is null`);
  return {
    total: Number(filas[0]?.total ?? 0),
    sinCoordenadas: n?.n ?? 0,
    items: filas.map(({ total: _t, ...f }) => ({ ...f, canon: num(f.canon), precio_venta: num(f.precio_venta) })),
  };
}

export async function porConsecutivo(tx: Tx, consecutivo: number) {
  const [f] = await queryRows<{ id: number; version: number; lat: number | null; lng: number | null }>(
    tx,
    sql`select id, version, lat, lng from inmueble where consecutivo = ${consecutivo} for update`,
  );
  return f ?? null;
}

export async function guardarUbicacion(tx: Tx, u: { id: number; lat: number | null; lng: number | null; usuario: string }) {
  const [f] = await queryRows<{ version: number }>(
    tx,
    sql`update inmueble set lat = ${u.lat}, lng = ${u.lng}, version = version + 1, modificado_por = ${u.usuario},
               modificado_en = now()
        where id = ${u.id} returning version`,
  );
  return f!.version;
}

// ----- TV ----------------------------------------------------------------------------------------

export async function tvConfig(tx: Tx): Promise<unknown> {
  const [r] = await tx.select({ config: inmuebleTvConfig.config }).from(inmuebleTvConfig).limit(1);
  return r?.config ?? null;
}

export async function guardarTvConfig(tx: Tx, config: TvConfig, usuario: string) {
  const v = { config, modificadoPor: usuario, modificadoEn: new Date() };
  await tx.insert(inmuebleTvConfig).values(v).onConflictDoUpdate({ target: inmuebleTvConfig.idEmpresa, set: v });
}

export const tvInmuebles = (...a: Parameters<typeof tvInmueblesFiltrado>) => planForValues(() => tvInmueblesFiltrado(...a));
async function tvInmueblesFiltrado(tx: Tx, c: TvConfig): Promise<TvInmueble[]> {
  const conFoto = sql`exists (select 1 from archivo f where f.tipo_dueno = 'inmueble' and f.categoria = 'foto' and f.id_dueno = i.id::text)`;
  const where = y([
    sql`i.estado = 'disponible'`,
    c.gestion === 'arriendo_venta'
      ? sql`i.gestion = 'arriendo_venta'`
      : c.gestion
        ? sql`i.gestion in (${c.gestion}, 'arriendo_venta')`
        : undefined,
    enLista('i.tipo', c.tipos, 'text'),
    enLista('i.id_municipio', c.municipios, 'int'),
    c.soloConFotos ? conFoto : undefined,
  ]);
  const filas = await queryRows<
    Omit<TvInmueble, 'canon' | 'precio_venta' | 'area_construida' | 'area_privada' | 'area_lote'> & {
      canon: string | number | null;
      precio_venta: string | number | null;
      area_construida: string | number | null;
      area_privada: string | number | null;
      area_lote: string | number | null;
      con_foto: boolean;
    }
  >(
    tx,
    sql`select i.consecutivo, i.tipo, i.gestion, i.direccion, m.municipio, b.nombre as barrio, i.canon, i.precio_venta,
               i.area_construida, i.area_privada, i.area_lote, i.habitaciones, i.banos, i.parqueaderos, i.estrato,
               ${conFoto} as con_foto
        from inmueble i
        left join municipios m on m.id = i.id_municipio
        left join barrios b on b.id = i.id_barrio
        where ${where}
        order by coalesce(i.modificado_en, i.creado_en) desc, i.consecutivo desc
        limit ${c.maxItems}`,
  );
  return filas.map((f) => ({
    ...f,
    canon: num(f.canon),
    precio_venta: num(f.precio_venta),
    area_construida: num(f.area_construida),
    area_privada: num(f.area_privada),
    area_lote: num(f.area_lote),
  }));
}

export async function empresa(tx: Tx) {
  const [e] = await queryRows<{ nombre: string; logo: string | null }>(tx, sql`select nombre, logo from empresa limit 1`);
  return e ?? { nombre: '', logo: null };
}
