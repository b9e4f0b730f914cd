import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { esCorreo } from '@predio/contract/campos';
import type { TipoPlantilla } from '@predio/contract/documentos';
import type { PlantillaRespuesta } from '@predio/contract/bandeja';
import { ETIQUETAS_TIPO, type TipoInmueble } from '@predio/contract/inmuebles';
import {
  ETIQUETAS_ENTIDAD_CORREO,
  MAX_BYTES_ADJUNTOS,
  type CorreoEncolado,
  type CorreoRedactado,
  type EntidadCorreo,
  type MensajeRedactado,
  type OpcionesRedactar,
  type VistaPreviaCorreo,
  ZCorreoRedactado,
} from '@predio/contract/redactar';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AdjuntoCorreo } from '../../db/schema/correo.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { cargarDatos } from '../../platform/documentos/contextos.ts';
import { revisar } from '../../platform/documentos/motor.ts';
import { AppError, invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import { configMensajes, firmaHtml, llenarPlantilla } from '../../platform/mensajes/plantillas.ts';
import { correoDeUsuario } from '../../platform/notificar/notificar.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Scope } from '../../platform/tenant.ts';
import { coincidencias } from '../clientes/clientes.service.ts';
import {
  fichaPdf,
  pedidoFicha,
  TIPO_DUENO_INMUEBLE as DUENO_INMUEBLE,
  type PedidoFicha,
} from '../inmuebles/inmuebles-archivos.service.ts';
import * as repo from './mensajes.repo.ts';

/*
 * An e-mail written from a record: its terceros' addresses offered, the company's free messages of the
 * record's kind, its files and the fichas of its properties as attachments. Subject and body are
 * templates filled with the record when sent, so a wrong field is refused naming it; the message goes
 * through the outbox with `entidad`/`entidad_id`, which is the record's history.
 */

type Registro = {
  titulo: string;
  /** The template fields the message may use, and the record they are read from. */
  tipo: TipoPlantilla;
  registro: string;
  idsTercero: number[];
  /** A solicitud from the website: the visitor's own address, without a tercero. */
  extra: { nombre: string; email: string }[];
  /** The owner of its files in platform/archivos (a property's documents). */
  dueno: { tipo: string; id: string; categoria: string } | null;
  fichas: { consecutivo: number; titulo: string; marcada: boolean }[];
};

type Leer = (o: { tx: Tx; user: Principal; clave: number }) => Promise<Registro | null>;

const tituloInmueble = (f: { consecutivo: number; tipo: string; direccion: string }) =>
  `Inmueble ${f.consecutivo} · ${ETIQUETAS_TIPO[f.tipo as TipoInmueble] ?? f.tipo}${f.direccion ? `, ${f.direccion}` : ''}`;

async function inmueblePorId(
  tx: Tx,
  id: number | null,
): Promise<{ consecutivo: number; tipo: string; direccion: string } | null> {
  if (id === null) return null;
  const [f] = await queryRows<{ consecutivo: number; tipo: string; direccion: string }>(
    tx,
    sql`select consecutivo, tipo, direccion from inmueble where id = ${id}`,
  );
  return f ?? null;
}

const LEER: Record<EntidadCorreo, Leer> = {
  async tercero({ tx, clave }) {
    const [t] = await queryRows<{ id: number; nombre: string; nro_id: string }>(
      tx,
      sql`select id, nombre, nro_id from terceros where id = ${clave}`,
    );
    if (!t) return null;
    // The properties the tercero owns: their fichas are offered, none attached unless chosen.
    const suyos = await queryRows<{ consecutivo: number; tipo: string; direccion: string }>(
      tx,
      sql`select i.consecutivo, i.tipo, i.direccion from inmueble_propietario p join inmueble i on i.id = p.id_inmueble
          where p.id_tercero = ${t.id} order by i.consecutivo limit 20`,
    );
    return {
      titulo: t.nombre,
      tipo: 'tercero',
      registro: t.nro_id,
      idsTercero: [t.id],
      extra: [],
      dueno: null,
      fichas: suyos.map((i) => ({ consecutivo: i.consecutivo, titulo: tituloInmueble(i), marcada: false })),
    };
  },
  async inmueble({ tx, clave }) {
    const [i] = await queryRows<{ id: number; consecutivo: number; tipo: string; direccion: string }>(
      tx,
      sql`select id, consecutivo, tipo, direccion from inmueble where consecutivo = ${clave}`,
    );
    if (!i) return null;
    const duenos = await queryRows<{ id_tercero: number }>(
      tx,
      sql`select id_tercero from inmueble_propietario where id_inmueble = ${i.id} order by porcentaje desc, id_tercero`,
    );
    return {
      titulo: tituloInmueble(i),
      tipo: 'inmueble',
      registro: String(i.consecutivo),
      idsTercero: duenos.map((d) => d.id_tercero),
      extra: [],
      dueno: { tipo: DUENO_INMUEBLE, id: String(i.id), categoria: 'documento' },
      // The property's own ficha goes unless taken off: what a client asking about it expects.
      fichas: [{ consecutivo: i.consecutivo, titulo: tituloInmueble(i), marcada: true }],
    };
  },
  async cliente({ tx, clave }) {
    const [c] = await queryRows<{ consecutivo: number; id_tercero: number; nombre: string }>(
      tx,
      sql`select c.consecutivo, c.id_tercero, t.nombre from cliente_atendido c
          join terceros t on t.id_empresa = c.id_empresa and t.id = c.id_tercero where c.consecutivo = ${clave}`,
    );
    if (!c) return null;
    // The available properties that match what the lead looks for, best first.
    const hay = (await coincidencias({ tx, consecutivo: clave })).filter((i) => i.estado === 'disponible').slice(0, 10);
    return {
      titulo: `Cliente atendido ${c.consecutivo} · ${c.nombre}`,
      tipo: 'cliente',
      registro: String(c.consecutivo),
      idsTercero: [c.id_tercero],
      extra: [],
      dueno: null,
      fichas: hay.map((i) => ({ consecutivo: i.consecutivo, titulo: tituloInmueble(i), marcada: false })),
    };
  },
  async solicitud({ tx, clave }) {
    const [s] = await queryRows<{
      numero: number;
      id_tercero: number | null;
      nro_id: string | null;
      contacto_nombre: string;
      contacto_email: string;
      id_inmueble: number | null;
    }>(
      tx,
      sql`select s.numero, s.id_tercero, t.nro_id, s.contacto_nombre, s.contacto_email, s.id_inmueble
          from solicitud s left join terceros t on t.id_empresa = s.id_empresa and t.id = s.id_tercero
          where s.numero = ${clave}`,
    );
    if (!s) return null;
    const i = await inmueblePorId(tx, s.id_inmueble);
    return {
      titulo: `Solicitud ${s.numero}`,
      tipo: s.nro_id ? 'tercero' : 'ninguno',
      registro: s.nro_id ?? '',
      idsTercero: s.id_tercero ? [s.id_tercero] : [],
      extra: s.contacto_email ? [{ nombre: s.contacto_nombre, email: s.contacto_email }] : [],
      dueno: null,
      fichas: i ? [{ consecutivo: i.consecutivo, titulo: tituloInmueble(i), marcada: true }] : [],
    };
  },
  async cita({ tx, clave }) {
    const [c] = await queryRows<{ id: number; titulo: string; id_inmueble: number | null }>(
      tx,
      sql`select id, titulo, id_inmueble from cita where id = ${clave}`,
    );
    if (!c) return null;
    const participantes = await queryRows<{ id_tercero: number }>(
      tx,
      sql`select id_tercero from cita_participante where id_cita = ${c.id} order by id_tercero`,
    );
    const i = await inmueblePorId(tx, c.id_inmueble);
    return {
      titulo: `Cita: ${c.titulo}`,
      tipo: i ? 'inmueble' : 'ninguno',
      registro: i ? String(i.consecutivo) : '',
      idsTercero: participantes.map((p) => p.id_tercero),
      extra: [],
      dueno: null,
      fichas: i ? [{ consecutivo: i.consecutivo, titulo: tituloInmueble(i), marcada: false }] : [],
    };
  },
};

async function registroOError(o: { tx: Tx; user: Principal; entidad: EntidadCorreo; clave: number }): Promise<Registro> {
  const r = await LEER[o.entidad](o);
  if (!r) throw noEncontrado(`${ETIQUETAS_ENTIDAD_CORREO[o.entidad]} ${o.clave}`);
  return r;
}

/** 404 for a record the company does not have (another company's is not there under row-level security). */
export async function exigirRegistro(o: { tx: Tx; user: Principal; entidad: EntidadCorreo; clave: number }): Promise<void> {
  await registroOError(o);
}

/** Each valid address of the record's terceros (personal and corporate), once, in the record's order. */
async function destinatarios(tx: Tx, r: Registro): Promise<{ nombre: string; email: string }[]> {
  const filas = r.idsTercero.length
    ? await queryRows<{ id: number; nombre: string; email: string; email_corporativo: string }>(
        tx,
        sql`select id, nombre, email, email_corporativo from terceros where id = any(${sql.param(r.idsTercero)}::int[])`,
      )
    : [];
  const todos = [
    ...r.idsTercero.flatMap((id) => {
      const t = filas.find((f) => f.id === id);
      return t ? [t.email, t.email_corporativo].map((email) => ({ nombre: t.nombre, email })) : [];
    }),
    ...r.extra,
  ].map((d) => ({ nombre: d.nombre, email: d.email.trim().toLowerCase() }));
  return todos.filter((d, i) => esCorreo(d.email) && todos.findIndex((x) => x.email === d.email) === i);
}

const archivosDe = (tx: Tx, dueno: Registro['dueno']) =>
  dueno
    ? queryRows<{ id: number; nombre: string; bytes: number; clave: string; content_type: string }>(
        tx,
        sql`select id, nombre, bytes::float8 as bytes, clave, content_type from archivo
            where tipo_dueno = ${dueno.tipo} and id_dueno = ${dueno.id} and categoria = ${dueno.categoria}
            order by id desc limit 100`,
      )
    : Promise.resolve([]);

/** The user's own signature, else the company's: a message a person writes carries theirs. */
async function firmaDe(tx: Tx, user: Principal): Promise<string> {
  return (await repo.firmaDe(tx, user.idUsuario)) || (await configMensajes(tx)).firma;
}

export async function opciones(o: { tx: Tx; user: Principal; entidad: EntidadCorreo; clave: number }): Promise<OpcionesRedactar> {
  const r = await registroOError(o);
  const plantillas = (await repo.todas(o.tx)).filter((p) => p.tipo_carta === null && (p.tipo === 'ninguno' || p.tipo === r.tipo));
  return {
    titulo: r.titulo,
    tipo: r.tipo,
    destinatarios: await destinatarios(o.tx, r),
    plantillas: plantillas.map((p) => ({ clave: `libre-${p.id}`, nombre: p.nombre, asunto: p.asunto, html: p.html })),
    archivos: (await archivosDe(o.tx, r.dueno)).map(({ id, nombre, bytes }) => ({ id, nombre, bytes: Number(bytes) })),
    fichas: r.fichas,
    firma: await firmaDe(o.tx, o.user),
  };
}

/** Checked and filled in the request's transaction; the files are stored after it commits. */
export type Preparado = {
  entidad: EntidadCorreo;
  clave: number;
  body: ReturnType<typeof ZCorreoRedactado.parse>;
  asunto: string;
  html: string;
  texto: string;
  responderA: string | null;
  archivos: { nombre: string; clave: string; tipo: string }[];
  pedidos: PedidoFicha[];
};

const DEL: Record<EntidadCorreo, string> = {
  tercero: 'del tercero',
  inmueble: 'del inmueble',
  cliente: 'del cliente atendido',
  solicitud: 'de la solicitud',
  cita: 'de la cita',
};

const PARTES = [
  ['asunto', 'Asunto'],
  ['html', 'Mensaje'],
] as const;

/**
 * Subject and body filled with the record. A field the record does not have ({{ tercero.apodo }}, an
 * inmueble field in a tercero's message) is refused naming it, before anything is queued.
 */
async function llenar(o: { tx: Tx; user: Principal; r: Registro; asunto: string; html: string }): Promise<MensajeRedactado> {
  for (const [campo, etiqueta] of PARTES) {
    const [e] = revisar(o[campo], o.r.tipo);
    if (e) throw new AppError(CODES.VALIDACION, `${etiqueta}: ${e.mensaje}.`, [{ campo, mensaje: e.mensaje }]);
  }
  const datos = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo: o.r.tipo, registro: o.r.registro });
  // Without a plain-text part the text is derived from the HTML; the signature is added to each once.
  const lleno = await llenarPlantilla(
    { asunto: o.asunto, html: o.html, texto: '', sms: '', whatsapp_plantilla: '', whatsapp_parametros: [] },
    { tipo: o.r.tipo, datos, notificacion: false },
  );
  const firma = (await firmaDe(o.tx, o.user)).trim();
  return {
    asunto: lleno.asunto,
    html: lleno.html + firmaHtml(firma),
    texto: firma ? `${lleno.texto}\n\n-- \n${firma}` : lleno.texto,
  };
}

