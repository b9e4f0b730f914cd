import { sql, type SQL } from 'drizzle-orm';
import type {
  CambioTarea,
  ComentarioTarea,
  EstadoTarea,
  GuionCategoria,
  ItemTarea,
  ListaVerificacion,
  OpcionesTareas,
  Recurrencia,
  TareaResumen,
  VistaTareas,
} from '@predio/contract/tareas';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import { contieneCadaPalabra } from '../../platform/busqueda.ts';

export type FilaTarea = {
  id: number;
  consecutivo: number;
  titulo: string;
  descripcion: string;
  id_categoria: number | null;
  id_prioridad: number | null;
  id_solicitante: number | null;
  vence_en: Date | null;
  estado: EstadoTarea;
  id_inmueble: number | null;
  id_tercero: number | null;
  id_cliente_atendido: number | null;
  id_solicitud: number | null;
  id_cita: number | null;
  id_radicado: number | null;
  recurrencia: Recurrencia | null;
  version: number;
  responsables: number[];
  seguidores: number[];
};

export type ValoresTarea = Omit<FilaTarea, 'id' | 'consecutivo' | 'version' | 'responsables' | 'seguidores'>;

const y = (conds: (SQL | undefined)[]) => {
  const c = conds.filter((x): x is SQL => x !== undefined);
  return c.length ? sql.join(c, sql` and `) : sql`true`;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const ABIERTA = sql`t.estado not in ('terminada', 'cancelada')`;

const SELECT_RESUMEN = sql`
  select t.id, t.consecutivo, t.titulo, t.estado, t.vence_en, t.creado_en,
         (${ABIERTA} and t.vence_en is not null and t.vence_en < now()) as vencida,
         case when c.id is null then null else json_build_object('id', c.id, 'nombre', c.nombre, 'color', c.color) end as categoria,
         case when p.id is null then null else json_build_object('id', p.id, 'nombre', p.nombre, 'color', p.color) end as prioridad,
         case when s.id is null then null else json_build_object('id', s.id, 'nombre', coalesce(nullif(s.nombre, ''), s.usuario)) end as solicitante,
         case when i.id is null then null else json_build_object('consecutivo', i.consecutivo, 'direccion', i.direccion) end as inmueble,
         coalesce((select json_agg(json_build_object('id', u.id, 'nombre', coalesce(nullif(u.nombre, ''), u.usuario)) order by u.id)
                   from tarea_persona tp join usuarios u on u.id_empresa = tp.id_empresa and u.id = tp.id_usuario
                   where tp.id_empresa = t.id_empresa and tp.id_tarea = t.id and tp.rol = 'responsable'), '[]') as responsables,
         (select count(*)::int from tarea_item ti where ti.id_empresa = t.id_empresa and ti.id_tarea = t.id) as items_total,
         (select count(*)::int from tarea_item ti where ti.id_empresa = t.id_empresa and ti.id_tarea = t.id and ti.hecho) as items_hechos
  from tarea t
  left join tareas_categorias c on c.id_empresa = t.id_empresa and c.id = t.id_categoria
  left join tareas_prioridades p on p.id_empresa = t.id_empresa and p.id = t.id_prioridad
  left join usuarios s on s.id_empresa = t.id_empresa and s.id = t.id_solicitante
  left join inmueble i on i.id_empresa = t.id_empresa and i.id = t.id_inmueble`;

type FilaResumen = Omit<TareaResumen, 'vence_en' | 'creado_en'> & { vence_en: Date | string | null; creado_en: Date | string };
const aResumen = (f: FilaResumen): TareaResumen => ({ ...f, vence_en: iso(f.vence_en), creado_en: iso(f.creado_en)! });

/** Tasks the user takes part in: responsable or seguidor (tarea_persona), or the one who asked. */
const participa = (idUsuario: number) =>
  sql`(t.id_solicitante = ${idUsuario} or exists (select 1 from tarea_persona tp where tp.id_empresa = t.id_empresa
        and tp.id_tarea = t.id and tp.id_usuario = ${idUsuario}))`;

export type Filtros = {
  vista: VistaTareas;
  idUsuario: number;
  veTodas: boolean;
  q?: string | undefined;
  responsable?: number | undefined;
  categoria?: number | undefined;
  prioridad?: number | undefined;
  estado?: EstadoTarea[] | undefined;
  abiertas: boolean;
  venceDesde?: string | undefined;
  venceHasta?: string | undefined;
  vencidas?: boolean | undefined;
  idInmueble?: number | undefined;
  idTercero?: number | undefined;
  idClienteAtendido?: number | undefined;
  idCita?: number | undefined;
  idSolicitud?: number | undefined;
  idRadicado?: number | undefined;
};

const BOGOTA = sql`'America/Bogota'`;

function donde(f: Filtros): SQL {
  const vista =
    f.vista === 'mias'
      ? // «My tasks» walks the index from the user to their tasks (tarea_persona_usuario_ix).
        // Not correlated with t: PostgreSQL turns it into a hashed semi-join instead of a subplan per row.
        sql`t.id in (select tp.id_tarea from tarea_persona tp where tp.id_usuario = ${f.idUsuario})`
      : f.vista === 'asignadas'
        ? sql`t.id_solicitante = ${f.idUsuario}`
        : f.veTodas
          ? undefined
          : participa(f.idUsuario);
  return y([
    vista,
    f.abiertas && !f.estado?.length ? ABIERTA : undefined,
    f.estado?.length ? sql`t.estado = any(${sql.param(f.estado)}::text[])` : undefined,
    ...contieneCadaPalabra(sql`lower(predio_unaccent(t.titulo || ' ' || t.consecutivo::text))`, f.q),
    f.responsable !== undefined
      ? sql`exists (select 1 from tarea_persona r where r.id_empresa = t.id_empresa and r.id_tarea = t.id
              and r.rol = 'responsable' and r.id_usuario = ${f.responsable})`
      : undefined,
    f.categoria !== undefined ? sql`t.id_categoria = ${f.categoria}` : undefined,
    f.prioridad !== undefined ? sql`t.id_prioridad = ${f.prioridad}` : undefined,
    f.venceDesde ? sql`t.vence_en >= (${f.venceDesde}::date)::timestamp at time zone ${BOGOTA}` : undefined,
    f.venceHasta ? sql`t.vence_en < ((${f.venceHasta}::date + 1)::timestamp at time zone ${BOGOTA})` : undefined,
    f.vencidas ? sql`${ABIERTA} and t.vence_en < now()` : undefined,
    f.idInmueble !== undefined ? sql`t.id_inmueble = ${f.idInmueble}` : undefined,
    f.idTercero !== undefined ? sql`t.id_tercero = ${f.idTercero}` : undefined,
    f.idClienteAtendido !== undefined ? sql`t.id_cliente_atendido = ${f.idClienteAtendido}` : undefined,
    f.idSolicitud !== undefined ? sql`t.id_solicitud = ${f.idSolicitud}` : undefined,
    f.idCita !== undefined ? sql`t.id_cita = ${f.idCita}` : undefined,
    f.idRadicado !== undefined ? sql`t.id_radicado = ${f.idRadicado}` : undefined,
  ]);
}

const ORDEN: Record<string, SQL> = {
  consecutivo: sql`t.consecutivo`,
  vence_en: sql`t.vence_en`,
  titulo: sql`lower(t.titulo)`,
  estado: sql`t.estado`,
  creado_en: sql`t.creado_en`,
};

/** «My open tasks» with no other filter, by due date: the screen's default, read from the partial index alone. */
const soloMiasAbiertas = (f: Filtros, sort: string | undefined) =>
  f.vista === 'mias' &&
  f.abiertas &&
  !f.estado?.length &&
  !f.q &&
  [
    f.responsable,
    f.categoria,
    f.prioridad,
    f.venceDesde,
    f.venceHasta,
    f.idInmueble,
    f.idTercero,
    f.idClienteAtendido,
    f.idSolicitud,
    f.idCita,
    f.idRadicado,
  ].every((x) => x === undefined) &&
  (sort ?? 'vence_en') === 'vence_en';

export async function listar(
  tx: Tx,
  f: Filtros,
  p: { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number },
): Promise<ListaAcotada<TareaResumen>> {
  if (soloMiasAbiertas(f, p.sort)) {
    const tp = sql`from tarea_persona tp where tp.id_usuario = ${f.idUsuario} and tp.abierta
      ${f.vencidas ? sql`and tp.vence_en < now()` : sql``}`;
    const dir = p.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
    const ids = (
      await queryRows<{ id: number }>(
        tx,
        sql`select tp.id_tarea as id ${tp}
            order by tp.vence_en ${dir}, tp.id_tarea desc limit ${p.limit} offset ${p.offset}`,
      )
    ).map((r) => r.id);
    return { items: await resumenes(tx, ids), ...(await contar(tx, sql`select 1 ${tp}`, p)) };
  }
  const where = donde(f);
  const col = ORDEN[p.sort ?? 'vence_en'] ?? ORDEN.vence_en!;
  const dir = p.order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  // The page's ids first, then their names and counts: the per-row subqueries run for the page only.
  const ids = (
    await queryRows<{ id: number }>(
      tx,
      sql`select t.id from tarea t where ${where} order by ${col} ${dir}, t.id desc limit ${p.limit} offset ${p.offset}`,
    )
  ).map((r) => r.id);
  return { items: await resumenes(tx, ids), ...(await contar(tx, sql`select 1 from tarea t where ${where}`, p)) };
}

/** Counted up to TOPE_CONTEO (or the asked page's end), as the other long lists: past it «más de 1.000». */
async function contar(tx: Tx, filas: SQL, p: { limit: number; offset: number }): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : { total: n!.n };
}

