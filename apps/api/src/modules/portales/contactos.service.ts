import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import {
  ETIQUETA_PORTAL_SINCRONIZADO,
  IDM_PORTAL,
  PORTALES_CON_CONTACTOS,
  PORTALES_SINCRONIZADOS,
  portalDeSolicitudes,
  type ContactosPortal,
  type PortalDeInmueble,
  type PortalSincronizado,
  type ResumenPortal,
  type ResumenPortales,
  type SaludPortal,
} from '@predio/contract/portales';
import type { PortalSolicitud, TipoSolicitud } from '@predio/contract/solicitudes';
import type { Database, Tx } from '../../db/client.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { encolar, ReintentarEn, trabajoPendiente } from '../../platform/jobs/trabajos.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { inTenant, type Scope } from '../../platform/tenant.ts';
import {
  anotar,
  crear,
  enlaceSolicitud,
  quienesAtienden,
  siAtiende,
  TIPO_CARTA_SOLICITUD,
} from '../solicitudes/solicitudes.service.ts';
import { ErrorPortal, type AdaptadorPortal, type ContactoPortal } from './adaptador.ts';
import { ultimaConciliacion } from './conciliacion.service.ts';
import * as repo from './contactos.repo.ts';
import * as portalesRepo from './portales.repo.ts';
import { ADAPTADORES, credenciales } from './portales.service.ts';

// Contacts (leads) from portals → solicitudes (issue 34, docs/portales.md «Contactos desde los portales»).

export const TRABAJO_CONTACTOS = 'portales.contactos';
/** The hourly pass that gives each company with a portal that hands over contacts a read of its own. */
export const TRABAJO_CONTACTOS_TODOS = 'portales.contactos-todos';
export const MAX_INTENTOS_CONTACTOS = 4;
/** The same person about the same property within this many days adds to the open request. */
export const VENTANA_FUSION_DIAS = 7;

type Aviso = { hub: Hub; mailer: Despertador };

/** The solicitud's portal: the same key where solicitudes know it (Domus, for one, they do not), else «otro». */
const portalSolicitud = (p: PortalSincronizado): PortalSolicitud => portalDeSolicitudes(p) ?? 'otro';

/** What a contact about a property asks for: to rent it, or to buy it (a property only for sale). */
const tipoDe = (gestion: string | null): TipoSolicitud =>
  gestion === null ? 'informacion' : gestion === 'venta' ? 'comprar' : 'arrendar';

/**
 * Turns the contacts a portal handed over into solicitudes, in the company's transaction. A contact
 * already kept (same portal id) is skipped; the same person about the same property within
 * VENTANA_FUSION_DIAS days, while that request is open, becomes a note on it; anything else is a new
 * request «por un portal» with the property linked (by the listing's id on the portal), assigned to the
 * property's asesor comercial (or captador, or the portal's configured asesor), who is notified (303);
 * with nobody to assign, everyone who attends requests is told, as with the website's form.
 */
