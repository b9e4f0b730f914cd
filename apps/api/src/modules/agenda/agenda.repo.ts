import { sql, type SQL } from 'drizzle-orm';
import type { Cita, ConflictoCita, EstadoCita, OpcionesAgenda, ParticipanteCita, Persona } from '@predio/contract/agenda';
import { describirRepeticion, type Repeticion } from '@predio/contract/agenda-repeticion';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contieneCadaPalabra } from '../../platform/busqueda.ts';

export type FilaCita = {
  id: number;
  titulo: string;
  id_categoria: number | null;
  inicio: Date;
  fin: Date;
  todo_el_dia: boolean;
  lugar: string;
  notas: string;
  estado: EstadoCita;
  id_resultado: number | null;
  comentario_resultado: string;
  interes: number | null;
  id_inmueble: number | null;
  id_cliente_atendido: number | null;
  id_solicitud: number | null;
  version: number;
  id_serie: number | null;
  inicio_serie: Date | null;
  excepcion: boolean;
  asesores: number[];
  participantes: number[];
};

export type ValoresCita = Omit<
  FilaCita,
  'id' | 'version' | 'asesores' | 'participantes' | 'id_serie' | 'inicio_serie' | 'excepcion'
>;

const y = (conds: (SQL | undefined)[]) =>
  sql.join(
    conds.filter((c): c is SQL => c !== undefined),
    sql` and `,
  );

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The cita's own columns; names of the people, category, result and property are looked up apart. */
const SELECT_CITA = sql`
  select c.id, c.titulo, c.inicio, c.fin, c.todo_el_dia, c.lugar, c.notas, c.estado, c.comentario_resultado,
         c.interes, c.id_cliente_atendido, c.id_solicitud, c.version, c.id_categoria, c.id_resultado, c.id_inmueble,
         c.id_serie, c.excepcion
  from cita c`;

type FilaVista = Omit<FilaCita, 'asesores' | 'participantes' | 'inicio' | 'fin' | 'inicio_serie'> & {
  inicio: Date | string;
  fin: Date | string;
};

const porClave = <T, K>(filas: T[], clave: (f: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const f of filas) {
    const l = m.get(clave(f));
    if (l) l.push(f);
    else m.set(clave(f), [f]);
  }
  return m;
};

/**
 * Fills in what the calendar shows around the rows: one flat query per kind of name for the whole
 * page, which costs a fraction of building JSON per row in SQL (docs/agenda.md, benchmark).
 */
async function completar(tx: Tx, filas: FilaVista[]): Promise<Cita[]> {
  if (filas.length === 0) return [];
  const ids = filas.map((f) => f.id);
  const unicos = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];
  const idsCategoria = unicos(filas.map((f) => f.id_categoria));
  const idsResultado = unicos(filas.map((f) => f.id_resultado));
  const idsInmueble = unicos(filas.map((f) => f.id_inmueble));
  const idsSerie = unicos(filas.map((f) => f.id_serie));
  const [asesores, participantes, categorias, resultados, inmuebles, series] = [
    await queryRows<{ id_cita: number; id: number; nombre: string }>(
      tx,
      sql`select ca.id_cita, u.id, coalesce(nullif(u.nombre, ''), u.usuario) as nombre
          from cita_asesor ca join usuarios u on u.id_empresa = ca.id_empresa and u.id = ca.id_usuario
          where ca.id_cita = any(${sql.param(ids)}::int[]) order by ca.id_cita, u.id`,
    ),
    await queryRows<ParticipanteCita & { id_cita: number }>(
      tx,
      sql`select cp.id_cita, t.id, t.nombre, coalesce(nullif(t.celular, ''), t.telefonos) as telefono, t.email
          from cita_participante cp join terceros t on t.id_empresa = cp.id_empresa and t.id = cp.id_tercero
          where cp.id_cita = any(${sql.param(ids)}::int[]) order by cp.id_cita, t.id`,
    ),
    idsCategoria.length
      ? await queryRows<Persona & { color: string }>(
          tx,
          sql`select id, nombre, color from categorias_agenda where id = any(${sql.param(idsCategoria)}::int[])`,
        )
      : [],
    idsResultado.length
      ? await queryRows<Persona>(
          tx,
          sql`select id, nombre from resultados_agenda where id = any(${sql.param(idsResultado)}::int[])`,
        )
      : [],
    idsInmueble.length
      ? await queryRows<{ id: number; consecutivo: number; direccion: string }>(
          tx,
          sql`select id, consecutivo, direccion from inmueble where id = any(${sql.param(idsInmueble)}::int[])`,
        )
      : [],
    idsSerie.length ? await seriesPorId(tx, idsSerie) : [],
  ];
  const serie = new Map(series.map((x) => [x.id, x]));
  const asesoresDe = porClave(asesores, (a) => a.id_cita);
  const participantesDe = porClave(participantes, (p) => p.id_cita);
  const categoria = new Map(categorias.map((c) => [c.id, { id: c.id, nombre: c.nombre, color: c.color }]));
  const resultado = new Map(resultados.map((r) => [r.id, { id: r.id, nombre: r.nombre }]));
  const inmueble = new Map(inmuebles.map((i) => [i.id, { consecutivo: i.consecutivo, direccion: i.direccion }]));
  // Built field by field: rest-spreading pg's rows costs more than the queries.
  return filas.map((f) => ({
    id: f.id,
    titulo: f.titulo,
    categoria: (f.id_categoria !== null && categoria.get(f.id_categoria)) || null,
    inicio: iso(f.inicio),
    fin: iso(f.fin),
    todo_el_dia: f.todo_el_dia,
    asesores: (asesoresDe.get(f.id) ?? []).map((a) => ({ id: a.id, nombre: a.nombre })),
    participantes: (participantesDe.get(f.id) ?? []).map((p) => ({
      id: p.id,
      nombre: p.nombre,
      telefono: p.telefono,
      email: p.email,
    })),
    inmueble: (f.id_inmueble !== null && inmueble.get(f.id_inmueble)) || null,
    id_cliente_atendido: f.id_cliente_atendido,
    id_solicitud: f.id_solicitud,
    lugar: f.lugar,
    notas: f.notas,
    estado: f.estado,
    resultado: (f.id_resultado !== null && resultado.get(f.id_resultado)) || null,
    comentario_resultado: f.comentario_resultado,
    interes: f.interes,
    version: f.version,
    serie: (() => {
      const x = f.id_serie !== null ? serie.get(f.id_serie) : undefined;
      return x
        ? {
            id: x.id,
            repeticion: x.repeticion,
            descripcion: describirRepeticion(x.repeticion, x.inicio),
            excepcion: f.excepcion,
          }
        : null;
    })(),
  }));
}

