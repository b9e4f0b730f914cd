import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_ESTADO_COTIZACION,
  TIPO_CARTA_MANTENIMIENTO,
  type CotizacionForm,
  type CotizacionPortal,
  type DecisionCotizacion,
  type SolicitudMantenimientoGestion,
} from '@predio/contract/zona-clientes';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as repo from './cotizaciones.repo.ts';
import * as zonaRepo from './zona-clientes.repo.ts';
import { exigirAutorizacion, obtener, quienesAtienden } from './zona-clientes.service.ts';

// Quotes of a maintenance request (issue 31): staff send one, the property's owner approves or rejects it
// in the portal with a comment, staff get the decision. The tenant sees the steps, never the amount.

export const ENTIDAD_COTIZACION = 'cotizacion_mantenimiento';
export const { TIPO_DUENO_COTIZACION } = repo;

type Aviso = Scope & { hub: Hub; mailer: Despertador };
type Staff = Aviso & { user: Principal; ip: string };

const pesos = (n: number) => `$ ${n.toLocaleString('es-CO')}`;
/** A request in these estados takes no new quote: it is over. */
const CERRADAS = new Set(['resuelta', 'cerrada', 'rechazada']);

/** A quote of the request, for the PDF's owner checks; another request's quote is not found. */
export async function deSolicitudOFalla(tx: Tx, consecutivo: number, id: number) {
  const s = await zonaRepo.solicitud(tx, consecutivo);
  if (!s) throw noEncontrado(`La solicitud de mantenimiento ${consecutivo}`);
  const c = await repo.una(tx, s.id, id);
  if (!c) throw noEncontrado(`La cotización ${id}`);
  return { s, c };
}

/**
 * Staff attach a quote to a request and send it to the property's owners that have a portal account
 * (e-mail through the outbox). The tenant's timeline says a quote went to the owner, without figures.
 */
export async function crear(
  o: Staff & { consecutivo: number; body: CotizacionForm; urlBase: string },
): Promise<SolicitudMantenimientoGestion> {
  const s = await zonaRepo.solicitud(o.tx, o.consecutivo);
  if (!s) throw noEncontrado(`La solicitud de mantenimiento ${o.consecutivo}`);
  if (CERRADAS.has(s.estado))
    throw new AppError(CODES.CONFLICTO, `La solicitud ${s.consecutivo} ya terminó (${s.estado}): no admite cotizaciones.`);
  const proveedor = await zonaRepo.tercero(o.tx, o.body.id_proveedor);
  if (!proveedor) throw invalido('id_proveedor', 'El campo Proveedor no es un tercero de esta empresa');
  if (await repo.hayPendiente(o.tx, s.id))
    throw new AppError(
      CODES.CONFLICTO,
      'Ya hay una cotización esperando la decisión del propietario: anúlela antes de enviar otra.',
    );
  const id = await repo.crear(o.tx, {
    idSolicitud: s.id,
    valor: o.body.valor,
    idProveedor: proveedor.id,
    descripcion: o.body.descripcion,
    usuario: o.user.usuario,
  });
  await zonaRepo.evento(o.tx, {
    idSolicitud: s.id,
    tipo: 'cotizacion',
    texto: 'Cotización enviada al propietario para su aprobación',
    visible: true,
    autor: o.user.usuario,
  });
  const empresa = await zonaRepo.nombreEmpresa(o.tx);
  const duenos = await repo.propietariosPortal(o.tx, s.id_inmueble);
  for (const d of duenos)
    await encolarCorreo(o, {
      para: d.email,
      asunto: `${empresa || 'Su inmobiliaria'}: cotización por aprobar, solicitud N.º ${s.consecutivo}`,
      texto: [
        `${d.nombre}:`,
        `Para la solicitud de mantenimiento N.º ${s.consecutivo} en ${s.inmueble} recibimos esta cotización:`,
        `Valor: ${pesos(o.body.valor)}\nProveedor: ${proveedor.nombre}\n${o.body.descripcion}`,
        `Apruébela o recházela en su zona clientes: ${o.urlBase}/zona-clientes/${o.user.idEmpresa}`,
      ].join('\n\n'),
      origen: 'zona_clientes',
      idUsuario: o.user.idUsuario || null,
      entidad: ENTIDAD_COTIZACION,
      entidadId: String(id),
    });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'crear',
    entidad: ENTIDAD_COTIZACION,
    entidadId: String(id),
    cambios: {
      solicitud: { antes: null, despues: s.consecutivo },
      valor: { antes: null, despues: o.body.valor },
      id_proveedor: { antes: null, despues: proveedor.id },
      avisados: { antes: null, despues: duenos.length },
    },
    ip: o.ip,
  });
  return obtener(o);
}

