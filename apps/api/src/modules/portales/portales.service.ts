import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  AJUSTES_PORTAL,
  ETIQUETA_ASIGNADO_CONTACTOS,
  ETIQUETA_PORTAL_SINCRONIZADO,
  PORTALES_CON_CONTACTOS,
  PORTALES_CON_WEBHOOK,
  PORTALES_SINCRONIZADOS,
  RUTA_RETORNO_MERCADOLIBRE,
  URL_AUTORIZACION_MERCADOLIBRE,
  ZAutorizacionOAuth,
  ZPortalConfigGuardar,
  type AccionPortal,
  type HistorialPortal,
  type PortalConfig,
  type PortalConfigGuardar,
  type PortalSincronizado,
  type PublicacionPortal,
} from '@predio/contract/portales';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido } from '../../platform/errors/app-error.ts';
import { siAtiende } from '../solicitudes/solicitudes.service.ts';
import { encolar, ReintentarEn } from '../../platform/jobs/trabajos.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import {
  archivoDeUrl,
  ErrorPortal,
  type AdaptadorPortal,
  type AjustesPortal,
  type CredencialesPortal,
  type ResultadoTarea,
  type TokensOAuth,
} from './adaptador.ts';
import { ciencuadras, fincaraiz, resultadoDeTarea } from './integradores.ts';
import * as repo from './portales.repo.ts';
import { domus } from './domus.ts';
import { mercadolibre, pedirTokens } from './mercadolibre.ts';
import { metrocuadrado } from './metrocuadrado.ts';
import { proppit } from './proppit.ts';
import { wasi } from './wasi.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';
import { urlFotoPublica } from '../../platform/http/url-publica.ts';

/** One adapter per portal; the synchroniser below serves them all. */
export const ADAPTADORES: Record<PortalSincronizado, AdaptadorPortal<unknown>> = {
  ciencuadras: ciencuadras as AdaptadorPortal<unknown>,
  fincaraiz: fincaraiz as AdaptadorPortal<unknown>,
  wasi: wasi as AdaptadorPortal<unknown>,
  proppit: proppit as AdaptadorPortal<unknown>,
  domus: domus as AdaptadorPortal<unknown>,
  mercadolibre: mercadolibre as AdaptadorPortal<unknown>,
  metrocuadrado: metrocuadrado as AdaptadorPortal<unknown>,
};

export const TRABAJO_SINCRONIZAR = 'portales.sincronizar';
export const MAX_INTENTOS_PORTAL = 6;
/** Key derivation purpose of the portal tokens' cipher. */
export const PROPOSITO_CIFRADO = 'portales.credenciales.v1';
/** A property in these states is taken off every portal. */
const FUERA_DE_OFERTA = ['retirado', 'arrendado', 'vendido'];

export const ajustesDe = (f: repo.FilaConfig | null): AjustesPortal => ({
  url: f?.ajustes.url ?? '',
  usuario: f?.ajustes.usuario ?? '',
  cuenta: f?.ajustes.cuenta ?? '',
  id_region: f?.ajustes.id_region ?? null,
  id_ciudad: f?.ajustes.id_ciudad ?? null,
  correo_contacto: f?.ajustes.correo_contacto ?? '',
  telefono_contacto: f?.ajustes.telefono_contacto ?? '',
});

const conWebhook = (portal: PortalSincronizado) => PORTALES_CON_WEBHOOK.includes(portal);
/** Where the portal posts its tasks' results for this company. */
export const rutaWebhook = (idEmpresa: number, portal: string) => `/api/publico/${idEmpresa}/portales/${portal}/webhook`;

// ----- settings -------------------------------------------------------------------------------------

/** The connected account's tokens, or null when not connected (or unreadable with this key). */
function tokensDe(cifrador: Cifrador, f: repo.FilaConfig | null): TokensOAuth | null {
  const t = f?.oauth ? cifrador.descifrar(f.oauth) : null;
  if (!t) return null;
  try {
    return JSON.parse(t) as TokensOAuth;
  } catch {
    return null;
  }
}

export async function leerConfig(o: {
  tx: Tx;
  portal: PortalSincronizado;
  cifrador: Cifrador;
  /** The server's public address and the company, for the webhook's address. */
  publico?: { base: string; idEmpresa: number };
}): Promise<PortalConfig> {
  const f = await repo.config(o.tx, o.portal);
  const a = ajustesDe(f);
  const t = AJUSTES_PORTAL[o.portal].oauth ? tokensDe(o.cifrador, f) : undefined;
  const token = f?.ajustes.verify_token;
  return {
    portal: o.portal,
    configurado: f !== null,
    activo: f?.activo ?? false,
    url: a.url || undefined,
    usuario: a.usuario,
    cuenta: a.cuenta,
    id_region: a.id_region,
    id_ciudad: a.id_ciudad,
    correo_contacto: a.correo_contacto ?? '',
    telefono_contacto: a.telefono_contacto ?? '',
    hub_id: f?.ajustes.hub_id ?? '',
    id_asignado_contactos: f?.ajustes.id_asignado_contactos ?? null,
    costo_mensual: f?.ajustes.costo_mensual ?? null,
    con_secreto: Boolean(f?.credenciales),
    con_clave_api: Boolean(f?.ajustes.clave_api),
    webhook: token && o.publico ? webhookDe(f, token, `${o.publico.base}${rutaWebhook(o.publico.idEmpresa, o.portal)}`) : null,
    ...(t === undefined
      ? {}
      : {
          oauth: {
            conectado: t !== null,
            usuario_portal: t?.usuario_portal || null,
            vence: t ? new Date(t.vence).toISOString() : null,
          },
        }),
  };
}