export type FilaSerie = { id: number; repeticion: Repeticion; inicio: Date; fin: Date; excluidas: Date[] };

async function seriesPorId(tx: Tx, ids: number[], bloquear = false): Promise<FilaSerie[]> {
  const filas = await queryRows<{
    id: number;
    frecuencia: Repeticion['frecuencia'];
    intervalo: number;
    dias: number[];
    hasta: string | Date | null;
    veces: number | null;
    inicio: Date | string;
    fin: Date | string;
    excluidas: (Date | string)[];
  }>(
    tx,
    sql`select id, frecuencia, intervalo, to_json(dias) as dias, to_char(hasta, 'YYYY-MM-DD') as hasta, veces, inicio, fin,
               to_json(excluidas) as excluidas
        from cita_serie where id = any(${sql.param(ids)}::int[]) ${bloquear ? sql`for update` : sql``}`,
  );
  return filas.map((f) => ({
    id: f.id,
    repeticion: {
      frecuencia: f.frecuencia,
      intervalo: f.intervalo,
      dias: f.dias.map(Number),
      hasta: f.hasta === null ? null : String(f.hasta),
      veces: f.veces,
    },
    inicio: new Date(f.inicio),
    fin: new Date(f.fin),
    excluidas: f.excluidas.map((d) => new Date(d)),
  }));
}

export async function serie(tx: Tx, id: number): Promise<FilaSerie | null> {
  return (await seriesPorId(tx, [id], true))[0] ?? null;
}

