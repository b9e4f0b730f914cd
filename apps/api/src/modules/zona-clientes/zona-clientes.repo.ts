import { sql, type SQL } from 'drizzle-orm';
import type {
  ClientePortalFila,
  ConfigZonaClientes,
  ConfigZonaClientesForm,
  EventoMantenimiento,
  FotoMantenimiento,
  InmueblePortal,
  MantenimientoQuery,
  SolicitudMantenimiento,
} from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// ---- Configuration ----

export async function config(tx: Tx): Promise<ConfigZonaClientes | null> {
  const [r] = await queryRows<ConfigZonaClientes>(
    tx,
    sql`select activo, titulo, bienvenida, politica, version_politica, secciones, avisar_cliente, receptores
        from zona_clientes_config`,
  );
  return r ?? null;
}

/** Saves the configuration; a new policy text is a new version, which every client accepts again. */
export async function guardarConfig(tx: Tx, c: ConfigZonaClientesForm, usuario: string): Promise<void> {
  await tx.execute(sql`
    insert into zona_clientes_config as z
      (activo, titulo, bienvenida, politica, secciones, avisar_cliente, receptores, modificado_por, modificado_en)
    values (${c.activo}, ${c.titulo}, ${c.bienvenida}, ${c.politica}, ${JSON.stringify(c.secciones)}::jsonb,
      ${c.avisar_cliente}, ${`{${c.receptores.join(',')}}`}::integer[], ${usuario}, now())
    on conflict (id_empresa) do update set activo = excluded.activo, titulo = excluded.titulo,
      bienvenida = excluded.bienvenida, politica = excluded.politica, secciones = excluded.secciones,
      avisar_cliente = excluded.avisar_cliente, receptores = excluded.receptores,
      version_politica = z.version_politica + (z.politica is distinct from excluded.politica)::int,
      modificado_por = excluded.modificado_por, modificado_en = excluded.modificado_en`);
}

/** The company's stored logo file name, or null. */
export async function logoEmpresa(tx: Tx): Promise<string | null> {
  const [r] = await queryRows<{ logo: string | null }>(tx, sql`select logo from empresa`);
  return r?.logo || null;
}

/** The reporting client's address and name, for the e-mail about a step of their request. */
export async function clienteDeSolicitud(
  tx: Tx,
  idSolicitud: number,
): Promise<{ id: number; email: string; nombre: string; activo: boolean } | null> {
  const [r] = await queryRows<{ id: number; email: string; nombre: string; activo: boolean }>(
    tx,
    sql`select c.id, c.email, t.nombre, c.activo
        from solicitud_mantenimiento s
        join cliente_portal c on c.id_empresa = s.id_empresa and c.id = s.id_cliente
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where s.id = ${idSolicitud}`,
  );
  return r ?? null;
}

export async function nombreEmpresa(tx: Tx): Promise<string> {
  const [r] = await queryRows<{ nombre: string | null }>(tx, sql`select nombre from empresa`);
  return r?.nombre ?? '';
}

// ---- Clients ----

export function clientes(tx: Tx): Promise<ClientePortalFila[]> {
  return queryRows<ClientePortalFila>(
    tx,
    sql`select c.id, c.id_tercero, t.nombre, c.email, c.activo,
               case when not c.activo then 'inactivo' when c.clave_hash is null then 'invitado' else 'activo' end as estado,
               c.ultimo_ingreso, c.autorizo_en
        from cliente_portal c join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        order by t.nombre, c.id`,
  );
}

export async function tercero(tx: Tx, id: number): Promise<{ id: number; nombre: string } | null> {
  const [r] = await queryRows<{ id: number; nombre: string }>(tx, sql`select id, nombre from terceros where id = ${id}`);
  return r ?? null;
}

export async function idInmueble(tx: Tx, consecutivo: number): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(tx, sql`select id from inmueble where consecutivo = ${consecutivo}`);
  return r?.id ?? null;
}

export async function clientePorEmail(tx: Tx, email: string): Promise<{ id: number; id_tercero: number } | null> {
  const [r] = await queryRows<{ id: number; id_tercero: number }>(
    tx,
    sql`select id, id_tercero from cliente_portal where lower(email) = lower(${email})`,
  );
  return r ?? null;
}