/**
 * The free messages a reply in the Bandeja may start from, as plain text filled with the sender's tercero
 * (`nroId`) or, without one, only those written for any record. The reply adds the signature itself; a
 * template whose fields no longer fill (a field renamed since it was saved) is left out rather than offered
 * half-filled.
 */
export async function plantillasDeTexto(o: { tx: Tx; user: Principal; nroId: string | null }): Promise<PlantillaRespuesta[]> {
  const tipo: TipoPlantilla = o.nroId ? 'tercero' : 'ninguno';
  const plantillas = (await repo.todas(o.tx)).filter((p) => p.tipo_carta === null && (p.tipo === 'ninguno' || p.tipo === tipo));
  if (plantillas.length === 0) return [];
  const datos = await cargarDatos({ tx: o.tx, idUsuario: o.user.idUsuario, tipo, registro: o.nroId ?? '' });
  const out: PlantillaRespuesta[] = [];
  for (const p of plantillas) {
    const lleno = await llenarPlantilla(p, { tipo, datos, notificacion: false }).catch(() => null);
    if (lleno) out.push({ clave: `libre-${p.id}`, nombre: p.nombre, texto: lleno.texto });
  }
  return out;
}

/** The message as it will leave, filled with the record: what «Vista previa» shows. */
export async function vistaPrevia(o: {
  tx: Tx;
  user: Principal;
  entidad: EntidadCorreo;
  clave: number;
  body: VistaPreviaCorreo;
}): Promise<MensajeRedactado> {
  const r = await registroOError(o);
  return llenar({ tx: o.tx, user: o.user, r, asunto: o.body.asunto, html: o.body.html });
}

