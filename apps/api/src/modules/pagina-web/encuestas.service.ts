import { randomBytes } from 'node:crypto';
import { CODES } from '@predio/contract/codes';
import { esCorreo } from '@predio/contract/campos';
import {
  ETIQUETAS_TIPO_PREGUNTA,
  TIPOS_PREGUNTA,
  calcularNps,
  clavePregunta,
  conOpciones,
  validarRespuestasEncuesta,
  type EncuestaForm,
  type EnviarEncuesta,
  type EnvioEncuesta,
  type OrigenEnlace,
  type ValorRespuesta,
  type EncuestaPublica,
  type EnlaceEncuestaForm,
  type RespuestaEncuestaPublica,
  type ResultadoPregunta,
  type ResultadosEncuesta,
} from '@predio/contract/pagina-web-encuestas';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { encolarCorreo, type Despertador } from '../../platform/mail/outbox.ts';
import type { Scope } from '../../platform/tenant.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import * as repo from './encuestas.repo.ts';

// Página web > Encuestas (idm 10587): the builder, its links (each answers once) and the results.

export const ENTIDAD_ENCUESTA = 'encuestas';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
/** A save also remembers the address staff reach Predio at: the trigger job's links use it. */
type Guardar = Escritura & { urlBase: string };
type Lista = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

const pagina = (q: Lista) => ({ sort: q.sort, order: q.order, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

const auditar = (o: Escritura, accion: string, id: number, cambios: Record<string, unknown>) =>
  registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD_ENCUESTA,
    entidadId: String(id),
    cambios,
    ip: o.ip,
  });

/** Options only where the type has them, so a question changed from «opción» to «escala» keeps none. */
const normalizar = (b: EncuestaForm): EncuestaForm => ({
  ...b,
  preguntas: b.preguntas.map((p) => ({ ...p, opciones: conOpciones(p.tipo) ? p.opciones : [] })),
});

export const listar = (o: Base & { query: Lista }) => repo.listar(o.tx, o.query.q, pagina(o.query));

async function encuestaOError(tx: Tx, id: number) {
  const e = await repo.ver(tx, id);
  if (!e) throw noEncontrado(`La encuesta ${id}`);
  return e;
}
export const ver = (o: Base & { id: number }) => encuestaOError(o.tx, o.id);

export async function crear(o: Guardar & { body: EncuestaForm }) {
  const b = normalizar(o.body);
  const id = await repo.insertar(o.tx, b, o.user.usuario, o.urlBase);
  await auditar(o, 'crear', id, { encuesta: { antes: null, despues: `${b.titulo} (${b.preguntas.length} preguntas)` } });
  return encuestaOError(o.tx, id);
}

/** The questions in a fixed key order (jsonb stores keys in its own order). */
const firma = (ps: EncuestaForm['preguntas']) => JSON.stringify(ps.map((p) => [p.pregunta, p.tipo, p.obligatoria, p.opciones]));

/** Answers already given refer to the questions by their place: once answered, the questions stay. */
export async function actualizar(o: Guardar & { id: number; body: EncuestaForm }) {
  const antes = await encuestaOError(o.tx, o.id);
  const b = normalizar(o.body);
  if (antes.respuestas > 0 && firma(antes.preguntas) !== firma(b.preguntas))
    throw new AppError(
      CODES.CONFLICTO,
      `La encuesta ya tiene ${antes.respuestas} respuestas: sus preguntas no se pueden cambiar. Cree una encuesta nueva.`,
      [{ campo: 'preguntas', mensaje: 'Las preguntas de una encuesta respondida no se pueden cambiar' }],
    );
  await repo.actualizar(o.tx, o.id, b, o.user.usuario, o.urlBase);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['titulo', 'descripcion', 'activa', 'disparador', 'dias_espera', 'dias_vigencia'] as const)
    if (antes[k] !== b[k]) cambios[k] = { antes: antes[k], despues: b[k] };
  if (firma(antes.preguntas) !== firma(b.preguntas))
    cambios.preguntas = { antes: antes.preguntas.map((p) => p.pregunta), despues: b.preguntas.map((p) => p.pregunta) };
  await auditar(o, 'modificar', o.id, cambios);
  return encuestaOError(o.tx, o.id);
}

