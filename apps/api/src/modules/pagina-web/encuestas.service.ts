import { randomBytes } from 'node:crypto';
import { CODES } from '@predio/contract/codes';
import {
  ETIQUETAS_TIPO_PREGUNTA,
  TIPOS_PREGUNTA,
  clavePregunta,
  validarRespuestasEncuesta,
  type EncuestaForm,
  type EncuestaPublica,
  type EnlaceEncuestaForm,
  type RespuestaEncuestaPublica,
  type ResultadoPregunta,
  type ResultadosEncuesta,
} from '@predio/contract/pagina-web-encuestas';
import type { Tx } from '../../db/client.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError, noEncontrado } from '../../platform/errors/app-error.ts';
import * as repo from './encuestas.repo.ts';

// Página web > Encuestas (idm 10587): the builder, its links (each answers once) and the results.

export const ENTIDAD_ENCUESTA = 'encuestas';

type Base = { tx: Tx };
type Escritura = Base & { user: Principal; ip: string };
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
  preguntas: b.preguntas.map((p) => ({ ...p, opciones: p.tipo === 'opcion' ? p.opciones : [] })),
});

export const listar = (o: Base & { query: Lista }) => repo.listar(o.tx, o.query.q, pagina(o.query));

async function encuestaOError(tx: Tx, id: number) {
  const e = await repo.ver(tx, id);
  if (!e) throw noEncontrado(`La encuesta ${id}`);
  return e;
}
export const ver = (o: Base & { id: number }) => encuestaOError(o.tx, o.id);

export async function crear(o: Escritura & { body: EncuestaForm }) {
  const b = normalizar(o.body);
  const id = await repo.insertar(o.tx, b, o.user.usuario);
  await auditar(o, 'crear', id, { encuesta: { antes: null, despues: `${b.titulo} (${b.preguntas.length} preguntas)` } });
  return encuestaOError(o.tx, id);
}

/** The questions in a fixed key order (jsonb stores keys in its own order). */
const firma = (ps: EncuestaForm['preguntas']) => JSON.stringify(ps.map((p) => [p.pregunta, p.tipo, p.obligatoria, p.opciones]));

/** Answers already given refer to the questions by their place: once answered, the questions stay. */
export async function actualizar(o: Escritura & { id: number; body: EncuestaForm }) {
  const antes = await encuestaOError(o.tx, o.id);
  const b = normalizar(o.body);
  if (antes.respuestas > 0 && firma(antes.preguntas) !== firma(b.preguntas))
    throw new AppError(
      CODES.CONFLICTO,
      `La encuesta ya tiene ${antes.respuestas} respuestas: sus preguntas no se pueden cambiar. Cree una encuesta nueva.`,
      [{ campo: 'preguntas', mensaje: 'Las preguntas de una encuesta respondida no se pueden cambiar' }],
    );
  await repo.actualizar(o.tx, o.id, b, o.user.usuario);
  const cambios: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const k of ['titulo', 'descripcion', 'activa'] as const)
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

/** Per question: how many answered, the mean of a scale, each value's count, the latest texts. */
export async function resultados(o: Base & { id: number }): Promise<ResultadosEncuesta> {
  const e = await encuestaOError(o.tx, o.id);
  const rs = await repo.respuestas(o.tx, o.id);
  const preguntas: ResultadoPregunta[] = e.preguntas.map((p, i) => {
    const k = clavePregunta(i);
    const vs = rs.map((r) => r.respuestas[k]).filter((v): v is string => typeof v === 'string' && v !== '');
    const base =
      p.tipo === 'escala' ? ['1', '2', '3', '4', '5'] : p.tipo === 'si_no' ? ['si', 'no'] : p.tipo === 'opcion' ? p.opciones : [];
    const conteos = base.map((valor) => ({ valor: ETIQUETA_SI_NO[valor] ?? valor, n: vs.filter((v) => v === valor).length }));
    return {
      indice: i + 1,
      pregunta: p.pregunta,
      tipo: TIPOS_PREGUNTA.includes(p.tipo) ? p.tipo : 'texto',
      respuestas: vs.length,
      promedio:
        p.tipo === 'escala' && vs.length ? Math.round((vs.reduce((s, v) => s + Number(v), 0) / vs.length) * 100) / 100 : null,
      conteos,
      textos: p.tipo === 'texto' ? vs.slice(0, 50) : [],
    };
  });
  return { respuestas: e.respuestas, enlaces: e.enlaces, preguntas };
}

// ----- the public side

export async function publica(tx: Tx, token: string): Promise<EncuestaPublica> {
  const l = await repo.porToken(tx, token);
  if (!l || !l.activa) throw noEncontrado('Esta encuesta');
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
export async function filasInforme(tx: Tx, periodo: { desde: string; hasta: string } | null): Promise<FilaInformeEncuesta[]> {
  const rs = await repo.respuestasEnPeriodo(tx, periodo);
  const porEncuesta = new Map<
    number,
    { titulo: string; preguntas: EncuestaForm['preguntas']; respuestas: Record<string, string>[] }
  >();
  for (const r of rs) {
    const e = porEncuesta.get(r.id_encuesta) ?? { titulo: r.titulo, preguntas: r.preguntas, respuestas: [] };
    e.respuestas.push(r.respuestas);
    porEncuesta.set(r.id_encuesta, e);
  }
  const filas: FilaInformeEncuesta[] = [];
  for (const [id, e] of porEncuesta)
    e.preguntas.forEach((p, i) => {
      const vs = e.respuestas.map((r) => r[clavePregunta(i)]).filter((v): v is string => typeof v === 'string' && v !== '');
      const cuenta = (v: string) => vs.filter((x) => x === v).length;
      const valores =
        p.tipo === 'escala'
          ? ['5', '4', '3', '2', '1']
          : p.tipo === 'si_no'
            ? ['si', 'no']
            : p.tipo === 'opcion'
              ? p.opciones
              : [];
      const satisfechos = p.tipo === 'escala' ? cuenta('4') + cuenta('5') : p.tipo === 'si_no' ? cuenta('si') : null;
      filas.push({
        encuesta: e.titulo,
        pregunta: `${i + 1}. ${p.pregunta}`,
        tipo: ETIQUETAS_TIPO_PREGUNTA[p.tipo],
        respuestas: vs.length,
        promedio: p.tipo === 'escala' && vs.length ? `${decimal(vs.reduce((s, v) => s + Number(v), 0) / vs.length)} / 5` : '',
        satisfaccion: satisfechos !== null && vs.length ? Math.round((100 * satisfechos) / vs.length) : null,
        distribucion:
          p.tipo === 'texto'
            ? `${vs.length} comentarios`
            : valores.map((v) => `${ETIQUETA_SI_NO[v] ?? v}: ${cuenta(v)}`).join(' · '),
        enlace: `/paginaweb/encuestas?resultados=${id}`,
      });
    });
  return filas;
}
