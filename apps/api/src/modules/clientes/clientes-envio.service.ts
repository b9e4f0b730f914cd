import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { esCorreo } from '@predio/contract/campos';
import { PERSONA_JURIDICA } from '@predio/contract/terceros';
import {
  MARCA_NOMBRE,
  type ClienteDetalle,
  type EnviarFichaAClientes,
  type EnviarInmuebles,
  type EnvioFichaAClientes,
  type EnvioInmuebles,
} from '@predio/contract/clientes';
import { ETIQUETAS_ESTADO } from '@predio/contract/inmuebles';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AdjuntoCorreo } from '../../db/schema/correo.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { nombrePropio } from '../../platform/formato.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import { fichaPdf, pedidoFicha, type PedidoFicha } from '../inmuebles/inmuebles-archivos.service.ts';
import { caracteristicas, precios, tituloFicha, ubicacion } from '../inmuebles/inmuebles-ficha.service.ts';
import { correoDeUsuario } from '../../platform/notificar/notificar.ts';
import { agregarNota, exigirAbierto, filaOError } from './clientes.service.ts';

export type { PedidoFicha };

/** Checked and read inside the request's transaction; the fichas are laid out after it commits. */
export type EnvioPreparado = { consecutivo: number; body: EnviarInmuebles; pedidos: PedidoFicha[] };

/** The lead is open, and each property exists, may be read by the caller and is available. */
export async function prepararEnvio(o: {
  tx: Tx;
  user: Principal;
  consecutivo: number;
  body: EnviarInmuebles;
}): Promise<EnvioPreparado> {
  exigirAbierto(await filaOError(o.tx, o.consecutivo), 'enviarle inmuebles');
  const pedidos: PedidoFicha[] = [];
  for (const consecutivo of o.body.inmuebles) pedidos.push(await pedidoDisponible(o.tx, o.user, consecutivo));
  return { consecutivo: o.consecutivo, body: o.body, pedidos };
}

/** A property's estado as a sentence says it («arrendado»). */
const estadoEnTexto = (e: string) => (ETIQUETAS_ESTADO[e as keyof typeof ETIQUETAS_ESTADO] ?? e).toLowerCase();

/**
 * The ficha's data of a property the caller may read, refused unless it is available; `solo`: the
 * property is the whole sending (one ficha to several leads), so there is nothing to take out of it.
 */
async function pedidoDisponible(tx: Tx, user: Principal, consecutivo: number, solo = false): Promise<PedidoFicha> {
  const pedido = await pedidoFicha({ tx, user, consecutivo });
  if (pedido.datos.estado !== 'disponible') {
    const estado = estadoEnTexto(pedido.datos.estado);
    throw new AppError(
      CODES.CONFLICTO,
      solo
        ? `El inmueble ${consecutivo} ya no está disponible (${estado}): no se puede enviar su ficha.`
        : `El inmueble ${consecutivo} no está disponible (${estado}): quítelo del envío.`,
      [{ campo: solo ? 'estado' : 'inmuebles', mensaje: `el inmueble ${consecutivo} no está disponible` }],
    );
  }
  return pedido;
}

/** A lead one property's ficha goes to, at the e-mail its tercero has; `saludo`: the first name, or ''. */
export type Destino = { consecutivo: number; nombre: string; para: string; idTercero: number; saludo: string };

/** One property's ficha for several leads, checked and read inside the request's transaction. */
export type EnvioVariosPreparado = { inmueble: number; body: EnviarFichaAClientes; pedidos: PedidoFicha[]; destinos: Destino[] };