export async function borrar(o: Escritura & { id: number }) {
  const e = await encuestaOError(o.tx, o.id);
  await repo.borrar(o.tx, o.id);
  await auditar(o, 'eliminar', o.id, { encuesta: { antes: `${e.titulo} (${e.respuestas} respuestas)`, despues: null } });
  return { id: o.id };
}

// ----- links

export async function crearEnlaces(o: Escritura & { id: number; body: EnlaceEncuestaForm }) {
  const e = await encuestaOError(o.tx, o.id);
  const cantidad = o.body.email ? 1 : o.body.cantidad;
  for (let i = 0; i < cantidad; i++)
    await repo.insertarEnlace(
      o.tx,
      { idEncuesta: e.id, token: randomBytes(18).toString('base64url'), destinatario: o.body.destinatario, email: o.body.email },
      o.user.usuario,
    );
  await auditar(o, 'crear enlaces', e.id, {
    enlaces: { antes: null, despues: `${cantidad}${o.body.destinatario ? ` para ${o.body.destinatario}` : ''}` },
  });
  return repo.listarEnlaces(o.tx, e.id, { limit: cantidad, offset: 0 });
}

export async function listarEnlaces(o: Base & { id: number; query: Lista }) {
  await encuestaOError(o.tx, o.id);
  return repo.listarEnlaces(o.tx, o.id, pagina(o.query));
}

export async function borrarEnlace(o: Escritura & { id: number; idEnlace: number }) {
  await encuestaOError(o.tx, o.id);
  if (!(await repo.borrarEnlace(o.tx, o.id, o.idEnlace)))
    throw noEncontrado(`El enlace ${o.idEnlace} sin responder de la encuesta ${o.id}`);
  await auditar(o, 'eliminar enlace', o.id, { enlace: { antes: o.idEnlace, despues: null } });
  return { id: o.idEnlace };
}

// ----- results

const ETIQUETA_SI_NO: Record<string, string> = { si: 'Sí', no: 'No' };

const respondida = (v: ValorRespuesta | undefined): v is ValorRespuesta =>
  Array.isArray(v) ? v.length > 0 : typeof v === 'string' && v !== '';
const media = (vs: string[]) => Math.round((vs.reduce((s, v) => s + Number(v), 0) / vs.length) * 100) / 100;
const NPS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
/** The values a question's chart counts, in the order drawn. */
const valoresDe = (p: EncuestaForm['preguntas'][number]) =>
  p.tipo === 'escala'
    ? ['1', '2', '3', '4', '5']
    : p.tipo === 'nps'
      ? NPS
      : p.tipo === 'si_no'
        ? ['si', 'no']
        : conOpciones(p.tipo)
          ? p.opciones
          : [];

/** Per question: how many answered, the mean of a scale, each value's count, the latest texts. */
export async function resultados(o: Base & { id: number }): Promise<ResultadosEncuesta> {
  const e = await encuestaOError(o.tx, o.id);
  const rs = await repo.respuestas(o.tx, o.id);
  const preguntas: ResultadoPregunta[] = e.preguntas.map((p, i) => {
    const k = clavePregunta(i);
    const dadas = rs.map((r) => r.respuestas[k]).filter(respondida);
    const vs = dadas.filter((v): v is string => typeof v === 'string');
    const elegidas = dadas.flatMap((v) => (Array.isArray(v) ? v : []));
    const conteos = valoresDe(p).map((valor) => ({
      valor: ETIQUETA_SI_NO[valor] ?? valor,
      n: p.tipo === 'multiple' ? elegidas.filter((v) => v === valor).length : vs.filter((v) => v === valor).length,
    }));
    return {
      indice: i + 1,
      pregunta: p.pregunta,
      tipo: TIPOS_PREGUNTA.includes(p.tipo) ? p.tipo : 'texto',
      respuestas: dadas.length,
      promedio: (p.tipo === 'escala' || p.tipo === 'nps') && vs.length ? media(vs) : null,
      nps: p.tipo === 'nps' ? calcularNps(vs) : null,
      conteos,
      textos: p.tipo === 'texto' ? vs.slice(0, 50) : [],
    };
  });
  return { respuestas: e.respuestas, enlaces: e.enlaces, preguntas };
}

