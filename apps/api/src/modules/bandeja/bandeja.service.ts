import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TERCEROS } from '@predio/contract/terceros';
import {
  TRABAJO_BANDEJA_SINCRONIZAR,
  type CuentaCorreo,
  type HiloDetalle,
  type ZCrearTerceroCorreo,
  type ZCuentaCorreoGuardar,
  type ZHilosQuery,
  type ZResponderCorreo,
} from '@predio/contract/bandeja';
import type { z } from 'zod';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { Scope } from '../../platform/tenant.ts';
import { firmaDe, leerConfig } from '../mensajes/mensajes.service.ts';
import * as repo from './bandeja.repo.ts';
import * as terceros from '../terceros/terceros-gestion.service.ts';
import { sinImagenesRemotas } from './html-correo.ts';

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
  await repo.marcarLeido(o.tx, c.id, m.hilo);
  const mensajes = await repo.mensajesDelHilo(o.tx, c.id, m.hilo);
  return {
    mensajes: mensajes.map((x) => ({
      ...x,
      leido: true,
      html: x.html && !o.imagenes && x.imagenes_remotas ? sinImagenesRemotas(x.html) : x.html,
    })),
  };
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
  o: Con & { mailer: Despertador; id: number; body: z.output<typeof ZResponderCorreo> },
): Promise<{ para: string; asunto: string }> {
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
    { tx: o.tx, alConfirmar: o.alConfirmar, mailer: o.mailer },
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
    },
  );
  return { para, asunto };
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

export const correosDeTercero = (o: Scope & { user: Principal; idTercero: number }) =>
  repo.deTercero(o.tx, o.idTercero, o.user.idUsuario);
