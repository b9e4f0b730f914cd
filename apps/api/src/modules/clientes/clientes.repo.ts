import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ClienteResumen, ClientesFiltro, CriteriosCascada } from '@predio/contract/clientes';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { clienteAtendido, clienteAtendidoNota } from '../../db/schema/clientes.ts';
import { contiene, contieneCadaPalabra, palabras } from '../../platform/busqueda.ts';

export type FilaCliente = typeof clienteAtendido.$inferSelect;
export type NuevoCliente = typeof clienteAtendido.$inferInsert;

export async function porConsecutivo(tx: Tx, consecutivo: number, bloquear = false): Promise<FilaCliente | null> {
  const q = tx.select().from(clienteAtendido).where(eq(clienteAtendido.consecutivo, consecutivo)).limit(1);
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila ?? null;
}

export async function insertar(tx: Tx, v: NuevoCliente): Promise<number> {
  const [f] = await tx.insert(clienteAtendido).values(v).returning({ id: clienteAtendido.id });
  return f!.id;
}

export async function actualizar(tx: Tx, id: number, version: number | null, v: Partial<NuevoCliente>): Promise<boolean> {
  const cond =
    version === null ? eq(clienteAtendido.id, id) : and(eq(clienteAtendido.id, id), eq(clienteAtendido.version, version));
  const filas = await tx
    .update(clienteAtendido)
    .set({ ...v, version: sql`${clienteAtendido.version} + 1` })
    .where(cond)
    .returning({ id: clienteAtendido.id });
  return filas.length > 0;
}

export type FilaTercero = {
  id: number;
  nro_id: string;
  nombre: string;
  celular: string;
  email: string;
  propietario: boolean;
  arrendatario: boolean;
};

export async function tercero(tx: Tx, id: number, bloquear = false): Promise<FilaTercero | null> {
  const [t] = await queryRows<FilaTercero>(
    tx,
    sql`select id, nro_id, nombre, celular, email, propietario, arrendatario from terceros where id = ${id}
        ${bloquear ? sql`for update` : sql``}`,
  );
  return t ?? null;
}

export async function nombres(tx: Tx, f: FilaCliente) {
  const [r] = await queryRows<{
    asesor: string | null;
    medio: string | null;
    municipios: { id: number; label: string }[];
    barrios: { id: number; label: string }[];
    zonas: { id: number; label: string }[];
    caracteristicas: { id: number; label: string }[];
  }>(
    tx,
    sql`select (select nombre from usuarios where id = ${f.id_asesor}) as asesor,
               (select nombre from medios_publicitarios where id = ${f.id_medio}) as medio,
               coalesce((select json_agg(json_build_object('id', id, 'label', municipio) order by municipio) from municipios
                         where id = any(${sql.param(f.municipios)}::int[])), '[]') as municipios,
               coalesce((select json_agg(json_build_object('id', id, 'label', nombre) order by nombre) from barrios
                         where id = any(${sql.param(f.barrios)}::int[])), '[]') as barrios,
               coalesce((select json_agg(json_build_object('id', id, 'label', nombre) order by nombre) from zonas
                         where id = any(${sql.param(f.zonas)}::int[])), '[]') as zonas,
               coalesce((select json_agg(json_build_object('id', id, 'label', nombre) order by nombre) from caracteristicas_inmueble
                         where id = any(${sql.param(f.caracteristicas)}::int[])), '[]') as caracteristicas`,
  );
  return r!;
}

