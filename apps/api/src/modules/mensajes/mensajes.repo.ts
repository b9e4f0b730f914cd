import { sql } from 'drizzle-orm';
import type { ConfigMensajes, EjemploNotificacion } from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Plantilla } from '../../platform/mensajes/plantillas.ts';

export type FilaPlantilla = Plantilla & {
  id: number;
  tipo_carta: number | null;
  nombre: string;
  tipo: 'ninguno' | 'inmueble' | 'tercero' | 'cliente';
  actualizado: string;
  actualizado_por: string;
};

const COLUMNAS = sql`id, tipo_carta, nombre, tipo, asunto, html, texto, sms, whatsapp_plantilla, whatsapp_parametros,
  to_char(actualizado at time zone 'America/Bogota', 'YYYY-MM-DD"T"HH24:MI:SS') as actualizado, actualizado_por`;

export type TipoNotificacion = { tipo_carta: number; titulo: string; modulo_label: string };

/** Every notification type, in the order of Mis notificaciones. */
export const tiposNotificacion = (tx: Tx) =>
  queryRows<TipoNotificacion>(
    tx,
    sql`select tipo_carta, titulo, modulo_label from notificacion_tipo order by modulo_orden, orden, tipo_carta`,
  );

export const tipoNotificacion = async (tx: Tx, tipoCarta: number): Promise<TipoNotificacion | null> =>
  (
    await queryRows<TipoNotificacion>(
      tx,
      sql`select tipo_carta, titulo, modulo_label from notificacion_tipo where tipo_carta = ${tipoCarta}`,
    )
  )[0] ?? null;

export const todas = (tx: Tx) =>
  queryRows<FilaPlantilla>(tx, sql`select ${COLUMNAS} from mensaje_plantilla order by lower(nombre), id`);

export const deNotificacion = async (tx: Tx, tipoCarta: number): Promise<FilaPlantilla | null> =>
  (await queryRows<FilaPlantilla>(tx, sql`select ${COLUMNAS} from mensaje_plantilla where tipo_carta = ${tipoCarta}`))[0] ?? null;

export const libre = async (tx: Tx, id: number): Promise<FilaPlantilla | null> =>
  (
    await queryRows<FilaPlantilla>(tx, sql`select ${COLUMNAS} from mensaje_plantilla where id = ${id} and tipo_carta is null`)
  )[0] ?? null;

type Valores = Plantilla & { nombre: string; tipo: string };

export async function guardarNotificacion(tx: Tx, tipoCarta: number, v: Valores, usuario: string): Promise<void> {
  await tx.execute(sql`insert into mensaje_plantilla
      (tipo_carta, nombre, tipo, asunto, html, texto, sms, whatsapp_plantilla, whatsapp_parametros, actualizado_por)
    values (${tipoCarta}, ${v.nombre}, 'ninguno', ${v.asunto}, ${v.html}, ${v.texto}, ${v.sms}, ${v.whatsapp_plantilla},
      ${JSON.stringify(v.whatsapp_parametros)}::jsonb, ${usuario})
    on conflict (id_empresa, tipo_carta) where tipo_carta is not null do update set
      asunto = excluded.asunto, html = excluded.html, texto = excluded.texto, sms = excluded.sms,
      whatsapp_plantilla = excluded.whatsapp_plantilla, whatsapp_parametros = excluded.whatsapp_parametros,
      actualizado = now(), actualizado_por = excluded.actualizado_por`);
}

export async function insertarLibre(tx: Tx, v: Valores, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into mensaje_plantilla (nombre, tipo, asunto, html, texto, sms, whatsapp_plantilla, whatsapp_parametros, actualizado_por)
        values (${v.nombre}, ${v.tipo}, ${v.asunto}, ${v.html}, ${v.texto}, ${v.sms}, ${v.whatsapp_plantilla},
          ${JSON.stringify(v.whatsapp_parametros)}::jsonb, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function actualizarLibre(tx: Tx, id: number, v: Valores, usuario: string): Promise<boolean> {
  const r = await queryRows<{ id: number }>(
    tx,
    sql`update mensaje_plantilla set nombre = ${v.nombre}, tipo = ${v.tipo}, asunto = ${v.asunto}, html = ${v.html},
          texto = ${v.texto}, sms = ${v.sms}, whatsapp_plantilla = ${v.whatsapp_plantilla},
          whatsapp_parametros = ${JSON.stringify(v.whatsapp_parametros)}::jsonb, actualizado = now(), actualizado_por = ${usuario}
        where id = ${id} and tipo_carta is null returning id`,
  );
  return r.length > 0;
}

export async function eliminarNotificacion(tx: Tx, tipoCarta: number): Promise<boolean> {
  return (
    (await queryRows<{ id: number }>(tx, sql`delete from mensaje_plantilla where tipo_carta = ${tipoCarta} returning id`))
      .length > 0
  );
}

export async function eliminarLibre(tx: Tx, id: number): Promise<boolean> {
  return (
    (await queryRows<{ id: number }>(tx, sql`delete from mensaje_plantilla where id = ${id} and tipo_carta is null returning id`))
      .length > 0
  );
}

export const ejemplos = (tx: Tx, tipoCarta: number) =>
  queryRows<EjemploNotificacion>(
    tx,
    sql`select id::int as id, titulo, to_char(creada_en at time zone 'America/Bogota', 'YYYY-MM-DD"T"HH24:MI:SS') as creada_en
        from notificacion where tipo_carta = ${tipoCarta} order by id desc limit 20`,
  );

export type NotificacionGuardada = { id_usuario: number; titulo: string; cuerpo: string; enlace: string | null; fecha: string };
export const notificacionPorId = async (tx: Tx, tipoCarta: number, id: number): Promise<NotificacionGuardada | null> =>
  (
    await queryRows<NotificacionGuardada>(
      tx,
      sql`select id_usuario, titulo, cuerpo, enlace, to_char(creada_en at time zone 'America/Bogota', 'YYYY-MM-DD') as fecha
          from notificacion where id = ${id} and tipo_carta = ${tipoCarta}`,
    )
  )[0] ?? null;

export async function leerConfig(tx: Tx): Promise<ConfigMensajes> {
  const [r] = await queryRows<ConfigMensajes>(tx, sql`select remitente_nombre, firma from mensaje_config limit 1`);
  return r ?? { remitente_nombre: '', firma: '' };
}

export async function guardarConfig(tx: Tx, c: ConfigMensajes): Promise<void> {
  await tx.execute(sql`insert into mensaje_config (remitente_nombre, firma) values (${c.remitente_nombre}, ${c.firma})
    on conflict (id_empresa) do update set remitente_nombre = excluded.remitente_nombre, firma = excluded.firma`);
}

export async function firmaDe(tx: Tx, idUsuario: number): Promise<string> {
  const [r] = await queryRows<{ firma: string }>(tx, sql`select firma from usuario_firma where id_usuario = ${idUsuario}`);
  return r?.firma ?? '';
}

export async function guardarFirma(tx: Tx, idUsuario: number, firma: string): Promise<void> {
  await tx.execute(sql`insert into usuario_firma (id_usuario, firma) values (${idUsuario}, ${firma})
    on conflict (id_empresa, id_usuario) do update set firma = excluded.firma`);
}
