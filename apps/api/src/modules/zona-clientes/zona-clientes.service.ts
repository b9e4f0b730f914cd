import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import {
  ETIQUETAS_CATEGORIA,
  ENLACE_INGRESO_MINUTOS,
  ETIQUETAS_ESTADO_MANTENIMIENTO,
  ETIQUETAS_SECCION_PORTAL,
  IDM_SOLICITUDES_MANTENIMIENTO,
  MENSAJE_ENLACE_INGRESO,
  SECCIONES_INICIALES,
  SECCIONES_PORTAL,
  TIPOS_CLIENTE_PORTAL,
  type SeccionPortal,
  INVITACION_HORAS,
  MENSAJE_RECUPERAR,
  RECUPERAR_HORAS,
  SESION_PORTAL_DIAS,
  TIPO_CARTA_MANTENIMIENTO,
  type ConfigZonaClientes,
  type ConfigZonaClientesForm,
  type ConfigZonaClientesPantalla,
  type MantenimientoComentario,
  type SolicitudMantenimiento,
  type MantenimientoForm,
  type MantenimientoQuery,
  type PortalInfo,
  type PortalYo,
  type SolicitudMantenimientoDetalle,
  type SolicitudMantenimientoGestion,
} from '@predio/contract/zona-clientes';
import type { Database, Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { hashClave, hashSeñuelo, verificarClave } from '../../platform/auth/passwords.ts';
import type { ClientePortal } from '../../platform/auth/portal.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import {
  estadoLogin,
  limpiarFallosLogin,
  loginKeys,
  minutosBloqueo,
  registrarFallo,
  registrarFalloLogin,
} from '../../platform/auth/throttle.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { Config } from '../../config.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import * as repo from './zona-clientes.repo.ts';
import type { z } from 'zod';
import type { ZCostoMantenimiento } from '@predio/contract/zona-clientes';

type CostoMantenimientoDatos = z.output<typeof ZCostoMantenimiento>;
import * as cotizacionesRepo from './cotizaciones.repo.ts';
import * as documentosRepo from './documentos.repo.ts';
import { firmadoParaCliente, firmadosParaTercero } from '../firmas/firmas.service.ts';
import { archivoParaCliente, paraCliente } from '../inventarios/inventarios.service.ts';

export const ENTIDAD = 'zona_clientes';
export const TIPO_DUENO_MANTENIMIENTO = 'solicitud_mantenimiento';

type Aviso = Scope & { hub: Hub; mailer: Despertador };
type Staff = Aviso & { user: Principal; ip: string };

const CONFIG_INICIAL: ConfigZonaClientes = {
  activo: false,
  titulo: 'Zona clientes',
  bienvenida: '',
  politica: '',
  version_politica: 1,
  secciones: SECCIONES_INICIALES,
  avisar_cliente: true,
  receptores: [],
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

// ---- Configuration (499) ----

export async function leerConfig(o: { tx: Tx }): Promise<ConfigZonaClientes> {
  return (await repo.config(o.tx)) ?? CONFIG_INICIAL;
}

/** The configuration for its screen, with the users who may receive requests (to choose among them). */
export async function configPantalla(o: { tx: Tx }): Promise<ConfigZonaClientesPantalla> {
  const atienden = (await todosLosQueAtienden(o.tx)).map((u) => ({ id: u.id, nombre: u.nombre }));
  return { ...(await leerConfig(o)), atienden };
}

export async function guardarConfig(o: Staff & { body: ConfigZonaClientesForm }): Promise<ConfigZonaClientesPantalla> {
  const antes = await leerConfig(o);
  const atienden = new Set((await todosLosQueAtienden(o.tx)).map((u) => u.id));
  const ajeno = o.body.receptores.find((id) => !atienden.has(id));
  if (ajeno !== undefined)
    throw invalido(
      'receptores',
      'El campo Reciben las solicitudes debe tener solo usuarios activos con Solicitudes de mantenimiento',
    );
  await repo.guardarConfig(o.tx, o.body, o.user.usuario);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'configurar',
    entidad: ENTIDAD,
    cambios: {
      activo: { antes: antes.activo, despues: o.body.activo },
      titulo: { antes: antes.titulo, despues: o.body.titulo },
      secciones: { antes: antes.secciones, despues: o.body.secciones },
      avisar_cliente: { antes: antes.avisar_cliente, despues: o.body.avisar_cliente },
      receptores: { antes: antes.receptores, despues: o.body.receptores },
    },
    ip: o.ip,
  });
  return configPantalla(o);
}