/** How many of the ids exist in this company's table (RLS): the arrays have no foreign key. */
export async function existentes(tx: Tx, tabla: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(tabla)} where id = any(${sql.param(ids)}::int[])`,
  );
  return filas.map((f) => f.id);
}

export async function municipiosDeBarrios(tx: Tx, barrios: number[]): Promise<{ id: number; id_municipio: number }[]> {
  if (barrios.length === 0) return [];
  return queryRows(tx, sql`select id, id_municipio from barrios where id = any(${sql.param(barrios)}::int[])`);
}

export async function notas(tx: Tx, idCliente: number) {
  return tx
    .select()
    .from(clienteAtendidoNota)
    .where(eq(clienteAtendidoNota.idCliente, idCliente))
    .orderBy(sql`${clienteAtendidoNota.fecha} desc, ${clienteAtendidoNota.id} desc`);
}

export async function insertarNota(tx: Tx, n: typeof clienteAtendidoNota.$inferInsert) {
  await tx.insert(clienteAtendidoNota).values(n);
}

// ----- list ----------------------------------------------------------------------------------------

export type Consulta = ClientesFiltro & {
  q?: string | undefined;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

// The lists and counts below are built from a user's filters: each runs planned for its values (planForValues).
function condiciones(f: ClientesFiltro & { q?: string | undefined }): SQL {
  const conds: (SQL | undefined)[] = [
    f.estado && f.estado.length > 0 ? sql`c.estado = any(${sql.param(f.estado)}::text[])` : undefined,
    f.asesor === undefined ? undefined : sql`c.id_asesor = ${f.asesor}`,
    f.medio === undefined ? undefined : sql`c.id_medio = ${f.medio}`,
    f.gestion === undefined ? undefined : sql`c.gestion = ${f.gestion}`,
    f.consecutivo === undefined ? undefined : sql`c.consecutivo = ${f.consecutivo}`,
    f.ingresoDesde ? sql`c.fecha_ingreso >= ${f.ingresoDesde}::date` : undefined,
    f.ingresoHasta ? sql`c.fecha_ingreso <= ${f.ingresoHasta}::date` : undefined,
    f.cierreDesde ? sql`c.fecha_cierre >= ${f.cierreDesde}::date` : undefined,
    f.cierreHasta ? sql`c.fecha_cierre <= ${f.cierreHasta}::date` : undefined,
  ];
  // Every word in the tercero's document, name, phones or e-mail; a number may also be the lead's consecutivo.
  for (const palabra of palabras(f.q, 20)) {
    const enTercero = contiene(sql.raw('t.texto_busqueda'), palabra);
    conds.push(/^\d{1,9}$/.test(palabra) ? sql`(${enTercero} or c.consecutivo = ${Number(palabra)})` : enTercero);
  }
  const xs = conds.filter((x): x is SQL => x !== undefined);
  return xs.length > 0 ? sql.join(xs, sql` and `) : sql`true`;
}

const ORDEN: Record<string, string> = {
  consecutivo: 'c.consecutivo',
  fecha_ingreso: 'c.fecha_ingreso',
  nombre: 'lower(predio_unaccent(t.nombre))',
  fecha_cierre: 'c.fecha_cierre',
  ultimo_seguimiento: 'c.ultimo_seguimiento',
};

type FilaResumen = Omit<ClienteResumen, 'precio_min' | 'precio_max' | 'fecha_ingreso' | 'fecha_cierre' | 'ultimo_seguimiento'> & {
  precio_min: string | number | null;
  precio_max: string | number | null;
  fecha_ingreso: string | Date;
  fecha_cierre: string | Date | null;
  ultimo_seguimiento: string | Date | null;
  total: number | string;
};

const dia = (v: string | Date | null) =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
const instante = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

/** How many leads the list finds with this filter (its total past the last page; Inicio's counter). */
export const contar = (...a: Parameters<typeof contarFiltrado>) => planForValues(() => contarFiltrado(...a));
async function contarFiltrado(tx: Tx, f: ClientesFiltro & { q?: string | undefined }): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from cliente_atendido c join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where ${condiciones(f)}`,
  );
  return Number(r?.n ?? 0);
}

export const listar = (...a: Parameters<typeof listarFiltrado>) => planForValues(() => listarFiltrado(...a));
async function listarFiltrado(tx: Tx, c: Consulta): Promise<{ filas: ClienteResumen[]; total: number }> {
  const { filas, total } = await resumenes(tx, condiciones(c), ordenDe(c), c.limit, c.offset);
  // A page past the end has no row to carry the total.
  return { filas, total: filas.length === 0 && c.offset > 0 ? await contar(tx, c) : total };
}

const ordenDe = (c: Pick<Consulta, 'sort' | 'order'>) =>
  sql`${sql.raw(ORDEN[c.sort] ?? 'c.consecutivo')} ${sql.raw(c.order === 'asc' ? 'asc' : 'desc')} nulls last, c.consecutivo desc`;

