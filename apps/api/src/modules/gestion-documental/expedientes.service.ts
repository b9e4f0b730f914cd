import { createHash, randomUUID } from 'node:crypto';
import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_EXPEDIENTE as L,
  ETIQUETAS_FASE,
  type EliminarExpediente,
  type Expediente,
  type ExpedienteDetalle,
  type ExpedienteForm,
  type ExpedientesQuery,
  type RetencionLegal,
  type RetencionQuery,
  type DisponerLote,
  type DisposicionLote,
  type ResultadoDisposicion,
  type ResultadoTransferencia,
  type TransferenciaLote,
  type TransferirLote,
} from '@predio/contract/gestion-documental-expedientes';
import { ETIQUETAS_DISPOSICION, type DisposicionTrd } from '@predio/contract/gestion-documental-trd';
import type { ListResult } from '@predio/contract/list';
import type { Tx } from '../../db/client.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { empresaDocumento } from '../../platform/documentos/contextos.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { anioBogota, formatear, siguiente } from '../../platform/numeracion/numeracion.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { membreteConLogo } from '../empresa/empresa.service.ts';
import { hasIdm } from '@predio/contract/menu';
import { IDM_GESTION_DOCUMENTAL } from '@predio/contract/gestion-documental';
import { IDM_CONFIGURACION_GESTION_DOCUMENTAL as IDM_CONFIGURACION_GD } from '@predio/contract/gestion-documental-trd';
import { notificar } from '../../platform/notificar/notificar.ts';
import * as repo from './expedientes.repo.ts';
import type { Aviso } from './radicados.service.ts';
import * as permisos from './permisos.service.ts';
import * as radicadosRepo from './radicados.repo.ts';

type Base = { tx: Tx; user: Principal };
type Escritura = Base & { ip: string };

export const ENTIDAD_EXPEDIENTE = 'expedientes';

const conflicto = (mensaje: string) => new AppError(CODES.CONFLICTO, mensaje);

async function auditar(o: Escritura, id: number, accion: string, cambios: Record<string, { antes: unknown; despues: unknown }>) {
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_EXPEDIENTE,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });
}

export async function listar(o: Base & { query: ExpedientesQuery }): Promise<ListResult<Expediente>> {
  const { page, pageSize, ...f } = o.query;
  const permitidos = permisos.filtroVer(await permisos.alcance(o.tx, o.user), 'x');
  return repo.listar(o.tx, { ...f, permitidos, limit: pageSize, offset: (page - 1) * pageSize });
}

/** One expediente the user may see (its serie's `ver`), or 404 / 403. `bloquear` locks it for a change. */
async function uno(o: Base, id: number, accion: 'ver' | 'radicar' | 'editar', bloquear = false): Promise<Expediente> {
  const e = await repo.porId(o.tx, id, bloquear);
  if (!e) throw noEncontrado(`El expediente ${id}`);
  await permisos.exigir(o.tx, o.user, accion, e.serie.id, e.subserie.id);
  return e;
}

export async function obtener(o: Base & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'ver');
  return { ...e, documentos: await repo.documentos(o.tx, o.id) };
}