export async function insertarSerie(
  tx: Tx,
  s: { repeticion: Repeticion; inicio: Date; fin: Date },
  usuario: string,
): Promise<number> {
  const r = s.repeticion;
  const [f] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cita_serie (frecuencia, intervalo, dias, hasta, veces, inicio, fin, creado_por)
        values (${r.frecuencia}, ${r.intervalo}, ${sql.param(r.dias)}::smallint[], ${r.hasta}::date, ${r.veces},
                ${iso(s.inicio)}::timestamptz, ${iso(s.fin)}::timestamptz, ${usuario})
        returning id`,
  );
  return f!.id;
}

export async function actualizarSerie(tx: Tx, id: number, s: Omit<FilaSerie, 'id'>): Promise<void> {
  const r = s.repeticion;
  await tx.execute(
    sql`update cita_serie set frecuencia = ${r.frecuencia}, intervalo = ${r.intervalo}, dias = ${sql.param(r.dias)}::smallint[],
               hasta = ${r.hasta}::date, veces = ${r.veces}, inicio = ${iso(s.inicio)}::timestamptz, fin = ${iso(s.fin)}::timestamptz,
               excluidas = ${sql.param(s.excluidas.map(iso))}::timestamptz[]
        where id = ${id}`,
  );
}

/** Leaves out one start of the series for good (an occurrence deleted on its own: EXDATE). */
export async function excluirDeSerie(tx: Tx, id: number, inicio: Date): Promise<void> {
  await tx.execute(sql`update cita_serie set excluidas = array_append(excluidas, ${iso(inicio)}::timestamptz) where id = ${id}`);
}

/** Deletes the series once no cita belongs to it. */
export async function borrarSerieVacia(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`delete from cita_serie s where s.id = ${id} and not exists (select 1 from cita c where c.id_serie = s.id)`,
  );
}

/** Every occurrence of a series, locked, in the order of the rule. */
export async function citasDeSerie(tx: Tx, idSerie: number): Promise<FilaCita[]> {
  const filas = await queryRows<FilaCita>(
    tx,
    sql`select c.*,
               array(select id_usuario from cita_asesor where id_empresa = c.id_empresa and id_cita = c.id order by 1) as asesores,
               array(select id_tercero from cita_participante where id_empresa = c.id_empresa and id_cita = c.id order by 1) as participantes
        from cita c where c.id_serie = ${idSerie} order by c.inicio_serie, c.id for update`,
  );
  return filas.map(aFila);
}

/** Open occurrences of a series that start in (desde, hasta], and the first one after. */
export async function abiertasDeSerie(
  tx: Tx,
  idSerie: number,
  desde: Date,
  hasta: Date,
): Promise<{ citas: { id: number; inicio: Date; asesores: number[] }[]; siguiente: Date | null }> {
  const filas = await queryRows<{ id: number; inicio: Date | string; asesores: number[] }>(
    tx,
    sql`select c.id, c.inicio,
               array(select id_usuario from cita_asesor where id_empresa = c.id_empresa and id_cita = c.id order by 1) as asesores
        from cita c where c.id_serie = ${idSerie} and c.estado in ('programada', 'confirmada')
          and c.inicio > ${iso(desde)}::timestamptz and c.inicio <= ${iso(hasta)}::timestamptz
        order by c.inicio`,
  );
  const [s] = await queryRows<{ inicio: Date | string }>(
    tx,
    sql`select min(inicio) as inicio from cita where id_serie = ${idSerie} and estado in ('programada', 'confirmada')
          and inicio > ${iso(hasta)}::timestamptz`,
  );
  return {
    citas: filas.map((f) => ({ id: f.id, inicio: new Date(f.inicio), asesores: f.asesores })),
    siguiente: s?.inicio ? new Date(s.inicio) : null,
  };
}

/** Many occurrences at once: one statement for the rows and one per kind of person. */
export async function insertarVarias(
  tx: Tx,
  v: ValoresCita,
  tramos: { inicio: Date; fin: Date }[],
  idSerie: number,
  usuario: string,
): Promise<number[]> {
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`insert into cita (titulo, id_categoria, inicio, fin, todo_el_dia, lugar, notas, estado, id_resultado,
                          comentario_resultado, interes, id_inmueble, id_cliente_atendido, id_solicitud, creado_por,
                          id_serie, inicio_serie)
        select ${v.titulo}, ${v.id_categoria}, t.i, t.f, ${v.todo_el_dia}, ${v.lugar}, ${v.notas}, ${v.estado}, ${v.id_resultado},
               ${v.comentario_resultado}, ${v.interes}, ${v.id_inmueble}, ${v.id_cliente_atendido}, ${v.id_solicitud}, ${usuario},
               ${idSerie}, t.i
        from unnest(${sql.param(tramos.map((t) => iso(t.inicio)))}::timestamptz[],
                    ${sql.param(tramos.map((t) => iso(t.fin)))}::timestamptz[]) with ordinality t(i, f, n)
        order by t.n
        returning id`,
  );
  return filas.map((f) => f.id).sort((a, b) => a - b);
}

/**
 * What a change to the whole series writes on each open occurrence: the shared fields and the new
 * time; each keeps its own estado and result. One statement for all of them.
 */
export async function actualizarVarias(
  tx: Tx,
  v: ValoresCita,
  tramos: { id: number; inicio: Date; fin: Date }[],
  usuario: string,
): Promise<void> {
  if (!tramos.length) return;
  await tx.execute(
    sql`update cita c set titulo = ${v.titulo}, id_categoria = ${v.id_categoria}, inicio = t.i, fin = t.f, inicio_serie = t.i,
               todo_el_dia = ${v.todo_el_dia}, lugar = ${v.lugar}, notas = ${v.notas}, id_inmueble = ${v.id_inmueble},
               id_cliente_atendido = ${v.id_cliente_atendido}, id_solicitud = ${v.id_solicitud}, excepcion = false,
               version = c.version + 1, modificado_por = ${usuario}, modificado_en = now()
        from unnest(${sql.param(tramos.map((t) => t.id))}::int[], ${sql.param(tramos.map((t) => iso(t.inicio)))}::timestamptz[],
                    ${sql.param(tramos.map((t) => iso(t.fin)))}::timestamptz[]) t(id, i, f)
        where c.id = t.id`,
  );
}

/** Where an occurrence belongs in its series, and whether it was changed on its own. */
export async function ponerEnSerie(
  tx: Tx,
  id: number,
  s: { idSerie: number | null; inicioSerie: Date | null; excepcion: boolean },
): Promise<void> {
  await tx.execute(
    sql`update cita set id_serie = ${s.idSerie}, inicio_serie = ${s.inicioSerie ? iso(s.inicioSerie) : null}::timestamptz,
               excepcion = ${s.excepcion}
        where id = ${id}`,
  );
}

/** The occurrences' places in the series moved with it (they keep their own time). */
export async function correrRanuras(tx: Tx, ids: number[], ms: number): Promise<void> {
  if (ids.length && ms)
    await tx.execute(
      sql`update cita set inicio_serie = inicio_serie + ${ms} * interval '1 millisecond' where id = any(${sql.param(ids)}::int[])`,
    );
}

export async function marcarExcepcion(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update cita set excepcion = true where id = ${id} and id_serie is not null`);
}