export const listarClientes = (o: { tx: Tx }) => repo.clientes(o.tx);

/** Staff turn a client's access off (their sessions close at once) or back on; audited. */
export async function cambiarActivo(o: Staff & { id: number; activo: boolean }) {
  const antes = await repo.cliente(o.tx, o.id);
  if (!antes || !(await repo.ponerActivo(o.tx, o.id, o.activo))) throw noEncontrado(`El cliente ${o.id}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: o.activo ? 'activar' : 'desactivar',
    entidad: ENTIDAD,
    entidadId: String(o.id),
    cambios: { activo: { antes: antes.activo, despues: o.activo } },
    ip: o.ip,
  });
  return repo.clientes(o.tx);
}

/**
 * Invites a tercero: its portal account (created, or its address changed), optionally the property it
 * rents, and a single-use link that expires in INVITACION_HORAS, e-mailed through the outbox. Only the
 * link's hash is stored, so the database alone cannot open an account.
 */
export async function invitar(
  o: Staff & { body: { id_tercero: number; email: string; inmueble_arrendado: number | null }; urlBase: string },
): Promise<{ id: number; expira_horas: number }> {
  const cfg = await leerConfig(o);
  if (!cfg.activo)
    throw new AppError(CODES.CONFLICTO, 'Active la zona clientes en Configurar zona clientes antes de invitar clientes.');
  const t = await repo.tercero(o.tx, o.body.id_tercero);
  if (!t) throw invalido('id_tercero', 'El campo Tercero no es un tercero de esta empresa');
  const idArrendado = o.body.inmueble_arrendado === null ? null : await repo.idInmueble(o.tx, o.body.inmueble_arrendado);
  if (o.body.inmueble_arrendado !== null && idArrendado === null)
    throw invalido('inmueble_arrendado', 'El campo Inmueble arrendado no es un inmueble de esta empresa');
  const otro = await repo.clientePorEmail(o.tx, o.body.email);
  if (otro && otro.id_tercero !== t.id)
    throw new AppError(CODES.CONFLICTO, `El correo ${o.body.email} ya es el de otro cliente de la zona clientes.`);
  const idCliente = await repo.guardarCliente(o.tx, { idTercero: t.id, email: o.body.email, usuario: o.user.usuario });
  if (idArrendado !== null) await repo.vincularArrendatario(o.tx, idArrendado, t.id);
  const secreto = randomBytes(32).toString('base64url');
  await repo.crearInvitacion(o.tx, {
    idCliente,
    hash: sha256(secreto),
    minutos: INVITACION_HORAS * 60,
    usuario: o.user.usuario,
  });
  const empresa = await repo.nombreEmpresa(o.tx);
  // The secret rides in the fragment: browsers never send it to a server nor write it in its logs.
  const enlace = `${o.urlBase}/zona-clientes/${o.user.idEmpresa}/activar#t=${secreto}`;
  await encolarCorreo(o, {
    para: o.body.email,
    asunto: `${empresa || 'Su inmobiliaria'}: active su acceso a la zona clientes`,
    texto: [
      `${t.nombre}:`,
      `${empresa || 'La inmobiliaria'} le invita a su zona clientes, donde puede ver sus inmuebles y reportar solicitudes de mantenimiento.`,
      `Para crear su contraseña abra este enlace (sirve una sola vez y vence en ${INVITACION_HORAS} horas):`,
      enlace,
      'Si usted no esperaba este correo, puede ignorarlo.',
    ].join('\n\n'),
    origen: 'zona_clientes',
    idUsuario: o.user.idUsuario || null,
    entidad: ENTIDAD,
    entidadId: String(idCliente),
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'invitar',
    entidad: ENTIDAD,
    entidadId: String(idCliente),
    cambios: { email: { antes: null, despues: o.body.email }, id_tercero: { antes: null, despues: t.id } },
    ip: o.ip,
  });
  return { id: idCliente, expira_horas: INVITACION_HORAS };
}

// ---- Portal: public ----

export async function info(o: { tx: Tx; idEmpresa: number }): Promise<PortalInfo> {
  const cfg = await repo.config(o.tx);
  if (!cfg?.activo) throw noEncontrado('La zona clientes');
  const logo = await repo.logoEmpresa(o.tx);
  return {
    id_empresa: o.idEmpresa,
    empresa: await repo.nombreEmpresa(o.tx),
    titulo: cfg.titulo,
    bienvenida: cfg.bienvenida,
    // The file name changes with each upload, so the address can be cached for long.
    logo: logo ? `/api/portal/${o.idEmpresa}/logo?v=${encodeURIComponent(logo)}` : null,
  };
}

/** The logo's stored file name when the company's portal is on (the login page shows it before anyone logs in). */
export async function logoPortal(o: { tx: Tx }): Promise<string | null> {
  if (!(await repo.config(o.tx))?.activo) return null;
  return repo.logoEmpresa(o.tx);
}

type Publico = { db: Database; tokens: TokenService; config: Config; idEmpresa: number; ip: string };

async function abrir(o: Publico & { tx: Tx; idCliente: number }): Promise<string> {
  const jti = randomUUID();
  const expira = new Date(Date.now() + SESION_PORTAL_DIAS * 86_400_000);
  await repo.abrirSesion(o.tx, { jti, idCliente: o.idCliente, expira, ip: o.ip });
  return o.tokens.signPortal({ idempresa: o.idEmpresa, idCliente: o.idCliente }, jti, expira);
}

const LIMITE_ENLACES = { maxPorUsuario: 1_000, maxPorIp: 10, ventanaMin: 15, bloqueoMin: 15 };

/** Redeems an invitation: sets the password and opens a session. A wrong link counts against the address. */
export async function activar(o: Publico & { token: string; clave: string }): Promise<{ token: string }> {
  const claves = { usuario: `portal-enlace:${o.idEmpresa}`, ip: `portal-enlace-ip:${o.ip}` };
  const min = await minutosBloqueo(o.db, claves);
  if (min > 0)
    throw new AppError(CODES.DEMASIADOS_INTENTOS, `Demasiados enlaces no válidos. Intente de nuevo en ${min} minutos.`);
  const claveHash = await hashClave(o.clave);
  const r = await inTenant(o.db, o.idEmpresa, async ({ tx }) => {
    if (!(await repo.config(tx))?.activo) return null;
    const inv = await repo.usarInvitacion(tx, sha256(o.token));
    if (!inv) return null;
    await repo.ponerClave(tx, inv.id_cliente, claveHash);
    return { token: await abrir({ ...o, tx, idCliente: inv.id_cliente }) };
  });
  if (r) return r;
  await registrarFallo(o.db, claves, LIMITE_ENLACES);
  throw invalido('token', 'El enlace de invitación no es válido, ya se usó o venció. Pida a la inmobiliaria uno nuevo');
}

const LIMITE_RECUPERAR = { maxPorUsuario: 3, maxPorIp: 10, ventanaMin: 60, bloqueoMin: 60 };

type PedirEnlace = Publico & { mailer: Despertador; email: string; urlBase: string };

/**
 * E-mails an active client of an active portal a single-use link (its hash only is stored). Whoever
 * knows an address can ask, so every request counts against the address and the e-mail, and the caller
 * answers the same sentence whether or not the address has an account.
 */
async function enviarEnlace(
  o: PedirEnlace & {
    tipo: repo.TipoEnlace;
    minutos: number;
    accion: string;
    correo: (empresa: string, enlace: string) => { asunto: string; texto: string };
  },
): Promise<void> {
  const claves = { usuario: `portal-${o.tipo}:${o.idEmpresa}:${o.email.toLowerCase()}`, ip: `portal-${o.tipo}-ip:${o.ip}` };
  const min = await minutosBloqueo(o.db, claves);
  if (min > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Demasiadas solicitudes. Intente de nuevo en ${min} ${min === 1 ? 'minuto' : 'minutos'}.`,
    );
  await registrarFallo(o.db, claves, LIMITE_RECUPERAR);
  await inTenant(o.db, o.idEmpresa, async (scope) => {
    if (!(await repo.config(scope.tx))?.activo) return;
    const c = await repo.paraIngresar(scope.tx, o.email);
    if (!c?.activo) return;
    const secreto = randomBytes(32).toString('base64url');
    await repo.crearInvitacion(scope.tx, {
      idCliente: c.id,
      hash: sha256(secreto),
      minutos: o.minutos,
      usuario: 'zona clientes',
      tipo: o.tipo,
    });
    const empresa = await repo.nombreEmpresa(scope.tx);
    const pagina = o.tipo === 'clave' ? 'activar?nueva=1' : 'entrar';
    const m = o.correo(empresa, `${o.urlBase}/zona-clientes/${o.idEmpresa}/${pagina}#t=${secreto}`);
    await encolarCorreo(
      { ...scope, mailer: o.mailer },
      {
        // The address as the agency saved it, not as it was typed in the form.
        para: c.email,
        asunto: m.asunto,
        texto: m.texto,
        origen: 'zona_clientes',
        entidad: ENTIDAD,
        entidadId: String(c.id),
      },
    );
    await registrarAuditoria(scope.tx, {
      idUsuario: null,
      usuario: o.email,
      accion: o.accion,
      entidad: ENTIDAD,
      entidadId: String(c.id),
      ip: o.ip,
    });
  });
}

