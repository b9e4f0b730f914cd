import { sql } from 'drizzle-orm';
import type {
  AdjuntoRecibido,
  CarpetaCorreo,
  CorreoRecibido,
  CuentaCorreo,
  HiloCorreo,
  MensajeCorreo,
} from '@predio/contract/bandeja';
import { TRABAJO_BANDEJA_SINCRONIZAR } from '@predio/contract/bandeja';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** A text[] parameter written as an array literal (both drivers take it as text). */
const arreglo = (xs: string[]) => sql`${`{${xs.map((e) => JSON.stringify(e)).join(',')}}`}::text[]`;

export type CuentaFila = {
  id: number;
  id_usuario: number;
  correo: string;
  imap_host: string;
  imap_puerto: number;
  imap_tls: boolean;
  imap_usuario: string;
  imap_clave: string;
};

export async function cuentaPorId(tx: Tx, id: number): Promise<CuentaFila | null> {
  const [c] = await queryRows<CuentaFila>(
    tx,
    sql`select id, id_usuario, correo, imap_host, imap_puerto, imap_tls, imap_usuario, imap_clave
        from correo_cuenta where id = ${id}`,
  );
  return c ?? null;
}

export async function cuentaDe(tx: Tx, idUsuario: number): Promise<CuentaCorreo | null> {
  const [c] = await queryRows<CuentaCorreo>(
    tx,
    sql`select c.id, c.correo, c.imap_host, c.imap_puerto, c.imap_tls, c.imap_usuario, c.imap_clave <> '' as con_clave,
               to_char(c.sincronizado_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as sincronizado_en,
               c.ultimo_error,
               to_char(c.error_en at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as error_en,
               exists (select 1 from trabajo t where t.tipo = ${TRABAJO_BANDEJA_SINCRONIZAR}
                         and t.estado in ('pendiente', 'en_curso') and (t.datos->>'idCuenta')::int = c.id) as sincronizando
        from correo_cuenta c where c.id_usuario = ${idUsuario}`,
  );
  return c ?? null;
}

export async function claveGuardada(tx: Tx, idUsuario: number): Promise<string | null> {
  const [c] = await queryRows<{ imap_clave: string }>(
    tx,
    sql`select imap_clave from correo_cuenta where id_usuario = ${idUsuario}`,
  );
  return c?.imap_clave ?? null;
}

export async function guardarCuenta(
  tx: Tx,
  idUsuario: number,
  c: Omit<CuentaFila, 'id' | 'id_usuario'>,
): Promise<{ id: number; cambioServidor: boolean }> {
  const [r] = await queryRows<{ id: number; cambio: boolean }>(
    tx,
    sql`with antes as (select imap_host, imap_usuario from correo_cuenta where id_usuario = ${idUsuario})
        insert into correo_cuenta (id_usuario, correo, imap_host, imap_puerto, imap_tls, imap_usuario, imap_clave)
        values (${idUsuario}, ${c.correo}, ${c.imap_host}, ${c.imap_puerto}, ${c.imap_tls}, ${c.imap_usuario}, ${c.imap_clave})
        on conflict (id_empresa, id_usuario) do update set correo = excluded.correo, imap_host = excluded.imap_host,
          imap_puerto = excluded.imap_puerto, imap_tls = excluded.imap_tls, imap_usuario = excluded.imap_usuario,
          imap_clave = excluded.imap_clave, modificado_en = now()
        returning id, coalesce((select imap_host <> ${c.imap_host} or imap_usuario <> ${c.imap_usuario} from antes), false) as cambio`,
  );
  return { id: r!.id, cambioServidor: r!.cambio };
}

/** Another server or user is another box: what was copied from the old one goes. */
export async function vaciarCuenta(tx: Tx, idCuenta: number): Promise<void> {
  await tx.execute(sql`delete from correo_carpeta where id_cuenta = ${idCuenta}`);
  await tx.execute(
    sql`update correo_cuenta set sincronizado_en = null, ultimo_error = null, error_en = null where id = ${idCuenta}`,
  );
}

export async function marcarSincronizada(tx: Tx, idCuenta: number, error: string | null): Promise<void> {
  await tx.execute(
    error === null
      ? sql`update correo_cuenta set sincronizado_en = now(), ultimo_error = null, error_en = null where id = ${idCuenta}`
      : sql`update correo_cuenta set ultimo_error = ${error}, error_en = now() where id = ${idCuenta}`,
  );
}