export async function ponerPersonasVarias(tx: Tx, ids: number[], asesores: number[], participantes: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.execute(sql`delete from cita_asesor where id_cita = any(${sql.param(ids)}::int[])`);
  await tx.execute(sql`delete from cita_participante where id_cita = any(${sql.param(ids)}::int[])`);
  if (asesores.length)
    await tx.execute(
      sql`insert into cita_asesor (id_cita, id_usuario)
          select c, a from unnest(${sql.param(ids)}::int[]) c cross join unnest(${sql.param(asesores)}::int[]) a`,
    );
  if (participantes.length)
    await tx.execute(
      sql`insert into cita_participante (id_cita, id_tercero)
          select c, p from unnest(${sql.param(ids)}::int[]) c cross join unnest(${sql.param(participantes)}::int[]) p`,
    );
}

export async function borrarVarias(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.execute(sql`delete from cita where id = any(${sql.param(ids)}::int[])`);
}

/**
 * Other live citas of these asesores that overlap any of the tramos (a whole series checked at once),
 * leaving out the series' own occurrences.
 */
export async function conflictosVarios(
  tx: Tx,
  c: { asesores: number[]; tramos: { inicio: Date; fin: Date }[]; excluirSerie: number | null; excluir: number[] },
): Promise<ConflictoCita[]> {
  if (!c.tramos.length) return [];
  const filas = await queryRows<Omit<ConflictoCita, 'inicio' | 'fin'> & { inicio: Date | string; fin: Date | string }>(
    tx,
    sql`select distinct on (c.inicio, c.id) c.id, c.titulo, c.inicio, c.fin, coalesce(nullif(u.nombre, ''), u.usuario) as asesor
        from unnest(${sql.param(c.tramos.map((t) => iso(t.inicio)))}::timestamptz[],
                    ${sql.param(c.tramos.map((t) => iso(t.fin)))}::timestamptz[]) t(i, f)
        join cita c on c.inicio < t.f and c.fin > t.i and c.inicio > t.i - interval '7 days'
        join cita_asesor ca on ca.id_empresa = c.id_empresa and ca.id_cita = c.id
        join usuarios u on u.id_empresa = ca.id_empresa and u.id = ca.id_usuario
        where ca.id_usuario = any(${sql.param(c.asesores)}::int[])
          and c.estado not in ('cancelada', 'no_asistio')
          and c.id <> all(${sql.param(c.excluir)}::int[])
          ${c.excluirSerie === null ? sql`` : sql`and c.id_serie is distinct from ${c.excluirSerie}`}
        order by c.inicio, c.id limit 20`,
  );
  return filas.map((f) => ({ ...f, inicio: iso(f.inicio), fin: iso(f.fin) }));
}

const LIMITE_RANGO = 5000;

export type Rango = {
  desde: string;
  hasta: string;
  asesores?: number[] | undefined;
  categorias?: number[] | undefined;
  idInmueble?: number | undefined;
  idClienteAtendido?: number | undefined;
};