export async function importar(
  o: Scope & Aviso & { idEmpresa: number; portal: PortalSincronizado; contactos: ContactoPortal[] },
): Promise<{ creadas: number; fusionadas: number; repetidas: number }> {
  const nombre = ETIQUETA_PORTAL_SINCRONIZADO[o.portal];
  const user: Principal = principalSinSesion({ idEmpresa: o.idEmpresa, usuario: nombre });
  const cfg = await portalesRepo.config(o.tx, o.portal);
  const porDefecto = (cfg?.ajustes as { id_asignado_contactos?: number | null } | undefined)?.id_asignado_contactos ?? null;
  const r = { creadas: 0, fusionadas: 0, repetidas: 0 };
  for (const c of o.contactos) {
    if (await repo.yaRecibido(o.tx, o.portal, c.id)) {
      r.repetidas++;
      continue;
    }
    const inm = c.idExterno ? await repo.inmueblePorExterno(o.tx, o.portal, c.idExterno) : null;
    const guardar = (numero: number, resultado: 'creada' | 'fusionada') =>
      repo.guardar(o.tx, {
        portal: o.portal,
        idPortal: c.id,
        idExterno: c.idExterno,
        idInmueble: inm?.id ?? null,
        numeroSolicitud: numero,
        persona: c.persona,
        nombre: c.nombre,
        mensaje: c.mensaje,
        resultado,
        fechaPortal: Number.isNaN(Date.parse(c.fecha)) ? null : c.fecha,
      });
    const previa = c.persona && inm ? await repo.solicitudAbierta(o.tx, c.persona, inm.id, VENTANA_FUSION_DIAS) : null;
    if (previa !== null) {
      await anotar(o.tx, previa, `Nuevo contacto por ${nombre} sobre el mismo inmueble: ${c.mensaje}`, user.usuario);
      await guardar(previa, 'fusionada');
      r.fusionadas++;
      continue;
    }
    const asignado =
      (await siAtiende(o.tx, inm?.id_asesor_comercial ?? null)) ??
      (await siAtiende(o.tx, inm?.id_asesor_captador ?? null)) ??
      (await siAtiende(o.tx, porDefecto));
    // A portal's date in the future (clocks that disagree) is taken as now.
    const fecha = Date.parse(c.fecha);
    const d = await crear({
      ...o,
      user,
      ip: '',
      body: {
        canal: 'portal',
        portal: portalSolicitud(o.portal),
        tipo: tipoDe(inm?.gestion ?? null),
        id_tercero: null,
        contacto_nombre: c.nombre.slice(0, 120),
        contacto_telefono: c.telefono.slice(0, 20),
        contacto_email: c.email.slice(0, 120),
        consecutivo_inmueble: inm?.consecutivo ?? null,
        fecha_recepcion: !Number.isNaN(fecha) && fecha <= Date.now() ? new Date(fecha).toISOString() : null,
        mensaje: c.mensaje.slice(0, 5000),
        id_asignado: asignado?.id ?? null,
      },
    });
    await anotar(
      o.tx,
      d.numero,
      inm
        ? `Llegó por ${nombre} (contacto ${c.id}, publicación ${c.idExterno}).${c.telefono || c.email ? '' : ` ${nombre} no entrega teléfono ni correo: responda por ${nombre}.`}`
        : `Llegó por ${nombre} (contacto ${c.id}) sobre la publicación ${c.idExterno || '(sin publicación)'}, que no corresponde a ningún inmueble publicado desde Predio.`,
      user.usuario,
    );
    if (!asignado)
      for (const u of await quienesAtienden(o.tx))
        await notificar(o, {
          idEmpresa: o.idEmpresa,
          idUsuario: u.id,
          tipoCarta: TIPO_CARTA_SOLICITUD,
          titulo: `Solicitud ${d.numero} desde ${nombre}`,
          cuerpo: `${c.nombre} preguntó por ${nombre}${inm ? ` sobre el inmueble ${inm.consecutivo}` : ''}: ${c.mensaje.slice(0, 140)}`,
          enlace: enlaceSolicitud(d.numero),
        });
    await guardar(d.numero, 'creada');
    r.creadas++;
  }
  return r;
}

/**
 * The job `portales.contactos`: reads one portal's contacts for one company (outside any transaction:
 * a slow portal must not hold the database) and imports them. Retryable failures (429, 5xx, timeout)
 * try again, a 429 after its Retry-After; the error is kept in Spanish for the health panel either way.
 */