/** The webhook's address, its VERIFY-TOKEN and the subscription made from the screen (if any). */
function webhookDe(f: repo.FilaConfig | null, token: string, url: string): NonNullable<PortalConfig['webhook']> {
  const s = f?.ajustes.suscripcion;
  // A HUB.ID typed by hand after subscribing is another subscription: the one recorded no longer holds.
  const suscripcion = s && s.hub_id === (f?.ajustes.hub_id ?? '') ? { ...s, vigente: s.url === url } : null;
  return { url, verify_token: token, suscripcion };
}

/** What the adapter needs to call the portal: settings, secret and, for OAuth2 portals, the tokens. */
export function credenciales(
  o: { db?: Database; tx?: Tx; idEmpresa?: number; cifrador: Cifrador; portal: string },
  cfg: repo.FilaConfig,
  secreto: string,
): CredencialesPortal {
  return {
    ...ajustesDe(cfg),
    secreto,
    claveApi: cfg.ajustes.clave_api ? (o.cifrador.descifrar(cfg.ajustes.clave_api) ?? '') : '',
    oauth: tokensDe(o.cifrador, cfg),
    // Renewed tokens are written at once, in their own transaction when a job holds none.
    guardarOAuth: async (t) => {
      const cifrado = o.cifrador.cifrar(JSON.stringify(t));
      if (o.tx) await repo.guardarOAuth(o.tx, o.portal, cifrado);
      else if (o.db && o.idEmpresa !== undefined)
        await o.db.tenant(o.idEmpresa, (tx) => repo.guardarOAuth(tx, o.portal, cifrado));
    },
  };
}

const hashEstado = (estado: string) => createHash('sha256').update(estado).digest('hex');
/** Minutes a person has to authorise on the portal's page before the state expires. */
const VIGENCIA_ESTADO_MIN = 10;

/**
 * «Conectar con Mercado Libre»: the portal's authorisation page for this company's application, with a
 * fresh state (its hash kept ten minutes) and the hidden return page as redirect_uri.
 */
export async function urlAutorizacion(o: {
  tx: Tx;
  portal: PortalSincronizado;
  base: string;
  cifrador: Cifrador;
}): Promise<{ url: string }> {
  const cfg = await repo.config(o.tx, o.portal);
  const a = ajustesDe(cfg);
  if (!cfg || !a.usuario || !cfg.credenciales)
    throw new AppError(CODES.VALIDACION, 'Guarde primero el ID de la aplicación (client_id) y su clave secreta (client_secret)');
  const estado = randomBytes(24).toString('base64url');
  await repo.guardarEstadoOAuth(o.tx, o.portal, hashEstado(estado), new Date(Date.now() + VIGENCIA_ESTADO_MIN * 60_000));
  // The tests' fake portal serves its own authorisation page; the real one lives on its own host.
  const autorizar = a.url ? `${a.url.replace(/\/+$/, '')}/authorization` : URL_AUTORIZACION_MERCADOLIBRE;
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: a.usuario,
    redirect_uri: `${o.base}${RUTA_RETORNO_MERCADOLIBRE}`,
    state: estado,
  });
  return { url: `${autorizar}?${q.toString()}` };
}

/** The return from the portal: the state must be the pending one; the code becomes the account's tokens. */
export async function autorizar(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  portal: PortalSincronizado;
  base: string;
  cifrador: Cifrador;
  body: unknown;
}): Promise<PortalConfig> {
  const b = ZAutorizacionOAuth.parse(o.body);
  const cfg = await repo.config(o.tx, o.portal);
  const vence = cfg?.oauth_estado_vence ? new Date(cfg.oauth_estado_vence).getTime() : 0;
  if (!cfg?.oauth_estado || cfg.oauth_estado !== hashEstado(b.state) || vence < Date.now())
    throw new AppError(
      CODES.VALIDACION,
      'La autorización no corresponde a la solicitada o venció: use «Conectar con Mercado Libre» de nuevo',
    );
  const secreto = o.cifrador.descifrar(cfg.credenciales);
  if (!secreto)
    throw new AppError(CODES.VALIDACION, 'La clave secreta de la aplicación falta o no se puede leer: escríbala de nuevo');
  const a = ajustesDe(cfg);
  let tokens: TokensOAuth;
  try {
    tokens = await pedirTokens(a.url || AJUSTES_PORTAL[o.portal].url, {
      grant_type: 'authorization_code',
      client_id: a.usuario,
      client_secret: secreto,
      code: b.code,
      redirect_uri: `${o.base}${RUTA_RETORNO_MERCADOLIBRE}`,
    });
  } catch (e) {
    if (e instanceof ErrorPortal) throw new AppError(CODES.VALIDACION, e.message);
    throw e;
  }
  await repo.guardarOAuth(o.tx, o.portal, o.cifrador.cifrar(JSON.stringify(tokens)));
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_config',
    entidadId: o.portal,
    cambios: { cuenta_conectada: { antes: null, despues: tokens.usuario_portal } },
    ip: o.ip,
  });
  return leerConfig(o);
}

