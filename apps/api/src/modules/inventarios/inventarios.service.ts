import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ETIQUETAS_ESTADO_INVENTARIO,
  ETIQUETAS_TIPO_INVENTARIO,
  faltantesFirmaRemota,
  faltantesInventario,
  firmantesRemotos,
  RESPONSABLES,
  type Comparacion,
  type ContratoInventario,
  type DetalleCambios,
  type FilaComparacion,
  type FirmaForm,
  type FirmaRemota,
  type FirmaRemotaForm,
  type Inventario,
  type InventarioCambios,
  type InventarioFila,
  type InventarioForm,
  type InventariosExportarQuery,
  type InventariosQuery,
  type InventarioPortal,
  type OpcionesInventario,
  type ParteForm,
  type TerceroInventario,
  type TipoInventario,
  type Responsable,
  type RolFirma,
} from '@predio/contract/inventarios';
import type { ListResult } from '@predio/contract/list';
import { CODES } from '@predio/contract/codes';
import type { Radicacion } from '@predio/contract/gestion-documental';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { principalSinSesion, type Principal } from '../../platform/auth/principal.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { CATEGORIA_FOTO, type Categoria } from '../../platform/archivos/duenos.ts';
import { fotoJpeg } from '../../platform/fotos.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { empresaDocumento } from '../../platform/documentos/contextos.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { siguiente } from '../../platform/numeracion/numeracion.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import type { Scope } from '../../platform/tenant.ts';
import { leerLogoGuardado } from '../empresa/empresa.service.ts';
import * as contratos from '../contratos/contratos.service.ts';
import * as firmas from '../firmas/firmas.service.ts';
import { estadoRadicacion, radicarDocumento } from '../gestion-documental/radicacion-automatica.service.ts';
import { htmlActa, htmlInventario } from './inventarios-pdf.ts';
import * as repo from './inventarios.repo.ts';

// Inventarios > Administración de inventarios (idm 496): an inventory of a property, taken room by room
// on a phone, signed on the device, closed into a PDF, and at move-out compared with the entrega.

type Base = { tx: Tx };
type Escritura = Scope & { user: Principal; ip: string };
export const ENTIDAD_INVENTARIO = 'inventarios';
const nombreDe = (v: { consecutivo: number }) => `El inventario N° ${v.consecutivo}`;

export const cerrado = (v: { consecutivo: number }) =>
  new AppError(CODES.CONFLICTO, `${nombreDe(v)} está cerrado: ya no se puede modificar.`);

const auditar = (o: Escritura, accion: string, id: number, campo: string, despues: unknown, antes: unknown = null) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_INVENTARIO,
    entidadId: String(id),
    cambios: { [campo]: { antes, despues } },
    ip: o.ip,
  });

async function idInmuebleDe(tx: Tx, consecutivo: number | undefined): Promise<number | null | undefined> {
  if (consecutivo === undefined) return undefined;
  return (await repo.inmueblePorConsecutivo(tx, consecutivo))?.id ?? null;
}

