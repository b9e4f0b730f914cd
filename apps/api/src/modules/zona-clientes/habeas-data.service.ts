import { CODES } from '@predio/contract/codes';
import { sumarDiasHabiles } from '@predio/contract/gestion-documental-configuracion';
import { hasIdm } from '@predio/contract/menu';
import {
  DIAS_HABILES_HABEAS_DATA,
  ETIQUETAS_TIPO_HABEAS_DATA,
  IDM_CONFIGURAR_ZONA_CLIENTES,
  type HabeasDataForm,
  type RespuestaHabeasData,
  type SolicitudHabeasData,
  type SolicitudHabeasDataStaff,
  type TipoHabeasData,
} from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './habeas-data.repo.ts';
import * as zonaRepo from './zona-clientes.repo.ts';

// Habeas data (Ley 1581 de 2012): what a client asks about their personal data, and the staff's answer.

export const ENTIDAD_HABEAS_DATA = 'solicitud_habeas_data';

type Aviso = Scope & { hub: Hub; mailer: Despertador };

const hoyBogota = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const fechaBogota = (d: string | Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'long' }).format(new Date(d));

/** The last business day to answer a request of this type that arrives today (Bogotá). */
export const venceEl = (tipo: TipoHabeasData, hoy = hoyBogota()) => sumarDiasHabiles(hoy, DIAS_HABILES_HABEAS_DATA[tipo]);

/*
 * The right to ask exists before and after accepting the policy (revoking it, above all): these
 * endpoints do not wait for the client's authorisation, unlike the rest of the portal.
 */

export const deCliente = (o: { tx: Tx; cliente: ClientePortal }): Promise<SolicitudHabeasData[]> =>
  repo.deCliente(o.tx, o.cliente.idCliente);

/** A client files a request; staff who configure the zona clientes get an in-app notice. */
export async function crear(
  o: Aviso & { cliente: ClientePortal; body: HabeasDataForm; ip: string },
): Promise<SolicitudHabeasData[]> {
  const tipo = o.body.tipo as TipoHabeasData;
  const vence = venceEl(tipo);
  const id = await repo.crear(o.tx, {
    idCliente: o.cliente.idCliente,
    tipo,
    descripcion: o.body.descripcion,
    venceEl: vence,
    ip: o.ip,
  });
  for (const u of (await zonaRepo.usuarios(o.tx)).filter((x) => x.activo && hasIdm(x.permisos, IDM_CONFIGURAR_ZONA_CLIENTES)))
    await notificar(o, {
      idEmpresa: o.cliente.idEmpresa,
      idUsuario: u.id,
      tipoCarta: null,
      titulo: `Solicitud de datos personales: ${ETIQUETAS_TIPO_HABEAS_DATA[tipo].toLowerCase()}`,
      cuerpo: `${o.cliente.nombre} la registró en la zona clientes. Respóndala a más tardar el ${vence} (Ley 1581 de 2012).`,
      enlace: '/zonaclientes/configurarzonaclientes',
    });
  await registrarAuditoria(o.tx, {
    idUsuario: null,
    usuario: `zona clientes: ${o.cliente.email}`,
    accion: 'crear',
    entidad: ENTIDAD_HABEAS_DATA,
    entidadId: String(id),
    cambios: { tipo: { antes: null, despues: tipo }, vence_el: { antes: null, despues: vence } },
    ip: o.ip,
  });
  return deCliente(o);
}

export const listar = (o: { tx: Tx }): Promise<SolicitudHabeasDataStaff[]> => repo.listar(o.tx);

/** Staff answer once; the client reads it in the portal and gets it by e-mail (outbox). */
export async function responder(
  o: Aviso & { user: Principal; ip: string; id: number; body: RespuestaHabeasData; urlBase: string },
): Promise<SolicitudHabeasDataStaff> {
  const h = await repo.una(o.tx, o.id);
  if (!h) throw noEncontrado(`La solicitud de datos personales ${o.id}`);
  if (!(await repo.responder(o.tx, h.id, { respuesta: o.body.respuesta, usuario: o.user.usuario })))
    throw new AppError(CODES.CONFLICTO, `La solicitud de datos personales ${h.id} ya fue respondida.`);
  const empresa = await zonaRepo.nombreEmpresa(o.tx);
  await encolarCorreo(o, {
    para: h.email,
    asunto: `${empresa || 'Su inmobiliaria'}: respuesta a su solicitud sobre sus datos personales`,
    texto: [
      `${h.cliente}:`,
      `Respondimos su solicitud «${ETIQUETAS_TIPO_HABEAS_DATA[h.tipo]}» del ${fechaBogota(h.creado_en)}:`,
      o.body.respuesta,
      `También puede leerla en su zona clientes: ${o.urlBase}/zona-clientes/${o.user.idEmpresa}`,
    ].join('\n\n'),
    origen: 'zona_clientes',
    idUsuario: o.user.idUsuario || null,
    entidad: ENTIDAD_HABEAS_DATA,
    entidadId: String(h.id),
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'responder',
    entidad: ENTIDAD_HABEAS_DATA,
    entidadId: String(h.id),
    cambios: { estado: { antes: 'recibida', despues: 'respondida' } },
    ip: o.ip,
  });
  return (await repo.una(o.tx, h.id))!;
}