export async function preparar(o: {
  tx: Tx;
  user: Principal;
  entidad: EntidadCorreo;
  clave: number;
  body: CorreoRedactado;
}): Promise<Preparado> {
  const body = ZCorreoRedactado.parse(o.body);
  const r = await registroOError(o);
  const lleno = await llenar({ tx: o.tx, user: o.user, r, asunto: body.asunto, html: body.html });
  if (body.plantilla && !(await repo.libre(o.tx, Number(body.plantilla.slice('libre-'.length)))))
    throw noEncontrado('La plantilla');

  const delRegistro = await archivosDe(o.tx, r.dueno);
  const archivos = body.archivos.map((id) => {
    const a = delRegistro.find((f) => f.id === id);
    if (!a) throw invalido('archivos', `el archivo ${id} no es ${DEL[o.entidad]}`);
    return a;
  });
  const bytes = archivos.reduce((s, a) => s + Number(a.bytes), 0);
  if (bytes > MAX_BYTES_ADJUNTOS)
    throw invalido('archivos', `los archivos suman ${(bytes / 1048576).toFixed(1)} MB y un correo admite hasta 20 MB`);
  // Reading a ficha checks the user may see the property (490 or 491), whichever record it comes from.
  const pedidos: PedidoFicha[] = [];
  for (const consecutivo of [...new Set(body.fichas)]) pedidos.push(await pedidoFicha({ tx: o.tx, user: o.user, consecutivo }));

  const [yo] = await queryRows<{ correo: string | null }>(o.tx, sql`select ${correoDeUsuario(o.user.idUsuario)} as correo`);
  return {
    entidad: o.entidad,
    clave: o.clave,
    body,
    ...lleno,
    responderA: yo?.correo ?? null,
    archivos: archivos.map((a) => ({ nombre: a.nombre, clave: a.clave, tipo: a.content_type })),
    pedidos,
  };
}