// ----- the public side

const fechaLarga = (iso: string) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

/** An e-mailed link lives `dias_vigencia` days: later it is refused (409) and says so. */
export const vencido = (vence: string) =>
  new AppError(
    CODES.CONFLICTO,
    `Este enlace de encuesta venció el ${fechaLarga(vence)}. Si quiere darnos su opinión, pida un enlace nuevo a la inmobiliaria.`,
  );

export async function publica(tx: Tx, token: string): Promise<EncuestaPublica> {
  const l = await repo.porToken(tx, token);
  if (!l || !l.activa) throw noEncontrado('Esta encuesta');
  if (l.vencido && !l.respondida_en) throw vencido(l.vence_en!);
  return { titulo: l.titulo, descripcion: l.descripcion, preguntas: l.preguntas, respondida: l.respondida_en !== null };
}

/** The answers checked; a mistake is a 400 naming the question. */
export function revisar(preguntas: EncuestaPublica['preguntas'], body: RespuestaEncuestaPublica) {
  const r = validarRespuestasEncuesta(preguntas, body.respuestas);
  const errores = Object.entries(r.errores);
  if (errores.length)
    throw new AppError(
      CODES.VALIDACION,
      errores[0]![1],
      errores.map(([campo, mensaje]) => ({ campo: `respuestas.${campo}`, mensaje })),
    );
  return r.valores;
}

/** A link answers once: the second submit (or a race of two) is a 409 and keeps the first answer. */
export async function responder(tx: Tx, token: string, body: RespuestaEncuestaPublica): Promise<{ gracias: string }> {
  const l = await repo.porToken(tx, token);
  if (!l || !l.activa) throw noEncontrado('Esta encuesta');
  if (l.vencido && !l.respondida_en) throw vencido(l.vence_en!);
  const valores = revisar(l.preguntas, body);
  if (l.respondida_en || !(await repo.marcarRespondida(tx, l.id)))
    throw new AppError(CODES.CONFLICTO, 'Esta encuesta ya fue respondida desde este enlace. ¡Gracias!');
  await repo.insertarRespuesta(tx, l.id_encuesta, l.id, valores);
  return { gracias: '¡Gracias por responder! Su opinión nos ayuda a mejorar.' };
}

/** One question's summary row of /informes/encuestas. */
export type FilaInformeEncuesta = {
  encuesta: string;
  pregunta: string;
  tipo: string;
  respuestas: number;
  promedio: string;
  satisfaccion: number | null;
  distribucion: string;
  enlace: string;
};

const decimal = (n: number) => n.toLocaleString('es-CO', { maximumFractionDigits: 2 });

/**
 * The report's rows: per question of every survey answered in the period, how many answered, the mean
 * of a scale, the share satisfied (4 or 5 on a scale, «Sí» on a yes/no) and each value's count.
 */