/** Staff void a pending quote (a wrong figure, a better supplier): the owner no longer sees it. */
export async function anular(o: Staff & { consecutivo: number; id: number }): Promise<SolicitudMantenimientoGestion> {
  const { s, c } = await deSolicitudOFalla(o.tx, o.consecutivo, o.id);
  if (!(await repo.decidir(o.tx, c.id, { estado: 'anulada', comentario: '', idCliente: null })))
    throw new AppError(CODES.CONFLICTO, `La cotización ${c.id} ya está ${ETIQUETAS_ESTADO_COTIZACION[c.estado].toLowerCase()}.`);
  await zonaRepo.evento(o.tx, {
    idSolicitud: s.id,
    tipo: 'cotizacion',
    texto: `Cotización de ${pesos(c.valor)} anulada`,
    visible: false,
    autor: o.user.usuario,
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'anular',
    entidad: ENTIDAD_COTIZACION,
    entidadId: String(c.id),
    cambios: { estado: { antes: c.estado, despues: 'anulada' } },
    ip: o.ip,
  });
  return obtener(o);
}

/** The PDF's checks: only a pending quote takes or loses its file. */
export async function soloPendiente(tx: Tx, clave: string): Promise<void> {
  const [c] = await repo.porId(tx, Number(clave));
  if (c && c.estado !== 'pendiente')
    throw new AppError(CODES.CONFLICTO, `La cotización ${c.id} ya fue decidida: su PDF no cambia.`);
}

// ---- Portal: the property's owner ----

/** The owner sees the quote, not our internal ids nor which staff member wrote it or who decided it. */
const paraPortal = ({
  id_solicitud: _s,
  id_inmueble: _i,
  id_proveedor: _p,
  creado_por: _c,
  decidido_por: _d,
  ...c
}: CotizacionPortal & {
  id_solicitud: number;
  id_inmueble: number;
  id_proveedor: number;
  creado_por?: string;
  decidido_por?: string | null;
}): CotizacionPortal => c;

export async function paraCliente(o: { tx: Tx; cliente: ClientePortal }): Promise<CotizacionPortal[]> {
  await exigirAutorizacion(o);
  return (await repo.paraPropietario(o.tx, o.cliente.idTercero)).map(paraPortal);
}

/** A quote of a property the client owns; a tenant's, another owner's or another company's is not found. */
async function delCliente(tx: Tx, cliente: ClientePortal, id: number) {
  const c = await repo.delPropietario(tx, cliente.idTercero, id);
  if (!c) throw noEncontrado(`La cotización ${id}`);
  return c;
}

export async function pdfCliente(o: { tx: Tx; cliente: ClientePortal; id: number }) {
  await exigirAutorizacion(o);
  const c = await delCliente(o.tx, o.cliente, o.id);
  const f = c.pdf ? await archivosRepo.deDueno(o.tx, TIPO_DUENO_COTIZACION, String(c.id), c.pdf.id) : null;
  if (!f) throw noEncontrado(`El PDF de la cotización ${o.id}`);
  return f;
}

