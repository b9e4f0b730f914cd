import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { tamanoLegible } from '@predio/contract/archivos';
import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import { IDM_TERCEROS } from '@predio/contract/terceros';
import {
  CLAVE_ADJUNTO,
  MAX_BYTES_ADJUNTO,
  MAX_BYTES_ADJUNTOS,
  TRABAJO_BANDEJA_MARCAR,
  TRABAJO_BANDEJA_SINCRONIZAR,
  type AdjuntoSubido,
  type CuentaCorreo,
  type HiloDetalle,
  type PlantillaRespuesta,
  type ZCrearSolicitudCorreo,
  type ZCrearTerceroCorreo,
  type ZCuentaCorreoGuardar,
  type ZHilosQuery,
  type ZResponderCorreo,
} from '@predio/contract/bandeja';
import type { z } from 'zod';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { nombreArchivo } from '../../platform/archivos/archivos.service.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import type { AdjuntoCorreo } from '../../db/schema/correo.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import { firmaDe, leerConfig } from '../mensajes/mensajes.service.ts';
import { plantillasDeTexto } from '../mensajes/redactar.service.ts';
import * as repo from './bandeja.repo.ts';
import * as terceros from '../terceros/terceros-gestion.service.ts';
import * as solicitudes from '../solicitudes/solicitudes.service.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { sinImagenesRemotas } from './html-correo.ts';
import { descargarAdjunto, ErrorImap } from './bandeja-sync.ts';

type Con = Scope & { user: Principal };

const sinCuenta = () =>
  new AppError(
    CODES.NO_ENCONTRADO,
    'Aún no ha configurado su bandeja de correos: escriba el servidor IMAP, el usuario y la contraseña.',
  );

async function cuentaExigida(o: Con): Promise<CuentaCorreo> {
  const c = await repo.cuentaDe(o.tx, o.user.idUsuario);
  if (!c) throw sinCuenta();
  return c;
}

export const obtenerCuenta = (o: Con) => repo.cuentaDe(o.tx, o.user.idUsuario);

async function encolarSincronizacion(o: Con, idCuenta: number): Promise<void> {
  // One waiting sync per box is enough: pressing «Sincronizar» again while it runs adds nothing.
  const [ya] = await queryRows<{ id: number }>(
    o.tx,
    sql`select id from trabajo where tipo = ${TRABAJO_BANDEJA_SINCRONIZAR} and estado = 'pendiente'
          and (datos->>'idCuenta')::int = ${idCuenta} limit 1`,
  );
  if (!ya) await encolar(o.tx, { tipo: TRABAJO_BANDEJA_SINCRONIZAR, datos: { idCuenta } });
}

/** The read state goes back to the server in a job (the box may be slow or down; reading must not wait). */
async function encolarMarcado(o: Con, idCuenta: number): Promise<void> {
  const [ya] = await queryRows<{ id: number }>(
    o.tx,
    sql`select id from trabajo where tipo = ${TRABAJO_BANDEJA_MARCAR} and estado = 'pendiente'
          and (datos->>'idCuenta')::int = ${idCuenta} limit 1`,
  );
  if (!ya) await encolar(o.tx, { tipo: TRABAJO_BANDEJA_MARCAR, datos: { idCuenta } });
}

export async function guardarCuenta(
  o: Con & { cifrador: Cifrador; body: z.output<typeof ZCuentaCorreoGuardar> },
): Promise<CuentaCorreo> {
  exigirDestinoExterno(`imap://${o.body.imap_host}:${o.body.imap_puerto}`, 'imap_host', 'Servidor IMAP');
  const guardada = await repo.claveGuardada(o.tx, o.user.idUsuario);
  if (!o.body.imap_clave && !guardada)
    throw new AppError(CODES.VALIDACION, 'El campo Contraseña es obligatorio', [
      { campo: 'imap_clave', mensaje: 'El campo Contraseña es obligatorio' },
    ]);
  const { id, cambioServidor } = await repo.guardarCuenta(o.tx, o.user.idUsuario, {
    correo: o.body.correo,
    imap_host: o.body.imap_host,
    imap_puerto: o.body.imap_puerto,
    imap_tls: o.body.imap_tls,
    imap_usuario: o.body.imap_usuario,
    imap_clave: o.body.imap_clave ? o.cifrador.cifrar(o.body.imap_clave) : (guardada ?? ''),
  });
  if (cambioServidor) await repo.vaciarCuenta(o.tx, id);
  await encolarSincronizacion(o, id);
  return cuentaExigida(o);
}

