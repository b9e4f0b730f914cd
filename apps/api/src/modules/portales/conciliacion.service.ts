import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  PORTALES_CON_CONCILIACION,
  type ConciliacionPortal,
  type DiferenciaConciliacion,
  type EstadoPublicacion,
  type PortalSincronizado,
} from '@predio/contract/portales';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { encolar, ReintentarEn } from '../../platform/jobs/trabajos.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import { ErrorPortal, type AdaptadorPortal, type EstadoEnPortal } from './adaptador.ts';
import { ADAPTADORES, credenciales } from './portales.service.ts';
import * as repo from './portales.repo.ts';

// The nightly reconciliation (issue 34): a listing can change on the portal without Predio knowing — the
// portal's moderators refuse it, it expires, someone deletes it there. Each night every listing Predio
// believes published on a portal that can be read back (PORTALES_CON_CONCILIACION) is read, and the local
// state follows what the portal says, with its reason in Spanish; the pass is kept for the health panel.

export const TRABAJO_CONCILIAR = 'portales.conciliar';
export const TRABAJO_CONCILIAR_TODOS = 'portales.conciliar-todos';
export const MAX_INTENTOS_CONCILIAR = 4;
/** The differences kept for the panel (the history of each property keeps them all). */
const MAX_DIFERENCIAS = 200;

/** The nightly pass: each company with an active portal that can be read back gets a job of its own. */
export async function encolarConciliaciones(db: Database): Promise<{ conciliaciones: number }> {
  const dia = new Date().toISOString().slice(0, 10);
  return db.system(async (tx) => {
    const filas = await repo.configsActivas(tx, PORTALES_CON_CONCILIACION);
    for (const f of filas)
      await encolar(tx, {
        tipo: TRABAJO_CONCILIAR,
        idEmpresa: f.id_empresa,
        datos: { portal: f.portal },
        clave: `conciliar:${f.portal}@${dia}`,
      });
    return { conciliaciones: filas.length };
  });
}

/** «Conciliar ahora» on the portal's screen: one job at once (a second press while it waits is the same job). */
export async function conciliarAhora(o: { tx: Tx; portal: PortalSincronizado }): Promise<{ encolado: boolean }> {
  if (!PORTALES_CON_CONCILIACION.includes(o.portal))
    throw new AppError(CODES.CONFLICTO, `${ADAPTADORES[o.portal].nombre} no permite leer el estado de sus publicaciones`);
  const cfg = await repo.config(o.tx, o.portal);
  if (!cfg || !cfg.activo)
    throw new AppError(CODES.CONFLICTO, `${ADAPTADORES[o.portal].nombre} no está configurado o está inactivo`);
  await encolar(o.tx, { tipo: TRABAJO_CONCILIAR, datos: { portal: o.portal }, clave: `conciliar:${o.portal}@ahora` });
  return { encolado: true };
}

type Fila = { id_inmueble: number; consecutivo: number; id_externo: string };

/** What the local row becomes for what the portal said; null when nothing is to change. */
function correccion(
  nombre: string,
  f: Fila,
  r: EstadoEnPortal,
): { estado: EstadoPublicacion; motivo: string | null; idExterno?: null } | null {
  switch (r.estado) {
    case 'publicado':
    case 'pendiente':
      return null;
    case 'despublicado':
      // Off the portal (expired, withdrawn there): a later «Publicar» sends it as a new listing.
      return { estado: 'despublicado', motivo: r.motivo ?? `${nombre} lo tiene retirado`, idExterno: null };
    case 'error':
      // Refused by the portal: the listing is still there; «Actualizar» sends the corrected data to it.
      return { estado: 'error', motivo: r.motivo };
    case 'no_existe':
      return {
        estado: 'error',
        motivo: `${nombre} ya no tiene el inmueble (id ${f.id_externo}): use Actualizar para publicarlo de nuevo`,
        idExterno: null,
      };
  }
}

async function guardarPasada(db: Database, idEmpresa: number, portal: string, c: Omit<ConciliacionPortal, 'en'>, fin: boolean) {
  await db.tenant(idEmpresa, (tx) =>
    tx.execute(sql`update portal_config set conciliacion = ${JSON.stringify(c)}::jsonb,
        conciliado_en = case when ${fin} then now() else conciliado_en end
      where portal = ${portal}`),
  );
}

/**
 * The job `portales.conciliar` for one company and portal: reads each published listing's state from the
 * portal (outside any transaction) and writes each correction in a short transaction of its own, only if
 * the row is still as it was read (a sync job that ran meanwhile wins). A 429 waits its Retry-After and
 * 5xx / timeouts are retried: the next attempt reads again only what is still «publicado».
 */
