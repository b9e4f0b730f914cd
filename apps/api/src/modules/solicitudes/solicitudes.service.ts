import { IDM_CLIENTES_ATENDIDOS, ZClienteForm } from '@predio/contract/clientes';
import { CODES } from '@predio/contract/codes';
import type { ListResult } from '@predio/contract/list';
import { hasIdm } from '@predio/contract/menu';
import {
  COMO_LLEGO,
  ESTADOS_CERRADOS,
  ESTADOS_CON_ASIGNADO,
  ETIQUETAS_SOLICITUD,
  IDM_SOLICITUDES,
  etiquetaCanal,
  etiquetaEstado,
  etiquetaPortal,
  etiquetaTipo,
  gestionDeTipo,
  nombreSolicitante,
  type AsignarSolicitud,
  type Canal,
  type ConvertirSolicitud,
  type CambioEstadoSolicitud,
  type SolicitudActualizar,
  type SolicitudDetalle,
  type SolicitudForm,
  type SolicitudResumen,
  type SolicitudesExportarQuery,
  type SolicitudesQuery,
  type TerceroSolicitud,
  type UsuarioAsignable,
} from '@predio/contract/solicitudes';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria, type Cambios } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { errorPg, PG } from '../../platform/errors/db-errors.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarPorPartes } from '../../platform/tabular/por-partes.ts';
import type { Scope } from '../../platform/tenant.ts';
import * as clientes from '../clientes/clientes.service.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './solicitudes.repo.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
/** Writes that may notify someone: the notification goes out after commit. */
type ConAviso = Escritura & Scope & { hub: Hub; mailer: Despertador };

const ENTIDAD = 'solicitudes';
const L = ETIQUETAS_SOLICITUD;
/** notificacion_tipo 303 'Nueva solicitud' (migration 0002): "…y se la asignan". */
export const TIPO_CARTA_SOLICITUD = 303;
const EXPORT_MAX = 50_000;
export const enlaceSolicitud = (numero: number) => `/propiedades/solicitudes?abrir=${numero}`;

// A foreign key the form can break, and the field to name in the message.
const CAMPO_FK: Record<string, string> = {
  solicitud_id_tercero_fk: 'id_tercero',
  solicitud_id_inmueble_fk: 'consecutivo_inmueble',
  solicitud_id_asignado_fk: 'id_asignado',
};

async function escribiendo<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const pg = errorPg(e);
    const campo = pg?.code === PG.LLAVE_FORANEA ? CAMPO_FK[pg.constraint ?? ''] : undefined;
    if (campo) throw invalido(campo, `El campo ${L[campo as keyof typeof L]} no existe en esta empresa`);
    throw e;
  }
}

async function filaOError(tx: Tx, numero: number, bloquear = false): Promise<repo.FilaSolicitud> {
  const f = await repo.porNumero(tx, numero, bloquear);
  if (!f) throw noEncontrado(`La solicitud ${numero}`);
  return f;
}

async function detalle(tx: Tx, f: repo.FilaSolicitud): Promise<SolicitudDetalle> {
  const r = await repo.resumen(tx, f.numero);
  if (!r) throw noEncontrado(`La solicitud ${f.numero}`);
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  return {
    ...r,
    observacion: f.observacion,
    version: f.version,
    creado_por: f.creado_por,
    creado_en: iso(f.creado_en) ?? '',
    modificado_por: f.modificado_por,
    modificado_en: iso(f.modificado_en),
    historial: await repo.historial(tx, f.id),
  };
}

const auditar = (o: Escritura, accion: string, numero: number, cambios: Cambios | Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(numero),
    cambios,
    ip: o.ip,
  });

const quien = (o: Escritura) => ({ idUsuario: o.user.idUsuario || null, usuario: o.user.usuario });