/** The rows of these tasks, in the order given. */
async function resumenes(tx: Tx, ids: number[]): Promise<TareaResumen[]> {
  if (!ids.length) return [];
  const filas = await queryRows<FilaResumen>(tx, sql`${SELECT_RESUMEN} where t.id = any(${sql.param(ids)}::int[])`);
  const porId = new Map(filas.map((f) => [f.id, f]));
  return ids.map((id) => aResumen(porId.get(id)!));
}

export async function contarAbiertas(tx: Tx, idUsuario: number): Promise<number> {
  const [n] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from tarea_persona where id_usuario = ${idUsuario} and rol = 'responsable' and abierta`,
  );
  return n!.n;
}

export async function resumen(tx: Tx, id: number): Promise<TareaResumen | null> {
  const [f] = await queryRows<FilaResumen>(tx, sql`${SELECT_RESUMEN} where t.id = ${id}`);
  return f ? aResumen(f) : null;
}

export async function porConsecutivo(tx: Tx, consecutivo: number, bloquear = false): Promise<FilaTarea | null> {
  const [f] = await queryRows<FilaTarea>(
    tx,
    sql`select t.*,
          array(select id_usuario from tarea_persona where id_empresa = t.id_empresa and id_tarea = t.id and rol = 'responsable' order by 1) as responsables,
          array(select id_usuario from tarea_persona where id_empresa = t.id_empresa and id_tarea = t.id and rol = 'seguidor' order by 1) as seguidores
        from tarea t where t.consecutivo = ${consecutivo} ${bloquear ? sql`for update` : sql``}`,
  );
  return f ? { ...f, vence_en: f.vence_en === null ? null : new Date(f.vence_en) } : null;
}

export async function porId(tx: Tx, id: number, bloquear = false): Promise<FilaTarea | null> {
  const [c] = await queryRows<{ consecutivo: number }>(tx, sql`select consecutivo from tarea where id = ${id}`);
  return c ? porConsecutivo(tx, c.consecutivo, bloquear) : null;
}

const columnas = (v: ValoresTarea) => sql`
  titulo = ${v.titulo}, descripcion = ${v.descripcion}, id_categoria = ${v.id_categoria}, id_prioridad = ${v.id_prioridad},
  id_solicitante = ${v.id_solicitante}, vence_en = ${iso(v.vence_en)}::timestamptz, estado = ${v.estado},
  id_inmueble = ${v.id_inmueble}, id_tercero = ${v.id_tercero}, id_cliente_atendido = ${v.id_cliente_atendido},
  id_solicitud = ${v.id_solicitud}, id_cita = ${v.id_cita}, id_radicado = ${v.id_radicado}, recurrencia = ${v.recurrencia}`;

export async function insertar(
  tx: Tx,
  v: ValoresTarea,
  o: { consecutivo: number; usuario: string; idOrigen?: number | null },
): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into tarea (consecutivo, titulo, descripcion, id_categoria, id_prioridad, id_solicitante, vence_en, estado,
          id_inmueble, id_tercero, id_cliente_atendido, id_solicitud, id_cita, id_radicado, recurrencia, id_tarea_origen,
          creado_por, cerrada_en)
        values (${o.consecutivo}, ${v.titulo}, ${v.descripcion}, ${v.id_categoria}, ${v.id_prioridad}, ${v.id_solicitante},
          ${iso(v.vence_en)}::timestamptz, ${v.estado}, ${v.id_inmueble}, ${v.id_tercero}, ${v.id_cliente_atendido},
          ${v.id_solicitud}, ${v.id_cita}, ${v.id_radicado}, ${v.recurrencia}, ${o.idOrigen ?? null}, ${o.usuario},
          ${v.estado === 'terminada' || v.estado === 'cancelada' ? sql`now()` : sql`null`})
        on conflict on constraint tarea_origen_vence_uk do nothing
        returning id`,
  );
  return r?.id ?? null;
}

