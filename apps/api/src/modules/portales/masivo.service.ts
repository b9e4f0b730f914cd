import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  MAX_MASIVO,
  ZDespublicarMasivo,
  ZFiltroDespublicarMasivo,
  ZFiltroMasivo,
  ZPublicarMasivo,
  type DespublicarMasivo,
  type EstadoPublicacion,
  type FiltroDespublicarMasivo,
  type FiltroMasivo,
  type PortalSincronizado,
  type PublicarMasivo,
  type VistaPreviaDespublicar,
  type VistaPreviaMasivo,
} from '@predio/contract/portales';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { urlFotoPublica } from '../../platform/http/url-publica.ts';
import * as masivoRepo from './masivo.repo.ts';
import * as repo from './portales.repo.ts';
import { ADAPTADORES, ajustesDe, encolarSincronizacion } from './portales.service.ts';

// Bulk publication by filter (issue 34): a preview says how many properties the filter selects and which
// the portal would refuse, naming what each lacks, before anything is sent; publishing sends only the
// ready ones, each through the usual job.

type Lectura = { tx: Tx; user: Principal; portal: PortalSincronizado; urlPublica?: string | null };

async function clasificar(o: Lectura, filtro: FiltroMasivo) {
  const f = ZFiltroMasivo.parse(filtro);
  const ad = ADAPTADORES[o.portal];
  const cfg = await repo.config(o.tx, o.portal);
  if (!cfg || !cfg.activo)
    throw new AppError(CODES.CONFLICTO, `${ad.nombre} no está configurado o está inactivo: guarde su configuración primero`);
  const ajustes = ajustesDe(cfg);
  const filas = await masivoRepo.candidatos(
    o.tx,
    o.portal,
    { estado: f.estado, tipo: f.tipo, gestion: f.gestion, soloNuevos: f.solo_nuevos },
    MAX_MASIVO + 1,
  );
  const recortado = filas.length > MAX_MASIVO;
  const out: VistaPreviaMasivo & { ids: Map<number, number> } = {
    total: Math.min(filas.length, MAX_MASIVO),
    recortado,
    listos: [],
    con_faltantes: [],
    ids: new Map(),
  };
  for (const i of filas.slice(0, MAX_MASIVO)) {
    const ficha = await repo.ficha(o.tx, i.id, o.portal);
    if (!ficha) continue;
    // As the job will see it: portals that download photos get their public addresses.
    if (o.urlPublica) ficha.fotosUrl = ficha.fotos.map((id) => urlFotoPublica(o.urlPublica!, o.user.idEmpresa, id));
    const faltantes = ad.faltantes(ficha, ajustes);
    if (faltantes.length > 0) out.con_faltantes.push({ consecutivo: i.consecutivo, direccion: i.direccion, faltantes });
    else {
      out.listos.push({ consecutivo: i.consecutivo, direccion: i.direccion });
      out.ids.set(i.consecutivo, i.id);
    }
  }
  return out;
}

/** «Vista previa»: what a bulk publication with this filter would send, and what it would refuse and why. */
export async function vistaPrevia(o: Lectura & { filtro: FiltroMasivo }): Promise<VistaPreviaMasivo> {
  const { ids: _ids, ...r } = await clasificar(o, o.filtro);
  return r;
}

/**
 * «Publicar N»: marks each ready property «Publicar en <portal>» and queues its job. The preview's count
 * comes back with the request: if the filter now selects a different set of ready properties (someone
 * changed one meanwhile) nothing is sent and the person is asked to look again.
 */