/** «¿Olvidó su contraseña?»: a link to choose a new one (the invitation's page), valid RECUPERAR_HORAS. */
export async function recuperar(o: PedirEnlace): Promise<{ mensaje: string }> {
  await enviarEnlace({
    ...o,
    tipo: 'clave',
    minutos: RECUPERAR_HORAS * 60,
    accion: 'recuperar_clave',
    correo: (empresa, enlace) => ({
      asunto: `${empresa || 'Su inmobiliaria'}: cree una contraseña nueva para la zona clientes`,
      texto: [
        'Alguien pidió una contraseña nueva para su acceso a la zona clientes.',
        `Para crearla abra este enlace (sirve una sola vez y vence en ${RECUPERAR_HORAS} horas):`,
        enlace,
        'Si no fue usted, ignore este correo: su contraseña actual sigue funcionando.',
      ].join('\n\n'),
    }),
  });
  return { mensaje: MENSAJE_RECUPERAR };
}

/** «Ingresar con un enlace»: a link that opens a session without the password, once, for ENLACE_INGRESO_MINUTOS. */
export async function pedirEnlaceIngreso(o: PedirEnlace): Promise<{ mensaje: string }> {
  await enviarEnlace({
    ...o,
    tipo: 'ingreso',
    minutos: ENLACE_INGRESO_MINUTOS,
    accion: 'pedir_enlace_ingreso',
    correo: (empresa, enlace) => ({
      asunto: `${empresa || 'Su inmobiliaria'}: su enlace para ingresar a la zona clientes`,
      texto: [
        'Para ingresar a la zona clientes sin escribir su contraseña abra este enlace',
        `(sirve una sola vez y vence en ${ENLACE_INGRESO_MINUTOS} minutos):`,
        enlace,
        'Si no lo pidió usted, ignore este correo: nadie puede ingresar sin abrir el enlace.',
      ].join('\n\n'),
    }),
  });
  return { mensaje: MENSAJE_ENLACE_INGRESO };
}