export async function guardarConfig(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  portal: PortalSincronizado;
  body: PortalConfigGuardar;
  publico?: { base: string; idEmpresa: number };
}): Promise<PortalConfig> {
  const b = ZPortalConfigGuardar.parse(o.body);
  exigirDestinoExterno(b.url, 'url', 'Dirección de la API');
  const conContactos = PORTALES_CON_CONTACTOS.includes(o.portal);
  if (conContactos && b.id_asignado_contactos !== null && !(await siAtiende(o.tx, b.id_asignado_contactos)))
    throw invalido(
      'id_asignado_contactos',
      `El campo ${ETIQUETA_ASIGNADO_CONTACTOS} debe ser un usuario activo de esta empresa con permiso para ver solicitudes`,
    );
  const cifrado = b.secreto ? o.cifrador.cifrar(b.secreto) : null;
  const antes = await repo.config(o.tx, o.portal);
  // The second secret (Metrocuadrado's API key) is kept encrypted among the settings; empty keeps it.
  const conClaveApi = Boolean(AJUSTES_PORTAL[o.portal].clave_api);
  const claveApi = conClaveApi ? (b.clave_api ? o.cifrador.cifrar(b.clave_api) : (antes?.ajustes.clave_api ?? '')) : '';
  const ajustes = {
    url: b.url ?? '',
    usuario: b.usuario,
    cuenta: b.cuenta,
    id_region: b.id_region,
    id_ciudad: b.id_ciudad,
    ...(conWebhook(o.portal)
      ? {
          correo_contacto: b.correo_contacto,
          telefono_contacto: b.telefono_contacto,
          hub_id: b.hub_id,
          // The VERIFY-TOKEN the company gives the portal with the webhook's address: made once, kept.
          verify_token: antes?.ajustes.verify_token || randomBytes(24).toString('base64url'),
          // The subscription made from the screen stays while its HUB.ID does.
          ...(antes?.ajustes.suscripcion && antes.ajustes.suscripcion.hub_id === b.hub_id
            ? { suscripcion: antes.ajustes.suscripcion }
            : {}),
        }
      : {}),
    ...(conContactos ? { id_asignado_contactos: b.id_asignado_contactos } : {}),
    ...(conClaveApi ? { clave_api: claveApi } : {}),
    costo_mensual: b.costo_mensual,
  };
  await repo.guardarConfig(o.tx, { portal: o.portal, activo: b.activo, ajustes, cifrado, usuario: o.user.usuario });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_config',
    entidadId: o.portal,
    // The token never reaches the audit either: only whether it changed.
    cambios: {
      ajustes: { antes: null, despues: { ...ajustes, verify_token: undefined, clave_api: undefined } },
      token: { antes: null, despues: cifrado ? 'cambiado' : 'sin cambio' },
      ...(conClaveApi ? { clave_api: { antes: null, despues: b.clave_api ? 'cambiada' : 'sin cambio' } } : {}),
    },
    ip: o.ip,
  });
  return leerConfig(o);
}

/**
 * «Probar conexión»: the saved credentials against the portal, with a harmless call. Answers what the
 * portal said, in Spanish; a refusal is an answer here, not an error of the request.
 */
export async function probar(o: {
  tx: Tx;
  cifrador: Cifrador;
  portal: PortalSincronizado;
}): Promise<{ ok: boolean; mensaje: string }> {
  const ad = ADAPTADORES[o.portal];
  const cfg = await repo.config(o.tx, o.portal);
  if (!cfg) return { ok: false, mensaje: `${ad.nombre} aún no está configurado` };
  const secreto = o.cifrador.descifrar(cfg.credenciales);
  if (!secreto) return { ok: false, mensaje: `El token de ${ad.nombre} falta o no se puede leer: escríbalo de nuevo` };
  try {
    await ad.cliente(credenciales({ tx: o.tx, cifrador: o.cifrador, portal: o.portal }, cfg, secreto)).autenticar();
    return { ok: true, mensaje: `${ad.nombre} aceptó las credenciales` };
  } catch (e) {
    if (e instanceof ErrorPortal) return { ok: false, mensaje: e.message };
    throw e;
  }
}

/**
 * «Suscribir webhook»: asks the portal to post its tasks' results to this company's webhook address with
 * its VERIFY-TOKEN, and keeps the HUB.ID the portal assigns (and when). A refusal is an error in Spanish
 * naming what to do; nothing is kept then.
 */