export async function sincronizar(o: Con): Promise<CuentaCorreo> {
  const c = await cuentaExigida(o);
  await encolarSincronizacion(o, c.id);
  return cuentaExigida(o);
}

export async function carpetas(o: Con) {
  const c = await cuentaExigida(o);
  return repo.carpetas(o.tx, c.id);
}

export async function hilos(o: Con & { query: z.output<typeof ZHilosQuery> }) {
  const c = await cuentaExigida(o);
  return repo.hilos(o.tx, { idCuenta: c.id, idCarpeta: o.query.carpeta, ...o.query });
}

/** A message with its whole conversation, marked read; remote images only when asked for. */
export async function leer(o: Con & { id: number; imagenes: boolean }): Promise<HiloDetalle> {
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  if ((await repo.marcarLeido(o.tx, c.id, m.hilo)) > 0) await encolarMarcado(o, c.id);
  const mensajes = await repo.mensajesDelHilo(o.tx, c.id, m.hilo);
  return {
    mensajes: mensajes.map((x) => ({
      ...x,
      leido: true,
      html: x.html && !o.imagenes && x.imagenes_remotas ? sinImagenesRemotas(x.html) : x.html,
    })),
  };
}

/** «Marcar como no leído» (or read again) for the message's conversation, written back to the server. */
export async function marcar(o: Con & { id: number; leido: boolean }): Promise<{ leido: boolean }> {
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  if ((await repo.marcarLeido(o.tx, c.id, m.hilo, o.leido)) > 0) await encolarMarcado(o, c.id);
  return { leido: o.leido };
}