/** The server's folders: new ones added, gone ones removed (their messages with them). */
export async function guardarCarpetas(
  tx: Tx,
  idCuenta: number,
  carpetas: { ruta: string; nombre: string; uso_especial: string | null }[],
): Promise<Map<string, number>> {
  const rutas = carpetas.map((c) => c.ruta);
  await tx.execute(sql`delete from correo_carpeta where id_cuenta = ${idCuenta} and not (ruta = any(${arreglo(rutas)}))`);
  const ids = new Map<string, number>();
  for (const c of carpetas) {
    const [r] = await queryRows<{ id: number }>(
      tx,
      sql`insert into correo_carpeta (id_cuenta, ruta, nombre, uso_especial) values (${idCuenta}, ${c.ruta}, ${c.nombre}, ${c.uso_especial})
          on conflict (id_cuenta, ruta) do update set nombre = excluded.nombre, uso_especial = excluded.uso_especial
          returning id`,
    );
    ids.set(c.ruta, r!.id);
  }
  return ids;
}

export async function estadoCarpeta(tx: Tx, id: number): Promise<{ uidvalidity: string | null; uidnext: string | null } | null> {
  const [r] = await queryRows<{ uidvalidity: string | null; uidnext: string | null }>(
    tx,
    sql`select uidvalidity::text, uidnext::text from correo_carpeta where id = ${id}`,
  );
  return r ?? null;
}

/** UIDVALIDITY changed: the old UIDs mean nothing now, so the folder is copied again from the start. */
export async function reiniciarCarpeta(tx: Tx, id: number, uidvalidity: string): Promise<void> {
  await tx.execute(sql`delete from correo_mensaje where id_carpeta = ${id}`);
  await tx.execute(sql`update correo_carpeta set uidvalidity = ${uidvalidity}::bigint, uidnext = 1, total = 0 where id = ${id}`);
}

export async function avanzarCarpeta(tx: Tx, id: number, uidnext: number, total: number): Promise<void> {
  await tx.execute(sql`update correo_carpeta set uidnext = ${uidnext}, total = ${total} where id = ${id}`);
}

export type NuevoMensaje = {
  uid: number;
  message_id: string | null;
  in_reply_to: string | null;
  referencias: string[];
  hilo: string;
  de_correo: string;
  de_nombre: string;
  para: string;
  cc: string;
  asunto: string;
  asunto_base: string;
  fecha: Date | null;
  texto: string;
  html: string | null;
  imagenes_remotas: boolean;
  adjuntos: AdjuntoRecibido[];
  flags: string[];
  leido: boolean;
  id_tercero: number | null;
};

/**
 * The conversation a message belongs to: that of a message it answers or cites (In-Reply-To, then
 * References), else — for a reply whose client dropped those headers — that of the latest message with
 * the same subject; else a new one, named after the first message it cites or its own Message-ID.
 */
async function hiloDe(tx: Tx, idCuenta: number, m: Omit<NuevoMensaje, 'hilo' | 'id_tercero'>, clave: string): Promise<string> {
  const citados = [...(m.in_reply_to ? [m.in_reply_to] : []), ...m.referencias.slice().reverse()];
  if (citados.length > 0) {
    const [r] = await queryRows<{ hilo: string }>(
      tx,
      sql`select hilo from correo_mensaje where id_cuenta = ${idCuenta}
            and (message_id = any(${arreglo(citados)}) or hilo = any(${arreglo(citados)}))
          order by array_position(${arreglo(citados)}, message_id) nulls last, fecha limit 1`,
    );
    if (r) return r.hilo;
  }
  if (m.asunto_base && m.asunto_base !== m.asunto.trim().replace(/\s+/g, ' ').toLowerCase()) {
    const [r] = await queryRows<{ hilo: string }>(
      tx,
      sql`select hilo from correo_mensaje where id_cuenta = ${idCuenta} and asunto_base = ${m.asunto_base}
          order by fecha desc nulls last limit 1`,
    );
    if (r) return r.hilo;
  }
  return m.referencias[0] ?? m.in_reply_to ?? m.message_id ?? clave;
}

async function terceroPorCorreo(tx: Tx, correo: string): Promise<number | null> {
  if (!correo) return null;
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`select id from terceros where lower(email) = ${correo} or lower(email_corporativo) = ${correo} order by id limit 1`,
  );
  return r?.id ?? null;
}

