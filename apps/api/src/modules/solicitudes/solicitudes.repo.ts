import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  EstadoSolicitud,
  HistorialSolicitud,
  SolicitudResumen,
  SolicitudesFiltro,
  TerceroSolicitud,
  TipoHistorial,
} from '@predio/contract/solicitudes';
import { planForValues, type Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { solicitud, solicitudHistorial } from '../../db/schema/solicitudes.ts';
import { contiene, contieneCadaPalabra, palabras } from '../../platform/busqueda.ts';

export type FilaSolicitud = typeof solicitud.$inferSelect;
export type NuevaSolicitud = typeof solicitud.$inferInsert;

export async function insertar(tx: Tx, valores: NuevaSolicitud): Promise<number> {
  const [fila] = await tx.insert(solicitud).values(valores).returning({ id: solicitud.id });
  return fila!.id;
}

export async function porNumero(tx: Tx, numero: number, bloquear = false): Promise<FilaSolicitud | null> {
  const q = tx.select().from(solicitud).where(eq(solicitud.numero, numero)).limit(1);
  const [fila] = bloquear ? await q.for('update') : await q;
  return fila ?? null;
}

/** Updates only when the row is still at `version` (null: any); false when someone saved it meanwhile. */
export async function actualizar(tx: Tx, id: number, version: number | null, valores: Partial<NuevaSolicitud>): Promise<boolean> {
  const cond = version === null ? eq(solicitud.id, id) : and(eq(solicitud.id, id), eq(solicitud.version, version));
  const filas = await tx
    .update(solicitud)
    .set({ ...valores, version: sql`${solicitud.version} + 1` })
    .where(cond)
    .returning({ id: solicitud.id });
  return filas.length > 0;
}

export type EntradaHistorial = {
  idSolicitud: number;
  tipo: TipoHistorial;
  estadoAnterior?: EstadoSolicitud | null;
  estadoNuevo?: EstadoSolicitud | null;
  idAsignadoAnterior?: number | null;
  idAsignadoNuevo?: number | null;
  nota?: string;
  idUsuario: number | null;
  usuario: string;
};

export async function registrarHistorial(tx: Tx, h: EntradaHistorial): Promise<void> {
  await tx.insert(solicitudHistorial).values(h);
}

const nombreUsuario = (alias: string) => sql.raw(`coalesce(nullif(${alias}.nombre, ''), ${alias}.usuario)`);

export async function historial(tx: Tx, idSolicitud: number): Promise<HistorialSolicitud[]> {
  const filas = await queryRows<Omit<HistorialSolicitud, 'fecha'> & { fecha: Date | string }>(
    tx,
    sql`select h.id::int as id, h.tipo, h.estado_anterior, h.estado_nuevo,
               ${nombreUsuario('ua')} as asignado_anterior, ${nombreUsuario('un')} as asignado_nuevo,
               h.nota, h.usuario, h.fecha
        from solicitud_historial h
        left join usuarios ua on ua.id_empresa = h.id_empresa and ua.id = h.id_asignado_anterior
        left join usuarios un on un.id_empresa = h.id_empresa and un.id = h.id_asignado_nuevo
        where h.id_solicitud = ${idSolicitud}
        order by h.id desc`,
  );
  return filas.map((f) => ({ ...f, id: Number(f.id), fecha: new Date(f.fecha).toISOString() }));
}

/** A property of this company by its consecutivo. */
/** `retener`: held (for key share) until the transaction commits, so a deletion meanwhile waits and then finds the request. */
export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number, retener = false): Promise<{ id: number } | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`select id from inmueble where consecutivo = ${consecutivo} ${retener ? sql`for key share` : sql``}`,
  );
  return r ?? null;
}

/** What a lead takes from the related property: what it is, where, and how it is offered. */
export async function inmueblePorId(tx: Tx, id: number): Promise<{ tipo: string; gestion: string; id_municipio: number } | null> {
  const [r] = await queryRows<{ tipo: string; gestion: string; id_municipio: number }>(
    tx,
    sql`select tipo, gestion, id_municipio from inmueble where id = ${id}`,
  );
  return r ?? null;
}

export async function terceroExiste(tx: Tx, id: number): Promise<boolean> {
  return (await queryRows<{ id: number }>(tx, sql`select id from terceros where id = ${id}`)).length > 0;
}

export type UsuarioEmpresa = { id: number; nombre: string; usuario: string; activo: boolean; permisos: string };

export async function usuario(tx: Tx, id: number): Promise<UsuarioEmpresa | null> {
  const [r] = await queryRows<UsuarioEmpresa>(
    tx,
    sql`select id, ${nombreUsuario('u')} as nombre, usuario, activo, permisos from usuarios u where id = ${id}`,
  );
  return r ?? null;
}