/** The property is available and readable; each lead exists, is open and has a valid e-mail in Terceros. */
export async function prepararEnvioVarios(o: {
  tx: Tx;
  user: Principal;
  consecutivo: number;
  body: EnviarFichaAClientes;
}): Promise<EnvioVariosPreparado> {
  const pedido = await pedidoDisponible(o.tx, o.user, o.consecutivo, true);
  const destinos: Destino[] = [];
  // In one order, so that two sendings (or a cascade close) lock the leads alike and never deadlock.
  for (const consecutivo of [...o.body.clientes].sort((a, b) => a - b)) {
    const f = await filaOError(o.tx, consecutivo);
    exigirAbierto(f, 'enviarle inmuebles');
    const [t] = await queryRows<{ nombre: string; nombre1: string; email: string; juridica: boolean }>(
      o.tx,
      sql`select nombre, nombre1, email, tipo_contribuyente = ${PERSONA_JURIDICA} as juridica from terceros where id = ${f.id_tercero}`,
    );
    const para = (t?.email ?? '').trim().toLowerCase();
    const nombre = t?.nombre ?? '';
    if (!esCorreo(para))
      throw new AppError(
        CODES.VALIDACION,
        `${nombre || `El cliente atendido ${consecutivo}`} no tiene un correo válido en Terceros: quítelo del envío o corríjalo en su tercero.`,
        [{ campo: 'clientes', mensaje: `el cliente ${consecutivo} no tiene correo` }],
      );
    // A company is greeted without a name; a person by the first name, as people write it.
    const primero = t && !t.juridica ? (t.nombre1.trim() || nombre).split(/\s+/)[0]! : '';
    destinos.push({ consecutivo, nombre, para, idTercero: f.id_tercero, saludo: nombrePropio(primero) });
  }
  return { inmueble: o.consecutivo, body: o.body, pedidos: [pedido], destinos };
}

/** The message to several leads, for one of them: {nombre} becomes the greeting's name; without one, it goes. */
export const mensajePara = (mensaje: string, saludo: string): string =>
  saludo ? mensaje.replaceAll(MARCA_NOMBRE, saludo) : mensaje.replace(/[ \t]*\{nombre\}/g, '');

/** The cover photo's inline name in the HTML message. */
export const cidPortada = (consecutivo: number) => `portada-${consecutivo}@predio`;