/** Redeems a login link: opens a session. A wrong link counts against the address, as invitations do. */
export async function entrarConEnlace(o: Publico & { token: string }): Promise<{ token: string }> {
  const claves = { usuario: `portal-enlace:${o.idEmpresa}`, ip: `portal-enlace-ip:${o.ip}` };
  const min = await minutosBloqueo(o.db, claves);
  if (min > 0)
    throw new AppError(CODES.DEMASIADOS_INTENTOS, `Demasiados enlaces no válidos. Intente de nuevo en ${min} minutos.`);
  const r = await inTenant(o.db, o.idEmpresa, async ({ tx }) => {
    if (!(await repo.config(tx))?.activo) return null;
    const enlace = await repo.usarInvitacion(tx, sha256(o.token), 'ingreso');
    if (!enlace) return null;
    const c = await repo.cliente(tx, enlace.id_cliente);
    if (!c?.activo) return null;
    await registrarAuditoria(tx, {
      idUsuario: null,
      usuario: `zona clientes: ${c.email}`,
      accion: 'ingresar con enlace',
      entidad: ENTIDAD,
      entidadId: String(c.id),
      ip: o.ip,
    });
    return { token: await abrir({ ...o, tx, idCliente: c.id }) };
  });
  if (r) return r;
  await registrarFallo(o.db, claves, LIMITE_ENLACES);
  throw invalido('token', 'El enlace de ingreso no es válido, ya se usó o venció. Pida uno nuevo');
}