export async function suscribirWebhook(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  portal: PortalSincronizado;
  publico: { base: string; idEmpresa: number };
}): Promise<PortalConfig> {
  const ad = ADAPTADORES[o.portal];
  const cfg = await repo.config(o.tx, o.portal);
  if (!conWebhook(o.portal)) throw new AppError(CODES.NO_ENCONTRADO, `${ad.nombre} no tiene webhook`);
  if (!cfg || !cfg.activo || !cfg.ajustes.verify_token)
    throw new AppError(CODES.CONFLICTO, `${ad.nombre} no está configurado o está inactivo: guarde su configuración primero`);
  const secreto = o.cifrador.descifrar(cfg.credenciales);
  if (!secreto)
    throw new AppError(CODES.CONFLICTO, `La clave de la API de ${ad.nombre} falta o no se puede leer: escríbala de nuevo`);
  const cliente = ad.cliente(credenciales({ tx: o.tx, cifrador: o.cifrador, portal: o.portal }, cfg, secreto));
  if (!cliente.suscribirWebhook) throw new AppError(CODES.NO_ENCONTRADO, `${ad.nombre} no tiene webhook`);
  const url = `${o.publico.base}${rutaWebhook(o.publico.idEmpresa, o.portal)}`;
  let hubId: string;
  try {
    ({ hubId } = await cliente.suscribirWebhook({ url, verifyToken: cfg.ajustes.verify_token }));
  } catch (e) {
    if (!(e instanceof ErrorPortal)) throw e;
    throw new AppError(CODES.CONFLICTO, mensajeSuscripcion(ad.nombre, e));
  }
  await repo.guardarSuscripcion(o.tx, { portal: o.portal, hubId, url, en: new Date(), usuario: o.user.usuario });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_config',
    entidadId: o.portal,
    cambios: { hub_id: { antes: cfg.ajustes.hub_id ?? '', despues: hubId }, webhook: { antes: null, despues: url } },
    ip: o.ip,
  });
  return leerConfig(o);
}

/** A portal's refusal of the subscription, said for someone at the screen (no job retries it). */
export function mensajeSuscripcion(nombre: string, e: ErrorPortal): string {
  const inicio = `No se pudo suscribir el webhook en ${nombre}`;
  if (e.status === 401 || e.status === 403)
    return `${inicio}: rechazó la clave de la API (${e.status}). Revise la Clave de la API (apikey) y el Identificador del cliente, guárdelos e intente de nuevo`;
  if (e.status === 429) {
    const s = e.esperaMs === undefined ? '' : ` en ${Math.max(1, Math.ceil(e.esperaMs / 1000))} s`;
    return `${inicio}: limitó las peticiones (429). Intente de nuevo${s || ' en unos minutos'}`;
  }
  const sinNombre = e.message.startsWith(`${nombre} `) ? e.message.slice(nombre.length + 1) : e.message;
  if (e.reintentable) return `${inicio}: ${sinNombre.replace(/: se reintentará.*$/, '')}. Intente de nuevo en unos minutos`;
  return `${inicio}: ${sinNombre.replace(/^rechazó el inmueble \((\d+)\)/, 'la rechazó ($1)')}`;
}

// ----- the screen's list and actions -----------------------------------------------------------------

export async function listar(o: { tx: Tx; portal: PortalSincronizado }): Promise<PublicacionPortal[]> {
  const filas = await repo.listar(o.tx, o.portal);
  return filas.map((f) => ({
    ...f,
    consecutivo: Number(f.consecutivo),
    actualizado_en: f.actualizado_en ? new Date(f.actualizado_en).toISOString() : null,
  }));
}

export async function historial(o: { tx: Tx; portal: PortalSincronizado; consecutivo: number }): Promise<HistorialPortal[]> {
  const i = await inmuebleOError(o.tx, o.consecutivo);
  return (await repo.leerHistorial(o.tx, i.id, o.portal)).map((h) => ({ ...h, creado_en: new Date(h.creado_en).toISOString() }));
}

async function inmuebleOError(tx: Tx, consecutivo: number) {
  const i = await repo.inmueble(tx, consecutivo);
  if (!i) throw new AppError(CODES.NO_ENCONTRADO, `El inmueble ${consecutivo} no existe`);
  return i;
}

export async function encolarSincronizacion(
  tx: Tx,
  o: { idInmueble: number; portal: string; objetivo: 'publicado' | 'despublicado'; forzar?: boolean },
) {
  const solicitud = await repo.pedir(tx, o);
  await encolar(tx, {
    tipo: TRABAJO_SINCRONIZAR,
    datos: { idInmueble: o.idInmueble, portal: o.portal, solicitud },
    clave: `portal:${o.portal}:${o.idInmueble}:${solicitud}`,
  });
}

/**
 * «Publicar», «Actualizar» or «Despublicar» from the portal's screen. Publishing checks first what the
 * portal requires and names each missing field; the work itself is a job (the answer is «pendiente»).
 * The property's «Publicar en» flag follows, so a later save keeps it in sync (or off the portal).
 */