export async function filasInforme(
  tx: Tx,
  periodo: { desde: string; hasta: string } | null,
  filtro: { encuesta?: number | undefined; origen?: OrigenEnlace | undefined } = {},
): Promise<FilaInformeEncuesta[]> {
  const rs = await repo.respuestasEnPeriodo(tx, periodo, filtro);
  const porEncuesta = new Map<
    number,
    { titulo: string; preguntas: EncuestaForm['preguntas']; respuestas: Record<string, ValorRespuesta>[] }
  >();
  for (const r of rs) {
    const e = porEncuesta.get(r.id_encuesta) ?? { titulo: r.titulo, preguntas: r.preguntas, respuestas: [] };
    e.respuestas.push(r.respuestas);
    porEncuesta.set(r.id_encuesta, e);
  }
  const filas: FilaInformeEncuesta[] = [];
  for (const [id, e] of porEncuesta)
    e.preguntas.forEach((p, i) => {
      const dadas = e.respuestas.map((r) => r[clavePregunta(i)]).filter(respondida);
      const vs = dadas.filter((v): v is string => typeof v === 'string');
      const elegidas = dadas.flatMap((v) => (Array.isArray(v) ? v : []));
      const cuenta = (v: string) => (p.tipo === 'multiple' ? elegidas : vs).filter((x) => x === v).length;
      const valores = p.tipo === 'escala' || p.tipo === 'nps' ? valoresDe(p).reverse() : valoresDe(p);
      // Satisfied: 4–5 on a scale, Sí, and the promoters (9–10) of an NPS question.
      const satisfechos =
        p.tipo === 'escala'
          ? cuenta('4') + cuenta('5')
          : p.tipo === 'si_no'
            ? cuenta('si')
            : p.tipo === 'nps'
              ? cuenta('9') + cuenta('10')
              : null;
      const nps = p.tipo === 'nps' ? calcularNps(vs) : null;
      filas.push({
        encuesta: e.titulo,
        pregunta: `${i + 1}. ${p.pregunta}`,
        tipo: ETIQUETAS_TIPO_PREGUNTA[p.tipo],
        respuestas: dadas.length,
        promedio:
          p.tipo === 'escala' && vs.length
            ? `${decimal(media(vs))} / 5`
            : nps !== null
              ? `NPS ${nps > 0 ? '+' : ''}${nps} (media ${decimal(media(vs))} / 10)`
              : '',
        satisfaccion: satisfechos !== null && dadas.length ? Math.round((100 * satisfechos) / dadas.length) : null,
        distribucion:
          p.tipo === 'texto'
            ? `${vs.length} comentarios`
            : valores.map((v) => `${ETIQUETA_SI_NO[v] ?? v}: ${cuenta(v)}`).join(' · '),
        enlace: `/paginaweb/encuestas?resultados=${id}`,
      });
    });
  return filas;
}

// ----- sending by e-mail

type Empresa = { nombre: string; email: string; telefonos: string };

/**
 * The e-mail that carries one person's link: who asks, the survey, the link and until when it works.
 * Plain words and the link alone on its line, so any mail client makes it clickable.
 */
export function correoEncuesta(
  e: Empresa,
  enc: { titulo: string; descripcion: string },
  nombre: string,
  url: string,
  vence: Date,
): { asunto: string; texto: string; html: string } {
  const agencia = e.nombre || 'La inmobiliaria';
  const hasta = fechaLarga(vence.toISOString());
  const saludo = nombre ? `Hola, ${nombre}:` : 'Hola:';
  const intro = `${agencia} quiere conocer su opinión. Responder la encuesta «${enc.titulo}» le toma un par de minutos.`;
  const nota = `El enlace es personal, se responde una sola vez y vence el ${hasta}.`;
  const esc = (x: string) => x.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    asunto: `${enc.titulo} · ${agencia}`,
    texto: [saludo, intro, enc.descripcion, `Responda aquí: ${url}`, nota, `Gracias,\n${agencia}`].filter(Boolean).join('\n\n'),
    html: [
      `<p>${esc(saludo)}</p>`,
      `<p>${esc(intro)}</p>`,
      enc.descripcion ? `<p>${esc(enc.descripcion)}</p>` : '',
      `<p><a href="${esc(url)}">Responder la encuesta</a></p>`,
      `<p style="color:#555">${esc(nota)} Si el botón no abre, copie esta dirección: ${esc(url)}</p>`,
      `<p>Gracias,<br>${esc(agencia)}</p>`,
    ].join(''),
  };
}

type Envio = Scope & { mailer: Despertador; idEmpresa: number };