/** Opens an expediente: its serie and subserie (of that serie) and what it groups, checked against the company's records. */
export async function crear(o: Escritura & { body: ExpedienteForm }): Promise<ExpedienteDetalle> {
  const b = o.body;
  if (!(await radicadosRepo.existeActivo(o.tx, 'series_documentales', b.id_serie)))
    throw invalido('id_serie', `El campo ${L.id_serie} no existe en esta empresa o está inactivo`);
  const ss = await radicadosRepo.subserie(o.tx, b.id_subserie);
  if (!ss || !(await radicadosRepo.existeActivo(o.tx, 'subseries_documentales', b.id_subserie)))
    throw invalido('id_subserie', `El campo ${L.id_subserie} no existe en esta empresa o está inactivo`);
  if (ss.id_serie !== b.id_serie) throw invalido('id_subserie', `El campo ${L.id_subserie} no pertenece a la serie elegida`);
  const requerido = { inmueble: b.inmueble, contrato: b.id_contrato, tercero: b.id_tercero, subserie: b.id_subserie }[b.agrupa];
  const campo = { inmueble: 'inmueble', contrato: 'id_contrato', tercero: 'id_tercero', subserie: 'id_subserie' }[b.agrupa];
  if (requerido == null)
    throw invalido(campo, `El campo ${L[campo as keyof typeof L]} es obligatorio en un expediente por ${b.agrupa}`);
  let idInmueble: number | null = null;
  if (b.inmueble != null) {
    idInmueble = await repo.idInmueble(o.tx, b.inmueble);
    if (idInmueble === null) throw invalido('inmueble', `El campo ${L.inmueble} no existe en esta empresa`);
  }
  if (b.id_contrato != null && !(await repo.existeContrato(o.tx, b.id_contrato)))
    throw invalido('id_contrato', `El campo ${L.id_contrato} no existe en esta empresa`);
  if (b.id_tercero != null && !(await radicadosRepo.existeTercero(o.tx, b.id_tercero)))
    throw invalido('id_tercero', `El campo ${L.id_tercero} no existe en esta empresa`);
  await permisos.exigir(o.tx, o.user, 'radicar', b.id_serie, b.id_subserie);
  const anio = anioBogota();
  const numero = formatear({ anio, prefijo: 'EXP', numero: await siguiente(o.tx, { serie: 'expediente', anio }), ancho: 4 });
  const id = await repo.crear(o.tx, {
    numero,
    nombre: b.nombre,
    agrupa: b.agrupa,
    idSerie: b.id_serie,
    idSubserie: b.id_subserie,
    idInmueble,
    idContrato: b.id_contrato ?? null,
    idTercero: b.id_tercero ?? null,
    observaciones: b.observaciones ?? '',
    creadoPor: o.user.usuario,
  });
  await auditar(o, id, 'crear', { numero: { antes: null, despues: numero }, nombre: { antes: null, despues: b.nombre } });
  return obtener({ ...o, id });
}

/** Files a radicado into an open expediente: one the user may see, of the expediente's serie, in no other expediente. */
export async function agregarRadicado(o: Escritura & { id: number; idRadicado: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'radicar', true);
  if (e.estado !== 'abierto')
    throw conflicto(`El expediente ${e.numero} está cerrado: ábralo de nuevo para agregarle radicados.`);
  const r = await radicadosRepo.porId(o.tx, o.idRadicado);
  if (!r) throw invalido('id_radicado', `El campo ${L.id_radicado} no existe en esta empresa`);
  await permisos.exigir(o.tx, o.user, 'ver', r.serie?.id ?? null, r.subserie?.id ?? null);
  if (r.serie && r.serie.id !== e.serie.id)
    throw invalido('id_radicado', `El radicado ${r.radicado} es de la serie «${r.serie.nombre}», no de la del expediente`);
  const ya = await repo.deRadicado(o.tx, o.idRadicado);
  if (ya) throw conflicto(`El radicado ${r.radicado} ya está en el expediente ${ya.numero}.`);
  await repo.agregar(o.tx, o.id, o.idRadicado, o.user.usuario);
  await auditar(o, o.id, 'agregar_radicado', { radicados: { antes: null, despues: r.radicado } });
  return obtener(o);
}

export async function quitarRadicado(o: Escritura & { id: number; idRadicado: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'abierto') throw conflicto(`El expediente ${e.numero} está cerrado: sus radicados no cambian.`);
  const r = await radicadosRepo.porId(o.tx, o.idRadicado);
  if (!r || !(await repo.quitar(o.tx, o.id, o.idRadicado)))
    throw noEncontrado(`El radicado ${o.idRadicado} del expediente ${e.numero}`);
  await auditar(o, o.id, 'quitar_radicado', { radicados: { antes: r.radicado, despues: null } });
  return obtener(o);
}

/** Closes it: its retention clock starts today (años de gestión, then central, of its subserie). */
export async function cerrar(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'abierto') throw conflicto(`El expediente ${e.numero} ya está cerrado.`);
  if (e.radicados === 0) throw conflicto(`El expediente ${e.numero} no tiene radicados: agregue alguno antes de cerrarlo.`);
  await repo.cerrar(o.tx, o.id, o.user.usuario);
  const d = await obtener(o);
  await auditar(o, o.id, 'cerrar', {
    estado: { antes: 'abierto', despues: 'cerrado' },
    vence_gestion: { antes: null, despues: d.vence_gestion },
    vence_central: { antes: null, despues: d.vence_central },
  });
  return d;
}