export async function conciliar(o: {
  db: Database;
  cifrador: Cifrador;
  idEmpresa: number;
  portal: PortalSincronizado;
  intento: number;
  maxIntentos: number;
  signal?: AbortSignal;
  adaptadores?: Record<string, AdaptadorPortal<unknown>>;
}): Promise<Record<string, unknown>> {
  const ad = (o.adaptadores ?? ADAPTADORES)[o.portal];
  if (!ad) return { omitido: `portal desconocido: ${o.portal}` };
  const prep = await o.db.tenant(o.idEmpresa, async (tx) => {
    const cfg = await repo.config(tx, o.portal);
    if (!cfg || !cfg.activo) return null;
    const filas = await queryRows<Fila>(
      tx,
      sql`select p.id_inmueble, i.consecutivo, p.id_externo from portal_publicacion p
          join inmueble i on i.id_empresa = p.id_empresa and i.id = p.id_inmueble
          where p.portal = ${o.portal} and p.estado = 'publicado' and p.id_externo is not null
          order by i.consecutivo`,
    );
    const [previa] = await queryRows<{ conciliacion: Partial<ConciliacionPortal> }>(
      tx,
      sql`select conciliacion from portal_config where portal = ${o.portal}`,
    );
    return { cfg, filas, previa: previa?.conciliacion ?? {} };
  });
  if (!prep) return { omitido: `${ad.nombre} no está configurado o está inactivo` };
  // A retried pass adds to what the interrupted one already fixed.
  const seguir = o.intento > 1 && Array.isArray(prep.previa.diferencias) && prep.previa.error;
  const diferencias: DiferenciaConciliacion[] = seguir ? [...prep.previa.diferencias!] : [];
  let revisados = seguir ? Number(prep.previa.revisados ?? 0) : 0;
  const secreto = o.cifrador.descifrar(prep.cfg.credenciales);
  if (!secreto) {
    const error = `El token de ${ad.nombre} falta o no se puede leer: escríbalo de nuevo en la pantalla del portal`;
    await guardarPasada(o.db, o.idEmpresa, o.portal, { revisados, diferencias, error }, false);
    return { error };
  }
  const cliente = ad.cliente(
    credenciales({ db: o.db, idEmpresa: o.idEmpresa, cifrador: o.cifrador, portal: o.portal }, prep.cfg, secreto),
    o.signal,
  );
  if (!cliente.leerEstado) return { omitido: `${ad.nombre} no permite leer el estado de sus publicaciones` };

  for (const f of prep.filas) {
    let r: EstadoEnPortal;
    try {
      r = await cliente.leerEstado(f.id_externo);
    } catch (e) {
      if (!(e instanceof ErrorPortal)) throw e;
      const ultimo = o.intento >= o.maxIntentos;
      const error =
        e.reintentable && ultimo
          ? e.message.replace(/: se reintentará.*$/, ': se agotaron los reintentos (se conciliará la próxima noche)')
          : e.message;
      await guardarPasada(o.db, o.idEmpresa, o.portal, { revisados, diferencias, error }, false);
      if (!e.reintentable || ultimo) return { error, revisados, diferencias: diferencias.length };
      throw e.esperaMs === undefined ? e : new ReintentarEn(e.message, e.esperaMs);
    }
    revisados++;
    const c = correccion(ad.nombre, f, r);
    if (!c) continue;
    const hecho = await o.db.tenant(o.idEmpresa, async (tx) => {
      const actual = await repo.publicacion(tx, f.id_inmueble, o.portal);
      // Changed since it was read (a sync job, a person): that newer state stands.
      if (!actual || actual.estado !== 'publicado' || actual.id_externo !== f.id_externo) return false;
      if (!(await repo.tomar(tx, f.id_inmueble, o.portal))) return false;
      await repo.marcar(tx, {
        idInmueble: f.id_inmueble,
        portal: o.portal,
        estado: c.estado,
        error: c.motivo,
        ...(c.idExterno === null ? { idExterno: null, hash: null, fotosHash: null } : {}),
      });
      await repo.historial(tx, {
        idInmueble: f.id_inmueble,
        portal: o.portal,
        accion: 'conciliar',
        resultado: c.estado,
        detalle: c.motivo ?? `${ad.nombre} id ${f.id_externo}`,
      });
      return true;
    });
    if (hecho && diferencias.length < MAX_DIFERENCIAS)
      diferencias.push({ consecutivo: Number(f.consecutivo), antes: 'publicado', despues: c.estado, motivo: c.motivo });
  }
  await guardarPasada(o.db, o.idEmpresa, o.portal, { revisados, diferencias, error: null }, true);
  return { revisados, diferencias: diferencias.length };
}

/** The last pass for the health panel (null for a portal that cannot be read back). */
export async function ultimaConciliacion(tx: Tx, portal: PortalSincronizado): Promise<ConciliacionPortal | null> {
  if (!PORTALES_CON_CONCILIACION.includes(portal)) return null;
  const [f] = await queryRows<{ conciliado_en: Date | null; conciliacion: Partial<ConciliacionPortal> }>(
    tx,
    sql`select conciliado_en, conciliacion from portal_config where portal = ${portal}`,
  );
  const c = f?.conciliacion ?? {};
  return {
    en: f?.conciliado_en ? new Date(f.conciliado_en).toISOString() : null,
    revisados: Number(c.revisados ?? 0),
    diferencias: Array.isArray(c.diferencias) ? c.diferencias : [],
    error: typeof c.error === 'string' ? c.error : null,
  };
}
