import { CODES } from '@predio/contract/codes';
import { TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import { esAnulado } from '@predio/contract/gestion-documental-estados';
import {
  CATEGORIA_VERSION,
  HISTORIAL_MAX,
  ZVersionMotivo,
  type DocumentoConVersiones,
  type HistorialDocumento,
} from '@predio/contract/gestion-documental-versiones';
import type { Tx } from '../../db/client.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido } from '../../platform/errors/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import * as radicados from './radicados.service.ts';
import * as texto from './texto.service.ts';
import * as repo from './versiones.repo.ts';

type Lectura = { tx: Tx; user: Principal; id: number };

/** The radicado's current documents, each with its versions newest first (docs: «Versiones»). */
export async function documentos(o: Lectura): Promise<DocumentoConVersiones[]> {
  await radicados.obtener(o);
  const porDocumento = new Map<number, DocumentoConVersiones>();
  for (const f of await repo.deRadicado(o.tx, o.id, TIPO_DUENO_RADICADO)) {
    let d = porDocumento.get(f.id_documento);
    if (!d) porDocumento.set(f.id_documento, (d = { id: f.id_documento, nombre: f.documento, versiones: [] }));
    d.versiones.push({
      numero: f.numero ?? 1,
      id_archivo: f.id_archivo,
      nombre: f.nombre,
      bytes: Number(f.bytes),
      content_type: f.content_type,
      creado_por: f.creado_por,
      creado_en: f.creado_en,
      motivo: f.motivo,
      actual: f.categoria !== CATEGORIA_VERSION,
    });
  }
  return [...porDocumento.values()];
}

/** Who saw, downloaded or changed the radicado's documents, newest first (HISTORIAL_MAX rows). */
export async function historial(o: Lectura): Promise<HistorialDocumento[]> {
  await radicados.obtener(o);
  return repo.historial(o.tx, o.id, HISTORIAL_MAX);
}

/**
 * A new version of one of the radicado's documents (an upload received by archivos.recibir): the
 * previous file is kept and numbered, the document takes the new one, and the change is recorded with its
 * motivo. An annulled radicado, or one of an eliminated expediente (the owner's antesDeEscribir), takes
 * none: 409 saying why. Any refusal deletes the received file.
 */
export async function nuevaVersion(o: {
  tx: Tx;
  user: Principal;
  ip: string;
  storage: Storage;
  onCommit: (fn: () => void) => void;
  cuota: archivos.Cuota;
  id: number;
  idArchivo: number;
  subida: archivos.Subida;
}): Promise<DocumentoConVersiones> {
  let motivo: string;
  try {
    const m = ZVersionMotivo.safeParse({ motivo: o.subida.campos?.motivo });
    if (!m.success) throw invalido('motivo', m.error.issues[0]!.message);
    motivo = m.data.motivo;
    const r = await radicados.obtener(o);
    if (esAnulado(r.estado?.nombre))
      throw new AppError(CODES.CONFLICTO, `El radicado ${r.radicado} está anulado: sus documentos no admiten nuevas versiones.`);
  } catch (e) {
    await o.storage.delete(o.subida.clave).catch(() => undefined);
    throw e;
  }
  const { anterior, actual } = await archivos.sustituir({
    ...o,
    id: o.idArchivo,
    tipo: TIPO_DUENO_RADICADO,
    clave: String(o.id),
    categoriaAnterior: CATEGORIA_VERSION,
  });
  const numero = Math.max(await repo.ultimaVersion(o.tx, actual.id), 1) + 1;
  await repo.registrar(o.tx, { idRadicado: o.id, idDocumento: actual.id, idAnterior: anterior.id, numero, motivo });
  await repo.olvidarTexto(o.tx, actual.id);
  await texto.encolarExtraccion(o.tx, actual, numero);
  await radicados.anotar(o, o.id, 'version', actual, `Versión ${numero}: ${motivo}`);
  const d = (await documentos(o)).find((x) => x.id === actual.id);
  return d!;
}