export async function actualizar(tx: Tx, id: number, version: number | null, v: ValoresTarea, usuario: string): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update tarea set ${columnas(v)}, version = version + 1, modificado_por = ${usuario}, modificado_en = now(),
          cerrada_en = case when ${v.estado} in ('terminada', 'cancelada') then coalesce(cerrada_en, now()) else null end
        where id = ${id} ${version === null ? sql`` : sql`and version = ${version}`} returning id`,
  );
  return r.length > 0;
}

export async function ponerPersonas(tx: Tx, idTarea: number, responsables: number[], seguidores: number[]): Promise<void> {
  await tx.execute(sql`delete from tarea_persona where id_tarea = ${idTarea}`);
  const filas = [
    ...responsables.map((u) => sql`(${idTarea}, ${u}, 'responsable')`),
    // A responsable who also follows is one person on the task: «my tasks» counts each task once.
    ...seguidores.filter((u) => !responsables.includes(u)).map((u) => sql`(${idTarea}, ${u}, 'seguidor')`),
  ];
  if (filas.length)
    await tx.execute(sql`insert into tarea_persona (id_tarea, id_usuario, rol) values ${sql.join(filas, sql`, `)}`);
}

export async function usuarios(tx: Tx, ids: number[]): Promise<{ id: number; nombre: string; activo: boolean }[]> {
  if (!ids.length) return [];
  return queryRows(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre, activo from usuarios where id = any(${sql.param(ids)}::int[])`,
  );
}