const escapar = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
const parrafos = (t: string) =>
  t
    .split(/\n{2,}/)
    .map((p) => `<p>${escapar(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/**
 * A reply or a forward, through the company's outbox and SMTP: From is the company's sender, Reply-To the
 * user's box (so the answer comes back here), In-Reply-To and References thread it in the other's client.
 * The user's signature (else the company's) goes under the text, the original under that.
 */
export async function responder(
  o: Con & { mailer: Despertador; storage: Storage; id: number; body: z.output<typeof ZResponderCorreo> },
): Promise<{ para: string; asunto: string; adjuntos: string[] }> {
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  const reenviar = o.body.modo === 'reenviar';
  if (reenviar && !o.body.para)
    throw new AppError(CODES.VALIDACION, 'El campo Para es obligatorio', [
      { campo: 'para', mensaje: 'El campo Para es obligatorio' },
    ]);
  const propio = c.correo.toLowerCase();
  const copias =
    o.body.modo === 'responder_todos'
      ? [...m.para.split(','), ...m.cc.split(',')]
          .map((d) => (/<([^>]+)>/.exec(d)?.[1] ?? d).trim().toLowerCase())
          .filter((d) => d && d !== propio && d !== m.de_correo)
      : [];
  const para = reenviar ? o.body.para : [m.de_correo, ...new Set(copias)].join(', ');
  const adjuntos = await adjuntosDeRespuesta(o, o.body.adjuntos);
  const prefijo = reenviar ? 'RV: ' : 'Re: ';
  const asunto = /^\s*(re|rv|fw|fwd)\s*:/i.test(m.asunto) && !reenviar ? m.asunto : `${prefijo}${m.asunto}`;
  const firma = (await firmaDe(o.tx, o.user.idUsuario)) || (await leerConfig({ tx: o.tx })).firma;
  const fecha = m.fecha ? new Date(m.fecha).toLocaleString('es-CO', { timeZone: 'America/Bogota' }) : '';
  const encabezado = `El ${fecha}, ${m.de_nombre ? `${m.de_nombre} <${m.de_correo}>` : m.de_correo} escribió:`;
  const original = m.html ?? parrafos(m.texto);
  const html = `${parrafos(o.body.texto)}${firma ? `<div class="firma">${firma}</div>` : ''}<p>${escapar(encabezado)}</p><blockquote>${original}</blockquote>`;
  const texto = `${o.body.texto}\n\n${encabezado}\n${m.texto
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}`;
  const cabeceras: Record<string, string> = {};
  if (m.message_id) {
    cabeceras['In-Reply-To'] = m.message_id;
    cabeceras.References = [...m.referencias, m.message_id].join(' ');
  }
  await encolarCorreo(
    { tx: o.tx, onCommit: o.onCommit, mailer: o.mailer },
    {
      para,
      asunto,
      texto,
      html,
      origen: reenviar ? 'bandeja-reenvio' : 'bandeja-respuesta',
      responderA: c.correo || null,
      idUsuario: o.user.idUsuario,
      entidad: m.id_tercero ? 'tercero' : null,
      entidadId: m.id_tercero ? String(m.id_tercero) : null,
      cabeceras,
      adjuntos,
    },
  );
  return { para, asunto, adjuntos: adjuntos.map((a) => a.nombre) };
}

/** Configurar mensajes' free messages, filled for a reply to this message (its tercero when linked). */
export async function plantillasRespuesta(o: Con & { id: number }): Promise<PlantillaRespuesta[]> {
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  const nroId = m.id_tercero ? await repo.nroIdTercero(o.tx, m.id_tercero) : null;
  return plantillasDeTexto({ tx: o.tx, user: o.user, nroId });
}

/** An unknown sender made a tercero (with its e-mail), and the box's messages from it linked to it. */
export async function crearTercero(
  o: Con & { ip: string; id: number; body: z.output<typeof ZCrearTerceroCorreo> },
): Promise<{ id_tercero: number }> {
  if (!hasIdm(o.user.permisos, IDM_TERCEROS))
    throw new AppError(CODES.SIN_PERMISO, 'Crear un tercero requiere el permiso de Terceros.');
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  if (m.id_tercero) throw new AppError(CODES.CONFLICTO, `El remitente ya es el tercero ${m.tercero_nombre ?? ''}.`.trim());
  // Through the terceros module: its uniqueness message, and the creation in the tercero's audit log.
  const t = await terceros.crearContacto({ ...o, nroId: o.body.nro_id, nombre: o.body.nombre, email: m.de_correo });
  await repo.vincularTercero(o.tx, c.id, m.de_correo, t.id);
  return { id_tercero: t.id };
}

const MAX_MENSAJE_SOLICITUD = 5000;

/**
 * «Crear solicitud»: the sender's message becomes a solicitud received by e-mail, through the solicitudes
 * module (its numbering, history, audit and notices). The sender is the tercero the box already linked,
 * or a new one created with the given identification (through the terceros module); the message keeps
 * the solicitud's number.
 */
export async function crearSolicitud(
  o: Con & { ip: string; hub: Hub; mailer: Despertador; id: number; body: z.output<typeof ZCrearSolicitudCorreo> },
): Promise<{ numero: number; id_tercero: number }> {
  if (!hasIdm(o.user.permisos, IDM_SOLICITUDES))
    throw new AppError(CODES.SIN_PERMISO, 'Crear una solicitud requiere el permiso de Solicitudes.');
  const c = await cuentaExigida(o);
  const m = await repo.mensaje(o.tx, c.id, o.id);
  if (!m) throw noEncontrado('El correo');
  if (m.solicitud_numero !== null) throw new AppError(CODES.CONFLICTO, `Este correo ya es la solicitud ${m.solicitud_numero}.`);
  let idTercero = m.id_tercero;
  if (idTercero === null) {
    if (!hasIdm(o.user.permisos, IDM_TERCEROS))
      throw new AppError(CODES.SIN_PERMISO, 'El remitente no es un tercero y crearlo requiere el permiso de Terceros.');
    if (!o.body.nro_id)
      throw invalido('nro_id', 'El campo Número de identificación es obligatorio: el remitente aún no es un tercero');
    if (!o.body.nombre) throw invalido('nombre', 'El campo Nombre es obligatorio: el remitente aún no es un tercero');
    const t = await terceros.crearContacto({ ...o, nroId: o.body.nro_id, nombre: o.body.nombre, email: m.de_correo });
    await repo.vincularTercero(o.tx, c.id, m.de_correo, t.id);
    idTercero = t.id;
  }
  const cuerpo =
    m.texto.trim() ||
    (m.html ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() ||
    '(sin texto)';
  const mensaje = `${m.asunto || '(sin asunto)'}\n\n${cuerpo}`.slice(0, MAX_MENSAJE_SOLICITUD);
  const recibido = m.fecha && Date.parse(m.fecha) <= Date.now() ? m.fecha : null;
  const s = await solicitudes.crear({
    ...o,
    body: {
      canal: 'correo',
      portal: null,
      tipo: o.body.tipo,
      id_tercero: idTercero,
      contacto_nombre: m.de_nombre.slice(0, 120),
      contacto_telefono: '',
      contacto_email: m.de_correo.length <= 120 ? m.de_correo : '',
      consecutivo_inmueble: null,
      fecha_recepcion: recibido,
      mensaje,
      id_asignado: o.user.idUsuario || null,
    },
  });
  await repo.vincularSolicitud(o.tx, c.id, m.id, s.numero);
  return { numero: s.numero, id_tercero: idTercero };
}

export const correosDeTercero = (o: Scope & { user: Principal; idTercero: number }) =>
  repo.deTercero(o.tx, o.idTercero, o.user.idUsuario);

// ---- Attachments ----

/** The storage key of an attachment a user uploaded for a reply: the user's id in it keeps it theirs. */
const claveSubida = (user: Principal, clave: string) => `${user.idEmpresa}/correos/bandeja-${user.idUsuario}-${clave}`;

/**
 * What may be attached: documents, images and text. The type is read from the bytes (a renamed program
 * is refused), text formats without a signature by their extension.
 */
const TIPOS_PERMITIDOS = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/x-cfb',
  'application/msword',
  'application/vnd.ms-excel',
]);
const TEXTO_POR_EXTENSION: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' };

export async function tipoAdjunto(nombre: string, contenido: Buffer): Promise<string | null> {
  const detectado = (await fileTypeFromBuffer(contenido).catch(() => undefined))?.mime ?? null;
  if (detectado) return TIPOS_PERMITIDOS.has(detectado) ? detectado : null;
  const ext = nombre.split('.').pop()?.toLowerCase() ?? '';
  // A text file has no signature: it is accepted by its extension only when it holds no NUL bytes.
  return TEXTO_POR_EXTENSION[ext] && !contenido.includes(0) ? TEXTO_POR_EXTENSION[ext] : null;
}

const adjuntoGrande = (nombre: string) =>
  new AppError(CODES.ARCHIVO_GRANDE, `file: «${nombre}» supera el tamaño máximo de ${tamanoLegible(MAX_BYTES_ADJUNTO)}.`);

type Parte = MultipartFile | { type: 'field'; fieldname: string; value: unknown };
export type AdjuntoLeido = { nombre: string; tipo: string; contenido: Buffer };

/** Reads one upload (field `file`) before the transaction opens: its size and its type checked. */
export async function leerAdjunto(
  partes: (opts: { limits: { files: number; fileSize: number } }) => AsyncIterableIterator<Parte>,
): Promise<AdjuntoLeido> {
  let leido: { nombre: string; contenido: Buffer } | null = null;
  try {
    for await (const part of partes({ limits: { files: 1, fileSize: MAX_BYTES_ADJUNTO } })) {
      if (part.type !== 'file') continue;
      const nombre = nombreArchivo(part.filename, 'adjunto');
      const contenido = await part.toBuffer();
      if (part.file.truncated) throw adjuntoGrande(nombre);
      if (part.fieldname === 'file') leido = { nombre, contenido };
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw adjuntoGrande('el archivo');
    throw e;
  }
  if (!leido) throw invalido('file', 'adjunte el archivo en el campo file');
  if (leido.contenido.length === 0) throw invalido('file', `«${leido.nombre}» está vacío`);
  const tipo = await tipoAdjunto(leido.nombre, leido.contenido);
  if (!tipo)
    throw new AppError(
      CODES.ARCHIVO_INVALIDO,
      `file: «${leido.nombre}» no es un tipo de archivo que se pueda adjuntar (PDF, imágenes, documentos de Office u OpenDocument, ZIP, texto o CSV).`,
    );
  return { ...leido, tipo };
}

/** Keeps an upload for a reply the user is writing; it goes out only with that user's reply. */
export async function subirAdjunto(o: Con & { storage: Storage; leido: AdjuntoLeido }): Promise<AdjuntoSubido> {
  await cuentaExigida(o);
  const limpio = o.leido.nombre.replace(/[^A-Za-z0-9._-]/g, '_').slice(-120);
  const clave = `${randomUUID()}-${limpio}`;
  await o.storage.put(claveSubida(o.user, clave), o.leido.contenido);
  return { clave, nombre: o.leido.nombre, tipo: o.leido.tipo, tamano: o.leido.contenido.length };
}

/** The uploads named in a reply, each the user's own and still there; all together within the limit. */
async function adjuntosDeRespuesta(o: Con & { storage: Storage }, claves: string[]): Promise<AdjuntoCorreo[]> {
  const r: AdjuntoCorreo[] = [];
  let total = 0;
  for (const [i, clave] of [...new Set(claves)].entries()) {
    const contenido = CLAVE_ADJUNTO.test(clave) ? await o.storage.get(claveSubida(o.user, clave)) : null;
    if (!contenido) throw invalido(`adjuntos.${i}`, 'el archivo ya no está o no fue subido por usted: súbalo de nuevo');
    total += contenido.length;
    if (total > MAX_BYTES_ADJUNTOS)
      throw new AppError(
        CODES.ARCHIVO_GRANDE,
        `adjuntos: los archivos suman más de ${tamanoLegible(MAX_BYTES_ADJUNTOS)}; quite alguno o envíelos en otro correo.`,
      );
    // The name the user saw: the stored one after the UUID.
    const nombre = clave.slice(37);
    r.push({
      nombre,
      clave: claveSubida(o.user, clave),
      tipo: (await tipoAdjunto(nombre, contenido)) ?? 'application/octet-stream',
    });
  }
  return r;
}

/** A received attachment, read from the user's own box on the server (no one else's box is reachable). */
export async function adjuntoRecibido(o: Con & { cifrador: Cifrador; id: number; n: number }): Promise<Archivo> {
  const c = await cuentaExigida(o);
  const u = await repo.ubicacion(o.tx, c.id, o.id);
  if (!u) throw noEncontrado('El correo');
  if (!u.adjuntos[o.n]) throw noEncontrado(`El adjunto ${o.n + 1} del correo`);
  const cuenta = (await repo.cuentaPorId(o.tx, c.id))!;
  const a = await descargarAdjunto({
    cifrador: o.cifrador,
    cuenta,
    carpeta: u.ruta,
    uidvalidity: u.uidvalidity,
    uid: u.uid,
    indice: o.n,
  }).catch((e: unknown) => {
    // The server down or the password changed: said as the box says it, not as a failure of Predio.
    if (e instanceof ErrorImap) throw new AppError(CODES.CONFLICTO, e.message);
    throw e;
  });
  if (!a) throw new AppError(CODES.NO_ENCONTRADO, 'El correo ya no está en el servidor: sincronice la bandeja.');
  return { nombre: a.nombre, contentType: a.tipo, contenido: a.contenido };
}