export async function guardarCliente(tx: Tx, o: { idTercero: number; email: string; usuario: string }): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cliente_portal as c (id_tercero, email, creado_por) values (${o.idTercero}, ${o.email}, ${o.usuario})
        on conflict (id_empresa, id_tercero) do update set email = excluded.email, activo = true
        returning c.id`,
  );
  return r!.id;
}

export async function vincularArrendatario(tx: Tx, idInmueble: number, idTercero: number): Promise<void> {
  await tx.execute(
    sql`insert into inmueble_arrendatario (id_inmueble, id_tercero) values (${idInmueble}, ${idTercero}) on conflict do nothing`,
  );
}

/** A link e-mailed to a client: 'clave' chooses a password (invitation, forgotten one), 'ingreso' logs in. */
export type TipoEnlace = 'clave' | 'ingreso';

export async function crearInvitacion(
  tx: Tx,
  o: { idCliente: number; hash: string; minutos: number; usuario: string; tipo?: TipoEnlace },
) {
  const tipo = o.tipo ?? 'clave';
  // A new link voids the earlier unused ones of its kind: only the last one e-mailed works.
  await tx.execute(
    sql`update cliente_portal_invitacion set usada_en = now()
        where id_cliente = ${o.idCliente} and usada_en is null and tipo = ${tipo}`,
  );
  await tx.execute(sql`
    insert into cliente_portal_invitacion (id_cliente, token_hash, expira_en, creado_por, tipo)
    values (${o.idCliente}, ${o.hash}, now() + make_interval(mins => ${o.minutos}), ${o.usuario}, ${tipo})`);
}

/** Takes an unused, unexpired link of a kind (once: it is marked used in the same statement). */
export async function usarInvitacion(tx: Tx, hash: string, tipo: TipoEnlace = 'clave'): Promise<{ id_cliente: number } | null> {
  const [r] = await queryRows<{ id_cliente: number }>(
    tx,
    sql`update cliente_portal_invitacion set usada_en = now()
        where token_hash = ${hash} and tipo = ${tipo} and usada_en is null and expira_en > now()
        returning id_cliente`,
  );
  return r ?? null;
}

export async function cliente(tx: Tx, id: number): Promise<{ id: number; email: string; activo: boolean } | null> {
  const [r] = await queryRows<{ id: number; email: string; activo: boolean }>(
    tx,
    sql`select id, email, activo from cliente_portal where id = ${id}`,
  );
  return r ?? null;
}

/** Turns a client's access on or off; off closes their open sessions at once. Answers false when not found. */
export async function ponerActivo(tx: Tx, id: number, activo: boolean): Promise<boolean> {
  const r = await queryRows<{ id: number }>(tx, sql`update cliente_portal set activo = ${activo} where id = ${id} returning id`);
  if (r.length === 0) return false;
  if (!activo)
    await tx.execute(sql`update cliente_portal_sesion set cerrada_en = now() where id_cliente = ${id} and cerrada_en is null`);
  return true;
}

/** A new password closes every open session of the client (a forgotten one may be in someone else's hands). */
export async function ponerClave(tx: Tx, idCliente: number, claveHash: string): Promise<void> {
  await tx.execute(sql`update cliente_portal set clave_hash = ${claveHash} where id = ${idCliente}`);
  await tx.execute(
    sql`update cliente_portal_sesion set cerrada_en = now() where id_cliente = ${idCliente} and cerrada_en is null`,
  );
}

export async function paraIngresar(
  tx: Tx,
  email: string,
): Promise<{ id: number; email: string; clave_hash: string | null; activo: boolean } | null> {
  const [r] = await queryRows<{ id: number; email: string; clave_hash: string | null; activo: boolean }>(
    tx,
    sql`select id, email, clave_hash, activo from cliente_portal where lower(email) = lower(${email})`,
  );
  return r ?? null;
}

export async function abrirSesion(tx: Tx, o: { jti: string; idCliente: number; expira: Date; ip: string }): Promise<void> {
  await tx.execute(sql`
    insert into cliente_portal_sesion (id, id_cliente, expira_en, ip) values (${o.jti}, ${o.idCliente}, ${o.expira.toISOString()}, ${o.ip})`);
  await tx.execute(sql`update cliente_portal set ultimo_ingreso = now() where id = ${o.idCliente}`);
}

export async function cerrarSesion(tx: Tx, jti: string): Promise<void> {
  await tx.execute(sql`update cliente_portal_sesion set cerrada_en = now() where id = ${jti} and cerrada_en is null`);
}

export async function autorizar(tx: Tx, o: { idCliente: number; version: number; ip: string }): Promise<void> {
  await tx.execute(sql`
    update cliente_portal set autorizo_version = ${o.version}, autorizo_en = now(), autorizo_ip = ${o.ip} where id = ${o.idCliente}`);
}

// ---- Properties of a client ----

/** As owner (inmueble_propietario) and as tenant (inmueble_arrendatario). */
export function inmueblesDe(tx: Tx, idTercero: number): Promise<InmueblePortal[]> {
  return queryRows<InmueblePortal>(
    tx,
    sql`select i.id, i.consecutivo, i.direccion, i.tipo, i.estado, m.municipio, r.rol
        from (select id_inmueble, 'propietario' as rol from inmueble_propietario where id_tercero = ${idTercero}
              union select id_inmueble, 'arrendatario' from inmueble_arrendatario where id_tercero = ${idTercero}) r
        join inmueble i on i.id = r.id_inmueble
        join municipios m on m.id_empresa = i.id_empresa and m.id = i.id_municipio
        order by i.consecutivo, r.rol`,
  );
}

// ---- Maintenance requests ----

const SELECT_SOLICITUD = sql`
  select s.id, s.consecutivo, s.id_inmueble, i.direccion as inmueble, s.categoria, s.descripcion, s.urgencia,
         s.permiso_ingreso, s.disponibilidad, s.estado, s.id_asignado, u.nombre as asignado, t.nombre as cliente,
         s.creado_en, s.costo::float8 as costo, s.paga, s.id_proveedor, p.nombre as proveedor
  from solicitud_mantenimiento s
  join inmueble i on i.id_empresa = s.id_empresa and i.id = s.id_inmueble
  join cliente_portal c on c.id_empresa = s.id_empresa and c.id = s.id_cliente
  join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
  left join usuarios u on u.id_empresa = s.id_empresa and u.id = s.id_asignado
  left join terceros p on p.id_empresa = s.id_empresa and p.id = s.id_proveedor`;

export async function crearSolicitud(
  tx: Tx,
  o: {
    consecutivo: number;
    idInmueble: number;
    idCliente: number;
    categoria: string;
    descripcion: string;
    urgencia: string;
    permisoIngreso: boolean;
    disponibilidad: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into solicitud_mantenimiento (consecutivo, id_inmueble, id_cliente, categoria, descripcion, urgencia, permiso_ingreso, disponibilidad)
        values (${o.consecutivo}, ${o.idInmueble}, ${o.idCliente}, ${o.categoria}, ${o.descripcion}, ${o.urgencia}, ${o.permisoIngreso}, ${o.disponibilidad})
        returning id`,
  );
  return r!.id;
}