const filtroRango = (r: Rango) =>
  y([
    sql`c.inicio < ${r.hasta}::timestamptz`,
    sql`c.inicio > ${r.desde}::timestamptz - interval '7 days'`,
    sql`c.fin > ${r.desde}::timestamptz`,
    r.asesores?.length
      ? sql`exists (select 1 from cita_asesor ca where ca.id_empresa = c.id_empresa and ca.id_cita = c.id
                    and ca.id_usuario = any(${sql.param(r.asesores)}::int[]))`
      : undefined,
    r.categorias?.length ? sql`c.id_categoria = any(${sql.param(r.categorias)}::int[])` : undefined,
    r.idInmueble !== undefined ? sql`c.id_inmueble = ${r.idInmueble}` : undefined,
    r.idClienteAtendido !== undefined ? sql`c.id_cliente_atendido = ${r.idClienteAtendido}` : undefined,
  ]);

/**
 * What overlaps [desde, hasta), whole (exports, feeds). `inicio > desde - 7 days` lets the index on
 * (id_empresa, inicio) bound the scan on both sides: no cita lasts longer than DURACION_MAXIMA_MS.
 */
export async function enRango(tx: Tx, r: Rango): Promise<Cita[]> {
  return completar(
    tx,
    await queryRows<FilaVista>(tx, sql`${SELECT_CITA} where ${filtroRango(r)} order by c.inicio, c.id limit ${LIMITE_RANGO}`),
  );
}

/** The company's agenda version (migration 0092): it changes with every change to a cita or its asesores. */
export async function version(tx: Tx): Promise<string> {
  const [f] = await queryRows<{ version: string }>(tx, sql`select version::text from agenda_version`);
  return f?.version ?? '0';
}

const isoSql = (columna: SQL) => sql`to_char(${columna} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The same range as the calendar draws it (CitaCalendario[]), as one JSON text built by the database:
 * a busy week is hundreds of citas, and parsing them into objects to stringify them again cost more
 * than the query (docs/agenda.md).
 */
export async function calendarioJson(tx: Tx, r: Rango): Promise<string> {
  const [f] = await queryRows<{ json: string }>(
    tx,
    sql`select coalesce(json_agg(json_build_object(
                 'id', c.id, 'titulo', c.titulo, 'inicio', ${isoSql(sql`c.inicio`)}, 'fin', ${isoSql(sql`c.fin`)},
                 'todo_el_dia', c.todo_el_dia, 'estado', c.estado, 'version', c.version, 'id_categoria', c.id_categoria,
                 'id_serie', c.id_serie,
                 'asesores', array(select ca.id_usuario from cita_asesor ca
                                   where ca.id_empresa = c.id_empresa and ca.id_cita = c.id order by ca.id_usuario))
               order by c.inicio, c.id), '[]')::text as json
        from (select * from cita c where ${filtroRango(r)} order by c.inicio, c.id limit ${LIMITE_RANGO}) c`,
  );
  return f!.json;
}

/** A record's citas, newest first (a property's or a lead's history). */
export type Registro = { idInmueble: number } | { idClienteAtendido: number } | { idSolicitud: number } | { idTercero: number };

/** A record's citas, newest first (a property's, a lead's, a solicitud's history; a tercero's as participant). */
export async function deRegistro(tx: Tx, r: Registro): Promise<Cita[]> {
  const where =
    'idInmueble' in r
      ? sql`c.id_inmueble = ${r.idInmueble}`
      : 'idClienteAtendido' in r
        ? sql`c.id_cliente_atendido = ${r.idClienteAtendido}`
        : 'idSolicitud' in r
          ? sql`c.id_solicitud = ${r.idSolicitud}`
          : sql`exists (select 1 from cita_participante cp
                        where cp.id_empresa = c.id_empresa and cp.id_cita = c.id and cp.id_tercero = ${r.idTercero})`;
  return completar(
    tx,
    await queryRows<FilaVista>(tx, sql`${SELECT_CITA} where ${where} order by c.inicio desc, c.id desc limit 200`),
  );
}

export async function vista(tx: Tx, id: number): Promise<Cita | null> {
  const [c] = await completar(tx, await queryRows<FilaVista>(tx, sql`${SELECT_CITA} where c.id = ${id}`));
  return c ?? null;
}

export async function porId(tx: Tx, id: number, bloquear = false): Promise<FilaCita | null> {
  const [f] = await queryRows<FilaCita>(
    tx,
    sql`select c.*,
               array(select id_usuario from cita_asesor where id_empresa = c.id_empresa and id_cita = c.id order by 1) as asesores,
               array(select id_tercero from cita_participante where id_empresa = c.id_empresa and id_cita = c.id order by 1) as participantes
        from cita c where c.id = ${id} ${bloquear ? sql`for update` : sql``}`,
  );
  return f ? aFila(f) : null;
}

const aFila = (f: FilaCita): FilaCita => ({
  ...f,
  inicio: new Date(f.inicio),
  fin: new Date(f.fin),
  inicio_serie: f.inicio_serie === null ? null : new Date(f.inicio_serie),
  asesores: f.asesores.map(Number),
  participantes: f.participantes.map(Number),
});

const columnas = (v: ValoresCita) => sql`
  titulo = ${v.titulo}, id_categoria = ${v.id_categoria}, inicio = ${iso(v.inicio)}::timestamptz, fin = ${iso(v.fin)}::timestamptz,
  todo_el_dia = ${v.todo_el_dia}, lugar = ${v.lugar}, notas = ${v.notas}, estado = ${v.estado}, id_resultado = ${v.id_resultado},
  comentario_resultado = ${v.comentario_resultado}, interes = ${v.interes}, id_inmueble = ${v.id_inmueble},
  id_cliente_atendido = ${v.id_cliente_atendido}, id_solicitud = ${v.id_solicitud}`;

export async function insertar(tx: Tx, v: ValoresCita, usuario: string): Promise<number> {
  const [f] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cita (titulo, id_categoria, inicio, fin, todo_el_dia, lugar, notas, estado, id_resultado,
                          comentario_resultado, interes, id_inmueble, id_cliente_atendido, id_solicitud, creado_por)
        values (${v.titulo}, ${v.id_categoria}, ${iso(v.inicio)}::timestamptz, ${iso(v.fin)}::timestamptz, ${v.todo_el_dia},
                ${v.lugar}, ${v.notas}, ${v.estado}, ${v.id_resultado}, ${v.comentario_resultado}, ${v.interes},
                ${v.id_inmueble}, ${v.id_cliente_atendido}, ${v.id_solicitud}, ${usuario})
        returning id`,
  );
  return f!.id;
}