/** The property's id by its consecutivo (the form picks properties by consecutivo). */
async function idInmueble(tx: Tx, consecutivo: number | null): Promise<number | null> {
  if (consecutivo === null) return null;
  const i = await repo.inmueblePorConsecutivo(tx, consecutivo);
  if (!i) throw invalido('consecutivo_inmueble', `El inmueble ${consecutivo} no existe en esta empresa`);
  return i.id;
}

async function validarTercero(tx: Tx, id: number | null) {
  if (id !== null && !(await repo.terceroExiste(tx, id)))
    throw invalido('id_tercero', `El campo ${L.id_tercero} no existe en esta empresa`);
}

/** An active user who may open solicitudes: the ones a request can be assigned to, and who hear of new ones. */
export const puedeAtender = (u: repo.UsuarioEmpresa) => u.activo && hasIdm(u.permisos, IDM_SOLICITUDES);

/** The assignee: an active user of this company who may open solicitudes (otherwise they could not see it). */
async function asignable(tx: Tx, id: number): Promise<repo.UsuarioEmpresa> {
  const u = await repo.usuario(tx, id);
  if (!u) throw invalido('id_asignado', `El campo ${L.id_asignado} no es un usuario de esta empresa`);
  if (!u.activo) throw invalido('id_asignado', `El usuario ${u.nombre} está inactivo`);
  if (!hasIdm(u.permisos, IDM_SOLICITUDES))
    throw invalido('id_asignado', `El usuario ${u.nombre} no tiene permiso para ver solicitudes`);
  return u;
}

async function avisarAsignado(o: ConAviso, numero: number, asignado: repo.UsuarioEmpresa, s: { tipo: string; nombre: string }) {
  // Taking a request oneself needs no notice.
  if (asignado.id === o.user.idUsuario) return;
  await notificar(o, {
    idEmpresa: o.user.idEmpresa,
    idUsuario: asignado.id,
    tipoCarta: TIPO_CARTA_SOLICITUD,
    titulo: `Solicitud ${numero} asignada`,
    cuerpo: `${o.user.usuario} le asignó la solicitud ${numero} (${etiquetaTipo(s.tipo).toLowerCase()}) de ${s.nombre}.`,
    enlace: enlaceSolicitud(numero),
  });
}

function valores(form: Omit<SolicitudForm, 'id_asignado'>, idInm: number | null) {
  return {
    canal: form.canal,
    portal: form.canal === 'portal' ? form.portal : null,
    tipo: form.tipo,
    id_tercero: form.id_tercero,
    contacto_nombre: form.contacto_nombre,
    contacto_telefono: form.contacto_telefono,
    contacto_email: form.contacto_email,
    id_inmueble: idInm,
    mensaje: form.mensaje,
  };
}

/**
 * For requests other modules create (a portal's contacts): a note in a request's history by its number,
 * and the users who may attend requests (the ones told of a request nobody was assigned).
 */
export async function anotar(tx: Tx, numero: number, nota: string, usuario: string): Promise<void> {
  const f = await filaOError(tx, numero);
  await repo.registrarHistorial(tx, { idSolicitud: f.id, tipo: 'nota', nota, idUsuario: null, usuario });
}
export const quienesAtienden = async (tx: Tx) => (await repo.usuariosActivos(tx)).filter(puedeAtender);
/** The user if active and allowed to open requests (so a request may be assigned to them), else null. */
export async function siAtiende(tx: Tx, id: number | null): Promise<repo.UsuarioEmpresa | null> {
  if (id === null) return null;
  const u = await repo.usuario(tx, id);
  return u && puedeAtender(u) ? u : null;
}