/** A new personal link, and its e-mail queued in the same transaction; null when it was already sent. */
async function enviarUno(
  o: Envio & { usuario: string; idUsuario: number | null; base: string; empresa: Empresa },
  enc: { id: number; titulo: string; descripcion: string; dias_vigencia: number },
  para: { nombre: string; email: string },
  origen: OrigenEnlace,
  origenId: number | null,
): Promise<boolean> {
  const token = randomBytes(18).toString('base64url');
  const idEnlace = await repo.insertarEnlace(
    o.tx,
    {
      idEncuesta: enc.id,
      token,
      destinatario: para.nombre,
      email: para.email.toLowerCase(),
      origen,
      origenId,
      diasVigencia: enc.dias_vigencia,
      enviado: true,
    },
    o.usuario,
  );
  if (idEnlace === null) return false;
  const url = `${o.base}/sitio/${o.idEmpresa}/encuestas/${token}`;
  const vence = new Date(Date.now() + enc.dias_vigencia * 86_400_000);
  await encolarCorreo(o, {
    para: para.email,
    ...correoEncuesta(o.empresa, enc, para.nombre, url, vence),
    origen: `encuesta:${enc.id}`,
    responderA: esCorreo(o.empresa.email) ? o.empresa.email : null,
    idUsuario: o.idUsuario,
    entidad: 'encuesta',
    entidadId: String(enc.id),
  });
  return true;
}

/** «Enviar»: an e-mail with a personal one-time link to each tercero chosen (each must have an e-mail). */
export async function enviar(o: Escritura & Envio & { id: number; body: EnviarEncuesta; base: string }): Promise<EnvioEncuesta> {
  const e = await encuestaOError(o.tx, o.id);
  if (!e.activa)
    throw new AppError(CODES.CONFLICTO, `La encuesta «${e.titulo}» está inactiva: actívela para poder enviarla.`, [
      { campo: 'activa', mensaje: 'La encuesta está inactiva' },
    ]);
  const ts = await repo.tercerosPorId(o.tx, o.body.terceros);
  const faltan = o.body.terceros.filter((id) => !ts.some((t) => t.id === id));
  if (faltan.length) throw invalidoDestinatarios(`El tercero ${faltan.join(', ')} no existe`);
  const sinCorreo = ts.filter((t) => !esCorreo(t.email.trim()));
  if (sinCorreo.length)
    throw invalidoDestinatarios(`${sinCorreo.map((t) => t.nombre).join(', ')} no tiene un correo electrónico válido`);
  const empresa = await repo.nombreEmpresa(o.tx);
  const c = { ...o, usuario: o.user.usuario, idUsuario: o.user.idUsuario || null, empresa };
  for (const t of ts) await enviarUno(c, e, { nombre: t.nombre, email: t.email.trim() }, 'correo', null);
  await auditar(o, 'enviar', e.id, { envio: { antes: null, despues: ts.map((t) => `${t.nombre} <${t.email}>`).join(', ') } });
  return { enviados: ts.length, destinatarios: ts.map((t) => t.nombre) };
}

const invalidoDestinatarios = (mensaje: string) =>
  new AppError(CODES.VALIDACION, `Destinatarios: ${mensaje}.`, [{ campo: 'terceros', mensaje }]);

export const buscarTerceros = (o: Base & { q?: string | undefined; id?: number | undefined }) =>
  repo.buscarTerceros(o.tx, o.q, o.id);

export const opcionesInforme = (o: Base) => repo.opcionesInforme(o.tx);

/**
 * The trigger job of one company: for every active survey with a trigger, the records due (done after
 * the trigger was chosen, `dias_espera` days ago or more) each e-mail their people a personal link.
 * The unique key on (survey, origin, record, address) makes a rerun send nothing twice.
 */
export async function enviarAutomaticas(
  o: Envio & { publicUrl: string | null; ahora?: Date },
): Promise<{ enviados: number; encuestas: number }> {
  const ahora = o.ahora ?? new Date();
  const encuestas = await repo.encuestasAutomaticas(o.tx);
  if (!encuestas.length) return { enviados: 0, encuestas: 0 };
  const empresa = await repo.nombreEmpresa(o.tx);
  let enviados = 0;
  for (const e of encuestas) {
    const base = o.publicUrl ?? e.url_base;
    const completa = await encuestaOError(o.tx, e.id);
    for (const c of await repo.candidatos(o.tx, e, ahora)) {
      if (!esCorreo(c.email)) continue;
      const x = { ...o, usuario: 'encuestas automáticas', idUsuario: null, base, empresa };
      if (await enviarUno(x, completa, { nombre: c.nombre, email: c.email }, e.disparador, c.origen_id)) enviados++;
    }
  }
  return { enviados, encuestas: encuestas.length };
}