/** False when the row is no longer at `version` (someone saved it meanwhile). */
export async function actualizar(tx: Tx, id: number, version: number | null, v: ValoresCita, usuario: string): Promise<boolean> {
  const filas = await queryRows<{ id: number }>(
    tx,
    sql`update cita set ${columnas(v)}, version = version + 1, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id} ${version === null ? sql`` : sql`and version = ${version}`} returning id`,
  );
  return filas.length > 0;
}

export async function ponerPersonas(tx: Tx, id: number, asesores: number[], participantes: number[]): Promise<void> {
  await tx.execute(sql`delete from cita_asesor where id_cita = ${id}`);
  await tx.execute(sql`delete from cita_participante where id_cita = ${id}`);
  if (asesores.length)
    await tx.execute(sql`insert into cita_asesor (id_cita, id_usuario) select ${id}, unnest(${sql.param(asesores)}::int[])`);
  if (participantes.length)
    await tx.execute(
      sql`insert into cita_participante (id_cita, id_tercero) select ${id}, unnest(${sql.param(participantes)}::int[])`,
    );
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from cita where id = ${id}`);
}

/** Other live citas of these asesores that overlap [inicio, fin). */
export async function conflictos(
  tx: Tx,
  c: { asesores: number[]; inicio: Date; fin: Date; excluir: number | null },
): Promise<ConflictoCita[]> {
  const filas = await queryRows<Omit<ConflictoCita, 'inicio' | 'fin'> & { inicio: Date | string; fin: Date | string }>(
    tx,
    sql`select c.id, c.titulo, c.inicio, c.fin, coalesce(nullif(u.nombre, ''), u.usuario) as asesor
        from cita c
        join cita_asesor ca on ca.id_empresa = c.id_empresa and ca.id_cita = c.id
        join usuarios u on u.id_empresa = ca.id_empresa and u.id = ca.id_usuario
        where ca.id_usuario = any(${sql.param(c.asesores)}::int[])
          and c.inicio < ${iso(c.fin)}::timestamptz and c.fin > ${iso(c.inicio)}::timestamptz
          and c.inicio > ${iso(c.inicio)}::timestamptz - interval '7 days'
          and c.estado not in ('cancelada', 'no_asistio')
          ${c.excluir === null ? sql`` : sql`and c.id <> ${c.excluir}`}
        order by c.inicio, c.id limit 20`,
  );
  return filas.map((f) => ({ ...f, inicio: iso(f.inicio), fin: iso(f.fin) }));
}

export type UsuarioAgenda = { id: number; nombre: string; activo: boolean };
export async function usuarios(tx: Tx, ids: number[]): Promise<UsuarioAgenda[]> {
  return queryRows<UsuarioAgenda>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre, activo from usuarios where id = any(${sql.param(ids)}::int[])`,
  );
}

export async function tercerosExistentes(tx: Tx, ids: number[]): Promise<number[]> {
  const filas = await queryRows<{ id: number }>(tx, sql`select id from terceros where id = any(${sql.param(ids)}::int[])`);
  return filas.map((f) => f.id);
}