/** A cover photo the width of an e-mail column: light enough to show inline. */
const portadaCorreo = (buf: Buffer) =>
  sharp(buf).resize({ width: 560, withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();

/**
 * Each ficha as a PDF in storage, under a name of its own, and each cover photo sized for the message;
 * the outbox row points at them. All or none.
 */
export async function guardarFichas(o: {
  user: Principal;
  storage: Storage;
  preparado: { pedidos: PedidoFicha[] };
  urlPublica: string | null;
}): Promise<AdjuntoCorreo[]> {
  const adjuntos: AdjuntoCorreo[] = [];
  const guardar = async (nombre: string, contenido: Buffer, tipo: string, cid?: string) => {
    const clave = `${o.user.idEmpresa}/correos/${randomUUID()}-${nombre.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    await o.storage.put(clave, contenido);
    adjuntos.push({ nombre, clave, tipo, ...(cid ? { cid } : {}) });
  };
  try {
    for (const pedido of o.preparado.pedidos) {
      const archivo = await fichaPdf({ user: o.user, storage: o.storage, pedido, urlPublica: o.urlPublica });
      await guardar(archivo.nombre, archivo.contenido, archivo.contentType);
      // A photo that cannot be read or resized leaves the message without it, never unsent.
      const portada = pedido.portada ? await o.storage.get(pedido.portada).catch(() => null) : null;
      const pequena = portada ? await portadaCorreo(portada).catch(() => null) : null;
      const c = pedido.datos.consecutivo;
      if (pequena) await guardar(`portada-inmueble-${c}.jpg`, pequena, 'image/jpeg', cidPortada(c));
    }
    return adjuntos;
  } catch (e) {
    await borrarFichas(o.storage, adjuntos);
    throw e;
  }
}

/** Removes stored fichas whose message was not queued. */
export const borrarFichas = (storage: Storage, adjuntos: AdjuntoCorreo[]) =>
  Promise.all(adjuntos.map((a) => storage.delete(a.clave).catch(() => undefined)));

/** The facts a message lists (the ficha has them all). */
const PRINCIPALES = ['Área construida', 'Área privada', 'Área del lote', 'Habitaciones', 'Baños', 'Parqueaderos', 'Estrato'];
const principales = (p: PedidoFicha) => caracteristicas(p.datos).filter(([k]) => PRINCIPALES.includes(k));
/** The line after the properties, in both versions of the message. */
const fraseAdjuntos = (n: number) => (n === 1 ? 'Adjuntamos su ficha en PDF.' : 'Adjuntamos la ficha de cada uno en PDF.');

/** A property as the message lists it: title, place, prices and the main facts. */
function resumen(p: PedidoFicha): string {
  const d = p.datos;
  const linea = (pares: [string, string][]) => pares.map(([k, v]) => `${k}: ${v}`).join(' · ');
  return [`Inmueble ${d.consecutivo} · ${tituloFicha(d)}`, ubicacion(d), linea(precios(d)), linea(principales(p))]
    .filter(Boolean)
    .join('\n');
}

export function textoEnvio(p: { mensaje: string; pedidos: PedidoFicha[]; firma: string[] }): string {
  return [p.mensaje, p.pedidos.map(resumen).join('\n\n'), fraseAdjuntos(p.pedidos.length), p.firma.filter(Boolean).join('\n')]
    .filter(Boolean)
    .join('\n\n');
}

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const parrafos = (s: string) =>
  s
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p style="margin:0 0 12px">${html(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The same message for mail programs that show HTML: each property as a card, with its cover photo. */
export function htmlEnvio(p: { mensaje: string; pedidos: PedidoFicha[]; firma: string[]; conPortada: Set<number> }): string {
  const tarjetas = p.pedidos.map((pedido) => {
    const d = pedido.datos;
    const foto = p.conPortada.has(d.consecutivo)
      ? `<img src="cid:${cidPortada(d.consecutivo)}" alt="${html(`Foto del inmueble ${d.consecutivo}`)}" width="560" style="display:block;width:100%;max-width:560px;height:auto;border-radius:6px">`
      : '';
    const linea = (pares: [string, string][]) => pares.map(([k, v]) => `${html(k)}: <strong>${html(v)}</strong>`).join(' · ');
    return `<div style="border:1px solid #e5e5e5;border-radius:8px;padding:12px;margin:0 0 16px">${foto}
<h3 style="margin:${foto ? 10 : 0}px 0 4px;font-size:16px">${html(`Inmueble ${d.consecutivo} · ${tituloFicha(d)}`)}</h3>
<div style="color:#555">${html(ubicacion(d))}</div>
<div style="margin-top:6px">${linea(precios(d))}</div>
<div style="margin-top:4px;color:#555">${linea(principales(pedido))}</div></div>`;
  });
  return `<!doctype html><html lang="es"><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;max-width:600px">
${parrafos(p.mensaje)}${tarjetas.join('\n')}<p style="margin:0 0 12px">${fraseAdjuntos(p.pedidos.length)}</p>
<p style="margin:0;color:#555">${p.firma.filter(Boolean).map(html).join('<br>')}</p></body></html>`;
}

/** The caller's name and e-mail for the signature and the reply address. */
async function remitente(tx: Tx, idUsuario: number): Promise<{ nombre: string; correo: string | null }> {
  const [r] = await queryRows<{ nombre: string; correo: string | null }>(
    tx,
    sql`select u.nombre, ${correoDeUsuario(idUsuario)} as correo from usuarios u where u.id = ${idUsuario}`,
  );
  return r ?? { nombre: '', correo: null };
}

export type Encolar = Scope & { mailer: Despertador; user: Principal; ip: string; adjuntos: AdjuntoCorreo[] };

/** The caller's signature: name, company, and the company's phones and web site. */
async function firmaDe(o: Encolar, pedidos: PedidoFicha[]) {
  const yo = await remitente(o.tx, o.user.idUsuario);
  const empresa = pedidos[0]?.empresa ?? null;
  return { yo, firma: [yo.nombre, empresa?.nombre ?? '', [empresa?.telefonos, empresa?.web].filter(Boolean).join(' · ')] };
}

/**
 * One message to one lead: the sending noted in the lead's follow-up (which checks the lead is still
 * open) and in what both sides of the matching show as «Enviado el …», then queued with the fichas
 * attached and the asesor as reply address.
 */
async function encolarUno(
  o: Encolar & { yo: { correo: string | null }; firma: string[] },
  m: { consecutivo: number; para: string; asunto: string; mensaje: string; pedidos: PedidoFicha[]; yaEnviado?: boolean },
): Promise<ClienteDetalle> {
  const inmuebles = m.pedidos.map((p) => p.datos.consecutivo);
  const cliente = await agregarNota({
    tx: o.tx,
    user: o.user,
    ip: o.ip,
    consecutivo: m.consecutivo,
    texto: `Se envió por correo a ${m.para} ${inmuebles.length === 1 ? 'la ficha del inmueble' : 'las fichas de los inmuebles'} ${inmuebles.join(', ')}.`,
  });
  await o.tx.execute(
    sql`insert into cliente_atendido_envio (id_cliente, id_inmueble, para, usuario)
        select ${cliente.id}, i.id, ${m.para}, ${o.user.usuario} from inmueble i
        where i.consecutivo = any(${sql.param(inmuebles)}::int[])`,
  );
  // Two leads of one person: the address gets one message, both leads note it.
  if (m.yaEnviado) return cliente;
  const conPortada = new Set(
    m.pedidos.filter((p) => o.adjuntos.some((a) => a.cid === cidPortada(p.datos.consecutivo))).map((p) => p.datos.consecutivo),
  );
  await encolarCorreo(o, {
    para: m.para,
    asunto: m.asunto,
    texto: textoEnvio({ mensaje: m.mensaje, pedidos: m.pedidos, firma: o.firma }),
    html: htmlEnvio({ mensaje: m.mensaje, pedidos: m.pedidos, firma: o.firma, conPortada }),
    origen: `cliente_atendido:${m.consecutivo}`,
    adjuntos: o.adjuntos,
    responderA: o.yo.correo,
  });
  return cliente;
}

const auditar = (o: Encolar, accion: string, entidad: string, consecutivo: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad,
    entidadId: String(consecutivo),
    cambios,
    ip: o.ip,
  });

/**
 * The properties are still there, and still disponible, when the message is queued: one may have been
 * deleted, rented or sold while its ficha was laid out. They are held (for key share) until the sending
 * commits, so a deletion waits for it and then finds the sending. Nothing is queued otherwise.
 */
export async function exigirInmuebles(tx: Tx, consecutivos: number[]): Promise<void> {
  const hay = await queryRows<{ consecutivo: number; estado: string }>(
    tx,
    sql`select consecutivo, estado from inmueble where consecutivo = any(${sql.param(consecutivos)}::int[]) for key share`,
  );
  const faltan = consecutivos.filter((c) => !hay.some((h) => h.consecutivo === c));
  if (faltan.length > 0)
    throw new AppError(
      CODES.CONFLICTO,
      faltan.length === 1
        ? `El inmueble ${faltan[0]} se eliminó mientras se preparaba el envío: no se envió nada.`
        : `Los inmuebles ${faltan.join(', ')} se eliminaron mientras se preparaba el envío: no se envió nada.`,
    );
  const otro = hay.find((h) => h.estado !== 'disponible');
  if (otro)
    throw new AppError(
      CODES.CONFLICTO,
      `El inmueble ${otro.consecutivo} dejó de estar disponible (${estadoEnTexto(otro.estado)}) mientras se preparaba el envío: no se envió nada.`,
    );
}

/**
 * The second transaction, once the fichas are stored: the lead is checked again (it may have been
 * closed meanwhile), the message queued, and the sending noted in the lead's follow-up and audited.
 */
export async function encolarEnvio(o: Encolar & { preparado: EnvioPreparado }): Promise<EnvioInmuebles> {
  const { body, pedidos, consecutivo } = o.preparado;
  await exigirInmuebles(o.tx, body.inmuebles);
  const remite = await firmaDe(o, pedidos);
  const cliente = await encolarUno({ ...o, ...remite }, { consecutivo, pedidos, ...body });
  await auditar(o, 'enviar inmuebles', 'clientes_atendidos', consecutivo, {
    para: body.para,
    asunto: body.asunto,
    inmuebles: body.inmuebles,
  });
  return { para: body.para, inmuebles: body.inmuebles, cliente };
}

/**
 * The same for one property to several leads: one message each, all in one transaction (a lead closed
 * meanwhile leaves every message unqueued); the fichas are stored once and every message points at
 * them. Two leads of one person (one tercero) make one message, noted in both. Audited once on the
 * property, and once per lead by its follow-up note.
 */
export async function encolarEnvioVarios(o: Encolar & { preparado: EnvioVariosPreparado }): Promise<EnvioFichaAClientes> {
  const { body, pedidos, destinos, inmueble } = o.preparado;
  await exigirInmuebles(o.tx, [inmueble]);
  const remite = await firmaDe(o, pedidos);
  // Two leads of one person (one tercero): one message, noted in both.
  const enviadosA = new Set<number>();
  for (const d of destinos) {
    const mensaje = mensajePara(body.mensaje, d.saludo);
    await encolarUno({ ...o, ...remite }, { ...d, asunto: body.asunto, mensaje, pedidos, yaEnviado: enviadosA.has(d.idTercero) });
    enviadosA.add(d.idTercero);
  }
  await auditar(o, 'enviar ficha a clientes', 'inmuebles', inmueble, {
    ficha_enviada: { antes: null, despues: [...new Set(destinos.map((d) => `${d.nombre} <${d.para}>`))] },
  });
  const enviados = destinos.map(({ consecutivo, nombre, para }) => ({ consecutivo, nombre, para }));
  return { inmueble, enviados, correos: enviadosA.size };
}