/** Opens a closed expediente again (a document arrived late): its clock stops until it closes again. */
export async function reabrir(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'cerrado') throw conflicto(`El expediente ${e.numero} ya está abierto.`);
  // Once transferred or disposed of, its retention has moved on: it is no longer a working file.
  if (e.fase !== 'gestion')
    throw conflicto(`El expediente ${e.numero} ya está en «${ETIQUETAS_FASE[e.fase]}»: no se puede abrir de nuevo.`);
  await repo.reabrir(o.tx, o.id);
  await auditar(o, o.id, 'reabrir', { estado: { antes: 'cerrado', despues: 'abierto' } });
  return obtener(o);
}

// ----- Retention (tab «Retención»): transfer, final disposition and legal hold ---------------------------

/** The expedientes due for transfer to the central archive, or for their final disposition. */
export async function retencion(o: Base & { query: RetencionQuery }): Promise<ListResult<Expediente>> {
  const { page, pageSize, ...f } = o.query;
  const permitidos = permisos.filtroVer(await permisos.alcance(o.tx, o.user), 'x');
  return repo.retencion(o.tx, { ...f, permitidos, limit: pageSize, offset: (page - 1) * pageSize });
}

const fechaLegible = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** Gestión → central, once its time in the archivo de gestión has run out (locked, checked, written, audited). */
async function transferirUno(o: Escritura & { id: number }, hoy: string): Promise<Expediente> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.estado !== 'cerrado') throw conflicto(`El expediente ${e.numero} está abierto: ciérrelo antes de transferirlo.`);
  if (e.fase !== 'gestion')
    throw conflicto(`El expediente ${e.numero} ya no está en el archivo de gestión (${ETIQUETAS_FASE[e.fase]}).`);
  if (e.vence_gestion! > hoy)
    throw conflicto(
      `El expediente ${e.numero} debe permanecer en el archivo de gestión hasta el ${fechaLegible(e.vence_gestion!)}.`,
    );
  await repo.transferir(o.tx, o.id, o.user.usuario);
  await auditar(o, o.id, 'transferir', { fase: { antes: 'gestion', despues: 'central' } });
  return e;
}

export async function transferir(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  await transferirUno(o, await repo.hoy(o.tx));
  return obtener(o);
}

/**
 * Runs one expediente's action for each id in the request's transaction. A refused one (not due, already
 * disposed of, another serie the user may not edit, not the company's) is reported with the single action's
 * reason and does not stop the others: every check runs before its write, so a refusal leaves nothing
 * half-written. Locked in id order (two batches never wait on each other crosswise); the answer keeps the
 * order received.
 */
async function enLote(o: Escritura, ids: number[], accion: (id: number) => Promise<Expediente>): Promise<ResultadoDisposicion[]> {
  const porId = new Map<number, ResultadoDisposicion>();
  for (const id of [...ids].sort((a, b) => a - b)) {
    try {
      const e = await accion(id);
      porId.set(id, { id, numero: e.numero, hecho: true, motivo: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const numero = err.code === CODES.NO_ENCONTRADO ? null : ((await repo.numero(o.tx, id)) ?? null);
      const motivo =
        err.code === CODES.NO_ENCONTRADO
          ? `El expediente ${id} no existe en esta empresa.`
          : err.code === CODES.SIN_PERMISO
            ? `No tiene permiso para editar la serie documental del expediente ${numero ?? id}.`
            : err.message;
      porId.set(id, { id, numero, hecho: false, motivo });
    }
  }
  return ids.map((id) => porId.get(id)!);
}

/** Several expedientes gestión → central, each with the single action's checks, lock and audit row. */
export async function transferirLote(o: Escritura & { body: TransferirLote }): Promise<TransferenciaLote> {
  const hoy = await repo.hoy(o.tx);
  const resultados = (await enLote(o, o.body.ids, (id) => transferirUno({ ...o, id }, hoy))).map(
    ({ hecho, ...r }): ResultadoTransferencia => ({ ...r, transferido: hecho }),
  );
  const transferidos = resultados.filter((r) => r.transferido).length;
  return { transferidos, rechazados: resultados.length - transferidos, resultados };
}

/** The checks common to both final dispositions: in the central archive and past its time there. */
async function paraDisponer(o: Escritura & { id: number }): Promise<Expediente> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.fase !== 'central')
    throw conflicto(
      e.fase === 'gestion'
        ? `El expediente ${e.numero} está en el archivo de gestión: transfiéralo al central antes de su disposición final.`
        : `El expediente ${e.numero} ya tuvo su disposición final (${ETIQUETAS_FASE[e.fase]}).`,
    );
  if (e.vence_central! > (await repo.hoy(o.tx)))
    throw conflicto(
      `El expediente ${e.numero} debe permanecer en el archivo central hasta el ${fechaLegible(e.vence_central!)}.`,
    );
  return e;
}