export async function accion(o: {
  tx: Tx;
  user: Principal;
  portal: PortalSincronizado;
  consecutivo: number;
  accion: AccionPortal;
  /** Predio's PUBLIC_URL, as the job has it: a portal that downloads photos needs it. */
  urlPublica?: string | null;
}): Promise<PublicacionPortal> {
  const i = await inmuebleOError(o.tx, o.consecutivo);
  const cfg = await repo.config(o.tx, o.portal);
  const ad = ADAPTADORES[o.portal];
  if (!cfg || !cfg.activo)
    throw new AppError(CODES.CONFLICTO, `${ad.nombre} no está configurado o está inactivo: guarde su configuración primero`);
  if (o.accion !== 'despublicar') {
    if (FUERA_DE_OFERTA.includes(i.estado))
      throw new AppError(CODES.VALIDACION, `El inmueble está ${i.estado}: no se publica en ${ad.nombre}`, [
        { campo: 'estado', mensaje: `está ${i.estado}` },
      ]);
    const f = (await repo.ficha(o.tx, i.id, o.portal))!;
    if (o.urlPublica) f.fotosUrl = f.fotos.map((id) => urlFotoPublica(o.urlPublica!, o.user.idEmpresa, id));
    const faltan = ad.faltantes(f, ajustesDe(cfg));
    if (faltan.length > 0)
      throw new AppError(
        CODES.VALIDACION,
        `Faltan datos para publicar en ${ad.nombre}: ${faltan.join('; ')}`,
        faltan.map((campo) => ({ campo, mensaje: 'es obligatorio para el portal' })),
      );
  } else {
    const actual = await repo.publicacion(o.tx, i.id, o.portal);
    if (!actual) throw new AppError(CODES.CONFLICTO, `El inmueble ${o.consecutivo} no se ha enviado a ${ad.nombre}`);
  }
  const marcado = o.accion !== 'despublicar';
  await o.tx.execute(sql`update inmueble set publicar = publicar || jsonb_build_object(${o.portal}::text, ${marcado}::boolean),
      version = version + 1 where id = ${i.id} and coalesce((publicar ->> ${o.portal})::boolean, false) <> ${marcado}`);
  // «Actualizar» sends the listing again even when nothing changed here (it may have been edited there).
  await encolarSincronizacion(o.tx, {
    idInmueble: i.id,
    portal: o.portal,
    objetivo: marcado ? 'publicado' : 'despublicado',
    forzar: o.accion === 'actualizar',
  });
  await repo.historial(o.tx, {
    idInmueble: i.id,
    portal: o.portal,
    accion: o.accion,
    resultado: 'solicitado',
    usuario: o.user.usuario,
  });
  return (await listar(o)).find((p) => p.consecutivo === o.consecutivo)!;
}

/**
 * After a property is saved or changes estado (inmuebles.service): on each configured portal, a property
 * marked for it and on offer gets a sync job (its data may have changed; an unchanged payload is not
 * resent), and one no longer marked or out of offer (retirado, arrendado, vendido) is taken off.
 */
export async function alGuardarInmueble(tx: Tx, idInmueble: number): Promise<void> {
  // One query when no portal is configured, which is every save of a company without portals.
  const activos = await queryRows<{ portal: PortalSincronizado; estado: string; publicar: Record<string, boolean> }>(
    tx,
    sql`select c.portal, i.estado, i.publicar from portal_config c join inmueble i on i.id = ${idInmueble} where c.activo`,
  );
  for (const { portal, estado, publicar } of activos) {
    if (!(PORTALES_SINCRONIZADOS as readonly string[]).includes(portal)) continue;
    const quiere = Boolean(publicar?.[portal]) && !FUERA_DE_OFERTA.includes(estado);
    const fila = await repo.publicacion(tx, idInmueble, portal);
    if (quiere) await encolarSincronizacion(tx, { idInmueble, portal, objetivo: 'publicado' });
    else if (fila && fila.objetivo === 'publicado')
      await encolarSincronizacion(tx, { idInmueble, portal, objetivo: 'despublicado' });
  }
}

// ----- the job ----------------------------------------------------------------------------------------

const huella = (payload: unknown, fotos: number[]) =>
  createHash('sha256')
    .update(JSON.stringify(payload))
    .update(`|fotos:${fotos.join(',')}`)
    .digest('hex');

type Datos = { idInmueble: number; portal: PortalSincronizado; solicitud: number };

/**
 * The job `portales.sincronizar`: brings one property on one portal to what was asked (published with its
 * current data, or withdrawn). Reads in one transaction, talks to the portal outside any transaction
 * (a slow portal must not hold the database), writes the outcome in another. A lease on the row keeps two
 * jobs from sending the same property at once; a job older than the row's last request steps aside.
 */