/**
 * The owner approves or rejects a pending quote with a comment. Approving moves the request to «Aprobada
 * por el propietario»; the tenant sees that step (no amount, no comment); staff get a notice (type 701,
 * in the app and by e-mail as each one chose) and the audit log keeps who decided and from where.
 */
export async function decidir(
  o: Aviso & { cliente: ClientePortal; id: number; body: DecisionCotizacion; ip: string },
): Promise<CotizacionPortal> {
  await exigirAutorizacion(o);
  const c = await delCliente(o.tx, o.cliente, o.id);
  const comentario = (o.body.comentario ?? '').trim();
  if (!(await repo.decidir(o.tx, c.id, { estado: o.body.decision, comentario, idCliente: o.cliente.idCliente })))
    throw new AppError(CODES.CONFLICTO, `La cotización ya está ${ETIQUETAS_ESTADO_COTIZACION[c.estado].toLowerCase()}.`);
  const s = (await zonaRepo.solicitud(o.tx, c.consecutivo))!;
  const aprobada = o.body.decision === 'aprobada';
  const autor = o.cliente.nombre;
  await zonaRepo.evento(o.tx, {
    idSolicitud: s.id,
    tipo: 'cotizacion',
    texto: aprobada ? 'El propietario aprobó la cotización' : 'El propietario no aprobó la cotización',
    visible: true,
    autor,
  });
  if (comentario)
    await zonaRepo.evento(o.tx, {
      idSolicitud: s.id,
      tipo: 'comentario',
      texto: `Comentario del propietario sobre la cotización de ${pesos(c.valor)}: ${comentario}`,
      visible: false,
      autor,
    });
  // An approved quote is the repair's cost, paid by the owner who approved it, unless staff set another.
  if (aprobada && s.costo === null)
    await zonaRepo.ponerCosto(o.tx, s.id, {
      costo: c.valor,
      paga: 'propietario',
      idProveedor: s.id_proveedor ?? c.id_proveedor,
      usuario: `zona clientes: ${o.cliente.email}`,
    });
  if (aprobada && (s.estado === 'recibida' || s.estado === 'en_revision')) {
    await zonaRepo.cambiar(o.tx, s.id, { estado: 'aprobada', usuario: `zona clientes: ${o.cliente.email}` });
    await zonaRepo.evento(o.tx, { idSolicitud: s.id, tipo: 'estado', estado: 'aprobada', texto: '', visible: true, autor });
  }
  const equipo = await quienesAtienden(o.tx);
  const asignado = equipo.find((u) => u.id === s.id_asignado);
  for (const u of asignado ? [asignado] : equipo)
    await notificar(o, {
      idEmpresa: o.cliente.idEmpresa,
      idUsuario: u.id,
      tipoCarta: TIPO_CARTA_MANTENIMIENTO,
      titulo: `Cotización ${aprobada ? 'aprobada' : 'rechazada'}: solicitud ${s.consecutivo}`,
      cuerpo: `${o.cliente.nombre} ${aprobada ? 'aprobó' : 'rechazó'} la cotización de ${pesos(c.valor)} (${c.proveedor}) para ${s.inmueble}${comentario ? `: «${comentario.slice(0, 300)}»` : '.'}`,
      enlace: `/zonaclientes/solicitudesmantenimiento?abrir=${s.consecutivo}`,
    });
  await registrarAuditoria(o.tx, {
    idUsuario: null,
    usuario: `zona clientes: ${o.cliente.email}`,
    accion: aprobada ? 'aprobar' : 'rechazar',
    entidad: ENTIDAD_COTIZACION,
    entidadId: String(c.id),
    cambios: { estado: { antes: c.estado, despues: o.body.decision }, comentario: { antes: '', despues: comentario } },
    ip: o.ip,
  });
  return paraPortal((await repo.delPropietario(o.tx, o.cliente.idTercero, c.id))!);
}