async function resumenes(
  tx: Tx,
  where: SQL,
  orden: SQL,
  limit: number,
  offset: number,
): Promise<{ filas: ClienteResumen[]; total: number }> {
  const filas = await queryRows<FilaResumen>(
    tx,
    sql`select c.id, c.consecutivo, c.id_tercero, t.nombre, t.nro_id, t.celular, t.email, c.fecha_ingreso::text as fecha_ingreso,
               c.estado, c.gestion, c.tipos, c.precio_min, c.precio_max, c.id_asesor, u.nombre as asesor, m.nombre as medio,
               c.resultado, c.fecha_cierre::text as fecha_cierre, c.ultimo_seguimiento, count(*) over() as total
        from cliente_atendido c
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        left join usuarios u on u.id_empresa = c.id_empresa and u.id = c.id_asesor
        left join medios_publicitarios m on m.id_empresa = c.id_empresa and m.id = c.id_medio
        where ${where}
        order by ${orden}
        limit ${limit} offset ${offset}`,
  );
  return {
    total: Number(filas[0]?.total ?? 0),
    filas: filas.map(({ total: _t, ...f }) => ({
      ...f,
      precio_min: num(f.precio_min),
      precio_max: num(f.precio_max),
      fecha_ingreso: dia(f.fecha_ingreso)!,
      fecha_cierre: dia(f.fecha_cierre),
      ultimo_seguimiento: instante(f.ultimo_seguimiento),
    })),
  };
}

/** The ids of the matches in the list's order: an export reads their rows a page at a time (porIds). */
export const idsEnOrden = (tx: Tx, c: Consulta): Promise<number[]> =>
  planForValues(async () =>
    (
      await queryRows<{ id: number }>(
        tx,
        sql`select c.id from cliente_atendido c join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
            where ${condiciones(c)} order by ${ordenDe(c)} limit ${c.limit} offset ${c.offset}`,
      )
    ).map((f) => f.id),
  );

/** Some leads by id, as the list shows them, in no particular order. */
export async function porIds(tx: Tx, ids: number[]): Promise<ClienteResumen[]> {
  return (await resumenes(tx, sql`c.id = any(${sql.param(ids)}::int[])`, sql`c.id`, ids.length, 0)).filas;
}

export async function buscarTerceros(tx: Tx, q: string) {
  const conds = contieneCadaPalabra(sql.raw('t.texto_busqueda'), q);
  return queryRows<{ id: number; nro_id: string; nombre: string; celular: string; email: string }>(
    tx,
    sql`select t.id, t.nro_id, t.nombre, t.celular, t.email from terceros t
        where ${sql.join([sql`t.activo`, ...conds], sql` and `)}
        order by lower(predio_unaccent(t.nombre)) limit 20`,
  );
}

/** The company's default asesor (Compañía › defaults), when that user is still active. */
export async function asesorDeLaEmpresa(tx: Tx): Promise<number | null> {
  const [f] = await queryRows<{ id: number }>(
    tx,
    sql`select u.id from empresa e join usuarios u on u.usuario = e.default_asesor and u.activo limit 1`,
  );
  return f?.id ?? null;
}