export async function evento(
  tx: Tx,
  e: {
    idSolicitud: number;
    tipo: EventoMantenimiento['tipo'];
    estado?: string | null;
    texto: string;
    visible: boolean;
    autor: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into solicitud_mantenimiento_evento (id_solicitud, tipo, estado, texto, visible_cliente, autor)
    values (${e.idSolicitud}, ${e.tipo}, ${e.estado ?? null}, ${e.texto}, ${e.visible}, ${e.autor})`);
}

/** One request by its consecutivo; with idCliente, only that client's (another client's is not found). */
export async function solicitud(tx: Tx, consecutivo: number, idCliente?: number): Promise<SolicitudMantenimiento | null> {
  const [r] = await queryRows<SolicitudMantenimiento>(
    tx,
    sql`${SELECT_SOLICITUD} where s.consecutivo = ${consecutivo} ${idCliente === undefined ? sql`` : sql`and s.id_cliente = ${idCliente}`}`,
  );
  return r ?? null;
}

export function eventos(tx: Tx, idSolicitud: number, soloVisibles: boolean): Promise<EventoMantenimiento[]> {
  return queryRows<EventoMantenimiento>(
    tx,
    sql`select id, tipo, estado, texto, visible_cliente, autor, creado_en from solicitud_mantenimiento_evento
        where id_solicitud = ${idSolicitud} ${soloVisibles ? sql`and visible_cliente` : sql``} order by id`,
  );
}

export function fotos(tx: Tx, idSolicitud: number): Promise<FotoMantenimiento[]> {
  return queryRows<FotoMantenimiento>(
    tx,
    sql`select id, nombre, content_type from archivo
        where tipo_dueno = 'solicitud_mantenimiento' and id_dueno = ${String(idSolicitud)} order by orden, id`,
  );
}

export function solicitudesDeCliente(tx: Tx, idCliente: number): Promise<SolicitudMantenimiento[]> {
  return queryRows<SolicitudMantenimiento>(
    tx,
    sql`${SELECT_SOLICITUD} where s.id_cliente = ${idCliente} order by s.id desc limit 200`,
  );
}

const ORDEN: Record<string, SQL> = {
  consecutivo: sql`s.consecutivo`,
  creado_en: sql`s.creado_en`,
  estado: sql`s.estado`,
  urgencia: sql`array_position(array['baja','media','alta'], s.urgencia)`,
};

export async function listar(tx: Tx, q: MantenimientoQuery): Promise<{ items: SolicitudMantenimiento[]; total: number }> {
  const filtros: SQL[] = [sql`true`];
  if (q.q) {
    const like = `%${q.q.toLowerCase()}%`;
    filtros.push(
      sql`(lower(predio_unaccent(s.descripcion || ' ' || i.direccion || ' ' || t.nombre)) like lower(predio_unaccent(${like})) or s.consecutivo::text = ${q.q})`,
    );
  }
  if (q.estado?.length)
    filtros.push(
      sql`s.estado in (${sql.join(
        q.estado.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
  if (q.urgencia) filtros.push(sql`s.urgencia = ${q.urgencia}`);
  if (q.asignado) filtros.push(sql`s.id_asignado = ${q.asignado}`);
  const donde = sql.join(filtros, sql` and `);
  const orden = ORDEN[q.sort ?? 'consecutivo'] ?? ORDEN.consecutivo!;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await queryRows<SolicitudMantenimiento>(
    tx,
    sql`${SELECT_SOLICITUD} where ${donde} order by ${orden} ${dir}, s.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [c] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from solicitud_mantenimiento s
        join inmueble i on i.id_empresa = s.id_empresa and i.id = s.id_inmueble
        join cliente_portal c on c.id_empresa = s.id_empresa and c.id = s.id_cliente
        join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero
        where ${donde}`,
  );
  return { items, total: c?.n ?? 0 };
}

export async function cambiar(
  tx: Tx,
  id: number,
  o: { estado?: string; idAsignado?: number | null; usuario: string },
): Promise<void> {
  await tx.execute(sql`
    update solicitud_mantenimiento set
      estado = coalesce(${o.estado ?? null}, estado),
      id_asignado = ${o.idAsignado === undefined ? sql`id_asignado` : sql`${o.idAsignado}`},
      modificado_por = ${o.usuario}, modificado_en = now()
    where id = ${id}`);
}

export async function ponerCosto(
  tx: Tx,
  id: number,
  o: { costo: number | null; paga: string | null; idProveedor: number | null; usuario: string },
): Promise<void> {
  await tx.execute(sql`
    update solicitud_mantenimiento set costo = ${o.costo}, paga = ${o.paga}, id_proveedor = ${o.idProveedor},
      modificado_por = ${o.usuario}, modificado_en = now()
    where id = ${id}`);
}

/** Whether a tercero owns a property (the portal shows an owner the cost they pay). */
export async function esPropietario(tx: Tx, idInmueble: number, idTercero: number): Promise<boolean> {
  const r = await queryRows<{ x: number }>(
    tx,
    sql`select 1 as x from inmueble_propietario where id_inmueble = ${idInmueble} and id_tercero = ${idTercero}`,
  );
  return r.length > 0;
}

export type UsuarioActivo = { id: number; nombre: string; permisos: string; activo: boolean };
export function usuarios(tx: Tx): Promise<UsuarioActivo[]> {
  return queryRows<UsuarioActivo>(tx, sql`select id, nombre, permisos, activo from usuarios order by nombre`);
}