/** Writes a batch of a folder and how far it got: running it twice writes nothing twice. */
export async function guardarMensajes(
  tx: Tx,
  o: {
    idCuenta: number;
    idCarpeta: number;
    uidvalidity: string;
    mensajes: (Omit<NuevoMensaje, 'hilo' | 'id_tercero'> & { otro: string })[];
    uidnext: number;
  },
): Promise<void> {
  for (const { otro, ...m } of o.mensajes) {
    const hilo = await hiloDe(tx, o.idCuenta, m, `${o.idCarpeta}:${o.uidvalidity}:${m.uid}`);
    const idTercero = await terceroPorCorreo(tx, otro);
    await tx.execute(sql`insert into correo_mensaje (id_cuenta, id_carpeta, uid, uidvalidity, message_id, in_reply_to,
        referencias, hilo, de_correo, de_nombre, para, cc, asunto, asunto_base, fecha, texto, html, imagenes_remotas,
        adjuntos, flags, leido, id_tercero)
      values (${o.idCuenta}, ${o.idCarpeta}, ${m.uid}, ${o.uidvalidity}::bigint, ${m.message_id}, ${m.in_reply_to},
        ${arreglo(m.referencias)}, ${hilo}, ${m.de_correo}, ${m.de_nombre}, ${m.para}, ${m.cc}, ${m.asunto}, ${m.asunto_base},
        ${m.fecha ? m.fecha.toISOString() : null}::timestamptz, ${m.texto}, ${m.html}, ${m.imagenes_remotas},
        ${JSON.stringify(m.adjuntos)}::jsonb, ${arreglo(m.flags)}, ${m.leido}, ${idTercero})
      on conflict (id_carpeta, uidvalidity, uid) do nothing`);
  }
  await tx.execute(sql`update correo_carpeta set uidnext = greatest(coalesce(uidnext, 1), ${o.uidnext}),
      total = (select count(*) from correo_mensaje where id_carpeta = ${o.idCarpeta}) where id = ${o.idCarpeta}`);
}

const ORDEN_CARPETAS = sql`case uso_especial when '\\Inbox' then 0 when '\\Sent' then 1 when '\\Drafts' then 2
  when '\\Junk' then 3 when '\\Trash' then 4 else 5 end`;

export async function carpetas(tx: Tx, idCuenta: number): Promise<CarpetaCorreo[]> {
  return queryRows<CarpetaCorreo>(
    tx,
    sql`select c.id, c.ruta, c.nombre, c.uso_especial, c.total::int,
               (select count(*)::int from correo_mensaje m where m.id_carpeta = c.id and not m.leido) as sin_leer
        from correo_carpeta c where c.id_cuenta = ${idCuenta}
        order by case when upper(c.ruta) = 'INBOX' then -1 else ${ORDEN_CARPETAS} end, c.ruta`,
  );
}

export async function hilos(
  tx: Tx,
  o: { idCuenta: number; idCarpeta: number; page: number; pageSize: number; q?: string | undefined },
): Promise<{ items: HiloCorreo[]; total: number }> {
  const filtro = o.q
    ? sql`and (m.asunto ilike ${`%${o.q}%`} or m.de_correo ilike ${`%${o.q}%`} or m.de_nombre ilike ${`%${o.q}%`})`
    : sql``;
  const base = sql`from correo_mensaje m where m.id_cuenta = ${o.idCuenta} and m.id_carpeta = ${o.idCarpeta} ${filtro}`;
  const [t] = await queryRows<{ total: number }>(tx, sql`select count(distinct m.hilo)::int as total ${base}`);
  const items = await queryRows<HiloCorreo>(
    tx,
    sql`select distinct on (m.hilo) m.hilo, m.id::int as id_ultimo, m.asunto,
               case when m.de_nombre <> '' then m.de_nombre else m.de_correo end as de,
               to_char(m.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha,
               count(*) over (partition by m.hilo)::int as mensajes,
               (count(*) filter (where not m.leido) over (partition by m.hilo))::int as sin_leer,
               bool_or(jsonb_array_length(m.adjuntos) > 0) over (partition by m.hilo) as con_adjuntos
        ${base} order by m.hilo, m.fecha desc nulls last, m.id desc`,
  );
  items.sort((a, b) => (b.fecha ?? '').localeCompare(a.fecha ?? '') || b.id_ultimo - a.id_ultimo);
  const desde = (o.page - 1) * o.pageSize;
  return { items: items.slice(desde, desde + o.pageSize), total: t?.total ?? 0 };
}

const COLUMNAS_MENSAJE = sql`m.id::int as id, m.hilo, c.nombre as carpeta, m.message_id, m.de_correo, m.de_nombre, m.para, m.cc,
  m.asunto, to_char(m.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha, m.texto, m.html,
  m.imagenes_remotas, m.adjuntos, m.leido, m.id_tercero, t.nombre as tercero_nombre,
  (select s.numero from solicitud s where s.id = m.id_solicitud) as solicitud_numero`;

export async function mensaje(tx: Tx, idCuenta: number, id: number): Promise<(MensajeCorreo & { referencias: string[] }) | null> {
  const [m] = await queryRows<MensajeCorreo & { referencias: string[] }>(
    tx,
    sql`select ${COLUMNAS_MENSAJE}, m.referencias from correo_mensaje m join correo_carpeta c on c.id = m.id_carpeta
        left join terceros t on t.id = m.id_tercero where m.id_cuenta = ${idCuenta} and m.id = ${id}`,
  );
  return m ?? null;
}