type Tabla =
  | 'tareas_categorias'
  | 'tareas_prioridades'
  | 'terceros'
  | 'cliente_atendido'
  | 'solicitud'
  | 'cita'
  | 'radicado'
  | 'lista_verificacion';
export async function existe(tx: Tx, tabla: Tabla, id: number): Promise<boolean> {
  const r = await queryRows<{ id: number }>(tx, sql`select id from ${sql.identifier(tabla)} where id = ${id}`);
  return r.length > 0;
}

export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number): Promise<{ id: number } | null> {
  const [r] = await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`);
  return r ?? null;
}

export async function solicitudPorNumero(tx: Tx, numero: number): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(tx, sql`select id from solicitud where numero = ${numero}`);
  return r?.id ?? null;
}

export async function numeroSolicitud(tx: Tx, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [r] = await queryRows<{ numero: number }>(tx, sql`select numero from solicitud where id = ${id}`);
  return r?.numero ?? null;
}

export async function playbook(
  tx: Tx,
  idCategoria: number,
): Promise<{ id_lista_verificacion: number | null; dias_habiles_vence: number | null } | null> {
  const [r] = await queryRows<{ id_lista_verificacion: number | null; dias_habiles_vence: number | null }>(
    tx,
    sql`select g.id_lista_verificacion, g.dias_habiles_vence
        from tareas_categorias c left join tarea_categoria_guion g on g.id_empresa = c.id_empresa and g.id_categoria = c.id
        where c.id = ${idCategoria}`,
  );
  return r ?? null;
}

// ----- checklist ---------------------------------------------------------------------------------

export async function items(tx: Tx, idTarea: number): Promise<ItemTarea[]> {
  const f = await queryRows<ItemTarea & { hecho_en: Date | string | null }>(
    tx,
    sql`select id, orden, texto, obligatorio, hecho, hecho_por, hecho_en from tarea_item where id_tarea = ${idTarea} order by orden, id`,
  );
  return f.map((i) => ({ ...i, hecho_en: iso(i.hecho_en) }));
}

export async function agregarItems(tx: Tx, idTarea: number, its: { texto: string; obligatorio: boolean }[]): Promise<void> {
  if (!its.length) return;
  const [m] = await queryRows<{ m: number }>(
    tx,
    sql`select coalesce(max(orden), 0)::int as m from tarea_item where id_tarea = ${idTarea}`,
  );
  const filas = its.map((i, n) => sql`(${idTarea}, ${m!.m + n + 1}, ${i.texto}, ${i.obligatorio})`);
  await tx.execute(sql`insert into tarea_item (id_tarea, orden, texto, obligatorio) values ${sql.join(filas, sql`, `)}`);
}

export async function itemsDeLista(tx: Tx, idLista: number): Promise<{ texto: string; obligatorio: boolean }[]> {
  return queryRows(
    tx,
    sql`select texto, obligatorio from lista_verificacion_item where id_lista = ${idLista} order by orden, id`,
  );
}

export async function marcarItem(
  tx: Tx,
  idTarea: number,
  idItem: number,
  hecho: boolean,
  usuario: string,
): Promise<{ texto: string; antes: boolean } | null> {
  const [a] = await queryRows<{ texto: string; hecho: boolean }>(
    tx,
    sql`select texto, hecho from tarea_item where id_tarea = ${idTarea} and id = ${idItem} for update`,
  );
  if (!a) return null;
  await tx.execute(
    sql`update tarea_item set hecho = ${hecho}, hecho_por = ${hecho ? usuario : null}, hecho_en = ${hecho ? sql`now()` : sql`null`}
        where id = ${idItem}`,
  );
  return { texto: a.texto, antes: a.hecho };
}

export async function obligatoriosAbiertos(tx: Tx, idTarea: number): Promise<string[]> {
  const r = await queryRows<{ texto: string }>(
    tx,
    sql`select texto from tarea_item where id_tarea = ${idTarea} and obligatorio and not hecho order by orden, id`,
  );
  return r.map((x) => x.texto);
}

// ----- comments and history ----------------------------------------------------------------------

export async function comentar(
  tx: Tx,
  c: { idTarea: number; idUsuario: number | null; usuario: string; texto: string; menciones: number[] },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into tarea_comentario (id_tarea, id_usuario, usuario, texto, menciones)
        values (${c.idTarea}, ${c.idUsuario}, ${c.usuario}, ${c.texto}, ${sql.param(c.menciones)}::int[]) returning id`,
  );
  return r!.id;
}