/** Portal login, throttled like the staff's but on keys of its own (portal:<correo>). */
export async function ingresar(o: Publico & { email: string; clave: string }): Promise<{ token: string }> {
  const k = loginKeys(o.idEmpresa, `portal:${o.email}`, o.ip);
  const e = await estadoLogin(o.db, k, o.config.loginThrottle);
  if (e.bloqueoMin > 0)
    throw new AppError(
      CODES.DEMASIADOS_INTENTOS,
      `Demasiados intentos fallidos. Intente de nuevo en ${e.bloqueoMin} ${e.bloqueoMin === 1 ? 'minuto' : 'minutos'}.`,
    );
  if (e.esperaMs > 0) await new Promise((r) => setTimeout(r, e.esperaMs));
  const c = await inTenant(o.db, o.idEmpresa, async ({ tx }) =>
    (await repo.config(tx))?.activo ? repo.paraIngresar(tx, o.email) : null,
  );
  const ok = c?.clave_hash ? await verificarClave(c.clave_hash, o.clave) : await verificarClave(await hashSeñuelo(), o.clave);
  if (!c || !ok || !c.activo || !c.clave_hash) {
    await registrarFalloLogin(o.db, k, o.config.loginThrottle);
    throw new AppError(CODES.CREDENCIALES, 'Correo o contraseña incorrectos.');
  }
  await limpiarFallosLogin(o.db, k);
  return inTenant(o.db, o.idEmpresa, async ({ tx }) => ({ token: await abrir({ ...o, tx, idCliente: c.id }) }));
}

// ---- Portal: a client's own ----

export async function yo(o: { tx: Tx; cliente: ClientePortal }): Promise<PortalYo> {
  const cfg = await leerConfig(o);
  return {
    nombre: o.cliente.nombre,
    email: o.cliente.email,
    empresa: await repo.nombreEmpresa(o.tx),
    titulo: cfg.titulo,
    bienvenida: cfg.bienvenida,
    politica: cfg.politica,
    version_politica: cfg.version_politica,
    autorizo: o.cliente.autorizoVersion === cfg.version_politica,
    secciones: await seccionesDe({ tx: o.tx, idTercero: o.cliente.idTercero, cfg }),
  };
}

/**
 * The sections a client sees: those the company shows to any kind of client they are (owner, tenant or
 * co-signer of any property). A client who is none of these (a party of an inventory only, say) is not
 * narrowed to a kind: they see any section some kind is shown, and each section still lists only theirs.
 */
export async function seccionesDe(o: { tx: Tx; idTercero: number; cfg?: ConfigZonaClientes }): Promise<SeccionPortal[]> {
  const cfg = o.cfg ?? (await leerConfig(o));
  const tipos = new Set((await documentosRepo.rolesDe(o.tx, o.idTercero)).map((r) => r.para));
  const por = TIPOS_CLIENTE_PORTAL.map((t) => new Set(cfg.secciones[t]));
  return SECCIONES_PORTAL.filter((s) =>
    tipos.size === 0 ? por.some((x) => x.has(s)) : TIPOS_CLIENTE_PORTAL.some((t, i) => tipos.has(t) && por[i]!.has(s)),
  );
}

/** A hidden section's endpoints answer 403, so hiding it is not only cosmetic. */
export async function exigirSeccion(o: { tx: Tx; cliente: ClientePortal }, seccion: SeccionPortal): Promise<void> {
  if (!(await seccionesDe({ tx: o.tx, idTercero: o.cliente.idTercero })).includes(seccion))
    throw new AppError(
      CODES.SIN_PERMISO,
      `La sección ${ETIQUETAS_SECCION_PORTAL[seccion]} no está disponible en su zona clientes.`,
    );
}

export async function autorizar(o: { tx: Tx; cliente: ClientePortal; ip: string }): Promise<PortalYo> {
  const cfg = await leerConfig(o);
  await repo.autorizar(o.tx, { idCliente: o.cliente.idCliente, version: cfg.version_politica, ip: o.ip });
  await registrarAuditoria(o.tx, {
    idUsuario: null,
    usuario: `zona clientes: ${o.cliente.email}`,
    accion: 'autorizar tratamiento de datos',
    entidad: ENTIDAD,
    entidadId: String(o.cliente.idCliente),
    cambios: { version_politica: { antes: o.cliente.autorizoVersion, despues: cfg.version_politica } },
    ip: o.ip,
  });
  return yo({ tx: o.tx, cliente: { ...o.cliente, autorizoVersion: cfg.version_politica } });
}

