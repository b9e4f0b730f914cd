import { sql, type SQL } from 'drizzle-orm';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type {
  Disparador,
  EnlaceEncuesta,
  Encuesta,
  EncuestaForm,
  OrigenEnlace,
  PreguntaEncuesta,
  TerceroEncuesta,
  ValorRespuesta,
} from '@predio/contract/pagina-web-encuestas';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Encuestas. Every query runs in the company's transaction: RLS keeps other companies out.

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

async function contar(tx: Tx, filas: SQL, p: Pagina): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : conteoAcotado(n!.n);
}

const COLUMNAS = sql`e.id, e.titulo, e.descripcion, e.activa, e.disparador, e.dias_espera, e.dias_vigencia, e.preguntas,
  (select count(*)::int from encuesta_enlace l where l.id_encuesta = e.id) as enlaces,
  (select count(*)::int from encuesta_respuesta r where r.id_encuesta = e.id) as respuestas,
  e.creado_por, e.creado_en`;

const ORDEN: Record<string, SQL> = {
  titulo: sql`lower(e.titulo)`,
  creado_en: sql`e.creado_en`,
  respuestas: sql`(select count(*) from encuesta_respuesta r where r.id_encuesta = e.id)`,
};

export async function listar(tx: Tx, q: string | undefined, p: Pagina): Promise<ListaAcotada<Encuesta>> {
  const where = q
    ? sql`lower(predio_unaccent(e.titulo)) like predio_unaccent(${`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
    : sql`true`;
  const col = ORDEN[p.sort ?? 'creado_en'] ?? ORDEN.creado_en!;
  const dir = p.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const items = await queryRows<Encuesta>(
    tx,
    sql`select ${COLUMNAS} from encuesta e where ${where} order by ${col} ${dir}, e.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from encuesta e where ${where}`, p)) };
}

export async function ver(tx: Tx, id: number): Promise<Encuesta | null> {
  const [r] = await queryRows<Encuesta>(tx, sql`select ${COLUMNAS} from encuesta e where e.id = ${id}`);
  return r ?? null;
}

export async function insertar(tx: Tx, b: EncuestaForm, usuario: string, urlBase: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into encuesta (titulo, descripcion, preguntas, activa, disparador, dias_espera, dias_vigencia, url_base, creado_por)
        values (${b.titulo}, ${b.descripcion}, ${JSON.stringify(b.preguntas)}::jsonb, ${b.activa}, ${b.disparador},
                ${b.dias_espera}, ${b.dias_vigencia}, ${urlBase}, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, b: EncuestaForm, usuario: string, urlBase: string): Promise<void> {
  await tx.execute(
    sql`update encuesta set titulo = ${b.titulo}, descripcion = ${b.descripcion}, preguntas = ${JSON.stringify(b.preguntas)}::jsonb,
          activa = ${b.activa}, dias_espera = ${b.dias_espera}, dias_vigencia = ${b.dias_vigencia},
          disparador_desde = case when disparador = ${b.disparador} then disparador_desde else now() end,
          disparador = ${b.disparador}, url_base = ${urlBase}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id}`,
  );
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from encuesta where id = ${id}`);
}

// ----- links

export type NuevoEnlace = {
  idEncuesta: number;
  token: string;
  destinatario: string;
  email: string;
  origen?: OrigenEnlace;
  origenId?: number | null;
  /** Days the link lives (e-mailed links); none: it never expires. */
  diasVigencia?: number | null;
  enviado?: boolean;
};

/** The new link's id; null when a trigger's record already surveyed that address (nothing written). */
export async function insertarEnlace(tx: Tx, e: NuevoEnlace, usuario: string): Promise<number | null> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into encuesta_enlace (id_encuesta, token, destinatario, email, origen, origen_id, enviado_en, vence_en, creado_por)
        values (${e.idEncuesta}, ${e.token}, ${e.destinatario}, ${e.email}, ${e.origen ?? 'manual'}, ${e.origenId ?? null},
                ${e.enviado ? sql`now()` : null},
                ${e.diasVigencia ? sql`now() + ${e.diasVigencia} * interval '1 day'` : null}, ${usuario})
        on conflict (id_empresa, id_encuesta, origen, origen_id, lower(email)) where origen_id is not null do nothing
        returning id`,
  );
  return r?.id ?? null;
}

/** Terceros to send to, by id: their name and e-mail (RLS: another company's are not found). */
export function tercerosPorId(tx: Tx, ids: number[]): Promise<TerceroEncuesta[]> {
  return queryRows<TerceroEncuesta>(
    tx,
    sql`select id, nombre, nro_id, email from terceros where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by id`,
  );
}