export async function crear(o: ConAviso & { body: SolicitudForm }): Promise<SolicitudDetalle> {
  await validarTercero(o.tx, o.body.id_tercero);
  const idInm = await idInmueble(o.tx, o.body.consecutivo_inmueble);
  const asignado = o.body.id_asignado === null ? null : await asignable(o.tx, o.body.id_asignado);
  const numero = await siguiente(o.tx, { serie: 'solicitud' });
  const estado = asignado ? 'asignada' : 'nueva';
  const id = await escribiendo(() =>
    repo.insertar(o.tx, {
      ...valores(o.body, idInm),
      numero,
      estado,
      id_asignado: asignado?.id ?? null,
      ...(o.body.fecha_recepcion ? { fecha_recepcion: new Date(o.body.fecha_recepcion) } : {}),
      creado_por: o.user.usuario,
    }),
  );
  await repo.registrarHistorial(o.tx, {
    idSolicitud: id,
    tipo: 'creacion',
    estadoNuevo: 'nueva',
    nota: `Recibida ${COMO_LLEGO[o.body.canal]}${o.body.portal ? ` (${etiquetaPortal(o.body.portal)})` : ''}`,
    ...quien(o),
  });
  if (asignado)
    await repo.registrarHistorial(o.tx, {
      idSolicitud: id,
      tipo: 'asignacion',
      estadoAnterior: 'nueva',
      estadoNuevo: 'asignada',
      idAsignadoNuevo: asignado.id,
      ...quien(o),
    });
  const d = await detalle(o.tx, await filaOError(o.tx, numero));
  await auditar(o, 'crear', numero, diferencias(null, d));
  if (asignado) await avisarAsignado(o, numero, asignado, { tipo: d.tipo, nombre: nombreSolicitante(d) });
  return d;
}

export async function obtener(o: Base & { numero: number }): Promise<SolicitudDetalle> {
  return detalle(o.tx, await filaOError(o.tx, o.numero));
}

const CAMPOS_DIFF = [
  'canal',
  'portal',
  'tipo',
  'estado',
  'contacto_nombre',
  'contacto_telefono',
  'contacto_email',
  'mensaje',
  'observacion',
  'fecha_recepcion',
] as const;

function diferencias(antes: SolicitudDetalle | null, despues: SolicitudDetalle): Cambios {
  const plano = (d: SolicitudDetalle | null) =>
    d === null
      ? {}
      : {
          ...Object.fromEntries(CAMPOS_DIFF.map((k) => [k, d[k]])),
          id_tercero: d.tercero?.id ?? null,
          consecutivo_inmueble: d.inmueble?.consecutivo ?? null,
          id_asignado: d.asignado?.id ?? null,
          id_cliente_atendido: d.cliente_atendido?.id ?? null,
        };
  const a: Record<string, unknown> = plano(antes);
  const b: Record<string, unknown> = plano(despues);
  const out: Cambios = {};
  for (const k of Object.keys(b)) {
    const va = a[k] ?? null;
    const vb = b[k] ?? null;
    if (JSON.stringify(va) !== JSON.stringify(vb)) out[k] = { antes: va, despues: vb };
  }
  return out;
}

function modificada(antes: repo.FilaSolicitud): AppError {
  const por = antes.modificado_por ? ` (${antes.modificado_por})` : '';
  return new AppError(
    CODES.CONFLICTO,
    `La solicitud fue modificada por otro usuario${por} mientras usted la editaba. Recárguela para ver los cambios y vuelva a guardar.`,
    [{ campo: 'version', mensaje: 'la solicitud cambió desde que se abrió el formulario' }],
  );
}

const CAMPOS_EDITABLES: Record<string, string> = {
  canal: L.canal,
  portal: L.portal,
  tipo: L.tipo,
  id_tercero: L.id_tercero,
  contacto_nombre: L.contacto_nombre,
  contacto_telefono: L.contacto_telefono,
  contacto_email: L.contacto_email,
  consecutivo_inmueble: L.consecutivo_inmueble,
  fecha_recepcion: L.fecha_recepcion,
  mensaje: L.mensaje,
};