/** Central → conservado: kept for good (any disposition may choose to keep it). */
async function conservarUno(o: Escritura & { id: number }): Promise<Expediente> {
  const e = await paraDisponer(o);
  await repo.disponer(o.tx, o.id, { fase: 'conservado', usuario: o.user.usuario, motivo: null, idActa: null });
  await auditar(o, o.id, 'conservar', { fase: { antes: 'central', despues: 'conservado' } });
  return e;
}

export async function conservar(o: Escritura & { id: number }): Promise<ExpedienteDetalle> {
  await conservarUno(o);
  return obtener(o);
}

export const TIPO_DUENO_EXPEDIENTE = 'expediente';
export const CATEGORIA_ACTA = 'acta';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const conCodigo = (r: { codigo: string | null; nombre: string }) => (r.codigo ? `${r.codigo} ${r.nombre}` : r.nombre);

/** The acta's body: who eliminated what, when, why, with every radicado of the expediente by its number. */
function htmlActa(e: ExpedienteDetalle, o: { empresa: string; usuario: string; hoy: string; motivo: string }): string {
  const ss = e.subserie;
  const filas = e.documentos
    .map((r) => `<tr><td>${esc(r.radicado)}</td><td>${fechaLegible(r.fecha)}</td><td>${esc(r.asunto)}</td></tr>`)
    .join('');
  const dato = (k: string, v: string) => `<tr><th>${k}</th><td>${esc(v)}</td></tr>`;
  return `<h2>Acta de eliminación documental</h2>
<p>${esc(o.empresa)} deja constancia de la eliminación del expediente que se describe, cumplido su tiempo de retención en el archivo de gestión y en el archivo central según la Tabla de Retención Documental.</p>
<table><tbody>
${dato('Expediente', `${e.numero} · ${e.nombre}`)}
${dato('Serie', conCodigo(e.serie))}
${dato('Subserie', conCodigo(ss))}
${dato('Disposición final (TRD)', ss.disposicion_final ? ETIQUETAS_DISPOSICION[ss.disposicion_final as DisposicionTrd] : '—')}
${dato('Retención', `${ss.anios_gestion ?? 0} años en gestión, ${ss.anios_central ?? 0} años en central`)}
${dato('Abierto', fechaLegible(e.abierto_en))}
${dato('Cerrado', fechaLegible(e.cerrado_en!))}
${dato('Transferido al archivo central', e.transferido_en ? `${fechaLegible(e.transferido_en)} · ${e.transferido_por ?? ''}` : '—')}
${dato('Fin en archivo central', fechaLegible(e.vence_central!))}
${dato('Eliminado por', o.usuario)}
${dato('Fecha de eliminación', fechaLegible(o.hoy))}
${dato('Motivo u observación', o.motivo)}
</tbody></table>
<h3>Radicados eliminados (${e.documentos.length})</h3>
<table><thead><tr><th>Radicado</th><th>Fecha</th><th>Asunto</th></tr></thead><tbody>${filas}</tbody></table>
<p></p>
<p>______________________________<br>${esc(o.usuario)}<br>Eliminó</p>
<p>______________________________<br>Responsable del archivo</p>`;
}