export async function leerContactos(
  o: Aviso & {
    db: Database;
    cifrador: Cifrador;
    idEmpresa: number;
    portal: PortalSincronizado;
    intento: number;
    maxIntentos: number;
    signal?: AbortSignal;
    adaptadores?: Record<string, AdaptadorPortal<unknown>>;
  },
): Promise<Record<string, unknown>> {
  const ad = (o.adaptadores ?? ADAPTADORES)[o.portal];
  if (!ad || !PORTALES_CON_CONTACTOS.includes(o.portal)) return { omitido: `${o.portal} no entrega contactos` };
  const prep = await o.db.tenant(o.idEmpresa, async (tx) => ({
    cfg: await portalesRepo.config(tx, o.portal),
    lectura: await repo.lectura(tx, o.portal),
  }));
  if (!prep.cfg || !prep.cfg.activo) return { omitido: `${ad.nombre} no está configurado o está inactivo` };
  const anotarError = (error: string) => o.db.tenant(o.idEmpresa, (tx) => repo.marcarLectura(tx, o.portal, { error }));
  const secreto = o.cifrador.descifrar(prep.cfg.credenciales);
  if (!secreto) {
    const error = `El token de ${ad.nombre} falta o no se puede leer: escríbalo de nuevo en la pantalla del portal`;
    await anotarError(error);
    return { error };
  }
  const cliente = ad.cliente(
    credenciales({ db: o.db, idEmpresa: o.idEmpresa, cifrador: o.cifrador, portal: o.portal }, prep.cfg, secreto),
    o.signal,
  );
  if (!cliente.leerContactos) return { omitido: `${ad.nombre} no entrega contactos` };
  const hasta = prep.lectura?.contactos_hasta ? new Date(prep.lectura.contactos_hasta) : null;
  let contactos: ContactoPortal[];
  try {
    contactos = await cliente.leerContactos(hasta);
  } catch (e) {
    if (!(e instanceof ErrorPortal)) throw e;
    const ultimo = o.intento >= o.maxIntentos;
    const mensaje =
      e.reintentable && ultimo
        ? e.message.replace(/: se reintentará.*$/, ': se agotaron los reintentos (se leerá en la próxima hora)')
        : e.message;
    await anotarError(`Contactos: ${mensaje}`);
    if (!e.reintentable || ultimo) return { error: mensaje };
    throw e.esperaMs === undefined ? e : new ReintentarEn(e.message, e.esperaMs);
  }
  const nuevo = contactos.reduce<string | null>((m, c) => (m === null || c.fecha > m ? c.fecha : m), null);
  return inTenant(o.db, o.idEmpresa, async (scope) => {
    const r = await importar({ ...scope, hub: o.hub, mailer: o.mailer, idEmpresa: o.idEmpresa, portal: o.portal, contactos });
    await repo.marcarLectura(scope.tx, o.portal, { hasta: nuevo !== null && !Number.isNaN(Date.parse(nuevo)) ? nuevo : null });
    return { leidos: contactos.length, ...r };
  });
}