export async function actualizar(o: Escritura & { numero: number; body: SolicitudActualizar }): Promise<SolicitudDetalle> {
  const antes = await filaOError(o.tx, o.numero, true);
  const { version, ...form } = o.body;
  if (antes.version !== version) throw modificada(antes);
  await validarTercero(o.tx, form.id_tercero);
  const idInm = await idInmueble(o.tx, form.consecutivo_inmueble);
  const dAntes = await detalle(o.tx, antes);
  const ok = await escribiendo(() =>
    repo.actualizar(o.tx, antes.id, version, {
      ...valores(form, idInm),
      ...(form.fecha_recepcion ? { fecha_recepcion: new Date(form.fecha_recepcion) } : {}),
      modificado_por: o.user.usuario,
      modificado_en: new Date(),
    }),
  );
  if (!ok) throw modificada(antes);
  const d = await detalle(o.tx, await filaOError(o.tx, o.numero));
  const cambios = diferencias(dAntes, d);
  const nombres = Object.keys(cambios)
    .map((k) => CAMPOS_EDITABLES[k])
    .filter(Boolean);
  if (nombres.length > 0) {
    await repo.registrarHistorial(o.tx, {
      idSolicitud: antes.id,
      tipo: 'edicion',
      nota: `Cambió: ${nombres.join(', ')}`,
      ...quien(o),
    });
    await auditar(o, 'actualizar', o.numero, cambios);
    return detalle(o.tx, await filaOError(o.tx, o.numero));
  }
  return d;
}