export async function existe(
  tx: Tx,
  tabla: 'categorias_agenda' | 'resultados_agenda' | 'cliente_atendido' | 'solicitud',
  id: number,
) {
  const filas = await queryRows<{ id: number }>(tx, sql`select id from ${sql.identifier(tabla)} where id = ${id}`);
  return filas.length > 0;
}

export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number): Promise<{ id: number; direccion: string } | null> {
  const [f] = await queryRows<{ id: number; direccion: string }>(
    tx,
    sql`select id, direccion from inmueble where consecutivo = ${consecutivo}`,
  );
  return f ?? null;
}

export async function opciones(tx: Tx): Promise<OpcionesAgenda> {
  const [asesores, categorias, resultados] = await Promise.all([
    queryRows<OpcionesAgenda['asesores'][number]>(
      tx,
      sql`select u.id, coalesce(nullif(u.nombre, ''), u.usuario) as nombre, coalesce(t.coloragenda, '') as color,
                 coalesce(t.desactivado_en_agenda, false) as desactivado
          from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
          where u.activo order by 2`,
    ),
    queryRows<OpcionesAgenda['categorias'][number]>(
      tx,
      sql`select id, nombre, color from categorias_agenda where activo order by nombre`,
    ),
    queryRows<OpcionesAgenda['resultados'][number]>(
      tx,
      sql`select id, nombre from resultados_agenda where activo order by nombre`,
    ),
  ]);
  return { asesores, categorias, resultados };
}

/** Live citas of the user that start today (Bogotá). */
export async function contarHoy(tx: Tx, idUsuario: number): Promise<number> {
  const [f] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from cita c join cita_asesor ca on ca.id_empresa = c.id_empresa and ca.id_cita = c.id
        where ca.id_usuario = ${idUsuario} and c.estado not in ('cancelada', 'no_asistio')
          and c.inicio >= ((now() at time zone 'America/Bogota')::date::timestamp at time zone 'America/Bogota')
          and c.inicio < ((now() at time zone 'America/Bogota')::date::timestamp at time zone 'America/Bogota') + interval '1 day'`,
  );
  return Number(f?.n ?? 0);
}

export async function minutosRecordatorio(tx: Tx, idUsuario: number): Promise<number | null> {
  const [f] = await queryRows<{ m: number }>(
    tx,
    sql`select minutos_recordatorio as m from agenda_preferencia where id_usuario = ${idUsuario}`,
  );
  return f?.m ?? null;
}

export async function guardarMinutosRecordatorio(tx: Tx, idUsuario: number, minutos: number): Promise<void> {
  await tx.execute(
    sql`insert into agenda_preferencia (id_usuario, minutos_recordatorio) values (${idUsuario}, ${minutos})
        on conflict (id_empresa, id_usuario) do update set minutos_recordatorio = excluded.minutos_recordatorio`,
  );
}

/** True the first time a reminder of this cita, user and start is recorded. */
export async function marcarRecordatorio(tx: Tx, idCita: number, idUsuario: number, inicio: string): Promise<boolean> {
  const filas = await queryRows<{ id_cita: number }>(
    tx,
    sql`insert into cita_recordatorio (id_cita, id_usuario, inicio) values (${idCita}, ${idUsuario}, ${inicio}::timestamptz)
        on conflict do nothing returning id_cita`,
  );
  return filas.length > 0;
}

/** Active terceros matching every word (name, document, phone, e-mail): the participants picker. */
export async function buscarTerceros(tx: Tx, q: string | undefined) {
  const conds = contieneCadaPalabra(sql.raw('texto_busqueda'), q);
  return queryRows<{ id: number; nro_id: string; nombre: string; celular: string; email: string }>(
    tx,
    sql`select id, nro_id, nombre, celular, email from terceros
        where activo ${conds.length > 0 ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
        order by lower(predio_unaccent(nombre)) limit 20`,
  );
}

export type FilaModificacionAgenda = {
  id: number | string;
  creado_en: Date | string;
  usuario: string;
  accion: string;
  id_cita: number;
  titulo: string | null;
  campo: string;
  valor: { antes?: unknown; despues?: unknown } | null;
  total: number | string;
};

const inicioDia = (d: string) => sql`(${d}::date::timestamp at time zone 'America/Bogota')`;

/** One row per changed field of the audit rows of citas, newest first. */
export async function modificaciones(
  tx: Tx,
  c: {
    desde?: string | undefined;
    hasta?: string | undefined;
    idCita?: number | undefined;
    asesor?: number | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ filas: FilaModificacionAgenda[]; total: number }> {
  const where = y([
    sql`a.entidad = 'citas'`,
    // A creation lists every field; the ones left empty say nothing.
    sql`not (coalesce(c.value -> 'antes', 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)
             and coalesce(c.value -> 'despues', 'null'::jsonb) in ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`,
    c.idCita !== undefined ? sql`a.entidad_id = ${String(c.idCita)}` : undefined,
    // The asesor the cita has now, or had or got in this change.
    c.asesor !== undefined
      ? sql`(exists (select 1 from cita_asesor ca where ca.id_cita = nullif(a.entidad_id, '')::int and ca.id_usuario = ${c.asesor})
             or a.cambios -> 'asesores' -> 'antes' @> ${JSON.stringify([c.asesor])}::jsonb
             or a.cambios -> 'asesores' -> 'despues' @> ${JSON.stringify([c.asesor])}::jsonb)`
      : undefined,
    c.desde ? sql`a.creado_en >= ${inicioDia(c.desde)}` : undefined,
    c.hasta ? sql`a.creado_en < ${inicioDia(c.hasta)} + interval '1 day'` : undefined,
  ]);
  const filas = await queryRows<FilaModificacionAgenda>(
    tx,
    sql`select a.id, a.creado_en, a.usuario, a.accion, nullif(a.entidad_id, '')::int as id_cita,
               coalesce(ct.titulo, a.cambios -> 'titulo' ->> 'antes', a.cambios -> 'titulo' ->> 'despues') as titulo,
               c.key as campo, c.value as valor, count(*) over() as total
        from auditoria a
        cross join lateral jsonb_each(case when jsonb_typeof(a.cambios) = 'object' then a.cambios else '{}'::jsonb end) c
        left join cita ct on ct.id = nullif(a.entidad_id, '')::int
        where ${where}
        order by a.creado_en desc, a.id desc, c.key
        limit ${c.limit} offset ${c.offset}`,
  );
  return { filas, total: Number(filas[0]?.total ?? 0) };
}

/** Names of users, categories, results, terceros and properties an audit value may carry. */
export async function nombres(tx: Tx) {
  const [usuarios, categorias, resultados] = await Promise.all([
    queryRows<{ id: number; nombre: string }>(tx, sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre from usuarios`),
    queryRows<{ id: number; nombre: string }>(tx, sql`select id, nombre from categorias_agenda`),
    queryRows<{ id: number; nombre: string }>(tx, sql`select id, nombre from resultados_agenda`),
  ]);
  const mapa = (xs: { id: number; nombre: string }[]) => new Map(xs.map((x) => [x.id, x.nombre]));
  return { usuarios: mapa(usuarios), categorias: mapa(categorias), resultados: mapa(resultados) };
}

