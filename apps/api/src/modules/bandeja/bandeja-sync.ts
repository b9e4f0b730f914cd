import { ImapFlow } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { asuntoBase } from '@predio/contract/bandeja';
import type { Database } from '../../db/client.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as repo from './bandeja.repo.ts';
import { sanearHtmlCorreo } from './html-correo.ts';

const LOTE = 25;
const MAX_TEXTO = 200_000;
const MAX_HTML = 500_000;

/** A failure of the mail server, in the words the box shows. */
export class ErrorImap extends Error {}

/** The IMAP error as the person who typed the settings can act on it. */
export function errorEnEspanol(e: unknown, cuenta: { imap_host: string; imap_puerto: number }): string {
  const donde = `${cuenta.imap_host}:${cuenta.imap_puerto}`;
  if (e instanceof ErrorImap) return e.message;
  const err = e as { code?: string; authenticationFailed?: boolean; message?: string; responseText?: string };
  if (err.authenticationFailed || err.code === 'AUTHENTICATIONFAILED')
    return `El servidor de correo ${donde} rechazó el usuario o la contraseña: revíselos en la configuración de la bandeja.`;
  switch (err.code) {
    case 'ECONNREFUSED':
      return `No se pudo conectar con el servidor de correo ${donde}: rechazó la conexión (¿está encendido?, ¿es el puerto correcto?).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `No se encontró el servidor de correo ${cuenta.imap_host}: revise el nombre del servidor.`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
    case 'CONNECT_TIMEOUT':
    case 'GREETING_TIMEOUT':
      return `El servidor de correo ${donde} no respondió a tiempo.`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'NoConnection':
    case 'ClosedAfterConnectText':
      return `Se perdió la conexión con el servidor de correo ${donde}; se intentará de nuevo.`;
  }
  if (/ssl|tls|certificate|wrong version/i.test(err.message ?? ''))
    return `No se pudo establecer la conexión segura (TLS) con ${donde}: revise el puerto y la opción TLS.`;
  return `Error al sincronizar con el servidor de correo ${donde}: ${err.responseText ?? err.message ?? String(e)}`;
}

const direcciones = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value);
const listaTexto = (a: AddressObject | AddressObject[] | undefined) =>
  direcciones(a)
    .map((d) => (d.name ? `${d.name} <${d.address ?? ''}>` : (d.address ?? '')))
    .join(', ');

/** Which of a parsed message's attachments are listed (inline images of the body are not). */
const adjuntosVisibles = (p: ParsedMail) => p.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.cid);

export type MensajeLeido = Omit<repo.NuevoMensaje, 'hilo' | 'id_tercero'> & { otro: string };

/** What is kept of a message: headers for threading, sanitised body, attachments' names (not their bytes). */
export function leerMensaje(p: ParsedMail, uid: number, flags: Set<string>, propio: string): MensajeLeido {
  const de = direcciones(p.from)[0];
  const para = direcciones(p.to);
  const refs = (Array.isArray(p.references) ? p.references : p.references ? p.references.split(/\s+/) : []).filter(Boolean);
  const html = p.html ? sanearHtmlCorreo(p.html.slice(0, MAX_HTML)) : null;
  const deCorreo = (de?.address ?? '').toLowerCase();
  return {
    uid,
    message_id: p.messageId ?? null,
    in_reply_to: p.inReplyTo?.split(/\s+/)[0] ?? null,
    referencias: refs,
    de_correo: deCorreo,
    de_nombre: de?.name ?? '',
    para: listaTexto(p.to),
    cc: listaTexto(p.cc),
    asunto: p.subject ?? '',
    asunto_base: asuntoBase(p.subject ?? ''),
    fecha: p.date ?? null,
    texto: (p.text ?? '').slice(0, MAX_TEXTO),
    html: html?.html ?? null,
    imagenes_remotas: html?.imagenesRemotas ?? false,
    adjuntos: adjuntosVisibles(p).map((a) => ({ nombre: a.filename ?? 'adjunto', tipo: a.contentType, tamano: a.size })),
    flags: [...flags],
    leido: flags.has('\\Seen'),
    // Who the conversation is with: the sender, or for what we sent (Enviados) the first recipient.
    otro: deCorreo === propio && para[0]?.address ? para[0].address.toLowerCase() : deCorreo,
  };
}

type Opciones = { db: Database; cifrador: Cifrador; idEmpresa: number; idCuenta: number; signal?: AbortSignal };

/**
 * Brings the box up to date: folders, then each folder's messages from the UIDNEXT the last sync reached
 * (everything again when UIDVALIDITY changed). Progress is written every few messages, so a dropped
 * connection loses nothing: the next run starts where this one stopped. The outcome (when, or the error in
 * Spanish) is kept on the account for the screen; an error is also thrown, for the job to retry.
 */
export async function sincronizarCuenta(o: Opciones): Promise<{ carpetas: number; nuevos: number }> {
  const cuenta = await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.cuentaPorId(tx, o.idCuenta));
  if (!cuenta) return { carpetas: 0, nuevos: 0 };
  try {
    const r = await sincronizar(o, cuenta);
    await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.marcarSincronizada(tx, cuenta.id, null));
    return r;
  } catch (e) {
    const mensaje = errorEnEspanol(e, cuenta);
    await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.marcarSincronizada(tx, cuenta.id, mensaje));
    throw new ErrorImap(mensaje);
  }
}

/** A client for the box, with the saved password (unreadable: the user is told to type it again). */
function clienteImap(cifrador: Cifrador, cuenta: repo.CuentaFila): ImapFlow {
  const clave = cifrador.descifrar(cuenta.imap_clave);
  if (clave === null)
    throw new ErrorImap('No se puede leer la contraseña guardada de la bandeja: escríbala de nuevo en su configuración.');
  return new ImapFlow({
    host: cuenta.imap_host,
    port: cuenta.imap_puerto,
    secure: cuenta.imap_tls,
    auth: { user: cuenta.imap_usuario, pass: clave },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
    // Without STARTTLS on a plain port the password would travel in clear only when TLS is off on purpose.
    doSTARTTLS: cuenta.imap_tls ? undefined : false,
  });
}

/**
 * The bytes of the n-th listed attachment of a message, read from the server when asked (the sync keeps
 * only names and sizes, so a box's files cost no storage). Null when the message or the file is gone.
 */
export async function descargarAdjunto(o: {
  cifrador: Cifrador;
  cuenta: repo.CuentaFila;
  carpeta: string;
  uidvalidity: string;
  uid: number;
  indice: number;
}): Promise<{ nombre: string; tipo: string; contenido: Buffer } | null> {
  const client = clienteImap(o.cifrador, o.cuenta);
  client.on('error', () => undefined);
  try {
    await client.connect();
    const lock = await client.getMailboxLock(o.carpeta, { readOnly: true });
    try {
      // Another UIDVALIDITY means the UIDs now name other messages.
      if (!client.mailbox || String(client.mailbox.uidValidity) !== o.uidvalidity) return null;
      const m = await client.fetchOne(String(o.uid), { source: true }, { uid: true });
      if (!m || !m.source) return null;
      const a = adjuntosVisibles(await simpleParser(m.source, { skipImageLinks: true, skipTextToHtml: true }))[o.indice];
      return a ? { nombre: a.filename ?? 'adjunto', tipo: a.contentType, contenido: a.content } : null;
    } finally {
      lock.release();
    }
  } catch (e) {
    throw new ErrorImap(errorEnEspanol(e, o.cuenta));
  } finally {
    client.close();
  }
}

async function sincronizar(o: Opciones, cuenta: repo.CuentaFila): Promise<{ carpetas: number; nuevos: number }> {
  const client = clienteImap(o.cifrador, cuenta);
  // A dropped socket is reported here as well as to the pending command: without a listener it would
  // crash the process.
  let caida: unknown = null;
  client.on('error', (e: unknown) => {
    caida = e;
  });
  const abortar = () => void client.close();
  o.signal?.addEventListener('abort', abortar);
  try {
    await client.connect();
    const carpetas = (await client.list()).filter((c) => !c.flags.has('\\Noselect') && !c.flags.has('\\NonExistent'));
    const ids = await inTenant(o.db, o.idEmpresa, ({ tx }) =>
      repo.guardarCarpetas(
        tx,
        cuenta.id,
        carpetas.map((c) => ({ ruta: c.path, nombre: c.name, uso_especial: c.specialUse ?? null })),
      ),
    );
    let nuevos = 0;
    for (const c of carpetas) {
      const idCarpeta = ids.get(c.path)!;
      const estado = await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.estadoCarpeta(tx, idCarpeta));
      const lock = await client.getMailboxLock(c.path, { readOnly: true });
      try {
        const buzon = client.mailbox;
        if (!buzon) continue;
        const validez = String(buzon.uidValidity);
        let desde = 1;
        if (estado?.uidvalidity === validez) desde = Number(estado.uidnext ?? 1);
        else await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.reiniciarCarpeta(tx, idCarpeta, validez));
        const siguiente = Number(buzon.uidNext);
        if (buzon.exists > 0 && siguiente > desde) {
          let lote: MensajeLeido[] = [];
          const guardar = async (hasta: number) => {
            const l = lote;
            lote = [];
            await inTenant(o.db, o.idEmpresa, ({ tx }) =>
              repo.guardarMensajes(tx, { idCuenta: cuenta.id, idCarpeta, uidvalidity: validez, mensajes: l, uidnext: hasta }),
            );
            nuevos += l.length;
          };
          for await (const m of client.fetch(`${desde}:*`, { uid: true, flags: true, source: true }, { uid: true })) {
            // `N:*` answers the last message even when its UID is below N.
            if (m.uid < desde || !m.source) continue;
            const p = await simpleParser(m.source, { skipImageLinks: true, skipTextToHtml: true });
            lote.push(leerMensaje(p, m.uid, m.flags ?? new Set(), cuenta.correo.toLowerCase()));
            if (lote.length >= LOTE) await guardar(m.uid + 1);
          }
          await guardar(siguiente);
        } else await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.avanzarCarpeta(tx, idCarpeta, siguiente, buzon.exists));
      } finally {
        lock.release();
      }
    }
    await client.logout();
    return { carpetas: carpetas.length, nuevos };
  } catch (e) {
    throw caida ?? e;
  } finally {
    o.signal?.removeEventListener('abort', abortar);
    client.close();
  }
}

/**
 * Writes the read state kept in Predio back to the server: \Seen added or removed by UID, folder by
 * folder, then recorded so the message is no longer pending. A folder whose UIDVALIDITY changed is
 * skipped (its messages are copied again by the next sync). A failure is thrown for the job to retry.
 */
export async function marcarEnServidor(o: Opciones): Promise<{ marcados: number }> {
  const cuenta = await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.cuentaPorId(tx, o.idCuenta));
  if (!cuenta) return { marcados: 0 };
  const pendientes = await inTenant(o.db, o.idEmpresa, ({ tx }) => repo.pendientesDeMarcar(tx, cuenta.id));
  if (pendientes.length === 0) return { marcados: 0 };
  const client = clienteImap(o.cifrador, cuenta);
  let caida: unknown = null;
  client.on('error', (e: unknown) => {
    caida = e;
  });
  let marcados = 0;
  try {
    await client.connect();
    for (const ruta of new Set(pendientes.map((p) => p.ruta))) {
      const lock = await client.getMailboxLock(ruta);
      try {
        const validez = client.mailbox ? String(client.mailbox.uidValidity) : null;
        for (const leido of [true, false]) {
          const estos = pendientes.filter((p) => p.ruta === ruta && p.leido === leido && p.uidvalidity === validez);
          if (estos.length === 0) continue;
          const uids = estos.map((p) => p.uid).join(',');
          if (leido) await client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
          else await client.messageFlagsRemove(uids, ['\\Seen'], { uid: true });
          await inTenant(o.db, o.idEmpresa, ({ tx }) =>
            repo.flagGuardado(
              tx,
              estos.map((p) => p.id),
              leido,
            ),
          );
          marcados += estos.length;
        }
      } finally {
        lock.release();
      }
    }
    await client.logout();
    return { marcados };
  } catch (e) {
    throw new ErrorImap(errorEnEspanol(caida ?? e, cuenta));
  } finally {
    client.close();
  }
}