export async function publicar(
  o: Lectura & { ip: string; body: PublicarMasivo },
): Promise<{ encolados: number; con_faltantes: number }> {
  const b = ZPublicarMasivo.parse(o.body);
  const c = await clasificar(o, b);
  if (c.listos.length !== b.listos)
    throw new AppError(
      CODES.CONFLICTO,
      `La vista previa mostraba ${b.listos} inmuebles listos y ahora son ${c.listos.length}: use «Vista previa» de nuevo`,
    );
  for (const id of c.ids.values()) {
    await o.tx.execute(sql`update inmueble set publicar = publicar || jsonb_build_object(${o.portal}::text, true),
        version = version + 1 where id = ${id} and not coalesce((publicar ->> ${o.portal})::boolean, false)`);
    await encolarSincronizacion(o.tx, { idInmueble: id, portal: o.portal, objetivo: 'publicado' });
    await repo.historial(o.tx, {
      idInmueble: id,
      portal: o.portal,
      accion: 'publicar',
      resultado: 'solicitado',
      detalle: 'publicación masiva',
      usuario: o.user.usuario,
    });
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'publicar',
    entidad: 'portal_publicacion',
    entidadId: o.portal,
    cambios: {
      publicacion_masiva: {
        antes: null,
        despues: { filtro: { estado: b.estado, tipo: b.tipo, gestion: b.gestion }, inmuebles: [...c.ids.keys()] },
      },
    },
    ip: o.ip,
  });
  return { encolados: c.listos.length, con_faltantes: c.con_faltantes.length };
}

// Bulk unpublishing: the same screen, the other way. The preview lists what the filter would take off the
// portal; confirming unmarks «Publicar en <portal>» on each and queues one job per property and portal
// (the usual sync job, which takes the listing off). Nothing is sent if the set changed since the preview.

async function enPortal(o: Lectura, filtro: FiltroDespublicarMasivo) {
  const f = ZFiltroDespublicarMasivo.parse(filtro);
  const ad = ADAPTADORES[o.portal];
  const cfg = await repo.config(o.tx, o.portal);
  if (!cfg || !cfg.activo)
    throw new AppError(CODES.CONFLICTO, `${ad.nombre} no está configurado o está inactivo: guarde su configuración primero`);
  const filas = await masivoRepo.enPortal(o.tx, o.portal, f, MAX_MASIVO + 1);
  return { f, filas: filas.slice(0, MAX_MASIVO), recortado: filas.length > MAX_MASIVO };
}

/** «Vista previa» of a bulk unpublishing: what the filter would take off the portal. */
export async function vistaPreviaDespublicar(o: Lectura & { filtro: FiltroDespublicarMasivo }): Promise<VistaPreviaDespublicar> {
  const { filas, recortado } = await enPortal(o, o.filtro);
  return {
    total: filas.length,
    recortado,
    inmuebles: filas.map((i) => ({ consecutivo: i.consecutivo, direccion: i.direccion, estado: i.estado as EstadoPublicacion })),
  };
}

/** «Despublicar N»: each selected property unmarked for the portal, and its job queued. */
export async function despublicar(o: Lectura & { ip: string; body: DespublicarMasivo }): Promise<{ encolados: number }> {
  const b = ZDespublicarMasivo.parse(o.body);
  const { f, filas } = await enPortal(o, b);
  if (filas.length !== b.cantidad)
    throw new AppError(
      CODES.CONFLICTO,
      `La vista previa mostraba ${b.cantidad} inmuebles para despublicar y ahora son ${filas.length}: use «Vista previa» de nuevo`,
    );
  for (const i of filas) {
    await o.tx.execute(sql`update inmueble set publicar = publicar || jsonb_build_object(${o.portal}::text, false),
        version = version + 1 where id = ${i.id} and coalesce((publicar ->> ${o.portal})::boolean, false)`);
    await encolarSincronizacion(o.tx, { idInmueble: i.id, portal: o.portal, objetivo: 'despublicado' });
    await repo.historial(o.tx, {
      idInmueble: i.id,
      portal: o.portal,
      accion: 'despublicar',
      resultado: 'solicitado',
      detalle: 'despublicación masiva',
      usuario: o.user.usuario,
    });
  }
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'despublicar',
    entidad: 'portal_publicacion',
    entidadId: o.portal,
    cambios: {
      despublicacion_masiva: {
        antes: null,
        despues: { filtro: { estado: f.estado, tipo: f.tipo, gestion: f.gestion }, inmuebles: filas.map((i) => i.consecutivo) },
      },
    },
    ip: o.ip,
  });
  return { encolados: filas.length };
}