/** The recipient picker: 20 active terceros with an e-mail, by name or document. */
export function buscarTerceros(tx: Tx, q: string | undefined, id?: number): Promise<TerceroEncuesta[]> {
  const palabras = (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((p) => `%${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const conds =
    id !== undefined
      ? [sql`id = ${id}`]
      : [
          sql`activo`,
          sql`email <> ''`,
          ...palabras.map((p) => sql`(lower(predio_unaccent(nombre)) like predio_unaccent(${p}) or nro_id like ${p})`),
        ];
  return queryRows<TerceroEncuesta>(
    tx,
    sql`select id, nombre, nro_id, email from terceros where ${sql.join(conds, sql` and `)}
        order by lower(predio_unaccent(nombre)) limit 20`,
  );
}

export async function nombreEmpresa(tx: Tx): Promise<{ nombre: string; email: string; telefonos: string }> {
  const [e] = await queryRows<{ nombre: string; email: string; telefonos: string }>(
    tx,
    sql`select nombre, email, telefonos from empresa limit 1`,
  );
  return e ?? { nombre: '', email: '', telefonos: '' };
}

// ----- triggers

export type EncuestaAutomatica = {
  id: number;
  titulo: string;
  disparador: Exclude<Disparador, 'ninguno'>;
  dias_espera: number;
  dias_vigencia: number;
  disparador_desde: string;
  url_base: string;
};

export function encuestasAutomaticas(tx: Tx): Promise<EncuestaAutomatica[]> {
  return queryRows<EncuestaAutomatica>(
    tx,
    sql`select id, titulo, disparador, dias_espera, dias_vigencia, disparador_desde, url_base from encuesta
        where activa and disparador <> 'ninguno' order by id`,
  );
}

/** Companies with an active survey that sends itself (the hourly job fans out to them). */
export function empresasConEncuestasAutomaticas(tx: Tx): Promise<{ id_empresa: number }[]> {
  return queryRows(
    tx,
    sql`select distinct id_empresa from encuesta where activa and disparador <> 'ninguno' order by id_empresa`,
  );
}

export type Candidato = { origen_id: number; nombre: string; email: string };

/**
 * Who a trigger's survey is due to: records done after the trigger was chosen and at least `dias_espera`
 * days ago, with the people to survey (each with an e-mail) not surveyed yet for that record.
 *  - visita: a cita «realizada» with its result, to its participants (terceros);
 *  - contrato: a lease (arrendamiento) firmado or vigente, from the moment it was signed, to its arrendatarios;
 *  - mantenimiento: a maintenance request «cerrada», from its closing, to the client who asked.
 */
export function candidatos(tx: Tx, e: EncuestaAutomatica, ahora: Date): Promise<Candidato[]> {
  const hasta = sql`${ahora.toISOString()}::timestamptz - ${e.dias_espera} * interval '1 day'`;
  const desde = sql`${e.disparador_desde}::timestamptz`;
  const consulta =
    e.disparador === 'visita'
      ? sql`select c.id as origen_id, t.nombre, t.email, coalesce(c.modificado_en, c.fin) as momento
            from cita c join cita_participante p on p.id_cita = c.id join terceros t on t.id = p.id_tercero
            where c.estado = 'realizada' and c.id_resultado is not null`
      : e.disparador === 'contrato'
        ? sql`select c.id as origen_id, t.nombre, t.email,
                (select min(h.creado_en) from contrato_estado_historial h
                  where h.id_contrato = c.id and h.hasta in ('firmado', 'vigente')) as momento
              from contrato c join contrato_parte p on p.id_contrato = c.id and p.rol = 'arrendatario'
              join terceros t on t.id = p.id_tercero
              where c.clase in ('arrendamiento_vivienda', 'arrendamiento_comercial') and c.estado in ('firmado', 'vigente')`
        : sql`select m.id as origen_id, t.nombre, cp.email,
                coalesce((select max(v.creado_en) from solicitud_mantenimiento_evento v
                  where v.id_solicitud = m.id and v.tipo = 'estado' and v.estado = 'cerrada'), m.modificado_en, m.creado_en) as momento
              from solicitud_mantenimiento m join cliente_portal cp on cp.id = m.id_cliente
              join terceros t on t.id = cp.id_tercero
              where m.estado = 'cerrada'`;
  return queryRows<Candidato>(
    tx,
    sql`select x.origen_id, x.nombre, lower(x.email) as email from (${consulta}) x
        where x.email <> '' and x.momento >= ${desde} and x.momento <= ${hasta}
          and not exists (select 1 from encuesta_enlace l where l.id_encuesta = ${e.id} and l.origen = ${e.disparador}
                            and l.origen_id = x.origen_id and lower(l.email) = lower(x.email))
        order by x.momento, x.origen_id limit 500`,
  );
}

export async function listarEnlaces(tx: Tx, idEncuesta: number, p: Pagina): Promise<ListaAcotada<EnlaceEncuesta>> {
  const items = await queryRows<EnlaceEncuesta>(
    tx,
    sql`select l.id, l.token, l.destinatario, l.email, l.origen, l.origen_id, l.creado_en, l.enviado_en, l.vence_en, l.respondida_en
        from encuesta_enlace l
        where l.id_encuesta = ${idEncuesta} order by l.creado_en desc, l.id desc limit ${p.limit} offset ${p.offset}`,
  );
  return { items, ...(await contar(tx, sql`select 1 from encuesta_enlace l where l.id_encuesta = ${idEncuesta}`, p)) };
}

export async function borrarEnlace(tx: Tx, idEncuesta: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from encuesta_enlace where id = ${id} and id_encuesta = ${idEncuesta} and respondida_en is null returning id`,
  );
  return rows.length > 0;
}

export async function respuestas(
  tx: Tx,
  idEncuesta: number,
): Promise<{ respuestas: Record<string, ValorRespuesta>; creado_en: string }[]> {
  return queryRows(
    tx,
    sql`select r.respuestas, r.creado_en from encuesta_respuesta r where r.id_encuesta = ${idEncuesta}
        order by r.creado_en desc, r.id desc limit 20000`,
  );
}

// ----- public

export type EnlacePublico = {
  id: number;
  id_encuesta: number;
  titulo: string;
  descripcion: string;
  preguntas: PreguntaEncuesta[];
  activa: boolean;
  respondida_en: string | null;
  vence_en: string | null;
  vencido: boolean;
};

export async function porToken(tx: Tx, token: string): Promise<EnlacePublico | null> {
  const [r] = await queryRows<EnlacePublico>(
    tx,
    sql`select l.id, l.id_encuesta, e.titulo, e.descripcion, e.preguntas, e.activa, l.respondida_en, l.vence_en,
          coalesce(l.vence_en < now(), false) as vencido
        from encuesta_enlace l join encuesta e on e.id = l.id_encuesta where l.token = ${token}`,
  );
  return r ?? null;
}

/** Marks the link answered, only if it was not: false when another submit got there first. */
export async function marcarRespondida(tx: Tx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update encuesta_enlace set respondida_en = now() where id = ${id} and respondida_en is null returning id`,
  );
  return rows.length > 0;
}

export async function insertarRespuesta(
  tx: Tx,
  idEncuesta: number,
  idEnlace: number,
  r: Record<string, ValorRespuesta>,
): Promise<void> {
  await tx.execute(
    sql`insert into encuesta_respuesta (id_encuesta, id_enlace, respuestas) values (${idEncuesta}, ${idEnlace}, ${JSON.stringify(r)}::jsonb)`,
  );
}

/** The answers of a period (Bogotá days) with their survey's questions, for /informes/encuestas. */
export async function respuestasEnPeriodo(
  tx: Tx,
  p: { desde: string; hasta: string } | null,
  f: { encuesta?: number | undefined; origen?: OrigenEnlace | undefined } = {},
): Promise<{ id_encuesta: number; titulo: string; preguntas: PreguntaEncuesta[]; respuestas: Record<string, ValorRespuesta> }[]> {
  const periodo = p
    ? sql`r.creado_en >= (${p.desde}::date)::timestamp at time zone 'America/Bogota'
          and r.creado_en < (${p.hasta}::date + 1)::timestamp at time zone 'America/Bogota'`
    : sql`true`;
  return queryRows(
    tx,
    sql`select e.id as id_encuesta, e.titulo, e.preguntas, r.respuestas
        from encuesta_respuesta r join encuesta e on e.id = r.id_encuesta join encuesta_enlace l on l.id = r.id_enlace
        where ${periodo} and ${f.encuesta ? sql`e.id = ${f.encuesta}` : sql`true`}
          and ${f.origen ? sql`l.origen = ${f.origen}` : sql`true`}
        order by lower(e.titulo), e.id limit 50000`,
  );
}

/** The surveys offered by the report's filter (whoever reads the report may not edit surveys). */
export function opcionesInforme(tx: Tx): Promise<{ id: number; titulo: string }[]> {
  return queryRows(tx, sql`select id, titulo from encuesta order by lower(titulo), id limit 500`);
}