export async function sincronizar(o: {
  db: Database;
  storage: Storage;
  cifrador: Cifrador;
  idEmpresa: number;
  datos: Datos;
  intento: number;
  maxIntentos: number;
  signal?: AbortSignal;
  adaptadores?: Record<string, AdaptadorPortal<unknown>>;
  /** Predio's public address (PUBLIC_URL): portals that download photos get them from there. */
  urlPublica?: string | null;
  /** Asynchronous portals: how many times, and how far apart, a new task is read before the job steps back. */
  sondeo?: { intentos: number; ms: number };
}): Promise<Record<string, unknown>> {
  const { idInmueble, portal, solicitud } = o.datos;
  const ad = (o.adaptadores ?? ADAPTADORES)[portal];
  if (!ad) return { omitido: `portal desconocido: ${portal}` };
  const prep = await o.db.tenant(o.idEmpresa, async (tx) => {
    const fila = await repo.publicacion(tx, idInmueble, portal);
    if (!fila) return { fin: 'sin registro' } as const;
    if (fila.solicitud > solicitud) return { fin: 'reemplazado por una solicitud posterior' } as const;
    if (!(await repo.tomar(tx, idInmueble, portal))) return { ocupado: true } as const;
    const cfg = await repo.config(tx, portal);
    const ficha = fila.objetivo === 'publicado' ? await repo.ficha(tx, idInmueble, portal) : null;
    return { fila, cfg, ficha };
  });
  if ('fin' in prep) return { omitido: prep.fin };
  if ('ocupado' in prep) throw new ReintentarEn('Otra sincronización de este inmueble está en curso: se reintentará', 15_000);
  const { fila, cfg, ficha } = prep;
  const escribir = (fn: (tx: Tx) => Promise<void>) => o.db.tenant(o.idEmpresa, fn);
  const terminar = async (
    estado: 'publicado' | 'despublicado' | 'error' | 'enviado',
    extra: {
      idExterno?: string | null;
      hash?: string | null;
      fotosHash?: string | null;
      fotosPortal?: Record<string, string>;
      error?: string | null;
      accion: string;
      detalle?: string;
    },
    soltar = true,
  ) =>
    escribir(async (tx) => {
      await repo.marcar(tx, { idInmueble, portal, estado, ...extra, soltar });
      if (soltar)
        await repo.historial(tx, {
          idInmueble,
          portal,
          accion: extra.accion,
          resultado: estado,
          detalle: extra.error ?? extra.detalle ?? '',
        });
    });

  const accionDe = fila.objetivo === 'despublicado' ? 'despublicar' : fila.id_externo ? 'actualizar' : 'publicar';
  const sondeo = o.sondeo ?? SONDEO;
  try {
    if (!cfg || !cfg.activo) throw new ErrorPortal(`${ad.nombre} no está configurado o está inactivo`, false);
    const secreto = o.cifrador.descifrar(cfg.credenciales);
    if (!secreto)
      throw new ErrorPortal(
        `El token de ${ad.nombre} falta o no se puede leer: escríbalo de nuevo en la pantalla del portal`,
        false,
      );
    const ajustes = ajustesDe(cfg);
    const cliente = ad.cliente(
      credenciales({ db: o.db, idEmpresa: o.idEmpresa, cifrador: o.cifrador, portal }, cfg, secreto),
      o.signal,
    );

    /*
     * An asynchronous portal's task: read it a few times; a result is written (publicado, despublicado or
     * error), a task still running leaves the row «en proceso» (the webhook or the next attempt reads it).
     */
    const seguir = async (tarea: string): Promise<Exclude<ResultadoTarea, { estado: 'pendiente' }>> => {
      for (let n = 0; n < sondeo.intentos; n++) {
        await new Promise((r) => setTimeout(r, sondeo.ms));
        const r = await cliente.leerTarea!(tarea.slice(2));
        if (r.estado !== 'pendiente') {
          await escribir((tx) => resolverTarea(tx, { idInmueble, portal, tarea, resultado: r, nombre: ad.nombre }));
          return r;
        }
      }
      await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'en_proceso' }));
      throw new ReintentarEn(
        `${ad.nombre} aún procesa el inmueble (tarea ${tarea.slice(2)}): se consultará de nuevo`,
        SONDEO_REINTENTO_MS,
      );
    };
    const fin = (r: Exclude<ResultadoTarea, { estado: 'pendiente' }>, ok: Record<string, unknown>) =>
      r.estado === 'error' ? { error: r.mensaje } : ok;

    // A task sent by an earlier attempt is read before anything is sent again: nothing is published twice.
    if (fila.tarea) {
      const r = cliente.leerTarea
        ? await cliente.leerTarea(fila.tarea.slice(2))
        : ({ estado: 'completada', idExterno: null } as const);
      if (r.estado === 'pendiente') await seguir(fila.tarea);
      else await escribir((tx) => resolverTarea(tx, { idInmueble, portal, tarea: fila.tarea!, resultado: r, nombre: ad.nombre }));
      if (r.estado === 'error') return { error: r.mensaje };
      const despues = await o.db.tenant(o.idEmpresa, (tx) => repo.publicacion(tx, idInmueble, portal));
      if (!despues) return { omitido: 'sin registro' };
      Object.assign(fila, despues);
      await escribir((tx) => repo.tomar(tx, idInmueble, portal).then(() => undefined));
    }

    if (fila.objetivo === 'despublicado') {
      if (fila.id_externo && fila.estado !== 'despublicado') {
        const r = await cliente.despublicar(fila.id_externo);
        if (r && 'tarea' in r) {
          const tarea = `d:${r.tarea}`;
          await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'en_proceso', tarea, soltar: false }));
          return fin(await seguir(tarea), { despublicado: fila.id_externo });
        }
      }
      await terminar('despublicado', { idExterno: null, hash: null, fotosHash: null, fotosPortal: {}, accion: 'despublicar' });
      return { despublicado: fila.id_externo };
    }
    if (!ficha) return { omitido: 'el inmueble ya no existe' };
    if (o.urlPublica) ficha.fotosUrl = ficha.fotos.map((id) => urlFotoPublica(o.urlPublica!, o.idEmpresa, id));
    const faltan = ad.faltantes(ficha, ajustes);
    if (faltan.length > 0) throw new ErrorPortal(`Faltan datos para publicar en ${ad.nombre}: ${faltan.join('; ')}`, false);
    const payload = ad.esquema.parse(ad.mapear(ficha, ajustes));
    const hash = huella(payload, ficha.fotos);
    if (fila.id_externo && fila.hash === hash && fila.estado === 'publicado') {
      await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'publicado' }));
      return { sinCambios: fila.id_externo };
    }
    await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'enviado', soltar: false }));
    let idExterno = fila.id_externo;
    const fotosHash = ficha.fotos.join(',');
    // The photos' ids on the portal, when it gave them: a removed photo is deleted there by its id.
    // Without public addresses (PUBLIC_URL) no photo travels: none is deleted either.
    const fotosEnPortal =
      ficha.fotos.length > 0 && ficha.fotosUrl.length === 0
        ? undefined
        : { archivos: ficha.fotos.slice(0, ficha.fotosUrl.length), enPortal: fila.fotos_portal ?? {} };
    const enviado = idExterno ? await cliente.actualizar(idExterno, payload, fotosEnPortal) : await cliente.publicar(payload);
    if (enviado && 'tarea' in enviado) {
      // Kept at once, with what was sent: a retry reads this task instead of sending the listing again.
      const tarea = `p:${enviado.tarea}`;
      await escribir(async (tx) => {
        await repo.marcar(tx, { idInmueble, portal, estado: 'en_proceso', hash, fotosHash, tarea, soltar: false });
        await repo.historial(tx, {
          idInmueble,
          portal,
          accion: accionDe,
          resultado: 'en_proceso',
          detalle: `tarea ${enviado.tarea}`,
        });
      });
      return fin(await seguir(tarea), { [accionDe]: 'tarea completada' });
    }
    if (enviado && 'idExterno' in enviado) {
      idExterno = enviado.idExterno;
      // Kept at once: a failure from here on updates this listing instead of publishing a second one.
      await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'enviado', idExterno, soltar: false }));
    }
    // Photos go with a new listing, and again when they changed (added, removed or reordered).
    const subirFoto = cliente.subirFoto?.bind(cliente);
    if (subirFoto && idExterno && (!fila.id_externo || fila.fotos_hash !== fotosHash))
      for (const [n, clave] of ficha.fotosClaves.entries()) {
        const contenido = await o.storage.get(clave);
        if (contenido) await subirFoto(idExterno, { nombre: `foto-${n + 1}.jpg`, contenido, posicion: n + 1 });
      }
    await terminar('publicado', { idExterno, hash, fotosHash, accion: accionDe, detalle: `${ad.nombre} id ${idExterno}` });
    return { [accionDe]: idExterno };
  } catch (e) {
    if (!(e instanceof ErrorPortal) && !(e instanceof ReintentarEn)) {
      await escribir((tx) => repo.marcar(tx, { idInmueble, portal, estado: 'error', error: 'Error interno al sincronizar' }));
      throw e;
    }
    if (e instanceof ReintentarEn) throw e;
    const ultimo = o.intento >= o.maxIntentos;
    const mensaje =
      e.reintentable && ultimo
        ? e.message.replace(/: se reintentará.*$/, ': se agotaron los reintentos (use Actualizar)')
        : e.message;
    await terminar('error', { error: mensaje, accion: accionDe });
    if (!e.reintentable || ultimo) return { error: mensaje };
    throw e.esperaMs === undefined ? e : new ReintentarEn(e.message, e.esperaMs);
  }
}