export async function asignar(o: ConAviso & { numero: number; body: AsignarSolicitud }): Promise<SolicitudDetalle> {
  const antes = await filaOError(o.tx, o.numero, true);
  if (ESTADOS_CERRADOS.includes(antes.estado as never))
    throw invalido(
      'id_asignado',
      `La solicitud está ${etiquetaEstado(antes.estado).toLowerCase()}: vuelva a abrirla (en trámite) antes de reasignarla`,
    );
  const u = await asignable(o.tx, o.body.id_asignado);
  if (antes.id_asignado === u.id) throw invalido('id_asignado', `La solicitud ya está asignada a ${u.nombre}`);
  const estado = antes.estado === 'nueva' ? 'asignada' : antes.estado;
  const dAntes = await detalle(o.tx, antes);
  await repo.actualizar(o.tx, antes.id, null, {
    id_asignado: u.id,
    estado,
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await repo.registrarHistorial(o.tx, {
    idSolicitud: antes.id,
    tipo: 'asignacion',
    estadoAnterior: antes.estado as never,
    estadoNuevo: estado as never,
    idAsignadoAnterior: antes.id_asignado,
    idAsignadoNuevo: u.id,
    nota: o.body.nota,
    ...quien(o),
  });
  const d = await detalle(o.tx, await filaOError(o.tx, o.numero));
  await auditar(o, 'asignar', o.numero, { ...diferencias(dAntes, d), ...(o.body.nota ? { nota: o.body.nota } : {}) });
  await avisarAsignado(o, o.numero, u, { tipo: d.tipo, nombre: nombreSolicitante(d) });
  return d;
}

export async function cambiarEstado(o: Escritura & { numero: number; body: CambioEstadoSolicitud }): Promise<SolicitudDetalle> {
  const antes = await filaOError(o.tx, o.numero, true);
  const { estado, observacion } = o.body;
  if (antes.estado === estado) throw invalido('estado', `La solicitud ya está ${etiquetaEstado(estado).toLowerCase()}`);
  if (ESTADOS_CON_ASIGNADO.includes(estado) && antes.id_asignado === null)
    throw invalido('estado', `Asigne la solicitud a alguien antes de pasarla a ${etiquetaEstado(estado).toLowerCase()}`);
  if (estado === 'nueva' && antes.id_asignado !== null)
    throw invalido('estado', 'Una solicitud asignada no vuelve a nueva: reasígnela o cámbiela a en trámite');
  const dAntes = await detalle(o.tx, antes);
  await repo.actualizar(o.tx, antes.id, null, {
    estado,
    // The observation of the last closing stays on the request; reopening keeps it for the record.
    ...(ESTADOS_CERRADOS.includes(estado) ? { observacion } : {}),
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await repo.registrarHistorial(o.tx, {
    idSolicitud: antes.id,
    tipo: 'estado',
    estadoAnterior: antes.estado as never,
    estadoNuevo: estado,
    nota: observacion,
    ...quien(o),
  });
  const d = await detalle(o.tx, await filaOError(o.tx, o.numero));
  await auditar(o, 'cambiar estado', o.numero, diferencias(dAntes, d));
  return d;
}

export async function agregarNota(o: Escritura & { numero: number; nota: string }): Promise<SolicitudDetalle> {
  const f = await filaOError(o.tx, o.numero, true);
  await repo.registrarHistorial(o.tx, { idSolicitud: f.id, tipo: 'nota', nota: o.nota, ...quien(o) });
  await auditar(o, 'nota', o.numero, { nota: o.nota });
  return detalle(o.tx, f);
}

/** The request's day in Colombia (a call at 8 p.m. came in that day, not the next one in UTC). */
const diaBogota = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(d);

/**
 * A request becomes a lead (cliente atendido) through the clientes module's own create, so the lead
 * gets its number, audit and the asesor's notice there; the request keeps the link and the history.
 */
export async function convertir(o: ConAviso & { numero: number; body: ConvertirSolicitud }): Promise<SolicitudDetalle> {
  if (!hasIdm(o.user.permisos, IDM_CLIENTES_ATENDIDOS))
    throw new AppError(CODES.SIN_PERMISO, 'Para convertir la solicitud necesita el permiso de Clientes atendidos.');
  const f = await filaOError(o.tx, o.numero, true);
  if (f.id_cliente_atendido !== null) {
    const c = (await detalle(o.tx, f)).cliente_atendido;
    throw new AppError(
      CODES.CONFLICTO,
      `La solicitud ${o.numero} ya se convirtió en el cliente atendido ${c?.consecutivo ?? ''}.`,
    );
  }
  const idTercero = o.body.id_tercero ?? f.id_tercero;
  if (idTercero === null)
    throw invalido('id_tercero', `Elija el ${L.id_tercero} del cliente atendido (o créelo con los datos del contacto)`);
  await validarTercero(o.tx, idTercero);
  const inmueble = f.id_inmueble === null ? null : await repo.inmueblePorId(o.tx, f.id_inmueble);
  const gestion = o.body.gestion ?? gestionDeTipo(f.tipo as never) ?? inmueble?.gestion ?? null;
  if (gestion === null) throw invalido('gestion', 'Elija la gestión que busca el cliente: arriendo, venta o ambas');
  const lead = ZClienteForm.safeParse({
    id_tercero: idTercero,
    gestion,
    id_asesor: f.id_asignado,
    fecha_ingreso: diaBogota(f.fecha_recepcion),
    observaciones:
      `Solicitud ${o.numero} (${etiquetaTipo(f.tipo)}, recibida ${COMO_LLEGO[f.canal as Canal]}): ${f.mensaje}`.slice(0, 5000),
    // The property asked about says what and where the client is looking for.
    tipos: inmueble ? [inmueble.tipo] : [],
    municipios: inmueble ? [inmueble.id_municipio] : [],
  });
  if (!lead.success) {
    const i = lead.error.issues[0];
    throw invalido(String(i?.path[0] ?? 'gestion'), i?.message ?? 'no es válido');
  }
  const c = await clientes.crear({ ...o, body: lead.data });
  const dAntes = await detalle(o.tx, f);
  await repo.actualizar(o.tx, f.id, null, {
    id_cliente_atendido: c.id,
    id_tercero: idTercero,
    modificado_por: o.user.usuario,
    modificado_en: new Date(),
  });
  await repo.registrarHistorial(o.tx, {
    idSolicitud: f.id,
    tipo: 'conversion',
    nota: `Cliente atendido ${c.consecutivo} (${c.tercero.nombre})`,
    ...quien(o),
  });
  const d = await detalle(o.tx, await filaOError(o.tx, o.numero));
  await auditar(o, 'convertir', o.numero, diferencias(dAntes, d));
  return d;
}

export async function listar(o: Base & { query: SolicitudesQuery }): Promise<ListResult<SolicitudResumen>> {
  const { page, pageSize, sort, order, ...filtro } = o.query;
  const { filas, total } = await repo.listar(o.tx, {
    ...filtro,
    sort: sort ?? 'numero',
    order: order ?? 'desc',
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: filas, total };
}

const COLUMNAS: { label: string; celda: (s: SolicitudResumen) => Celda }[] = [
  { label: L.numero, celda: (s) => s.numero },
  { label: L.fecha_recepcion, celda: (s) => new Date(s.fecha_recepcion) },
  { label: L.canal, celda: (s) => etiquetaCanal(s.canal) },
  { label: L.portal, celda: (s) => (s.portal ? etiquetaPortal(s.portal) : '') },
  { label: L.tipo, celda: (s) => etiquetaTipo(s.tipo) },
  { label: L.estado, celda: (s) => etiquetaEstado(s.estado) },
  { label: 'Documento del tercero', celda: (s) => s.tercero?.nro_id ?? '' },
  { label: 'Solicitante', celda: (s) => nombreSolicitante(s) },
  { label: 'Teléfono', celda: (s) => s.contacto_telefono || s.tercero?.celular || '' },
  { label: 'Correo', celda: (s) => s.contacto_email || s.tercero?.email || '' },
  { label: 'Inmueble', celda: (s) => s.inmueble?.consecutivo ?? null },
  { label: 'Dirección del inmueble', celda: (s) => s.inmueble?.direccion ?? '' },
  { label: L.id_asignado, celda: (s) => s.asignado?.nombre ?? '' },
  { label: 'Cliente atendido', celda: (s) => s.cliente_atendido?.consecutivo ?? null },
  { label: L.mensaje, celda: (s) => s.mensaje },
];

/** The filter's export: its numbers now, its rows a page per transaction after the commit (docs/platform.md). */
export async function exportar(
  o: Base & { query: SolicitudesExportarQuery },
): Promise<{ escribir: (db: Database, idEmpresa: number) => Promise<Archivo> }> {
  const { formato, sort, order, ...filtro } = o.query;
  const numeros = await repo.numerosEnOrden(o.tx, {
    ...filtro,
    sort: sort ?? 'numero',
    order: order ?? 'desc',
    limit: EXPORT_MAX + 1,
    offset: 0,
  });
  if (numeros.length > EXPORT_MAX) {
    const total = await repo.contar(o.tx, filtro);
    throw new AppError(
      CODES.VALIDACION,
      `La exportación admite máximo ${EXPORT_MAX.toLocaleString('es-CO')} filas y el filtro tiene ${total.toLocaleString('es-CO')}: filtre la lista.`,
    );
  }
  return {
    escribir: (db, idEmpresa) =>
      exportarPorPartes({
        db,
        idEmpresa,
        ids: numeros,
        leer: async (tx, parte) =>
          (await repo.porNumeros(tx, parte)).map((s) => ({ id: s.numero, celdas: COLUMNAS.map((c) => c.celda(s)) })),
        encabezados: COLUMNAS.map((c) => c.label),
        base: 'solicitudes',
        titulo: 'Solicitudes',
        formato,
      }),
  };
}

/** Who may take a request: active users whose permisos include solicitudes. */
export async function asignables(o: Base): Promise<UsuarioAsignable[]> {
  return (await repo.usuariosActivos(o.tx)).filter(puedeAtender).map((u) => ({ id: u.id, nombre: u.nombre, usuario: u.usuario }));
}

export function terceros(o: Base & { q: string | undefined }): Promise<TerceroSolicitud[]> {
  return repo.buscarTerceros(o.tx, o.q);
}

/** The count of a filtered list, for the home page's counters. */
export { contar as contarSolicitudes } from './solicitudes.repo.ts';