/**
 * Central → eliminado: refused under legal hold, before its time, or when the TRD says to keep it. The
 * acta de eliminación is drawn (~0.1 s) and stored inside the transaction, so the expediente is never
 * marked eliminated without its acta. Rows (the expediente, its radicados, their history) are kept.
 */
type Membrete = Awaited<ReturnType<typeof membreteConLogo>>;
type Papel = { empresa: Awaited<ReturnType<typeof empresaDocumento>>; membrete: Membrete };

/** The company's name and letterhead for the actas, read once per request. */
async function papelDeActas(o: Escritura & { storage: Storage }): Promise<Papel> {
  const empresa = await empresaDocumento(o.tx);
  return { empresa, membrete: await membreteConLogo({ idEmpresa: o.user.idEmpresa, storage: o.storage, empresa }) };
}

async function eliminarUno(
  o: Escritura & { id: number; body: EliminarExpediente; storage: Storage },
  papel: () => Promise<Papel>,
): Promise<Expediente> {
  const e = await paraDisponer(o);
  if (e.retencion_legal)
    throw conflicto(
      `El expediente ${e.numero} tiene retención legal (${e.motivo_retencion ?? ''}): no se puede eliminar hasta levantarla.`,
    );
  const disp = e.subserie.disposicion_final;
  if (disp === 'CT')
    throw conflicto(
      `La subserie «${e.subserie.nombre}» es de conservación total: el expediente ${e.numero} no se elimina, se conserva.`,
    );
  if (!disp)
    throw conflicto(
      `La subserie «${e.subserie.nombre}» no tiene disposición final en la TRD: defínala antes de eliminar el expediente ${e.numero}.`,
    );
  const detalle = await obtener(o);
  const hoy = await repo.hoy(o.tx);
  const { empresa, membrete } = await papel();
  const html = sanearHtml(htmlActa(detalle, { empresa: empresa.nombre, usuario: o.user.usuario, hoy, motivo: o.body.motivo }));
  const pdf = await htmlAPdf({ html, membrete, titulo: `Acta de eliminación · ${e.numero}` });
  const clave = `${o.user.idEmpresa}/archivos/${randomUUID()}`;
  await o.storage.put(clave, pdf);
  const [acta] = await archivosRepo.agregar(o.tx, { tipo: TIPO_DUENO_EXPEDIENTE, id: String(e.id), categoria: CATEGORIA_ACTA }, [
    {
      nombre: `acta-eliminacion-${e.numero}.pdf`,
      descripcion: `Acta de eliminación del expediente ${e.numero}`,
      contentType: 'application/pdf',
      bytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      clave,
      creadoPor: o.user.usuario,
    },
  ]);
  await repo.disponer(o.tx, o.id, { fase: 'eliminado', usuario: o.user.usuario, motivo: o.body.motivo, idActa: acta!.id });
  await auditar(o, o.id, 'eliminar', {
    fase: { antes: 'central', despues: 'eliminado' },
    motivo: { antes: null, despues: o.body.motivo },
    acta: { antes: null, despues: acta!.nombre },
    radicados: { antes: detalle.documentos.map((r) => r.radicado).join(', '), despues: null },
  });
  return e;
}

export async function eliminar(
  o: Escritura & { id: number; body: EliminarExpediente; storage: Storage },
): Promise<ExpedienteDetalle> {
  await eliminarUno(o, () => papelDeActas(o));
  return obtener(o);
}

/**
 * Several expedientes of the central archive to their final disposition at once: each conserved, or
 * eliminated with its own acta (the batch's motivo written in every one), with the single action's checks.
 */
export async function disponerLote(o: Escritura & { body: DisponerLote; storage: Storage }): Promise<DisposicionLote> {
  const { accion, ids, motivo } = o.body;
  let papel: Promise<Papel> | undefined;
  const resultados = await enLote(o, ids, (id) =>
    accion === 'conservar'
      ? conservarUno({ ...o, id })
      : eliminarUno({ ...o, id, body: { motivo: motivo! } }, () => (papel ??= papelDeActas(o))),
  );
  const hechos = resultados.filter((r) => r.hecho).length;
  return { accion, hechos, rechazados: resultados.length - hechos, resultados };
}