export async function comentarios(tx: Tx, idTarea: number): Promise<ComentarioTarea[]> {
  const f = await queryRows<ComentarioTarea & { creado_en: Date | string }>(
    tx,
    sql`select id, usuario, id_usuario, texto, menciones, creado_en from tarea_comentario where id_tarea = ${idTarea} order by id`,
  );
  return f.map((c) => ({ ...c, creado_en: iso(c.creado_en)! }));
}

export type Cambio = { campo: string; antes: string; despues: string };

export async function registrarHistorial(
  tx: Tx,
  o: { idTarea: number; idUsuario: number | null; usuario: string; accion: string; cambios: Cambio[] },
): Promise<void> {
  if (!o.cambios.length) return;
  const filas = o.cambios.map(
    (c) => sql`(${o.idTarea}, ${o.idUsuario}, ${o.usuario}, ${o.accion}, ${c.campo}, ${c.antes}, ${c.despues})`,
  );
  await tx.execute(
    sql`insert into tarea_historial (id_tarea, id_usuario, usuario, accion, campo, antes, despues) values ${sql.join(filas, sql`, `)}`,
  );
}

export async function historial(tx: Tx, idTarea: number): Promise<CambioTarea[]> {
  const f = await queryRows<CambioTarea & { fecha: Date | string; id: number | string }>(
    tx,
    sql`select id, fecha, usuario, accion, campo, antes, despues from tarea_historial where id_tarea = ${idTarea} order by id desc limit 500`,
  );
  return f.map((c) => ({ ...c, id: Number(c.id), fecha: iso(c.fecha)! }));
}