/** Active users of the company; the service keeps those who may see solicitudes. */
export async function usuariosActivos(tx: Tx): Promise<UsuarioEmpresa[]> {
  return queryRows<UsuarioEmpresa>(
    tx,
    sql`select id, ${nombreUsuario('u')} as nombre, usuario, activo, permisos from usuarios u
        where activo order by lower(${nombreUsuario('u')})`,
  );
}

/** Up to 20 active terceros whose document, name, phone or e-mail has every word. */
export async function buscarTerceros(tx: Tx, q: string | undefined): Promise<TerceroSolicitud[]> {
  const conds = contieneCadaPalabra(sql.raw('texto_busqueda'), q);
  return queryRows<TerceroSolicitud>(
    tx,
    sql`select id, nro_id, nombre, celular, email from terceros
        where activo ${conds.length > 0 ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
        order by lower(predio_unaccent(nombre)) limit 20`,
  );
}

// ----- list --------------------------------------------------------------------------------------

export type Consulta = SolicitudesFiltro & {
  q?: string | undefined;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

const enLista = (col: string, xs: readonly string[] | undefined) =>
  xs && xs.length > 0 ? sql`${sql.raw(col)} = any(${sql.param(xs)}::text[])` : undefined;
const ZONA = 'America/Bogota';

function condiciones(f: SolicitudesFiltro & { q?: string | undefined; numero?: number }): SQL[] {
  const conds: (SQL | undefined)[] = [
    f.numero === undefined ? undefined : sql`s.numero = ${f.numero}`,
    enLista('s.estado', f.estado),
    enLista('s.canal', f.canal),
    enLista('s.portal', f.portal),
    enLista('s.tipo', f.tipo),
    f.asignado === undefined
      ? undefined
      : f.asignado === 'ninguno'
        ? sql`s.id_asignado is null`
        : sql`s.id_asignado = ${f.asignado}`,
    f.desde === undefined ? undefined : sql`s.fecha_recepcion >= (${f.desde}::date::timestamp at time zone ${ZONA})`,
    f.hasta === undefined ? undefined : sql`s.fecha_recepcion < ((${f.hasta}::date + 1)::timestamp at time zone ${ZONA})`,
    f.inmueble === undefined ? undefined : sql`s.id_inmueble = (select id from inmueble where consecutivo = ${f.inmueble})`,
  ];
  // Every word must appear in the contact, the message or the tercero; a number may also be the número.
  for (const p of palabras(f.q)) {
    const texto = sql`(${contiene(sql.raw('s.texto_busqueda'), p)}
      or s.id_tercero in (select t.id from terceros t where ${contiene(sql.raw('t.texto_busqueda'), p)}))`;
    conds.push(/^\d{1,9}$/.test(p) ? sql`(${texto} or s.numero = ${Number(p)})` : texto);
  }
  return conds.filter((x): x is SQL => x !== undefined);
}

const ORDEN: Record<string, string> = {
  numero: 's.numero',
  fecha_recepcion: 's.fecha_recepcion',
  estado: `array_position(array['nueva','asignada','en_tramite','resuelta','descartada'], s.estado)`,
  tipo: 's.tipo',
  canal: 's.canal',
};

type FilaResumen = {
  numero: number;
  canal: SolicitudResumen['canal'];
  portal: SolicitudResumen['portal'];
  tipo: SolicitudResumen['tipo'];
  estado: SolicitudResumen['estado'];
  fecha_recepcion: Date | string;
  contacto_nombre: string;
  contacto_telefono: string;
  contacto_email: string;
  mensaje: string;
  c_id: number | null;
  c_consecutivo: number | null;
  t_id: number | null;
  t_nro_id: string | null;
  t_nombre: string | null;
  t_celular: string | null;
  t_email: string | null;
  i_consecutivo: number | null;
  i_direccion: string | null;
  u_id: number | null;
  u_nombre: string | null;
  total: number | string;
};

function aResumen(f: FilaResumen, mensajeCompleto: boolean): SolicitudResumen {
  return {
    numero: f.numero,
    canal: f.canal,
    portal: f.portal,
    tipo: f.tipo,
    estado: f.estado,
    fecha_recepcion: new Date(f.fecha_recepcion).toISOString(),
    tercero:
      f.t_id === null
        ? null
        : { id: f.t_id, nro_id: f.t_nro_id ?? '', nombre: f.t_nombre ?? '', celular: f.t_celular ?? '', email: f.t_email ?? '' },
    contacto_nombre: f.contacto_nombre,
    contacto_telefono: f.contacto_telefono,
    contacto_email: f.contacto_email,
    inmueble: f.i_consecutivo === null ? null : { consecutivo: f.i_consecutivo, direccion: f.i_direccion ?? '' },
    asignado: f.u_id === null ? null : { id: f.u_id, nombre: f.u_nombre ?? '' },
    mensaje: mensajeCompleto ? f.mensaje : f.mensaje.slice(0, 200),
    cliente_atendido: f.c_id === null ? null : { id: f.c_id, consecutivo: f.c_consecutivo ?? 0 },
  };
}

function consultaResumen(where: SQL, orden: SQL, limit: number, offset: number) {
  // The page and the total come from the request table alone; names are joined for that page only.
  return sql`
    select s.numero, s.canal, s.portal, s.tipo, s.estado, s.fecha_recepcion, s.contacto_nombre, s.contacto_telefono,
           s.contacto_email, s.mensaje, c.id as c_id, c.consecutivo as c_consecutivo,
           t.id as t_id, t.nro_id as t_nro_id, t.nombre as t_nombre, t.celular as t_celular, t.email as t_email,
           i.consecutivo as i_consecutivo, i.direccion as i_direccion,
           u.id as u_id, ${nombreUsuario('u')} as u_nombre, p.total
    from (
      select s.id, count(*) over() as total from solicitud s
      where ${where}
      order by ${orden}
      limit ${limit} offset ${offset}
    ) p
    join solicitud s on s.id = p.id
    left join terceros t on t.id_empresa = s.id_empresa and t.id = s.id_tercero
    left join inmueble i on i.id_empresa = s.id_empresa and i.id = s.id_inmueble
    left join usuarios u on u.id_empresa = s.id_empresa and u.id = s.id_asignado
    left join cliente_atendido c on c.id_empresa = s.id_empresa and c.id = s.id_cliente_atendido
    order by ${orden}`;
}

// The list and its count are built from a user's filters: each runs planned for its values (planForValues).
const donde = (conds: SQL[]) => (conds.length > 0 ? sql.join(conds, sql` and `) : sql`true`);

/** How many requests the list finds with this filter (its total past the last page; Inicio's counter). */
export async function contar(tx: Tx, f: SolicitudesFiltro & { q?: string | undefined }): Promise<number> {
  const where = donde(condiciones(f));
  const [r] = await planForValues(() =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from solicitud s where ${where}`),
  );
  return Number(r?.n ?? 0);
}

export async function listar(tx: Tx, c: Consulta): Promise<{ filas: SolicitudResumen[]; total: number }> {
  const dir = c.order === 'asc' ? 'asc' : 'desc';
  const orden = sql.raw(`${ORDEN[c.sort] ?? 's.numero'} ${dir}, s.numero desc`);
  const where = donde(condiciones(c));
  const filas = await planForValues(() => queryRows<FilaResumen>(tx, consultaResumen(where, orden, c.limit, c.offset)));
  // A page past the end has no row to carry the total.
  const total = filas.length === 0 && c.offset > 0 ? await contar(tx, c) : Number(filas[0]?.total ?? 0);
  return { total, filas: filas.map((f) => aResumen(f, false)) };
}

/** The numbers of the matches in the list's order: an export reads their rows a page at a time (porNumeros). */
export async function numerosEnOrden(tx: Tx, c: Consulta): Promise<number[]> {
  const dir = c.order === 'asc' ? 'asc' : 'desc';
  const orden = sql.raw(`${ORDEN[c.sort] ?? 's.numero'} ${dir}, s.numero desc`);
  const where = donde(condiciones(c));
  const filas = await planForValues(() =>
    queryRows<{ numero: number }>(
      tx,
      sql`select s.numero from solicitud s where ${where} order by ${orden} limit ${c.limit} offset ${c.offset}`,
    ),
  );
  return filas.map((f) => f.numero);
}

/** Some requests by number, as the list shows them, in no particular order. */
export async function porNumeros(tx: Tx, numeros: number[]): Promise<SolicitudResumen[]> {
  const filas = await queryRows<FilaResumen>(
    tx,
    consultaResumen(sql`s.numero = any(${sql.param(numeros)}::int[])`, sql.raw('s.numero'), numeros.length, 0),
  );
  return filas.map((f) => aResumen(f, false));
}

/** One request with its names resolved (the detail reuses the list's joins). */
export async function resumen(tx: Tx, numero: number): Promise<SolicitudResumen | null> {
  const [f] = await queryRows<FilaResumen>(tx, consultaResumen(sql`s.numero = ${numero}`, sql.raw('s.numero'), 1, 0));
  return f ? aResumen(f, true) : null;
}