/** The document number of a linked tercero: what the template fields are filled from. */
export async function nroIdTercero(tx: Tx, idTercero: number): Promise<string | null> {
  const [t] = await queryRows<{ nro_id: string }>(tx, sql`select nro_id from terceros where id = ${idTercero}`);
  return t?.nro_id ?? null;
}

export async function mensajesDelHilo(tx: Tx, idCuenta: number, hilo: string): Promise<MensajeCorreo[]> {
  return queryRows<MensajeCorreo>(
    tx,
    sql`select ${COLUMNAS_MENSAJE} from correo_mensaje m join correo_carpeta c on c.id = m.id_carpeta
        left join terceros t on t.id = m.id_tercero where m.id_cuenta = ${idCuenta} and m.hilo = ${hilo}
        order by m.fecha nulls first, m.id`,
  );
}

export async function marcarLeido(tx: Tx, idCuenta: number, hilo: string, leido = true): Promise<number> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update correo_mensaje set leido = ${leido} where id_cuenta = ${idCuenta} and hilo = ${hilo} and leido <> ${leido} returning id`,
  );
  return r.length;
}

/**
 * Messages whose read state in Predio differs from the \Seen flag last seen on the server: what the
 * write-back job still has to do, by folder.
 */
export async function pendientesDeMarcar(
  tx: Tx,
  idCuenta: number,
): Promise<{ id: number; ruta: string; uidvalidity: string; uid: number; leido: boolean }[]> {
  const r = await queryRows<{ id: number; ruta: string; uidvalidity: string; uid: string; leido: boolean }>(
    tx,
    sql`select m.id::int as id, c.ruta, m.uidvalidity::text, m.uid::text, m.leido from correo_mensaje m
        join correo_carpeta c on c.id = m.id_carpeta
        where m.id_cuenta = ${idCuenta} and m.leido <> ('\\Seen' = any (m.flags)) order by c.ruta, m.uid`,
  );
  return r.map((x) => ({ ...x, uid: Number(x.uid) }));
}

/** The server now has the flag: kept as it is there, so the message is no longer pending. */
export async function flagGuardado(tx: Tx, ids: number[], leido: boolean): Promise<void> {
  if (ids.length === 0) return;
  const lista = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await tx.execute(
    leido
      ? sql`update correo_mensaje set flags = array_append(flags, '\\Seen') where id in (${lista}) and not ('\\Seen' = any (flags))`
      : sql`update correo_mensaje set flags = array_remove(flags, '\\Seen') where id in (${lista})`,
  );
}

export async function vincularTercero(tx: Tx, idCuenta: number, correo: string, idTercero: number): Promise<void> {
  await tx.execute(
    sql`update correo_mensaje set id_tercero = ${idTercero} where id_cuenta = ${idCuenta} and id_tercero is null and de_correo = ${correo}`,
  );
}

/** The received e-mails of a tercero, for its history. */
/** The messages from a tercero in one user's box: a box is personal, colleagues do not read it. */
export async function deTercero(tx: Tx, idTercero: number, idUsuario: number): Promise<CorreoRecibido[]> {
  return queryRows(
    tx,
    sql`select m.id::int as id, m.asunto, m.de_correo, to_char(m.fecha at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as fecha
        from correo_mensaje m join correo_cuenta c on c.id = m.id_cuenta and c.id_usuario = ${idUsuario}
        where m.id_tercero = ${idTercero} order by m.fecha desc nulls last limit 200`,
  );
}

/** Where a message of the box lives on the server, to fetch one of its attachments. */
export async function ubicacion(
  tx: Tx,
  idCuenta: number,
  id: number,
): Promise<{ ruta: string; uidvalidity: string; uid: number; adjuntos: AdjuntoRecibido[] } | null> {
  const [m] = await queryRows<{ ruta: string; uidvalidity: string; uid: string; adjuntos: AdjuntoRecibido[] }>(
    tx,
    sql`select c.ruta, m.uidvalidity::text, m.uid::text, m.adjuntos from correo_mensaje m
        join correo_carpeta c on c.id = m.id_carpeta where m.id_cuenta = ${idCuenta} and m.id = ${id}`,
  );
  return m ? { ...m, uid: Number(m.uid) } : null;
}

/** The solicitud a message became (once only: a second request finds it set). */
export async function vincularSolicitud(tx: Tx, idCuenta: number, id: number, numero: number): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update correo_mensaje set id_solicitud = (select s.id from solicitud s where s.numero = ${numero})
        where id_cuenta = ${idCuenta} and id = ${id} and id_solicitud is null returning id`,
  );
  return r.length > 0;
}

/** Every box with a password, of every company (run as the owner: the hourly pass). */
export async function cuentasConClave(tx: Tx): Promise<{ id: number; id_empresa: number }[]> {
  return queryRows<{ id: number; id_empresa: number }>(tx, sql`select id, id_empresa from correo_cuenta where imap_clave <> ''`);
}
