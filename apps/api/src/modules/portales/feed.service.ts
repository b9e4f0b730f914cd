import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import {
  CAMPOS_FEED_INICIALES,
  ETIQUETA_PORTAL_FEED,
  ZFeedConfigGuardar,
  type AccionFeed,
  type EstadoPublicacion,
  type FeedConfig,
  type FeedConfigGuardar,
  type PortalFeed,
  type PublicacionFeed,
  type VistaPreviaFeed,
} from '@predio/contract/portales';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import * as publico from '../pagina-web/publico.service.ts';
import { faltantesFeed, generarFeed, type Enlaces, type Feed, type Mapeo } from './feed.ts';
import * as feedRepo from './feed.repo.ts';
import * as repo from './portales.repo.ts';

// Portals that read a feed (issue 34): Impulso Raíz, Casa Raíz, inmuebles.net.co and CeroUno. The company
// maps the fields, Predio serves the feed at a secret address, and each read by the portal records which
// properties it took (enviado), which it could not (error: what is missing) and which left (despublicado).

/** Only a property on offer goes in a feed: its photos are public only then (publico.service.ts). */
const EN_OFERTA = 'disponible';

const nuevoToken = () => randomBytes(24).toString('base64url');

type Ajustes = { formato?: Mapeo['formato']; campos?: Mapeo['campos']; tipos?: Mapeo['tipos'] };

const mapeoDe = (f: repo.FilaConfig | null): Mapeo => {
  const a = (f?.ajustes ?? {}) as Ajustes;
  return { formato: a.formato ?? 'xml', campos: a.campos ?? CAMPOS_FEED_INICIALES, tipos: a.tipos ?? {} };
};

const urlFeed = (e: Enlaces, portal: PortalFeed, token: string) =>
  `${e.base}/api/publico/${e.idEmpresa}/portales/${portal}/${token}`;

export async function leerConfig(o: { tx: Tx; cifrador: Cifrador; portal: PortalFeed; enlaces: Enlaces }): Promise<FeedConfig> {
  const f = await repo.config(o.tx, o.portal);
  const m = mapeoDe(f);
  const token = f ? o.cifrador.descifrar(f.credenciales) : null;
  const l = await feedRepo.lecturas(o.tx, o.portal);
  return {
    portal: o.portal,
    configurado: f !== null,
    activo: f?.activo ?? false,
    formato: m.formato,
    campos: m.campos,
    tipos: m.tipos,
    url: token ? urlFeed(o.enlaces, o.portal, token) : null,
    ultima_lectura: l.ultima,
    lecturas_30_dias: l.ultimos30,
  };
}

/** Saves the mapping; the first save creates the secret address (the portal is told it once). */
export async function guardarConfig(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  portal: PortalFeed;
  enlaces: Enlaces;
  body: FeedConfigGuardar;
}): Promise<FeedConfig> {
  const b = ZFeedConfigGuardar.parse(o.body);
  const antes = await repo.config(o.tx, o.portal);
  const tieneToken = antes ? Boolean(o.cifrador.descifrar(antes.credenciales)) : false;
  const ajustes = { formato: b.formato, campos: b.campos, tipos: b.tipos };
  await repo.guardarConfig(o.tx, {
    portal: o.portal,
    activo: b.activo,
    ajustes,
    cifrado: tieneToken ? null : o.cifrador.cifrar(nuevoToken()),
    usuario: o.user.usuario,
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: antes ? 'actualizar' : 'crear',
    entidad: 'portal_config',
    entidadId: o.portal,
    cambios: {
      activo: { antes: antes?.activo ?? null, despues: b.activo },
      ajustes: { antes: antes?.ajustes ?? null, despues: ajustes },
    },
    ip: o.ip,
  });
  return leerConfig(o);
}

/** «Generar nueva dirección»: the old address stops answering at once (a leaked one is closed this way). */
export async function regenerarDireccion(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  cifrador: Cifrador;
  portal: PortalFeed;
  enlaces: Enlaces;
}): Promise<FeedConfig> {
  const f = await repo.config(o.tx, o.portal);
  if (!f)
    throw new AppError(
      CODES.CONFLICTO,
      `${ETIQUETA_PORTAL_FEED[o.portal]} aún no está configurado: guarde su configuración primero`,
    );
  await o.tx.execute(sql`update portal_config set credenciales = ${o.cifrador.cifrar(nuevoToken())},
      modificado_por = ${o.user.usuario}, modificado_en = now() where portal = ${o.portal}`);
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'actualizar',
    entidad: 'portal_config',
    entidadId: o.portal,
    cambios: { direccion_feed: { antes: 'anterior', despues: 'nueva' } },
    ip: o.ip,
  });
  return leerConfig(o);
}

const aPublicacion = (f: feedRepo.FilaFeed): PublicacionFeed => {
  const faltan = f.estado === EN_OFERTA ? faltantesFeed(f) : [];
  return {
    consecutivo: f.consecutivo,
    direccion: f.direccion,
    estado_inmueble: f.estado,
    marcado: f.marcado,
    en_feed: f.marcado && f.estado === EN_OFERTA && faltan.length === 0,
    faltan,
    estado: f.estado_pub,
    actualizado_en: f.actualizado_pub ? f.actualizado_pub.toISOString() : null,
  };
};

export async function listar(o: { tx: Tx; portal: PortalFeed }): Promise<PublicacionFeed[]> {
  return (await feedRepo.fichas(o.tx, o.portal)).map(aPublicacion);
}