const claveCorreo = (idEmpresa: number, nombre: string) =>
  `${idEmpresa}/correos/${randomUUID()}-${nombre.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/**
 * The fichas laid out and the record's files copied under the outbox's folder: the outbox deletes its
 * attachments some days after sending (platform/mail/limpieza.ts), which must never take the record's
 * own file. All or none.
 */
export async function guardarAdjuntos(o: {
  user: Principal;
  storage: Storage;
  preparado: Preparado;
  urlPublica: string | null;
}): Promise<AdjuntoCorreo[]> {
  const adjuntos: AdjuntoCorreo[] = [];
  try {
    for (const pedido of o.preparado.pedidos) {
      const ficha = await fichaPdf({ user: o.user, storage: o.storage, pedido, urlPublica: o.urlPublica });
      const clave = claveCorreo(o.user.idEmpresa, ficha.nombre);
      await o.storage.put(clave, ficha.contenido);
      adjuntos.push({ nombre: ficha.nombre, clave, tipo: ficha.contentType });
    }
    for (const a of o.preparado.archivos) {
      const lectura = await o.storage.getStream(a.clave);
      if (!lectura) throw new AppError(CODES.CONFLICTO, `El archivo «${a.nombre}» ya no está: quítelo del correo.`);
      const clave = claveCorreo(o.user.idEmpresa, a.nombre);
      await o.storage.putStream(clave, lectura.stream);
      adjuntos.push({ nombre: a.nombre, clave, tipo: a.tipo });
    }
    return adjuntos;
  } catch (e) {
    await borrarAdjuntos(o.storage, adjuntos);
    throw e;
  }
}

export const borrarAdjuntos = (storage: Storage, adjuntos: AdjuntoCorreo[]) =>
  Promise.all(adjuntos.map((a) => storage.delete(a.clave).catch(() => undefined)));

/** The second transaction: the message queued for the record's history, and audited on the record. */
export async function encolar(
  o: Scope & { user: Principal; ip: string; mailer: Despertador; preparado: Preparado; adjuntos: AdjuntoCorreo[] },
): Promise<CorreoEncolado> {
  const p = o.preparado;
  await encolarCorreo(o, {
    para: p.body.para.join(', '),
    cc: p.body.cc.length ? p.body.cc.join(', ') : null,
    asunto: p.asunto,
    texto: p.texto,
    html: p.html,
    origen: 'redactado',
    adjuntos: o.adjuntos,
    responderA: p.responderA,
    idUsuario: o.user.idUsuario,
    plantilla: p.body.plantilla ?? null,
    entidad: p.entidad,
    entidadId: String(p.clave),
  });
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'enviar correo',
    entidad: p.entidad,
    entidadId: String(p.clave),
    cambios: {
      correo: { antes: null, despues: { para: p.body.para, asunto: p.asunto, adjuntos: o.adjuntos.map((a) => a.nombre) } },
    },
    ip: o.ip,
  });
  return { para: p.body.para, cc: p.body.cc, asunto: p.asunto, adjuntos: o.adjuntos.map((a) => a.nombre) };
}