/** Sets or clears the legal hold (a lawsuit, an authority's request): while on, no elimination. */
export async function retencionLegal(o: Escritura & { id: number; body: RetencionLegal }): Promise<ExpedienteDetalle> {
  const e = await uno(o, o.id, 'editar', true);
  if (e.fase === 'eliminado') throw conflicto(`El expediente ${e.numero} ya fue eliminado.`);
  if (e.retencion_legal === o.body.activa)
    throw conflicto(`El expediente ${e.numero} ${o.body.activa ? 'ya tiene' : 'no tiene'} retención legal.`);
  await repo.retencionLegal(o.tx, o.id, { activa: o.body.activa, motivo: o.body.motivo, usuario: o.user.usuario });
  await auditar(o, o.id, o.body.activa ? 'activar_retencion_legal' : 'levantar_retencion_legal', {
    retencion_legal: { antes: e.retencion_legal, despues: o.body.activa },
    motivo_retencion: { antes: e.motivo_retencion, despues: o.body.activa ? o.body.motivo : null },
  });
  return obtener(o);
}

/** The stored acta de eliminación of an eliminated expediente the user may see (streamed after the commit). */
export async function acta(o: Base & { id: number }): Promise<archivosRepo.FilaArchivo> {
  const e = await uno(o, o.id, 'ver');
  const id = await repo.idActa(o.tx, o.id);
  const f = id === null ? null : await archivosRepo.deDueno(o.tx, TIPO_DUENO_EXPEDIENTE, String(e.id), id);
  if (!f) throw noEncontrado(`El acta de eliminación del expediente ${e.numero}`);
  return f;
}

/** More expedientes than this falling due in one run for one stage are told in one notice, not one each. */
const AVISOS_POR_ETAPA = 5;

/**
 * The daily pass of one company: tells the users of Gestión documental (10579) or of its configuration
 * (10574) — and the company administrator — which closed expedientes fell due for transfer to the central
 * archive or for their final disposition, once per expediente and stage (marked before sending). In-app
 * only: the spec's catalogue of notification types has none for retention (501 and 502 are radicados').
 */
export async function avisarRetencion(o: { tx: Tx } & Aviso & { idEmpresa: number; hoy: string }): Promise<{ avisos: number }> {
  const due = await repo.marcarPorAvisar(o.tx, o.hoy);
  if (due.length === 0) return { avisos: 0 };
  const para = (await repo.usuariosConPermisos(o.tx))
    .filter((u) => u.admemp || hasIdm(u.permisos, IDM_GESTION_DOCUMENTAL) || hasIdm(u.permisos, IDM_CONFIGURACION_GD))
    .map((u) => u.id);
  const avisos: { titulo: string; cuerpo: string }[] = [];
  for (const etapa of ['gestion', 'central'] as const) {
    const de = due.filter((d) => d.etapa === etapa);
    const accion = etapa === 'gestion' ? 'por transferir al archivo central' : 'por disposición final';
    const donde = etapa === 'gestion' ? 'el archivo de gestión' : 'el archivo central';
    const fecha = (d: string) => d.split('-').reverse().join('/');
    if (de.length <= AVISOS_POR_ETAPA)
      for (const d of de)
        avisos.push({
          titulo: `Expediente ${accion} ${d.numero}`,
          cuerpo: `«${d.nombre}» cumplió su tiempo en ${donde} el ${fecha(d.vence)}.`,
        });
    else
      avisos.push({
        titulo: `${de.length} expedientes ${accion}`,
        cuerpo: `Cumplieron su tiempo en ${donde}: ${de
          .slice(0, 10)
          .map((d) => d.numero)
          .join(', ')}${de.length > 10 ? '…' : ''}.`,
      });
  }
  for (const idUsuario of para)
    for (const a of avisos)
      await notificar(o, { idEmpresa: o.idEmpresa, idUsuario, tipoCarta: null, ...a, enlace: ENLACE_RETENCION });
  return { avisos: para.length * avisos.length };
}

const ENLACE_RETENCION = '/gestion-documental/gestion-documental?pestana=retencion';
export const empresasConRetencion = (tx: Tx, hoy: string) => repo.empresasConRetencion(tx, hoy);