/** «Incluir» / «Quitar»: the property's «Publicar en» flag for the portal; the next read follows it. */
export async function accion(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  portal: PortalFeed;
  consecutivo: number;
  accion: AccionFeed;
}): Promise<PublicacionFeed> {
  const i = await repo.inmueble(o.tx, o.consecutivo);
  if (!i) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  const marcado = o.accion === 'incluir';
  const antes = Boolean(i.publicar?.[o.portal]);
  if (antes !== marcado) {
    await o.tx.execute(sql`update inmueble set publicar = publicar || jsonb_build_object(${o.portal}::text, ${marcado}::boolean),
        version = version + 1, modificado_por = ${o.user.usuario}, modificado_en = now() where id = ${i.id}`);
    await registrarAuditoria(o.tx, {
      idUsuario: o.user.idUsuario || null,
      usuario: o.user.usuario,
      accion: 'actualizar',
      entidad: 'inmuebles',
      entidadId: String(i.id),
      cambios: { [`publicar.${o.portal}`]: { antes, despues: marcado } },
      ip: o.ip,
    });
  }
  const fila = (await feedRepo.fichas(o.tx, o.portal)).find((f) => f.consecutivo === o.consecutivo);
  return fila
    ? aPublicacion(fila)
    : {
        consecutivo: o.consecutivo,
        direccion: '',
        estado_inmueble: i.estado,
        marcado: false,
        en_feed: false,
        faltan: [],
        estado: null,
        actualizado_en: null,
      };
}

function armar(
  filas: feedRepo.FilaFeed[],
  m: Mapeo,
  enlaces: Enlaces,
  inmobiliaria: string,
): { feed: Feed; incluidas: Set<number> } {
  const incluidas = filas.filter((f) => f.marcado && f.estado === EN_OFERTA && faltantesFeed(f).length === 0);
  return {
    feed: generarFeed({ fichas: incluidas, mapeo: m, enlaces, inmobiliaria, generadoEn: new Date() }),
    incluidas: new Set(incluidas.map((f) => f.id)),
  };
}

/** What the portal would read now, for the screen (nothing is recorded). */
export async function vistaPrevia(o: { tx: Tx; portal: PortalFeed; enlaces: Enlaces }): Promise<VistaPreviaFeed> {
  // Read in the request's own transaction: the embedded database has one connection, and another
  // transaction here would wait for this one forever.
  const [e] = await queryRows<{ nombre: string }>(
    o.tx,
    sql`select nombre from empresa where id_empresa = ${o.enlaces.idEmpresa}`,
  );
  const m = mapeoDe(await repo.config(o.tx, o.portal));
  const nombre = e?.nombre || 'Inmobiliaria';
  const { feed, incluidas } = armar(await feedRepo.fichas(o.tx, o.portal), m, o.enlaces, nombre);
  return { formato: m.formato, inmuebles: incluidas.size, contenido: feed.contenido };
}

const mismoToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The portal reads its feed. A wrong address, another company's, or an inactive portal is «no existe»
 * (nothing tells a guesser which part was wrong). Each read is recorded, and so is what changed for each
 * property since the last one. `null`: the portal already has this version (its If-None-Match).
 */
export async function servir(o: {
  db: Database;
  cifrador: Cifrador;
  idEmpresa: number;
  portal: PortalFeed;
  token: string;
  enlaces: Enlaces;
  ip: string;
  agente: string;
  siNoCoincide: string | undefined;
}): Promise<Feed | { sinCambios: true; etag: string }> {
  await publico.limitar(o.db, o.ip, o.idEmpresa);
  const e = await publico.empresa(o.db, o.idEmpresa);
  const noExiste = () => noEncontrado(`El feed de ${ETIQUETA_PORTAL_FEED[o.portal]}`);
  return o.db.tenant(o.idEmpresa, async (tx) => {
    const cfg = await repo.config(tx, o.portal);
    const token = cfg ? o.cifrador.descifrar(cfg.credenciales) : null;
    if (!cfg || !cfg.activo || !token || !mismoToken(token, o.token)) throw noExiste();
    const filas = await feedRepo.fichas(tx, o.portal);
    const { feed, incluidas } = armar(filas, mapeoDe(cfg), o.enlaces, publico.empresaPublica(e).nombre);
    for (const f of filas) {
      const faltan = f.marcado && f.estado === EN_OFERTA ? faltantesFeed(f) : [];
      let estado: EstadoPublicacion | null = null;
      let error: string | null = null;
      if (incluidas.has(f.id)) estado = 'enviado';
      else if (faltan.length > 0) {
        estado = 'error';
        error = `Faltan datos para ${ETIQUETA_PORTAL_FEED[o.portal]}: ${faltan.join('; ')}`;
      } else if (f.estado_pub !== null) estado = 'despublicado';
      if (estado === null || (estado === f.estado_pub && error === f.error_pub)) continue;
      await feedRepo.marcar(tx, { idInmueble: f.id, portal: o.portal, estado, error });
      await repo.historial(tx, {
        idInmueble: f.id,
        portal: o.portal,
        accion: 'lectura del portal',
        resultado: estado,
        detalle: error ?? (estado === 'enviado' ? 'El portal leyó el inmueble en el feed' : 'Ya no está en el feed'),
      });
    }
    const sinCambios = o.siNoCoincide !== undefined && o.siNoCoincide === feed.etag;
    await feedRepo.registrarLectura(tx, {
      portal: o.portal,
      ip: o.ip,
      agente: o.agente,
      inmuebles: incluidas.size,
      sinCambios,
    });
    return sinCambios ? { sinCambios: true as const, etag: feed.etag } : feed;
  });
}