export type FiltrosMod = {
  desde?: string | undefined;
  hasta?: string | undefined;
  consecutivo?: number | undefined;
  usuario?: string | undefined;
  campo?: string | undefined;
};

export async function modificaciones(
  tx: Tx,
  f: FiltrosMod,
  p: { limit: number; offset: number },
): Promise<{ filas: (CambioTarea & { consecutivo: number; titulo: string })[]; total: number }> {
  const where = y([
    f.desde ? sql`h.fecha >= (${f.desde}::date)::timestamp at time zone ${BOGOTA}` : undefined,
    f.hasta ? sql`h.fecha < ((${f.hasta}::date + 1)::timestamp at time zone ${BOGOTA})` : undefined,
    f.consecutivo !== undefined ? sql`t.consecutivo = ${f.consecutivo}` : undefined,
    f.usuario ? sql`lower(h.usuario) = lower(${f.usuario})` : undefined,
    f.campo ? sql`h.campo = ${f.campo}` : undefined,
  ]);
  const from = sql`from tarea_historial h join tarea t on t.id_empresa = h.id_empresa and t.id = h.id_tarea where ${where}`;
  const filas = await queryRows<CambioTarea & { fecha: Date | string; id: number | string; consecutivo: number; titulo: string }>(
    tx,
    sql`select h.id, h.fecha, h.usuario, h.accion, h.campo, h.antes, h.despues, t.consecutivo, t.titulo ${from}
        order by h.fecha desc, h.id desc limit ${p.limit} offset ${p.offset}`,
  );
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from}`);
  return { filas: filas.map((c) => ({ ...c, id: Number(c.id), fecha: iso(c.fecha)! })), total: n!.n };
}

// ----- options and names -------------------------------------------------------------------------

export async function opciones(tx: Tx): Promise<Omit<OpcionesTareas, 've_todas'>> {
  const usuarios = await queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre from usuarios where activo order by 2`,
  );
  const categorias = await queryRows<OpcionesTareas['categorias'][number]>(
    tx,
    sql`select c.id, c.nombre, c.color, g.id_lista_verificacion, g.dias_habiles_vence
        from tareas_categorias c left join tarea_categoria_guion g on g.id_empresa = c.id_empresa and g.id_categoria = c.id
        where c.activo order by c.nombre`,
  );
  const prioridades = await queryRows<{ id: number; nombre: string; color: string }>(
    tx,
    sql`select id, nombre, color from tareas_prioridades order by orden`,
  );
  const listas = await queryRows<{ id: number; nombre: string }>(
    tx,
    sql`select id, nombre from lista_verificacion where activo order by nombre`,
  );
  return { usuarios, categorias, prioridades, listas };
}