export async function nombresTerceros(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const xs = await queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, nombre from terceros where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(xs.map((x) => [x.id, x.nombre]));
}

export async function consecutivosInmueble(tx: Tx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const xs = await queryRows<{ id: number; consecutivo: number }>(
    tx,
    sql`select id, consecutivo from inmueble where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(xs.map((x) => [x.id, x.consecutivo]));
}

/** The record a new cita comes from, with its tercero (null when the record is not in this company). */
export async function vinculo(
  tx: Tx,
  tipo: 'cliente' | 'solicitud' | 'tercero',
  id: number,
): Promise<{ numero: number | null; participante: ParticipanteCita | null } | null> {
  const tercero = sql`case when t.id is null then null else json_build_object('id', t.id, 'nombre', t.nombre,
                        'telefono', coalesce(nullif(t.celular, ''), t.telefonos), 'email', t.email) end as participante`;
  const [f] = await queryRows<{ numero: number | null; participante: ParticipanteCita | null }>(
    tx,
    tipo === 'cliente'
      ? sql`select ca.consecutivo as numero, ${tercero}
            from cliente_atendido ca left join terceros t on t.id_empresa = ca.id_empresa and t.id = ca.id_tercero
            where ca.id = ${id}`
      : tipo === 'solicitud'
        ? sql`select s.numero, ${tercero}
              from solicitud s left join terceros t on t.id_empresa = s.id_empresa and t.id = s.id_tercero
              where s.id = ${id}`
        : sql`select null::int as numero, ${tercero} from terceros t where t.id = ${id}`,
  );
  return f ?? null;
}

export async function idRegistro(tx: Tx, tipo: 'cliente' | 'solicitud' | 'tercero', clave: number): Promise<number | null> {
  const [f] = await queryRows<{ id: number }>(
    tx,
    tipo === 'cliente'
      ? sql`select id from cliente_atendido where id = ${clave}`
      : tipo === 'solicitud'
        ? sql`select id from solicitud where numero = ${clave}`
        : sql`select id from terceros where id = ${clave}`,
  );
  return f?.id ?? null;
}