export async function listar(o: Base & { query: InventariosQuery }): Promise<ListResult<InventarioFila>> {
  const q = o.query;
  const where = repo.filtro({ ...q, idInmueble: await idInmuebleDe(o.tx, q.consecutivo_inmueble) });
  return repo.listar(o.tx, { where, sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

export async function exportar(o: Base & { query: InventariosExportarQuery }): Promise<Archivo> {
  const q = o.query;
  const where = repo.filtro({ ...q, idInmueble: await idInmuebleDe(o.tx, q.consecutivo_inmueble) });
  const r = await repo.listar(o.tx, { where, sort: q.sort, order: q.order, limit: 10_000, offset: 0 });
  const hoja = {
    encabezados: [
      'N°',
      'Fecha',
      'Tipo',
      'Estado',
      'Inmueble',
      'Dirección',
      'Plantilla',
      'Tomado por',
      'Ítems revisados',
      'Ítems',
    ],
    filas: r.items.map((v) => [
      v.consecutivo,
      v.fecha,
      ETIQUETAS_TIPO_INVENTARIO[v.tipo],
      ETIQUETAS_ESTADO_INVENTARIO[v.estado],
      v.inmueble.consecutivo,
      v.inmueble.direccion,
      v.plantilla,
      v.tomado_por,
      v.avance.hechos,
      v.avance.total,
    ]),
  };
  return exportarHoja({ hoja, base: 'inventarios', titulo: 'Inventarios', formato: q.formato });
}

export const opciones = (o: Base): Promise<OpcionesInventario> => repo.opciones(o.tx);

export async function obtener(o: Base & { id: number }): Promise<Inventario> {
  const c = await repo.cabecera(o.tx, o.id);
  if (!c) throw noEncontrado(`El inventario ${o.id}`);
  const { id_inmueble: _i, id_firma_documento, id_contrato, ...cab } = c;
  const k = id_contrato === null ? null : await contratos.resumenConPartes(o.tx, id_contrato);
  return {
    ...cab,
    contrato: k && contratoInventario(k),
    espacios: await repo.espacios(o.tx, o.id),
    firmas: await repo.firmas(o.tx, o.id),
    partes: await repo.partes(o.tx, o.id),
    radicacion: await radicacionDe(o.tx, c),
    firma_remota: await firmaRemotaDe(o.tx, id_firma_documento),
  };
}

/**
 * The inventory's document in firmas electrónicas, read through firmas' own service. A document past its
 * date accepts no signature already (firmas refuses the link), though firmas' daily pass marks it
 * «vencido» later: the inventory reads it as vencido from that moment, so it is not held read-only by a
 * signature nobody can give any more.
 */
async function firmaRemotaDe(tx: Tx, idDocumento: number | null): Promise<FirmaRemota | null> {
  if (idDocumento === null) return null;
  const d = await firmas.obtener({ tx, id: idDocumento });
  const vencido = d.estado === 'enviado' && d.vence_en !== null && new Date(d.vence_en).getTime() < Date.now();
  return {
    id_documento: d.id,
    estado: vencido ? 'vencido' : d.estado,
    vence_en: d.vence_en,
    firmantes: d.detalle.map((f) => ({
      nombre: f.nombre,
      email: f.email,
      estado: f.estado,
      motivo_rechazo: f.motivo_rechazo,
    })),
  };
}

// ---- The contract (contratos module)

const contratoInventario = (k: ContratoInventario): ContratoInventario => ({
  id: k.id,
  numero: k.numero,
  programa: k.programa,
  clase: k.clase,
  estado: k.estado,
  arrendatario: k.arrendatario,
  propietarios: k.propietarios,
});

/** The contracts an inventory of this property may name: the property's, of both registers. */
export async function contratosDeInmueble(o: Base & { consecutivo: number }): Promise<ContratoInventario[]> {
  if (!(await repo.inmueblePorConsecutivo(o.tx, o.consecutivo))) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  return (await contratos.deInmueble(o.tx, o.consecutivo)).map(contratoInventario);
}

/** The contract named, which must be this company's (RLS hides any other) and of the inventory's property. */
async function contratoDelInmueble(tx: Tx, idContrato: number, consecutivoInmueble: number) {
  const k = await contratos.resumenConPartes(tx, idContrato);
  if (!k) throw invalido('id_contrato', `El campo Contrato no es un contrato de esta empresa (no existe el ${idContrato})`);
  if (k.inmueble !== consecutivoInmueble)
    throw invalido(
      'id_contrato',
      `El campo Contrato debe ser un contrato del inmueble ${consecutivoInmueble} (el ${k.numero} es del inmueble ${k.inmueble})`,
    );
  return k;
}

/** A contract's inventories (its screen), newest first; another company's contract is 404. */
export async function deContrato(o: Base & { id: number }): Promise<InventarioFila[]> {
  if (!(await contratos.resumenConPartes(o.tx, o.id))) throw noEncontrado(`El contrato ${o.id}`);
  return (await repo.listar(o.tx, { where: repo.filtro({ idContrato: o.id }), limit: 200, offset: 0 })).items;
}

// ---- Parties present (terceros)

export const buscarTerceros = (o: Base & { q: string | undefined; id: number | undefined }): Promise<TerceroInventario[]> =>
  repo.buscarTerceros(o.tx, o.q, o.id);

/**
 * A party present: a tercero, whose name and document are copied (the PDF says who it was that day even
 * if the tercero changes later), or a person typed by hand who is not a tercero.
 */
export async function agregarParte(o: Escritura & { id: number; body: ParteForm }): Promise<Inventario> {
  const c = await abierto(o.tx, o.id);
  const b = o.body;
  let datos = { nombre: b.nombre, documento: b.documento, email: b.email };
  if (b.id_tercero !== null) {
    const t = await repo.tercero(o.tx, b.id_tercero);
    if (!t) throw invalido('id_tercero', 'El campo Tercero no es un tercero de esta empresa');
    if ((await repo.partes(o.tx, o.id)).some((p) => p.id_tercero === t.id))
      throw invalido('id_tercero', `${t.nombre} ya está entre las partes del inventario N° ${c.consecutivo}`);
    datos = { nombre: t.nombre || t.nro_id, documento: t.nro_id, email: b.email || t.email };
  }
  await repo.agregarParte(o.tx, o.id, { rol: b.rol, idTercero: b.id_tercero, ...datos });
  await repo.tocar(o.tx, o.id);
  await auditar(o, 'agregar parte', o.id, `parte ${b.rol}`, `${datos.nombre}${b.id_tercero ? ` (tercero ${b.id_tercero})` : ''}`);
  return obtener({ tx: o.tx, id: o.id });
}

export async function quitarParte(o: Escritura & { id: number; parte: number }): Promise<Inventario> {
  const c = await abierto(o.tx, o.id);
  const p = await repo.borrarParte(o.tx, o.id, o.parte);
  if (!p) throw noEncontrado(`La parte ${o.parte} del inventario N° ${c.consecutivo}`);
  await repo.tocar(o.tx, o.id);
  await auditar(o, 'quitar parte', o.id, `parte ${p.rol}`, null, p.nombre);
  return obtener({ tx: o.tx, id: o.id });
}

/** A property's inventories (its tab), newest first. */
export async function deInmueble(o: Base & { consecutivo: number }): Promise<InventarioFila[]> {
  const i = await repo.inmueblePorConsecutivo(o.tx, o.consecutivo);
  if (!i) throw noEncontrado(`El inmueble ${o.consecutivo}`);
  return (await repo.listar(o.tx, { where: repo.filtro({ idInmueble: i.id }), limit: 200, offset: 0 })).items;
}

export async function crear(o: Escritura & { body: InventarioForm }): Promise<Inventario> {
  const b = o.body;
  const inm = await repo.inmueblePorConsecutivo(o.tx, b.consecutivo_inmueble);
  if (!inm) throw invalido('consecutivo_inmueble', `El inmueble ${b.consecutivo_inmueble} no existe en esta empresa`);
  let idPlantilla: number | null = null;
  let plantilla = '';
  let idOrigen: number | null = null;
  let idContrato = b.id_contrato;
  if (b.tipo === 'devolucion') {
    // Softinm's rule and the issue's: a move-out starts from the closed move-in, item by item.
    const e = await repo.ultimaEntrega(o.tx, inm.id);
    if (!e)
      throw invalido(
        'consecutivo_inmueble',
        `El inmueble ${b.consecutivo_inmueble} no tiene un inventario de entrega cerrado con el cual comparar la devolución`,
      );
    idOrigen = e.id;
    // The move-out belongs to the lease the move-in did, unless another contract is named.
    idContrato ??= e.id_contrato;
    idPlantilla = e.id_plantilla;
    plantilla = e.plantilla;
  } else {
    if (b.id_plantilla === null) throw invalido('id_plantilla', 'El campo Plantilla es obligatorio');
    const p = await repo.plantillaNombre(o.tx, b.id_plantilla);
    if (!p) throw invalido('id_plantilla', `La plantilla ${b.id_plantilla} no existe en esta empresa`);
    idPlantilla = b.id_plantilla;
    plantilla = p.nombre;
  }
  const contrato = idContrato === null ? null : await contratoDelInmueble(o.tx, idContrato, b.consecutivo_inmueble);
  const consecutivo = await siguiente(o.tx, { serie: 'inventario' });
  const id = await repo.insertar(o.tx, {
    consecutivo,
    idInmueble: inm.id,
    tipo: b.tipo,
    fecha: b.fecha,
    idPlantilla,
    plantilla,
    idOrigen,
    idContrato,
    idUsuario: o.user.idUsuario || null,
    tomadoPor: o.user.usuario,
    observaciones: b.observaciones,
  });
  if (idOrigen !== null) await repo.copiarInventario(o.tx, id, idOrigen);
  else await repo.copiarPlantilla(o.tx, id, idPlantilla!);
  // Created from a contract: its tenant and owners are who is expected at the property (codeudores
  // seldom come to an inventory; they can be added by hand). Removable like any party.
  for (const p of contrato?.partes ?? [])
    if (p.rol !== 'codeudor')
      await repo.agregarParte(o.tx, id, {
        rol: p.rol,
        idTercero: p.id_tercero,
        nombre: p.nombre || p.nro_id,
        documento: p.nro_id,
        email: p.email,
      });
  await auditar(
    o,
    'crear',
    id,
    'inventario',
    `N° ${consecutivo} ${ETIQUETAS_TIPO_INVENTARIO[b.tipo]} del inmueble ${b.consecutivo_inmueble}${contrato ? `, contrato ${contrato.numero}` : ''}`,
  );
  return obtener({ tx: o.tx, id });
}

/** The inventory, locked, still open and not out for signature; else 404 or 409. */
async function abierto(tx: Tx, id: number) {
  const c = await repo.cabecera(tx, id, true);
  if (!c) throw noEncontrado(`El inventario ${id}`);
  if (c.estado === 'cerrado') throw cerrado(c);
  if ((await firmaRemotaDe(tx, c.id_firma_documento))?.estado === 'enviado')
    throw new AppError(
      CODES.CONFLICTO,
      `${nombreDe(c)} está en firma electrónica a distancia: cancele esa firma para modificarlo.`,
    );
  return c;
}

export async function actualizar(o: Escritura & { id: number; body: InventarioCambios }): Promise<Inventario> {
  const c = await abierto(o.tx, o.id);
  const idContrato = o.body.id_contrato;
  if (idContrato !== undefined && idContrato !== c.id_contrato) {
    const k = idContrato === null ? null : await contratoDelInmueble(o.tx, idContrato, c.inmueble.consecutivo);
    const antes = c.id_contrato === null ? null : await contratos.resumenConPartes(o.tx, c.id_contrato);
    await auditar(o, 'actualizar', o.id, 'contrato', k?.numero ?? null, antes?.numero ?? null);
  }
  await repo.actualizarCabecera(o.tx, o.id, o.body);
  return obtener({ tx: o.tx, id: o.id });
}

/**
 * One item's answer. Idempotent (it sets, never adds), so a phone that lost the answer to its request
 * can send the same change again.
 */
export async function guardarDetalle(o: Escritura & { id: number; detalle: number; body: DetalleCambios }) {
  const c = await abierto(o.tx, o.id);
  const d = await repo.detalle(o.tx, o.detalle);
  if (!d || d.id_inventario !== o.id) throw noEncontrado(`El ítem ${o.detalle} del inventario N° ${c.consecutivo}`);
  const b = o.body;
  const nuevo = {
    estado: b.estado === undefined ? d.estado : b.estado,
    comentario: b.comentario ?? d.comentario,
    cantidad: b.cantidad === undefined ? d.cantidad : b.cantidad,
    lectura: b.lectura ?? d.lectura,
    costo: b.costo === undefined ? d.costo : b.costo,
    responsable: b.responsable === undefined ? d.responsable : b.responsable,
  };
  // A «No conforme» without its comment yet is kept (the phone sends the tap, then the words): the
  // comment is required to close, where faltantesInventario names each one missing.
  if ((b.costo !== undefined || b.responsable !== undefined) && c.tipo !== 'devolucion')
    throw invalido('costo', 'El costo y quién paga solo se registran en un inventario de devolución');
  await repo.guardarDetalle(o.tx, o.detalle, nuevo);
  await repo.tocar(o.tx, o.id);
  return { id: o.detalle, ...nuevo };
}

export async function repetirEspacio(o: Escritura & { id: number; copiarDe: number }): Promise<Inventario> {
  await abierto(o.tx, o.id);
  const nuevo = await repo.repetirEspacio(o.tx, o.id, o.copiarDe);
  if (nuevo === null) throw invalido('copiar_de', `El espacio ${o.copiarDe} no es de este inventario`);
  await repo.tocar(o.tx, o.id);
  return obtener({ tx: o.tx, id: o.id });
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function firmar(o: Escritura & { id: number; rol: RolFirma; body: FirmaForm }) {
  await abierto(o.tx, o.id);
  const png = Buffer.from(o.body.imagen.slice(o.body.imagen.indexOf(',') + 1), 'base64');
  if (png.length < 60 || !png.subarray(0, 8).equals(PNG)) throw invalido('imagen', 'El campo Firma debe ser un dibujo PNG');
  await repo.guardarFirma(o.tx, o.id, o.rol, { nombre: o.body.nombre, documento: o.body.documento, email: o.body.email, png });
  await auditar(o, 'firmar', o.id, `firma ${o.rol}`, o.body.nombre);
  return { rol: o.rol, nombre: o.body.nombre };
}

export async function quitarFirma(o: Escritura & { id: number; rol: RolFirma }) {
  await abierto(o.tx, o.id);
  await repo.borrarFirma(o.tx, o.id, o.rol);
  return { rol: o.rol };
}

type ConArchivos = Escritura & { storage: Storage };
type AlCerrar = ConArchivos & { mailer: Despertador };

async function membrete(o: ConArchivos) {
  const { logo, ...m } = await empresaDocumento(o.tx);
  const buf = logo
    ? await leerLogoGuardado({ user: o.user, storage: o.storage, nombre: logo })
        .then((l) => l.buf)
        .catch(() => null)
    : null;
  return { ...m, logo: buf };
}

/** Photos in the PDF: read from storage by their `/api/archivos/inventario_detalle/<d>/<a>` source, scaled down. */
async function lectorFotos(o: ConArchivos, idInventario: number) {
  const fotos = await repo.fotos(o.tx, idInventario);
  const porDetalle = new Map<number, number[]>();
  const claves = new Map<string, string>();
  for (const f of fotos) {
    porDetalle.set(f.id_detalle, [...(porDetalle.get(f.id_detalle) ?? []), f.id]);
    claves.set(`/api/archivos/inventario_detalle/${f.id_detalle}/${f.id}`, f.clave);
  }
  const leer = async (src: string) => {
    const clave = claves.get(src);
    const buf = clave ? await o.storage.get(clave) : null;
    if (!buf) return null;
    return sharp(buf)
      .rotate()
      .resize({ width: 700, height: 700, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer()
      .catch(() => null);
  };
  return { porDetalle, leer };
}

/** Stores a generated PDF as a file of the inventory (category pdf or acta) and answers its row and hash. */
async function archivarPdf(o: ConArchivos, id: number, categoria: 'pdf' | 'acta', nombre: string, pdf: Buffer) {
  const clave = `${o.user.idEmpresa}/archivos/${randomUUID()}`;
  // A rollback after this leaves the bytes unnamed: the nightly archivos.borrar-sin-uso job removes them.
  await o.storage.put(clave, pdf);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [fila] = await archivosRepo.agregar(o.tx, { tipo: 'inventario', id: String(id), categoria }, [
    { nombre, descripcion: '', contentType: 'application/pdf', bytes: pdf.length, sha256, clave, creadoPor: o.user.usuario },
  ]);
  return { fila: fila!, sha256 };
}

export async function pdfDe(o: ConArchivos & { v: Inventario }): Promise<Buffer> {
  const f = await lectorFotos(o, o.v.id);
  return htmlAPdf({
    html: sanearHtml(htmlInventario(o.v, f.porDetalle)),
    membrete: await membrete(o),
    titulo: `Inventario N° ${o.v.consecutivo}`,
    imagen: f.leer,
  });
}

/**
 * Closing: every item answered, the parties signed; the PDF is drawn, filed as the inventory's file with
 * its SHA-256 recorded, and the inventory becomes read-only. A devolución also files its acta.
 */
export async function cerrar(o: AlCerrar & { id: number }): Promise<Inventario> {
  await abierto(o.tx, o.id);
  const v = await obtener({ tx: o.tx, id: o.id });
  const falta = faltantesInventario(v);
  if (falta.length)
    throw new AppError(
      CODES.VALIDACION,
      `No se puede cerrar el inventario N° ${v.consecutivo}: ${falta.slice(0, 5).join('; ')}${falta.length > 5 ? ` y ${falta.length - 5} más` : ''}.`,
      undefined,
      undefined,
      { faltantes: falta },
    );
  const cerradoV: Inventario = { ...v, estado: 'cerrado' };
  const pdf = await pdfDe({ ...o, v: cerradoV });
  const sha256 = await archivarYCerrar(o, cerradoV, pdf);
  await enviarALasPartes(o, cerradoV, pdf);
  await auditar(o, 'cerrar', o.id, 'estado', `cerrado; PDF sha256 ${sha256}`, 'borrador');
  return obtener({ tx: o.tx, id: o.id });
}

/**
 * Files the closing PDF (and a devolución's acta) with the inventory, makes it read-only and queues its
 * filing in gestión documental. Answers the PDF's SHA-256.
 */
async function archivarYCerrar(o: ConArchivos, v: Inventario, pdf: Buffer): Promise<string> {
  const { fila, sha256 } = await archivarPdf(o, v.id, 'pdf', `inventario-${v.consecutivo}.pdf`, pdf);
  if (v.tipo === 'devolucion') {
    const c = await comparacion({ tx: o.tx, id: v.id });
    const acta = await htmlAPdf({
      html: sanearHtml(htmlActa(v, c)),
      membrete: await membrete(o),
      titulo: `Acta de restitución N° ${v.consecutivo}`,
    });
    await archivarPdf(o, v.id, 'acta', `acta-restitucion-${v.consecutivo}.pdf`, acta);
  }
  await repo.cerrar(o.tx, v.id, { usuario: o.user.usuario, sha256, idArchivo: fila.id });
  // Filing in gestión documental is a job, not part of this transaction: it depends on GD's masters (an
  // active área), which the agent closing at the property cannot fix; a failure there must not keep the
  // inventory open, and the job retries and shows its reason to the administrator.
  for (const cual of v.tipo === 'devolucion' ? (['pdf', 'acta'] as const) : (['pdf'] as const))
    await encolar(o.tx, {
      tipo: TRABAJO_RADICAR,
      datos: { id: v.id, cual, usuario: o.user.usuario, idUsuario: o.user.idUsuario },
      clave: claveRadicar(v.id, cual),
    });
  return sha256;
}

// ---- Signing at a distance (firmas electrónicas)

type ConFirmas = AlCerrar & { hub: Hub; cifrador: Cifrador; base: string };

/**
 * Sends the inventory's PDF to be signed by the parties with an e-mail, through firmas electrónicas. The
 * inventory stays read-only while the document is out; when all have signed, the sealed PDF closes it.
 */
export async function firmarADistancia(o: ConFirmas & { id: number; body: FirmaRemotaForm }): Promise<Inventario> {
  await abierto(o.tx, o.id);
  const v = await obtener({ tx: o.tx, id: o.id });
  const falta = faltantesFirmaRemota(v);
  if (falta.length)
    throw new AppError(
      CODES.VALIDACION,
      `No se puede enviar a firmar el inventario N° ${v.consecutivo}: ${falta.slice(0, 5).join('; ')}${falta.length > 5 ? ` y ${falta.length - 5} más` : ''}.`,
      undefined,
      undefined,
      { faltantes: falta },
    );
  // The document they sign is the closing PDF as it will stay: the seal adds their signatures at the end.
  const pdf = await pdfDe({ ...o, v: { ...v, estado: 'cerrado' } });
  const idDocumento = await firmas.crearYEnviar({
    ...o,
    body: {
      titulo: `Inventario N° ${v.consecutivo}: ${ETIQUETAS_TIPO_INVENTARIO[v.tipo].toLowerCase()} de ${v.inmueble.direccion}`,
      mensaje:
        o.body.mensaje ||
        `Este es el inventario del inmueble ${v.inmueble.direccion} del ${v.fecha}. Revíselo y fírmelo: es la constancia de su estado.`,
      vence_dias: o.body.vence_dias,
      secuencial: false,
      recordar_dias: 3,
      firmantes: firmantesRemotos(v).map((p) => ({ nombre: p.nombre, documento: p.documento, email: p.email })),
    },
    pdf: { nombre: `inventario-${v.consecutivo}.pdf`, contenido: pdf },
  });
  await repo.ponerFirmaDocumento(o.tx, o.id, idDocumento);
  await auditar(o, 'firma_remota', o.id, 'firma a distancia', `documento ${idDocumento}`);
  return obtener({ tx: o.tx, id: o.id });
}

/** Calls the signature at a distance off: the inventory can be changed again. */
export async function cancelarFirmaRemota(o: Escritura & { id: number }): Promise<Inventario> {
  const c = await repo.cabecera(o.tx, o.id, true);
  if (!c) throw noEncontrado(`El inventario ${o.id}`);
  const f = await firmaRemotaDe(o.tx, c.id_firma_documento);
  if (f?.estado !== 'enviado')
    throw new AppError(CODES.CONFLICTO, `${nombreDe(c)} no está en firma a distancia: no hay qué cancelar.`);
  await firmas.cancelar({ ...o, id: f.id_documento });
  await auditar(o, 'firma_remota', o.id, 'firma a distancia', 'cancelada', `documento ${f.id_documento}`);
  return obtener({ tx: o.tx, id: o.id });
}

/**
 * Everyone signed the inventory's document: its sealed PDF (original pages, signatures and certificate
 * of completion) becomes the inventory's closing PDF. Firmas e-mails each signer their copy already.
 */
export async function alFirmarTodos(
  o: Scope & { storage: Storage; idEmpresa: number },
  d: firmas.DocumentoCompletado,
): Promise<boolean> {
  const id = await repo.porFirmaDocumento(o.tx, d.id);
  if (id === null) return false;
  const v = await obtener({ tx: o.tx, id });
  if (v.estado === 'cerrado') return true;
  const usuario = principalSinSesion({ idEmpresa: o.idEmpresa, idUsuario: d.idUsuario ?? 0, usuario: d.creadoPor });
  const x = { ...o, user: usuario, ip: '' };
  await archivarYCerrar(x, { ...v, estado: 'cerrado' }, d.pdf);
  await auditar(
    x,
    'cerrar',
    id,
    'estado',
    `cerrado por firma a distancia (documento ${d.id}); PDF sha256 ${d.sha256}`,
    'borrador',
  );
  return true;
}

/**
 * The PDF e-mailed to each party who signed with an address, through the outbox (sent after the commit,
 * retried). The attachment is a copy under correos/: the outbox's clean-up deletes its files after
 * CORREO_ADJUNTOS_DIAS, and the filed PDF must outlive that.
 */
async function enviarALasPartes(o: AlCerrar, v: Inventario, pdf: Buffer) {
  const nombre = `inventario-${v.consecutivo}.pdf`;
  // The parties present and whoever signed, each address once.
  const para = new Map<string, { nombre: string; email: string }>();
  for (const x of [...v.partes, ...v.firmas])
    if (x.email && !para.has(x.email.toLowerCase())) para.set(x.email.toLowerCase(), { nombre: x.nombre, email: x.email });
  for (const f of para.values()) {
    const clave = `${o.user.idEmpresa}/correos/${randomUUID()}-${nombre}`;
    await o.storage.put(clave, pdf);
    await encolarCorreo(o, {
      para: f.email,
      asunto: `Inventario N° ${v.consecutivo}: ${ETIQUETAS_TIPO_INVENTARIO[v.tipo].toLowerCase()} de ${v.inmueble.direccion}`,
      texto: `${f.nombre}:\n\nAdjuntamos el inventario N° ${v.consecutivo} (${ETIQUETAS_TIPO_INVENTARIO[v.tipo].toLowerCase()}) del inmueble ${v.inmueble.direccion}, del ${v.fecha}. Consérvelo: es la constancia del estado del inmueble.\n`,
      origen: 'inventario',
      adjuntos: [{ nombre, clave, tipo: 'application/pdf' }],
    });
  }
}

/** The PDF: the filed one of a closed inventory (byte for byte), or a draft drawn now. */
export async function pdf(o: ConArchivos & { id: number }): Promise<Archivo> {
  const v = await obtener({ tx: o.tx, id: o.id });
  if (v.id_archivo_pdf !== null) {
    const f = await archivosRepo.deDueno(o.tx, 'inventario', String(v.id), v.id_archivo_pdf);
    const buf = f ? await o.storage.get(f.clave) : null;
    if (buf) return { nombre: `inventario-${v.consecutivo}.pdf`, contentType: 'application/pdf', contenido: buf };
  }
  return {
    nombre: `inventario-${v.consecutivo}-borrador.pdf`,
    contentType: 'application/pdf',
    contenido: await pdfDe({ ...o, v }),
  };
}

export async function acta(o: ConArchivos & { id: number }): Promise<Archivo> {
  const v = await obtener({ tx: o.tx, id: o.id });
  if (v.tipo !== 'devolucion') throw invalido('id', `${nombreDe(v)} no es de devolución: no tiene acta de restitución`);
  const c = await comparacion({ tx: o.tx, id: o.id });
  const contenido = await htmlAPdf({
    html: sanearHtml(htmlActa(v, c)),
    membrete: await membrete(o),
    titulo: `Acta de restitución N° ${v.consecutivo}`,
  });
  return { nombre: `acta-restitucion-${v.consecutivo}.pdf`, contentType: 'application/pdf', contenido };
}

/** A devolución item by item beside the entrega it copied. */
export async function comparacion(o: Base & { id: number }): Promise<Comparacion> {
  const v = await obtener(o);
  if (v.tipo !== 'devolucion' || v.id_origen === null)
    throw invalido('id', `${nombreDe(v)} no es de devolución: no hay entrega con qué compararlo`);
  const entrega = await obtener({ tx: o.tx, id: v.id_origen });
  const antes = new Map(entrega.espacios.flatMap((s) => s.detalles.map((d) => [d.id, d] as const)));
  const fotos = new Map<number, number[]>();
  for (const f of [...(await repo.fotos(o.tx, entrega.id)), ...(await repo.fotos(o.tx, v.id))])
    fotos.set(f.id_detalle, [...(fotos.get(f.id_detalle) ?? []), f.id]);
  const filas: FilaComparacion[] = v.espacios.flatMap((s) =>
    s.detalles.map((d) => {
      const a = d.id_origen !== null ? antes.get(d.id_origen) : undefined;
      const diferente = a
        ? a.estado !== d.estado || a.cantidad !== d.cantidad || a.comentario.trim() !== d.comentario.trim()
        : d.estado !== null && d.estado !== 'no_aplica';
      return {
        espacio: s.nombre,
        id_detalle: d.id,
        nombre: d.nombre,
        tipo: d.tipo,
        antes: a
          ? {
              id: a.id,
              estado: a.estado,
              comentario: a.comentario,
              cantidad: a.cantidad,
              lectura: a.lectura,
              fotos: fotos.get(a.id) ?? [],
            }
          : null,
        despues: {
          estado: d.estado,
          comentario: d.comentario,
          cantidad: d.cantidad,
          lectura: d.lectura,
          fotos: fotos.get(d.id) ?? [],
        },
        diferente,
        costo: d.costo,
        responsable: d.responsable,
      };
    }),
  );
  const totales = Object.fromEntries(RESPONSABLES.map((r) => [r, 0])) as Record<Responsable, number>;
  for (const f of filas) if (f.diferente && f.costo && f.responsable) totales[f.responsable] += f.costo;
  return { entrega: { id: entrega.id, consecutivo: entrega.consecutivo, fecha: entrega.fecha }, filas, totales };
}

export async function borrar(o: Escritura & { id: number }) {
  const c = await abierto(o.tx, o.id);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, 'inventario', null, `N° ${c.consecutivo}`);
  return { id: o.id };
}

/** An item's photo as stored: at most this many pixels on its longest side (a wall's stain still shows). */
export const FOTO_ITEM_LADO_MAX = 2000;
const TIPOS_FOTO_ITEM = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const noEsFoto = (nombre: string) =>
  new AppError(
    CODES.ARCHIVO_INVALIDO,
    `file: «${nombre}» no es una foto: el campo Foto del ítem acepta imágenes JPG, PNG, WEBP o HEIC.`,
  );

/**
 * Item photos are re-encoded on the server whatever the phone sent (a HEIC, a photo not scaled because
 * the browser could not decode it): upright, without EXIF (a GPS position is where the tenant lives),
 * JPEG of at most FOTO_ITEM_LADO_MAX px, through the same pipeline as the property photos.
 */
export const CATEGORIA_FOTO_INVENTARIO: Categoria = {
  ...CATEGORIA_FOTO,
  tipo: ({ nombre, detectado }) => {
    if (detectado && TIPOS_FOTO_ITEM.includes(detectado)) return detectado;
    throw noEsFoto(nombre);
  },
  procesar: async ({ nombre, contenido }) => {
    const { jpeg } = await fotoJpeg(contenido, {
      ladoMax: FOTO_ITEM_LADO_MAX,
      calidad: 82,
      maxPixeles: 80_000_000,
      noEsImagen: () => noEsFoto(nombre),
    });
    return { nombre: `${nombre.replace(/\.[^.]*$/, '')}.jpg`, contentType: 'image/jpeg', contenido: jpeg };
  },
};

/** For archivos: an item's photos are written only while its inventory is open. */
export async function detalleAbierto(tx: Tx, idDetalle: number) {
  const r = await repo.estadoDeDetalle(tx, idDetalle, false);
  if (r?.estado === 'cerrado')
    throw new AppError(CODES.CONFLICTO, 'El inventario de este ítem está cerrado: ya no se puede modificar.');
}

// ---- Filing in gestión documental (job inventarios.radicar)

export const TRABAJO_RADICAR = 'inventarios.radicar';
type Documento = 'pdf' | 'acta';
export const claveRadicar = (id: number, cual: Documento) => `inventario-radicar:${id}:${cual}`;

const ASUNTO_TIPO: Record<TipoInventario, string> = {
  entrega: 'Inventario de entrega',
  devolucion: 'Inventario de devolución',
  periodico: 'Inventario periódico',
  captacion: 'Inventario de captación',
};

async function radicacionDe(tx: Tx, c: repo.Cabecera): Promise<Radicacion | null> {
  if (c.estado !== 'cerrado') return null;
  const faltan: Documento[] = [];
  if (!c.radicado) faltan.push('pdf');
  if (c.tipo === 'devolucion' && !c.radicado_acta) faltan.push('acta');
  if (!faltan.length) return { estado: 'radicado', error: null };
  const estados = await Promise.all(faltan.map((cual) => estadoRadicacion(tx, claveRadicar(c.id, cual))));
  return estados.find((e) => e?.estado === 'fallido') ?? estados.find((e) => e?.error) ?? { estado: 'pendiente', error: null };
}

/**
 * Files a closed inventory's PDF (or its acta de restitución) as a radicado de salida of gestión
 * documental, with a copy of the file, and records the radicado on the inventory. Runs at least once:
 * a second run finds the radicado already recorded (the inventory's row is locked meanwhile).
 */
export async function radicarEnGestionDocumental(
  o: Scope & { storage: Storage; idEmpresa: number; id: number; cual: Documento; usuario: string; idUsuario: number },
): Promise<{ radicado?: string; omitido?: string }> {
  const c = await repo.cabecera(o.tx, o.id, true);
  if (!c) return { omitido: `el inventario ${o.id} ya no existe` };
  const ya = o.cual === 'pdf' ? c.radicado : c.radicado_acta;
  if (ya) return { radicado: ya.radicado };
  const que = o.cual === 'pdf' ? 'el PDF' : 'el acta de restitución';
  const f = await repo.archivoFiled(o.tx, o.id, o.cual);
  if (c.estado !== 'cerrado' || !f)
    throw new Error(`El inventario N° ${c.consecutivo} no tiene ${que} archivado: no hay qué radicar.`);
  const partes = await repo.partes(o.tx, o.id);
  const tercero =
    partes.find((p) => p.rol === 'arrendatario' && p.id_tercero) ??
    partes.find((p) => p.rol === 'propietario' && p.id_tercero) ??
    partes.find((p) => p.id_tercero);
  const asunto = `${o.cual === 'pdf' ? ASUNTO_TIPO[c.tipo] : 'Acta de restitución'} — inmueble ${c.inmueble.consecutivo}`;
  const r = await radicarDocumento({
    ...o,
    user: principalSinSesion({ idEmpresa: o.idEmpresa, idUsuario: o.idUsuario, usuario: o.usuario }),
    origen: o.cual === 'pdf' ? 'inventario' : 'inventario_acta',
    que: `${que} del inventario N° ${c.consecutivo}`,
    fecha: c.fecha,
    asunto,
    idTercero: tercero?.id_tercero ?? null,
    observaciones: `Radicado al cerrar el inventario N° ${c.consecutivo} del inmueble ${c.inmueble.consecutivo} (${c.inmueble.direccion}). SHA-256 del documento: ${f.sha256}.`,
    archivo: f,
  });
  await repo.ponerRadicado(o.tx, o.id, o.cual, r.id);
  return { radicado: r.radicado };
}

// ---- Zona clientes: what a portal client sees

export const paraCliente = (o: Base & { idTercero: number }): Promise<InventarioPortal[]> => repo.paraTercero(o.tx, o.idTercero);

/** The filed PDF or acta of an inventory the client may see; any other is «not found». */
export async function archivoParaCliente(o: Base & { idTercero: number; id: number; cual: Documento }) {
  const [v] = await repo.paraTercero(o.tx, o.idTercero, o.id);
  const f = v ? await repo.archivoFiled(o.tx, v.id, o.cual) : null;
  if (!v || !f) throw noEncontrado(o.cual === 'pdf' ? `El inventario ${o.id}` : `El acta de restitución del inventario ${o.id}`);
  return { clave: f.clave, nombre: f.nombre, contentType: 'application/pdf' };
}