export async function nombre(
  tx: Tx,
  tabla: 'tareas_categorias' | 'tareas_prioridades' | 'usuarios',
  id: number | null,
): Promise<string> {
  if (id === null) return '';
  const col = tabla === 'usuarios' ? sql`coalesce(nullif(nombre, ''), usuario)` : sql`nombre`;
  const [r] = await queryRows<{ n: string }>(tx, sql`select ${col} as n from ${sql.identifier(tabla)} where id = ${id}`);
  return r?.n ?? `#${id}`;
}

export async function nombresUsuarios(tx: Tx, ids: number[]): Promise<string> {
  if (!ids.length) return '';
  const r = await queryRows<{ n: string }>(
    tx,
    sql`select coalesce(nullif(nombre, ''), usuario) as n from usuarios where id = any(${sql.param(ids)}::int[]) order by id`,
  );
  return r.map((x) => x.n).join(', ');
}

export async function terceroNombre(tx: Tx, id: number | null): Promise<{ id: number; nombre: string } | null> {
  if (id === null) return null;
  const [r] = await queryRows<{ id: number; nombre: string }>(tx, sql`select id, nombre from terceros where id = ${id}`);
  return r ?? null;
}

export async function radicado(tx: Tx, id: number | null): Promise<{ id: number; radicado: string; asunto: string } | null> {
  if (id === null) return null;
  const [r] = await queryRows<{ id: number; radicado: string; asunto: string }>(
    tx,
    sql`select id, radicado, asunto from radicado where id = ${id}`,
  );
  return r ?? null;
}

// ----- listas de verificación ----------------------------------------------------------------------

export async function listas(tx: Tx): Promise<ListaVerificacion[]> {
  return queryRows<ListaVerificacion>(
    tx,
    sql`select l.id, l.nombre, l.descripcion, l.activo,
          coalesce((select json_agg(json_build_object('id', i.id, 'orden', i.orden, 'texto', i.texto, 'obligatorio', i.obligatorio)
                    order by i.orden, i.id) from lista_verificacion_item i where i.id_empresa = l.id_empresa and i.id_lista = l.id), '[]') as items
        from lista_verificacion l order by l.nombre`,
  );
}

export async function guardarLista(
  tx: Tx,
  id: number | null,
  l: { nombre: string; descripcion: string; activo: boolean; items: { texto: string; obligatorio: boolean }[] },
  usuario: string,
): Promise<number | null> {
  let idLista = id;
  if (idLista === null) {
    const [r] = await queryRows<{ id: number }>(
      tx,
      sql`insert into lista_verificacion (nombre, descripcion, activo, creado_por) values (${l.nombre}, ${l.descripcion}, ${l.activo}, ${usuario}) returning id`,
    );
    idLista = r!.id;
  } else {
    const r = await queryRows<{ id: number }>(
      tx,
      sql`update lista_verificacion set nombre = ${l.nombre}, descripcion = ${l.descripcion}, activo = ${l.activo},
            modificado_por = ${usuario}, modificado_en = now() where id = ${idLista} returning id`,
    );
    if (!r.length) return null;
    await tx.execute(sql`delete from lista_verificacion_item where id_lista = ${idLista}`);
  }
  const filas = l.items.map((i, n) => sql`(${idLista}, ${n + 1}, ${i.texto}, ${i.obligatorio})`);
  await tx.execute(
    sql`insert into lista_verificacion_item (id_lista, orden, texto, obligatorio) values ${sql.join(filas, sql`, `)}`,
  );
  return idLista;
}