/** «Leer contactos ahora» on the portal's screen: a job now (a second press while it waits is the same job). */
export async function pedirLectura(o: { tx: Tx; portal: PortalSincronizado }): Promise<{ encolado: boolean }> {
  if (!PORTALES_CON_CONTACTOS.includes(o.portal))
    throw new AppError(CODES.NO_ENCONTRADO, `${ETIQUETA_PORTAL_SINCRONIZADO[o.portal]} no entrega contactos`);
  const cfg = await portalesRepo.config(o.tx, o.portal);
  if (!cfg || !cfg.activo)
    throw new AppError(
      CODES.CONFLICTO,
      `${ETIQUETA_PORTAL_SINCRONIZADO[o.portal]} no está configurado o está inactivo: guarde su configuración primero`,
    );
  if (await trabajoPendiente(o.tx, TRABAJO_CONTACTOS, { portal: o.portal })) return { encolado: false };
  await encolar(o.tx, { tipo: TRABAJO_CONTACTOS, datos: { portal: o.portal } });
  return { encolado: true };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listar(o: { tx: Tx; portal: PortalSincronizado }): Promise<ContactosPortal> {
  const l = await repo.lectura(o.tx, o.portal);
  const filas = await repo.listar(o.tx, o.portal);
  return {
    leido_en: iso(l?.contactos_leido_en ?? null),
    error: l?.contactos_error ?? null,
    contactos: filas.map((f) => ({
      ...f,
      consecutivo: f.consecutivo === null ? null : Number(f.consecutivo),
      numero_solicitud: f.numero_solicitud === null ? null : Number(f.numero_solicitud),
      fecha_portal: iso(f.fecha_portal),
      recibido_en: iso(f.recibido_en)!,
    })),
  };
}

/** This month's requests of a portal (null where Solicitudes cannot name it) and the monthly cost over them. */
function delMes(portal: PortalSincronizado, solicitudes: number | null, costoMensual: number | string | null) {
  const n = portalDeSolicitudes(portal) === null ? null : Number(solicitudes);
  const costo = costoMensual === null ? null : Number(costoMensual);
  return { solicitudes_mes: n, costo_mensual: costo, costo_por_solicitud: costo !== null && n ? Math.round(costo / n) : null };
}

export async function salud(o: { tx: Tx; portal: PortalSincronizado; dias: number }): Promise<SaludPortal> {
  const deSolicitudes = portalDeSolicitudes(o.portal);
  const s = await repo.salud(o.tx, o.portal, o.dias, deSolicitudes);
  const conContactos = PORTALES_CON_CONTACTOS.includes(o.portal);
  return {
    portal: o.portal,
    configurado: s.activo !== null,
    activo: s.activo ?? false,
    publicados: Number(s.publicados),
    en_curso: Number(s.en_curso),
    con_error: Number(s.con_error),
    ultimo_exito: iso(s.ultimo_exito),
    contactos_periodo: conContactos ? Number(s.contactos) : null,
    dias: o.dias,
    contactos_leido_en: conContactos ? iso(s.contactos_leido_en) : null,
    contactos_error: conContactos ? s.contactos_error : null,
    ...delMes(o.portal, s.solicitudes_mes, s.costo_mensual),
    mes_desde: s.mes_desde,
    errores: s.errores.map((e) => ({ ...e, consecutivo: Number(e.consecutivo), actualizado_en: iso(e.actualizado_en) })),
    conciliacion: await ultimaConciliacion(o.tx, o.portal),
  };
}

/** Every portal the person manages that is configured or has listings, with this month's figures. */
export async function resumen(o: { tx: Tx; user: Principal }): Promise<ResumenPortales> {
  const filas = new Map((await repo.resumen(o.tx)).map((f) => [f.portal, f]));
  const portales: ResumenPortal[] = [];
  let mesDesde = '';
  for (const portal of PORTALES_SINCRONIZADOS) {
    const f = filas.get(portal);
    if (!f || !hasIdm(o.user.permisos, IDM_PORTAL[portal])) continue;
    mesDesde = f.mes_desde;
    portales.push({
      portal,
      nombre: ETIQUETA_PORTAL_SINCRONIZADO[portal],
      activo: f.configurado && (f.activo ?? false),
      publicados: Number(f.publicados),
      en_curso: Number(f.en_curso),
      con_error: Number(f.con_error),
      ultimo_exito: iso(f.ultimo_exito),
      ...delMes(portal, f.solicitudes_mes, f.costo_mensual),
    });
  }
  // Colombia keeps UTC−5 all year: the month's first day there, when no portal row carried it.
  return { mes_desde: mesDesde || `${new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 8)}01`, portales };
}

/**
 * The property's portals for its form: each portal the person may manage (its idm) that is configured or
 * holds a row for the property, with its state and last error.
 */
export async function deInmueble(o: { tx: Tx; user: Principal; consecutivo: number }): Promise<PortalDeInmueble[]> {
  const i = await portalesRepo.inmueble(o.tx, o.consecutivo);
  if (!i) throw new AppError(CODES.NO_ENCONTRADO, `El inmueble ${o.consecutivo} no existe`);
  const filas = new Map((await repo.deInmueble(o.tx, i.id)).map((f) => [f.portal, f]));
  const out: PortalDeInmueble[] = [];
  for (const portal of PORTALES_SINCRONIZADOS) {
    if (!hasIdm(o.user.permisos, IDM_PORTAL[portal])) continue;
    const f = filas.get(portal);
    const marcado = Boolean(i.publicar?.[portal]);
    if (!f && !marcado) continue;
    out.push({
      portal,
      nombre: ETIQUETA_PORTAL_SINCRONIZADO[portal],
      marcado,
      estado: (f?.estado as PortalDeInmueble['estado']) ?? null,
      id_externo: f?.id_externo ?? null,
      ultimo_error: f?.ultimo_error ?? null,
      actualizado_en: iso(f?.actualizado_en ?? null),
    });
  }
  return out;
}

/** The hourly pass: each company with an active portal that hands over contacts gets a job of its own. */
export async function encolarTodas(db: Database): Promise<{ lecturas: number }> {
  const hora = new Date().toISOString().slice(0, 13);
  return db.system(async (tx) => {
    const filas = await portalesRepo.configsActivas(tx, PORTALES_CON_CONTACTOS);
    for (const f of filas)
      await encolar(tx, {
        tipo: TRABAJO_CONTACTOS,
        idEmpresa: f.id_empresa,
        datos: { portal: f.portal },
        clave: `contactos:${f.portal}@${hora}`,
      });
    return { lecturas: filas.length };
  });
}
