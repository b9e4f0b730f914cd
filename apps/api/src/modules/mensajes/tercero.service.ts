import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  infoSms,
  siguienteHoraContacto,
  type MensajeDeRegistro,
  type SmsEncolado,
  type SmsTercero,
} from '@predio/contract/mensajes';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { cargarDatos } from '../../platform/documentos/contextos.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { llenarPlantilla } from '../../platform/mensajes/plantillas.ts';
import { canalActivo, encolarMensaje, normalizarTelefono } from '../../platform/mensajes/salida.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './mensajes.repo.ts';

/*
 * An SMS to a tercero from its record: a client, so the rules of Colombia apply. Ley 1581: only to a
 * tercero who authorised the use of their data («Sin autorización de datos» are refused). Ley 2300: queued
 * until the next allowed hour. CRC: the SMS names the company. The message stays in the tercero's history.
 */

type Tercero = { nro_id: string; nombre: string; celular: string; autoriza: boolean };

export async function enviarSms(
  o: Scope & { user: Principal; idTercero: number; body: SmsTercero; ahora?: Date },
): Promise<SmsEncolado> {
  const [t] = await queryRows<Tercero>(
    o.tx,
    sql`select nro_id, nombre, celular, aut_manejo_datos_personales as autoriza from terceros where id = ${o.idTercero}`,
  );
  if (!t) throw noEncontrado(`El tercero ${o.idTercero}`);
  if (!t.autoriza)
    throw new AppError(
      CODES.VALIDACION,
      `${t.nombre} no autorizó el tratamiento de sus datos (Ley 1581 de 2012): no se le pueden enviar mensajes.`,
      [{ campo: 'nro_id', mensaje: 'sin autorización de datos' }],
    );
  if (!t.celular.trim()) throw invalido('celular', `${t.nombre} no tiene celular registrado`);
  const para = normalizarTelefono(t.celular);
  if (!para) throw invalido('celular', `«${t.celular}» no es un número de celular válido`);
  if (!(await canalActivo(o.tx, 'sms')))
    throw new AppError(CODES.VALIDACION, 'No hay proveedor de SMS activo: configúrelo en Correos › Configurar mensajes.');

  const [{ nombre: empresa } = { nombre: '' }] = await queryRows<{ nombre: string }>(
    o.tx,
    sql`select nombre from empresa limit 1`,
  );
  let texto = o.body.texto ?? '';
  let plantilla: string | null = null;
  if (o.body.clave) {
    const p = await repo.libre(o.tx, Number(o.body.clave.slice('libre-'.length)));
    if (!p) throw noEncontrado('La plantilla');
    if (p.tipo !== 'tercero' && p.tipo !== 'ninguno') throw invalido('clave', 'la plantilla no se llena con un tercero');
    const datos = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: p.tipo, registro: t.nro_id });
    texto = (await llenarPlantilla(p, { tipo: p.tipo, datos, notificacion: false })).sms;
    if (!texto) throw invalido('clave', 'la plantilla no tiene texto de SMS');
    plantilla = o.body.clave;
  }
  // CRC Res. 6522/2022: the receiver must know who writes.
  if (empresa && !texto.toLocaleLowerCase('es-CO').includes(empresa.toLocaleLowerCase('es-CO'))) texto = `${empresa}: ${texto}`;

  const id = await encolarMensaje(o, {
    canal: 'sms',
    para,
    texto,
    origen: 'tercero',
    idUsuario: o.user.idUsuario,
    plantilla,
    entidad: 'tercero',
    entidadId: String(o.idTercero),
    aCliente: true,
  });
  const ahora = o.ahora ?? new Date();
  const cuando = siguienteHoraContacto(ahora);
  return {
    id,
    para,
    texto,
    segmentos: infoSms(texto).segmentos,
    programado_para: cuando.toISOString(),
    aplazado: cuando.getTime() > ahora.getTime(),
  };
}

/** The e-mails and SMS about a record, newest first. */
export async function historial(o: { tx: Tx; entidad: string; entidadId: string }): Promise<MensajeDeRegistro[]> {
  const filas = await queryRows<MensajeDeRegistro & { creado_en: Date | string }>(
    o.tx,
    sql`select * from (
          select c.id::int as id, c.creado_en, c.id_usuario, c.para, c.asunto, 'correo'::text as canal,
                 case when c.estado in ('pendiente', 'enviando') then 'en_cola' when c.estado = 'error' then 'fallido' else c.estado end as estado,
                 c.ultimo_error as error
            from correo_salida c where c.entidad = ${o.entidad} and c.entidad_id = ${o.entidadId}
          union all
          select m.id::int, m.creado_en, m.id_usuario, m.para, m.texto, m.canal,
                 case when m.estado = 'enviando' then 'en_cola' else m.estado end, m.ultimo_error
            from mensaje_salida m where m.entidad = ${o.entidad} and m.entidad_id = ${o.entidadId}
        ) b
        left join lateral (select coalesce(nullif(t.nombre, ''), nullif(u.nombre, ''), u.usuario) as usuario
                           from usuarios u left join terceros t on t.id_empresa = u.id_empresa and t.nro_id = u.nro_id
                           where u.id = b.id_usuario) q on true
        order by b.creado_en desc limit 100`,
  );
  return filas.map((f) => ({
    id: f.id,
    creado_en: new Date(f.creado_en).toISOString(),
    usuario: f.usuario ?? 'Sistema',
    para: f.para,
    asunto: f.asunto,
    canal: f.canal,
    estado: f.estado,
    error: f.error,
  }));
}
