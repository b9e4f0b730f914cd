import { sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { infoSms, siguienteHoraContacto, type CanalMensaje } from '@predio/contract/mensajes';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { invalido } from '../errors/app-error.ts';
import { encolar } from '../jobs/trabajos.ts';
import type { Scope } from '../tenant.ts';
import type { Cifrador } from './cifrado.ts';
import { crearProveedor, ErrorProveedor, type AjustesProveedor, type Proveedor } from './proveedores.ts';

/*
 * The outbox of SMS and WhatsApp messages (issue 27 §2): a row per message, written in the caller's
 * transaction with a job (`mensajes.enviar`) that sends it through the company's provider, retried with
 * backoff by platform/jobs, then «fallido» with the reason.
 */

export const TRABAJO_ENVIAR_MENSAJE = 'mensajes.enviar';
export const MAX_INTENTOS_MENSAJE = 5;

/** A Colombian number by default (+57); null when it is not a possible mobile/phone number. */
export function normalizarTelefono(numero: string, pais: 'CO' = 'CO'): string | null {
  const n = parsePhoneNumberFromString(numero.trim(), pais);
  return n && n.isValid() ? n.number : null;
}

export type NuevoMensaje = {
  canal: CanalMensaje;
  para: string;
  texto: string;
  whatsappPlantilla?: string;
  whatsappParametros?: string[];
  origen: string;
  idUsuario?: number | null;
  tipoCarta?: number | null;
  plantilla?: string | null;
  entidad?: string | null;
  entidadId?: string | null;
  /** To a client: Ley 2300 hours apply. Staff notices to staff are not restricted. */
  aCliente: boolean;
};

/** Queues a message and its job in the caller's transaction; the number is normalised (+57 by default). */
export async function encolarMensaje(o: Scope, m: NuevoMensaje): Promise<number> {
  const para = normalizarTelefono(m.para);
  if (!para) throw invalido('para', `«${m.para}» no es un número de teléfono válido`);
  const [r] = await queryRows<{ id: number }>(
    o.tx,
    sql`insert into mensaje_salida (canal, para, texto, whatsapp_plantilla, whatsapp_parametros, origen, id_usuario, tipo_carta,
          plantilla, entidad, entidad_id, a_cliente, segmentos)
        values (${m.canal}, ${para}, ${m.texto}, ${m.whatsappPlantilla ?? ''}, ${JSON.stringify(m.whatsappParametros ?? [])}::jsonb,
          ${m.origen}, ${m.idUsuario ?? null}, ${m.tipoCarta ?? null}, ${m.plantilla ?? null}, ${m.entidad ?? null},
          ${m.entidadId ?? null}, ${m.aCliente}, ${m.canal === 'sms' ? infoSms(m.texto).segmentos : null})
        returning id::int as id`,
  );
  await encolar(o.tx, { tipo: TRABAJO_ENVIAR_MENSAJE, datos: { id: r!.id }, clave: `mensaje:${r!.id}` });
  return r!.id;
}

/** The company's active provider for a channel, with its secret decrypted; null when there is none. */
export async function proveedorDe(tx: Tx, canal: CanalMensaje, cifrador: Cifrador): Promise<AjustesProveedor | null> {
  const [p] = await queryRows<{ proveedor: string; ajustes: Record<string, string>; credenciales: string }>(
    tx,
    sql`select proveedor, ajustes, credenciales from mensaje_proveedor where canal = ${canal} and activo`,
  );
  if (!p) return null;
  const secreto = cifrador.descifrar(p.credenciales);
  if (secreto === null)
    throw new ErrorProveedor(
      'Las credenciales guardadas no se pueden leer (¿cambió MENSAJES_CLAVE?): escríbalas de nuevo',
      false,
    );
  return {
    proveedor: p.proveedor,
    url: p.ajustes.url || undefined,
    remitente: p.ajustes.remitente ?? '',
    cuerpo: p.ajustes.cuerpo ?? '',
    cabecera: p.ajustes.cabecera ?? '',
    secreto,
  };
}

/** Whether the company can send on a channel (an active provider). */
export async function canalActivo(tx: Tx, canal: CanalMensaje): Promise<boolean> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from mensaje_proveedor where canal = ${canal} and activo`,
  );
  return (r?.n ?? 0) > 0;
}

type Fila = {
  canal: CanalMensaje;
  para: string;
  texto: string;
  whatsapp_plantilla: string;
  whatsapp_parametros: string[];
  estado: string;
  a_cliente: boolean;
};

export type OpcionesEnvio = {
  db: Database;
  cifrador: Cifrador;
  idEmpresa: number;
  id: number;
  intento: number;
  maxIntentos: number;
  signal?: AbortSignal;
  /** The clock (tests give a fixed one for Ley 2300). */
  ahora?: () => Date;
  /** Tests replace the provider built from the company's settings. */
  proveedor?: (a: AjustesProveedor) => Proveedor;
};

const marcar = (tx: Tx, id: number, estado: string, error: string | null) =>
  tx.execute(sql`update mensaje_salida set estado = ${estado}, ultimo_error = ${error} where id = ${id}`);

/**
 * The job's work for one message. A message already sent (an earlier attempt that succeeded before its
 * process died) is not sent again; one to a client outside the Ley 2300 hours is put off to the next
 * allowed instant with a job of its own; a provider's error that may pass is thrown for the runner to
 * retry with backoff, and on the last attempt (or one that will not pass) the message is «fallido».
 */
export async function enviarMensaje(o: OpcionesEnvio): Promise<Record<string, unknown>> {
  const ahora = (o.ahora ?? (() => new Date()))();
  const previo = await o.db.tenant(o.idEmpresa, async (tx) => {
    const [m] = await queryRows<Fila>(
      tx,
      sql`select canal, para, texto, whatsapp_plantilla, whatsapp_parametros, estado, a_cliente
          from mensaje_salida where id = ${o.id} for update`,
    );
    if (!m || !['en_cola', 'enviando'].includes(m.estado)) return { omitir: m?.estado ?? 'no existe' } as const;
    if (m.a_cliente) {
      const cuando = siguienteHoraContacto(ahora);
      if (cuando.getTime() > ahora.getTime()) {
        await tx.execute(
          sql`update mensaje_salida set programado_para = ${cuando.toISOString()}::timestamptz where id = ${o.id}`,
        );
        await encolar(tx, {
          tipo: TRABAJO_ENVIAR_MENSAJE,
          datos: { id: o.id },
          ejecutarEn: cuando,
          clave: `mensaje:${o.id}@${cuando.toISOString()}`,
        });
        return { aplazado: cuando.toISOString() } as const;
      }
    }
    let ajustes: AjustesProveedor | null;
    try {
      ajustes = await proveedorDe(tx, m.canal, o.cifrador);
    } catch (e) {
      await marcar(tx, o.id, 'fallido', (e as Error).message);
      return { omitir: 'fallido' } as const;
    }
    if (!ajustes) {
      await marcar(
        tx,
        o.id,
        'fallido',
        m.canal === 'sms' ? 'No hay proveedor de SMS configurado' : 'No hay proveedor de WhatsApp configurado',
      );
      return { omitir: 'fallido' } as const;
    }
    await tx.execute(
      sql`update mensaje_salida set estado = 'enviando', intentos = intentos + 1, proveedor = ${ajustes.proveedor} where id = ${o.id}`,
    );
    return { m, ajustes } as const;
  });
  if ('omitir' in previo || 'aplazado' in previo) return previo;

  const { m, ajustes } = previo;
  try {
    const p = (o.proveedor ?? crearProveedor)(ajustes);
    const r = await p.enviar(
      {
        para: m.para,
        texto: m.texto,
        whatsappPlantilla: m.whatsapp_plantilla,
        whatsappParametros: m.whatsapp_parametros,
        referencia: `predio-${o.id}`,
      },
      o.signal,
    );
    await o.db.tenant(o.idEmpresa, (tx) =>
      tx.execute(sql`update mensaje_salida set estado = 'enviado', enviado_en = now(), ultimo_error = null, id_externo = ${r.idExterno},
          segmentos = coalesce(${r.segmentos}, segmentos), costo = ${r.costo} where id = ${o.id}`),
    );
    return { enviado: o.id, idExterno: r.idExterno };
  } catch (e) {
    const error = e instanceof ErrorProveedor ? e : new ErrorProveedor(e instanceof Error ? e.message : String(e), true);
    const final = !error.reintentable || o.intento >= o.maxIntentos;
    await o.db.tenant(o.idEmpresa, (tx) => marcar(tx, o.id, final ? 'fallido' : 'en_cola', error.message.slice(0, 500)));
    if (final) return { fallido: o.id, error: error.message };
    throw error;
  }
}