export const salir = (o: { tx: Tx; cliente: ClientePortal }) => repo.cerrarSesion(o.tx, o.cliente.jti);

/** Until the client accepts the current policy, the portal shows nothing else (Ley 1581). */
export async function exigirAutorizacion(o: { tx: Tx; cliente: ClientePortal }): Promise<void> {
  const cfg = await leerConfig(o);
  if (o.cliente.autorizoVersion !== cfg.version_politica)
    throw new AppError(CODES.CONFLICTO, 'Acepte la política de tratamiento de datos para continuar.');
}

export async function inmuebles(o: { tx: Tx; cliente: ClientePortal }) {
  await exigirAutorizacion(o);
  return repo.inmueblesDe(o.tx, o.cliente.idTercero);
}

export async function solicitudesCliente(o: { tx: Tx; cliente: ClientePortal }) {
  await exigirAutorizacion(o);
  const lista = await repo.solicitudesDeCliente(o.tx, o.cliente.idCliente);
  return Promise.all(lista.map((s) => paraElCliente(o, s)));
}

/**
 * A request as its client sees it: who pays always, the amount only when they are the one who pays it
 * (the owner of the property, or its tenant), as a quote's amount is the owner's business.
 */
async function paraElCliente<T extends SolicitudMantenimiento>(o: { tx: Tx; cliente: ClientePortal }, s: T): Promise<T> {
  if (s.costo === null || s.paga === 'inmobiliaria') return { ...s, costo: null };
  const duenio = await repo.esPropietario(o.tx, s.id_inmueble, o.cliente.idTercero);
  const paga = s.paga === (duenio ? 'propietario' : 'arrendatario');
  return paga ? s : { ...s, costo: null };
}

/** Closed inventories of the client's properties, or where the client was a party (inventarios decides which). */
export async function inventariosCliente(o: { tx: Tx; cliente: ClientePortal }) {
  await exigirAutorizacion(o);
  return paraCliente({ tx: o.tx, idTercero: o.cliente.idTercero });
}

/** The filed PDF (or acta) of one of them; any other inventory, or another company's, is not found. */
export async function inventarioCliente(o: { tx: Tx; cliente: ClientePortal; id: number; cual: 'pdf' | 'acta' }) {
  await exigirAutorizacion(o);
  return archivoParaCliente({ tx: o.tx, idTercero: o.cliente.idTercero, id: o.id, cual: o.cual });
}

/** Documents the client signed electronically, each with its sealed PDF (firmas decides which). */
export async function firmadosCliente(o: { tx: Tx; cliente: ClientePortal }) {
  await exigirAutorizacion(o);
  return firmadosParaTercero(o.tx, o.cliente.idTercero);
}

export async function firmadoCliente(o: { tx: Tx; cliente: ClientePortal; id: number }) {
  await exigirAutorizacion(o);
  return firmadoParaCliente({ tx: o.tx, idTercero: o.cliente.idTercero, id: o.id });
}

/** A client's request; another client's, or another company's, is simply not found. */
export async function propia(tx: Tx, cliente: ClientePortal, consecutivo: number) {
  const s = await repo.solicitud(tx, consecutivo, cliente.idCliente);
  if (!s) throw noEncontrado(`La solicitud ${consecutivo}`);
  return s;
}

export async function solicitudCliente(o: {
  tx: Tx;
  cliente: ClientePortal;
  consecutivo: number;
}): Promise<SolicitudMantenimientoDetalle> {
  await exigirAutorizacion(o);
  const s = await paraElCliente(o, await propia(o.tx, o.cliente, o.consecutivo));
  return { ...s, eventos: await repo.eventos(o.tx, s.id, true), fotos: await repo.fotos(o.tx, s.id) };
}

/** Every active user with Solicitudes de mantenimiento: who may be assigned a request. */
export async function todosLosQueAtienden(tx: Tx) {
  return (await repo.usuarios(tx)).filter((u) => u.activo && hasIdm(u.permisos, IDM_SOLICITUDES_MANTENIMIENTO));
}

/** Who receives new requests (notice 701): those chosen in Configurar, else everyone who attends them. */
export async function quienesAtienden(tx: Tx) {
  const todos = await todosLosQueAtienden(tx);
  const elegidos = new Set((await leerConfig({ tx })).receptores);
  const r = todos.filter((u) => elegidos.has(u.id));
  // A chosen user who lost the permission or left: the request still reaches someone.
  return r.length > 0 ? r : todos;
}