export async function asesores(tx: Tx) {
  return queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre from usuarios where activo order by 2`,
  );
}

// ----- cerrar en cascada ----------------------------------------------------------------------------

function condicionesCascada(c: CriteriosCascada): SQL {
  const conds: (SQL | undefined)[] = [
    sql`c.estado = any(${sql.param(c.estados)}::text[])`,
    c.id_asesor ? sql`c.id_asesor = ${c.id_asesor}` : undefined,
    c.id_medio ? sql`c.id_medio = ${c.id_medio}` : undefined,
    c.ingreso_antes_de ? sql`c.fecha_ingreso < ${c.ingreso_antes_de}::date` : undefined,
    // No follow-up since that day: the last note is older, or there is none and the lead came in before it.
    c.sin_seguimiento_desde
      ? sql`coalesce(c.ultimo_seguimiento, c.fecha_ingreso::timestamptz) < (${c.sin_seguimiento_desde}::date)::timestamptz`
      : undefined,
  ];
  return sql.join(
    conds.filter((x): x is SQL => x !== undefined),
    sql` and `,
  );
}

export const vistaPreviaCascada = (...a: Parameters<typeof vistaPreviaCascadaFiltrado>) =>
  planForValues(() => vistaPreviaCascadaFiltrado(...a));
async function vistaPreviaCascadaFiltrado(tx: Tx, c: CriteriosCascada, limit: number) {
  return queryRows<{
    consecutivo: number;
    nombre: string;
    fecha_ingreso: string;
    estado: string;
    asesor: string | null;
    ultimo_seguimiento: string | Date | null;
    total: string | number;
  }>(
    tx,
    sql`select c.consecutivo, t.nombre, c.fecha_ingreso::text as fecha_ingreso, c.estado, u.nombre as asesor,
               c.ultimo_seguimiento, count(*) over() as total
        from cliente_atendido c
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        left join usuarios u on u.id_empresa = c.id_empresa and u.id = c.id_asesor
        where ${condicionesCascada(c)}
        order by c.fecha_ingreso, c.consecutivo
        limit ${limit}`,
  );
}

/** Locks and closes every lead of the criteria in one statement; returns the closed consecutivos. */
export const cerrarCascada = (...a: Parameters<typeof cerrarCascadaFiltrado>) => planForValues(() => cerrarCascadaFiltrado(...a));
async function cerrarCascadaFiltrado(
  tx: Tx,
  c: CriteriosCascada,
  v: { resultado: string; observacion: string; fecha: string; usuario: string },
): Promise<number[]> {
  const filas = await queryRows<{ consecutivo: number }>(
    tx,
    sql`update cliente_atendido c set estado = 'cerrado', resultado = ${v.resultado}, observacion_cierre = ${v.observacion},
               fecha_cierre = ${v.fecha}::date, modificado_por = ${v.usuario}, modificado_en = now(), version = c.version + 1
        where c.id in (select c.id from cliente_atendido c where ${condicionesCascada(c)} for update)
        returning c.consecutivo`,
  );
  return filas.map((f) => f.consecutivo).sort((a, b) => a - b);
}

export const contarCascada = (...a: Parameters<typeof contarCascadaFiltrado>) => planForValues(() => contarCascadaFiltrado(...a));
async function contarCascadaFiltrado(tx: Tx, c: CriteriosCascada): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    tx,
    sql`select count(*) as n from cliente_atendido c where ${condicionesCascada(c)}`,
  );
  return Number(r?.n ?? 0);
}

export const fechas = { dia, instante, num };

/**
 * The active tercero whose e-mail is this one (any case), or else one of whose phones ends with these
 * digits (a phone field may hold several, separated by commas, semicolons or slashes). The most
 * recently created wins when several match.
 */
export async function terceroPorContacto(
  tx: Tx,
  c: { email: string; digitos: string },
): Promise<{ id: number; nombre: string; por: 'correo' | 'telefono' } | null> {
  if (c.email) {
    const [t] = await queryRows<{ id: number; nombre: string }>(
      tx,
      sql`select id, nombre from terceros where activo and lower(trim(email)) = ${c.email.toLowerCase()} order by id desc limit 1`,
    );
    if (t) return { ...t, por: 'correo' };
  }
  if (c.digitos.length >= 7) {
    const [t] = await queryRows<{ id: number; nombre: string }>(
      tx,
      sql`select t.id, t.nombre from terceros t
          where t.activo and exists (
            select 1 from regexp_split_to_table(t.celular || ',' || t.telefonos || ',' || t.telefono_res || ',' || t.telefono_of, '[,;/]') x
            where right(regexp_replace(x, '[^0-9]', '', 'g'), ${c.digitos.length}) = ${c.digitos}
              and length(regexp_replace(x, '[^0-9]', '', 'g')) >= ${c.digitos.length})
          order by t.id desc limit 1`,
    );
    if (t) return { ...t, por: 'telefono' };
  }
  return null;
}

/** Active users with their permisos, to tell who attends leads. */
export async function usuariosActivos(tx: Tx) {
  return queryRows<{ id: number; permisos: string }>(tx, sql`select id, permisos from usuarios where activo order by id`);
}