// ----- asynchronous portals: tasks and their webhook ---------------------------------------------------

/** A new task is read 5 times, 3 s apart (the integrators' SDK's interval), then the job steps back a minute. */
const SONDEO = { intentos: 5, ms: 3_000 };
const SONDEO_REINTENTO_MS = 60_000;

/**
 * The photos' ids after a completed task: for each photo sent (`fotos_hash`, written when the task was
 * sent), the id the portal had for it or the one this task gave it (by its address); the photos no longer
 * sent drop out. A portal that gives no ids keeps {} (and its photos travel whole, as before).
 */
function fotosTrasTarea(fila: repo.FilaPublicacion, nuevas: { url: string; id: string }[] | undefined): Record<string, string> {
  const antes = fila.fotos_portal ?? {};
  if (!nuevas?.length && Object.keys(antes).length === 0) return {};
  const porArchivo = new Map<string, string>();
  for (const f of nuevas ?? []) {
    const a = archivoDeUrl(f.url);
    if (a !== null) porArchivo.set(String(a), f.id);
  }
  const enviados = (fila.fotos_hash ?? '').split(',').filter(Boolean);
  const out: Record<string, string> = {};
  for (const a of enviados) {
    const id = porArchivo.get(a) ?? antes[a];
    if (id) out[a] = id;
  }
  return out;
}