export async function crearSolicitud(
  o: Aviso & { cliente: ClientePortal; body: MantenimientoForm & { disponibilidad: string } },
): Promise<SolicitudMantenimientoDetalle> {
  await exigirAutorizacion(o);
  const suyos = await repo.inmueblesDe(o.tx, o.cliente.idTercero);
  const inm = suyos.find((i) => i.id === o.body.id_inmueble);
  if (!inm) throw invalido('id_inmueble', 'El campo Inmueble no es uno de sus inmuebles');
  const consecutivo = await siguiente(o.tx, { serie: 'mantenimiento' });
  const id = await repo.crearSolicitud(o.tx, {
    consecutivo,
    idInmueble: inm.id,
    idCliente: o.cliente.idCliente,
    categoria: o.body.categoria,
    descripcion: o.body.descripcion,
    urgencia: o.body.urgencia,
    permisoIngreso: o.body.permiso_ingreso,
    disponibilidad: o.body.disponibilidad,
  });
  await repo.evento(o.tx, {
    idSolicitud: id,
    tipo: 'creada',
    estado: 'recibida',
    texto: '',
    visible: true,
    autor: o.cliente.nombre,
  });
  for (const u of await quienesAtienden(o.tx))
    await notificar(o, {
      idEmpresa: o.cliente.idEmpresa,
      idUsuario: u.id,
      tipoCarta: TIPO_CARTA_MANTENIMIENTO,
      titulo: `Solicitud de mantenimiento ${consecutivo}`,
      cuerpo: `${o.cliente.nombre} reporta (${ETIQUETAS_CATEGORIA[o.body.categoria].toLowerCase()}) en ${inm.direccion}: ${o.body.descripcion.slice(0, 140)}`,
      enlace: `/zonaclientes/solicitudesmantenimiento?abrir=${consecutivo}`,
    });
  return solicitudCliente({ tx: o.tx, cliente: o.cliente, consecutivo });
}

/** Who the platform's files see acting for a portal client (the photos' «creado por» and audit). */
export function comoPrincipal(c: ClientePortal): Principal {
  return principalSinSesion({
    idEmpresa: c.idEmpresa,
    usuario: `zona clientes: ${c.email}`,
    permisos: String(IDM_SOLICITUDES_MANTENIMIENTO),
    jti: c.jti,
  });
}

// ---- Staff: solicitudes de mantenimiento (10550) ----

export const listar = (o: { tx: Tx; query: MantenimientoQuery }) => repo.listar(o.tx, o.query);

export async function obtener(o: { tx: Tx; consecutivo: number }): Promise<SolicitudMantenimientoGestion> {
  const s = await repo.solicitud(o.tx, o.consecutivo);
  if (!s) throw noEncontrado(`La solicitud de mantenimiento ${o.consecutivo}`);
  return {
    ...s,
    eventos: await repo.eventos(o.tx, s.id, false),
    fotos: await repo.fotos(o.tx, s.id),
    cotizaciones: await cotizacionesRepo.deSolicitud(o.tx, s.id),
    propietarios_portal: (await cotizacionesRepo.propietariosPortal(o.tx, s.id_inmueble)).length,
  };
}

export async function opciones(o: { tx: Tx }) {
  return { usuarios: (await todosLosQueAtienden(o.tx)).map((u) => ({ id: u.id, nombre: u.nombre })) };
}

/**
 * E-mails the client who reported a request about a step they can see in the portal (an estado, a
 * comment for them), when the company has «Avisar al cliente por correo» on. Internal steps send nothing.
 */
async function avisarCliente(
  o: Aviso & { user: Principal; urlBase: string },
  s: { id: number; consecutivo: number; inmueble: string },
  paso: string,
): Promise<void> {
  const cfg = await leerConfig(o);
  if (!cfg.activo || !cfg.avisar_cliente) return;
  const c = await repo.clienteDeSolicitud(o.tx, s.id);
  if (!c?.activo) return;
  const empresa = await repo.nombreEmpresa(o.tx);
  await encolarCorreo(o, {
    para: c.email,
    asunto: `${empresa || 'Su inmobiliaria'}: novedad en su solicitud de mantenimiento N.º ${s.consecutivo}`,
    texto: [
      `${c.nombre}:`,
      `Su solicitud de mantenimiento N.º ${s.consecutivo}${s.inmueble ? ` en ${s.inmueble}` : ''} tiene una novedad:`,
      paso,
      `Vea el detalle en su zona clientes: ${o.urlBase}/zona-clientes/${o.user.idEmpresa}`,
    ].join('\n\n'),
    origen: 'zona_clientes',
    idUsuario: o.user.idUsuario || null,
    entidad: 'solicitud_mantenimiento',
    entidadId: String(s.consecutivo),
  });
}