export async function borrarLista(tx: Tx, id: number): Promise<string | null> {
  const [r] = await queryRows<{ nombre: string }>(tx, sql`delete from lista_verificacion where id = ${id} returning nombre`);
  return r?.nombre ?? null;
}

export async function guion(tx: Tx, idCategoria: number): Promise<GuionCategoria | null> {
  const [r] = await queryRows<GuionCategoria>(
    tx,
    sql`select c.id as id_categoria, c.nombre, g.id_lista_verificacion, g.dias_habiles_vence
        from tareas_categorias c left join tarea_categoria_guion g on g.id_empresa = c.id_empresa and g.id_categoria = c.id
        where c.id = ${idCategoria}`,
  );
  return r ?? null;
}

export async function guardarPlaybook(
  tx: Tx,
  idCategoria: number,
  p: { id_lista_verificacion: number | null; dias_habiles_vence: number | null },
): Promise<void> {
  await tx.execute(
    sql`insert into tarea_categoria_guion (id_categoria, id_lista_verificacion, dias_habiles_vence)
        values (${idCategoria}, ${p.id_lista_verificacion}, ${p.dias_habiles_vence})
        on conflict (id_empresa, id_categoria)
        do update set id_lista_verificacion = excluded.id_lista_verificacion, dias_habiles_vence = excluded.dias_habiles_vence`,
  );
}

// ----- jobs --------------------------------------------------------------------------------------

/** Open tasks due in [desde, hasta) (tomorrow in Bogotá), with their responsables. */
export async function vencenEntre(tx: Tx, desde: Date, hasta: Date): Promise<FilaTarea[]> {
  const ids = await queryRows<{ consecutivo: number }>(
    tx,
    sql`select consecutivo from tarea t where ${ABIERTA} and t.vence_en >= ${desde.toISOString()}::timestamptz
          and t.vence_en < ${hasta.toISOString()}::timestamptz order by t.id limit 5000`,
  );
  const out: FilaTarea[] = [];
  for (const { consecutivo } of ids) out.push((await porConsecutivo(tx, consecutivo))!);
  return out;
}

/** Written before the notice: false when this task and due date were already announced. */
export async function marcarAvisoVence(tx: Tx, idTarea: number, venceEn: Date): Promise<boolean> {
  const r = await queryRows<{ id_tarea: number }>(
    tx,
    sql`insert into tarea_aviso_vence (id_tarea, vence_en) values (${idTarea}, ${venceEn.toISOString()}::timestamptz)
        on conflict do nothing returning id_tarea`,
  );
  return r.length > 0;
}

/** Recurring tasks whose due date has arrived (the job makes the next one). */
export async function recurrentesDebidas(tx: Tx, hasta: Date): Promise<number[]> {
  const r = await queryRows<{ consecutivo: number }>(
    tx,
    sql`select consecutivo from tarea where recurrencia is not null and vence_en < ${hasta.toISOString()}::timestamptz order by id limit 1000`,
  );
  return r.map((x) => x.consecutivo);
}

/** Takes the recurrence off a task (it passes to the next one): false when another run already did. */
export async function tomarRecurrencia(tx: Tx, idTarea: number): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update tarea set recurrencia = null where id = ${idTarea} and recurrencia is not null returning id`,
  );
  return r.length > 0;
}

export async function empresasConTareas(tx: Tx): Promise<number[]> {
  const r = await queryRows<{ id_empresa: number }>(
    tx,
    sql`select distinct id_empresa from tarea where estado not in ('terminada', 'cancelada') or recurrencia is not null`,
  );
  return r.map((x) => x.id_empresa);
}