/**
 * Writes a task's outcome on its row. `tarea` is as stored: «p:<id>» (a listing sent) or «d:<id>» (taken
 * off). Called by the job and by the webhook; a row whose task already changed is left alone.
 */
async function resolverTarea(
  tx: Tx,
  o: { idInmueble: number; portal: string; tarea: string; resultado: ResultadoTarea; nombre: string },
): Promise<void> {
  const fila = await repo.publicacion(tx, o.idInmueble, o.portal);
  if (!fila || fila.tarea !== o.tarea || o.resultado.estado === 'pendiente') return;
  const accion = o.tarea.startsWith('d:') ? 'despublicar' : fila.id_externo ? 'actualizar' : 'publicar';
  if (o.resultado.estado === 'error') {
    await repo.marcar(tx, {
      idInmueble: o.idInmueble,
      portal: o.portal,
      estado: 'error',
      error: o.resultado.mensaje,
      tarea: null,
    });
    await repo.historial(tx, {
      idInmueble: o.idInmueble,
      portal: o.portal,
      accion,
      resultado: 'error',
      detalle: o.resultado.mensaje,
    });
    return;
  }
  if (accion === 'despublicar') {
    await repo.marcar(tx, {
      idInmueble: o.idInmueble,
      portal: o.portal,
      estado: 'despublicado',
      idExterno: null,
      hash: null,
      fotosHash: null,
      fotosPortal: {},
      tarea: null,
    });
    await repo.historial(tx, { idInmueble: o.idInmueble, portal: o.portal, accion, resultado: 'despublicado' });
    return;
  }
  const idExterno = o.resultado.idExterno ?? fila.id_externo;
  if (!idExterno) {
    const error = `${o.nombre} completó la tarea sin devolver el id del inmueble (listing_id): use Actualizar`;
    await repo.marcar(tx, { idInmueble: o.idInmueble, portal: o.portal, estado: 'error', error, tarea: null });
    await repo.historial(tx, { idInmueble: o.idInmueble, portal: o.portal, accion, resultado: 'error', detalle: error });
    return;
  }
  await repo.marcar(tx, {
    idInmueble: o.idInmueble,
    portal: o.portal,
    estado: 'publicado',
    idExterno,
    tarea: null,
    fotosPortal: fotosTrasTarea(fila, o.resultado.fotos),
  });
  await repo.historial(tx, {
    idInmueble: o.idInmueble,
    portal: o.portal,
    accion,
    resultado: 'publicado',
    detalle: `${o.nombre} id ${idExterno}`,
  });
}

const mismo = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The portal's webhook (public): a task's result for this company. Verified by the headers HUB.ID (the
 * subscription's id the portal gave, when saved) and VERIFY-TOKEN (made by Predio, shown on the screen).
 * Answers how many properties it settled; anything unverifiable is «no existe», as the feeds answer.
 */
export async function recibirWebhook(o: {
  db: Database;
  idEmpresa: number;
  portal: PortalSincronizado;
  hubId: string | undefined;
  verifyToken: string | undefined;
  cuerpo: unknown;
}): Promise<{ resueltos: number }> {
  const nombre = ETIQUETA_PORTAL_SINCRONIZADO[o.portal];
  const noExiste = () => new AppError(CODES.NO_ENCONTRADO, `El webhook de ${nombre} no existe`);
  if (!conWebhook(o.portal)) throw noExiste();
  return o.db.tenant(o.idEmpresa, async (tx) => {
    const cfg = await repo.config(tx, o.portal);
    const token = cfg?.ajustes.verify_token;
    const hub = cfg?.ajustes.hub_id;
    if (!cfg || !cfg.activo || !token || !o.verifyToken || !mismo(token, o.verifyToken)) throw noExiste();
    if (hub && (!o.hubId || !mismo(hub, o.hubId))) throw noExiste();
    const tarea = ((o.cuerpo as { task?: unknown } | null)?.task ?? null) as Parameters<typeof resultadoDeTarea>[1] | null;
    if (!tarea || typeof tarea.id !== 'string')
      throw new AppError(CODES.VALIDACION, 'El cuerpo del webhook debe traer la tarea (task.id)', [
        { campo: 'task.id', mensaje: 'es obligatorio' },
      ]);
    let resueltos = 0;
    for (const clave of [`p:${tarea.id}`, `d:${tarea.id}`])
      for (const f of await repo.porTarea(tx, o.portal, clave)) {
        const resultado = resultadoDeTarea(nombre, tarea, String(f.consecutivo));
        if (resultado.estado === 'pendiente') continue;
        await resolverTarea(tx, { idInmueble: f.id_inmueble, portal: o.portal, tarea: clave, resultado, nombre });
        resueltos++;
      }
    return { resueltos };
  });
}