export async function cambiar(
  o: Staff & {
    consecutivo: number;
    body: { estado?: string; id_asignado?: number | null; nota: string };
    urlBase: string;
  },
): Promise<SolicitudMantenimientoGestion> {
  const s = await obtener(o);
  const b = o.body;
  let asignado: string | null = null;
  if (b.id_asignado !== undefined && b.id_asignado !== null) {
    const u = (await todosLosQueAtienden(o.tx)).find((x) => x.id === b.id_asignado);
    if (!u) throw invalido('id_asignado', 'El campo Asignado a debe ser un usuario activo con Solicitudes de mantenimiento');
    asignado = u.nombre;
  }
  await repo.cambiar(o.tx, s.id, { estado: b.estado, idAsignado: b.id_asignado, usuario: o.user.usuario });
  if (b.estado !== undefined && b.estado !== s.estado)
    await repo.evento(o.tx, {
      idSolicitud: s.id,
      tipo: 'estado',
      estado: b.estado,
      texto: b.nota,
      visible: true,
      autor: o.user.usuario,
    });
  if (b.estado !== undefined && b.estado !== s.estado) {
    const etiqueta = ETIQUETAS_ESTADO_MANTENIMIENTO[b.estado as keyof typeof ETIQUETAS_ESTADO_MANTENIMIENTO] ?? b.estado;
    await avisarCliente(o, s, `Estado: ${etiqueta}${b.nota ? `\n${b.nota}` : ''}`);
  }
  if (b.id_asignado !== undefined && b.id_asignado !== s.id_asignado)
    await repo.evento(o.tx, {
      idSolicitud: s.id,
      tipo: 'asignacion',
      texto: asignado ? `Asignada a ${asignado}` : 'Sin asignar',
      visible: false,
      autor: o.user.usuario,
    });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: 'solicitud_mantenimiento',
    entidadId: String(s.consecutivo),
    cambios: {
      ...(b.estado !== undefined ? { estado: { antes: s.estado, despues: b.estado } } : {}),
      ...(b.id_asignado !== undefined ? { id_asignado: { antes: s.id_asignado, despues: b.id_asignado } } : {}),
    },
    ip: o.ip,
  });
  return obtener(o);
}

/** Staff record the repair's cost, who pays it and the supplier; audited. */
export async function ponerCosto(o: Staff & { consecutivo: number; body: CostoMantenimientoDatos }) {
  const s = await obtener(o);
  const b = o.body;
  if (b.id_proveedor !== null && !(await repo.tercero(o.tx, b.id_proveedor)))
    throw invalido('id_proveedor', 'El campo Proveedor no es un tercero de esta empresa');
  await repo.ponerCosto(o.tx, s.id, { costo: b.costo, paga: b.paga, idProveedor: b.id_proveedor, usuario: o.user.usuario });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'modificar',
    entidad: 'solicitud_mantenimiento',
    entidadId: String(s.consecutivo),
    cambios: {
      costo: { antes: s.costo, despues: b.costo },
      paga: { antes: s.paga, despues: b.paga },
      id_proveedor: { antes: s.id_proveedor, despues: b.id_proveedor },
    },
    ip: o.ip,
  });
  return obtener(o);
}

export async function comentar(o: Staff & { consecutivo: number; body: MantenimientoComentario; urlBase: string }) {
  const s = await obtener(o);
  await repo.evento(o.tx, {
    idSolicitud: s.id,
    tipo: 'comentario',
    texto: o.body.texto,
    visible: o.body.visible_cliente,
    autor: o.user.usuario,
  });
  if (o.body.visible_cliente) await avisarCliente(o, s, `Comentario de la inmobiliaria: ${o.body.texto}`);
  return obtener(o);
}

export const etiquetaEstado = (e: keyof typeof ETIQUETAS_ESTADO_MANTENIMIENTO) => ETIQUETAS_ESTADO_MANTENIMIENTO[e];
