import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TIPO_DUENO_RADICADO, type Radicacion } from '@predio/contract/gestion-documental';
import { ETIQUETAS_ORIGEN, type OrigenAutomatico } from '@predio/contract/gestion-documental-automaticos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import { reglaActiva } from './automaticos.service.ts';
import { areaRecepcion } from './configuracion.service.ts';
import { anotar, radicar } from './radicados.service.ts';
import * as texto from './texto.service.ts';

// Documents other modules produce (a closed inventory's PDF, a signed document) are filed by a job as
// radicados de salida with the file: deleting the radicado's document must never take the original's
// bytes (a shared file is deleted only when no row points at it; platform/archivos).

/** The área automatic filings go to: the one configuración names, else the first active one by code. */
async function areaParaRadicar(tx: Tx): Promise<number | null> {
  const configurada = await areaRecepcion(tx);
  if (configurada !== null) return configurada;
  const [a] = await queryRows<{ id: number }>(
    tx,
    sql`select id from areas_empresa where activo order by codigo nulls last, id limit 1`,
  );
  return a?.id ?? null;
}

/** The estado «Radicado» of the company's estados master, which GD's form proposes too. */
async function estadoRadicado(tx: Tx): Promise<number | null> {
  const [e] = await queryRows<{ id: number }>(
    tx,
    sql`select id from estados_gestion_documental where activo and lower(predio_unaccent(nombre)) = 'radicado' order by id limit 1`,
  );
  return e?.id ?? null;
}

/**
 * Files a stored PDF as a radicado de salida of the company. `que` names the document in the error a
 * job shows («el PDF del inventario N° 3»). Throws a plain Error (the job retries and shows it).
 */
export async function radicarDocumento(
  o: Scope & {
    storage: Storage;
    user: Principal;
    /** Which hook files it: its active rule (subseries automáticas, idm 10591) says where. */
    origen: OrigenAutomatico;
    que: string;
    fecha: string;
    asunto: string;
    idTercero: number | null;
    observaciones: string;
    archivo: { clave: string; nombre: string; sha256: string };
  },
): Promise<{ id: number; radicado: string }> {
  const regla = await reglaActiva(o.tx, o.origen);
  const idArea = regla?.id_area ?? (await areaParaRadicar(o.tx));
  if (idArea === null)
    throw new Error(
      `No se pudo radicar ${o.que}: la empresa no tiene áreas activas (Maestros › Áreas de la empresa). Cree una y reintente este trabajo.`,
    );
  const r = await radicar({
    tx: o.tx,
    user: o.user,
    ip: '',
    body: {
      tipo: 'salida',
      fecha: o.fecha,
      asunto: o.asunto,
      id_tercero: o.idTercero,
      id_area: idArea,
      id_serie: regla?.id_serie ?? null,
      id_subserie: regla?.id_subserie ?? null,
      id_tipo_documental: regla?.id_tipo_documental ?? null,
      id_estado: await estadoRadicado(o.tx),
      observaciones: o.observaciones,
    },
  }).catch((e: unknown) => {
    // A rule pointing at a master deactivated since: the job shows which rule to fix, and retries.
    if (regla && e instanceof Error)
      throw new Error(
        `No se pudo radicar ${o.que} con la regla «${ETIQUETAS_ORIGEN[o.origen]}» (Subseries automáticas): ${e.message}`,
      );
    throw e;
  });
  await o.tx.execute(sql`update radicado set origen = ${o.origen} where id = ${r.id}`);
  const buf = await o.storage.get(o.archivo.clave);
  if (!buf) throw new Error(`No se encontró el contenido de ${o.que} en el almacenamiento.`);
  // A file of platform/archivos (an inventory's PDF) is shared, not copied: the quota counts a stored
  // file once, and deleting either row keeps the bytes while the other points at them. Any other
  // folder (firmas' own) is not managed that way, so the radicado gets its own copy.
  const compartible = o.archivo.clave.startsWith(`${o.user.idEmpresa}/archivos/`);
  const clave = compartible ? o.archivo.clave : `${o.user.idEmpresa}/archivos/${randomUUID()}`;
  if (!compartible) await o.storage.put(clave, buf);
  const [archivoPdf] = await archivosRepo.agregar(o.tx, { tipo: TIPO_DUENO_RADICADO, id: String(r.id), categoria: 'documento' }, [
    {
      nombre: o.archivo.nombre,
      descripcion: o.asunto,
      contentType: 'application/pdf',
      bytes: buf.length,
      sha256: o.archivo.sha256,
      clave,
      creadoPor: o.user.usuario,
    },
  ]);
  await texto.encolarExtraccion(o.tx, archivoPdf!);
  // Written straight to archivo (not through the upload's hooks): its «Adjuntó» row of the history here.
  await anotar(o, r.id, 'subir', { id: archivoPdf!.id, nombre: o.archivo.nombre }, 'radicación automática');
  return { id: r.id, radicado: r.radicado };
}

/**
 * Where a filing job stands, by its key: `pendiente` while it waits or retries (with the last error),
 * `fallido` once it gave up; null when there is no job.
 */
export async function estadoRadicacion(tx: Tx, clave: string): Promise<Radicacion | null> {
  const [t] = await queryRows<{ estado: string; ultimo_error: string | null }>(
    tx,
    sql`select estado, ultimo_error from trabajo where clave = ${clave} order by id desc limit 1`,
  );
  if (!t) return null;
  return t.estado === 'fallido'
    ? { estado: 'fallido', error: t.ultimo_error }
    : { estado: 'pendiente', error: t.estado === 'pendiente' ? t.ultimo_error : null };
}
