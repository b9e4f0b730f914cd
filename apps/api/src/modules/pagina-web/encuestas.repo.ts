import { sql, type SQL } from 'drizzle-orm';
import { conteoAcotado, topeDeConteo, type ListaAcotada } from '@predio/contract/list';
import type { EnlaceEncuesta, Encuesta, EncuestaForm, PreguntaEncuesta } from '@predio/contract/pagina-web-encuestas';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Encuestas. Every query runs in the company's transaction: RLS keeps other companies out.

type Pagina = { sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number };

async function contar(tx: Tx, filas: SQL, p: Pagina): Promise<{ total: number; totalExacto?: false }> {
  const hasta = topeDeConteo(p.offset, p.limit);
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${filas} limit ${hasta + 1}) c`);
  return n!.n > hasta ? { total: hasta, totalExacto: false } : conteoAcotado(n!.n);
}

const COLUMNAS = sql`e.id, e.titulo, e.descripcion, e.activa, e.preguntas,
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

export async function insertar(tx: Tx, b: EncuestaForm, usuario: string): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into encuesta (titulo, descripcion, preguntas, activa, creado_por)
        values (${b.titulo}, ${b.descripcion}, ${JSON.stringify(b.preguntas)}::jsonb, ${b.activa}, ${usuario}) returning id`,
  );
  return r!.id;
}

export async function actualizar(tx: Tx, id: number, b: EncuestaForm, usuario: string): Promise<void> {
  await tx.execute(
    sql`update encuesta set titulo = ${b.titulo}, descripcion = ${b.descripcion}, preguntas = ${JSON.stringify(b.preguntas)}::jsonb,
          activa = ${b.activa}, modificado_por = ${usuario}, modificado_en = now()
        where id = ${id}`,
  );
}

export async function borrar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`delete from encuesta where id = ${id}`);
}

// ----- links

export async function insertarEnlace(
  tx: Tx,
  e: { idEncuesta: number; token: string; destinatario: string; email: string },
  usuario: string,
): Promise<void> {
  await tx.execute(
    sql`insert into encuesta_enlace (id_encuesta, token, destinatario, email, creado_por)
        values (${e.idEncuesta}, ${e.token}, ${e.destinatario}, ${e.email}, ${usuario})`,
  );
}

export async function listarEnlaces(tx: Tx, idEncuesta: number, p: Pagina): Promise<ListaAcotada<EnlaceEncuesta>> {
  const items = await queryRows<EnlaceEncuesta>(
    tx,
    sql`select l.id, l.token, l.destinatario, l.email, l.creado_en, l.respondida_en from encuesta_enlace l
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
): Promise<{ respuestas: Record<string, string>; creado_en: string }[]> {
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
};

export async function porToken(tx: Tx, token: string): Promise<EnlacePublico | null> {
  const [r] = await queryRows<EnlacePublico>(
    tx,
    sql`select l.id, l.id_encuesta, e.titulo, e.descripcion, e.preguntas, e.activa, l.respondida_en
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

export async function insertarRespuesta(tx: Tx, idEncuesta: number, idEnlace: number, r: Record<string, string>): Promise<void> {
  await tx.execute(
    sql`insert into encuesta_respuesta (id_encuesta, id_enlace, respuestas) values (${idEncuesta}, ${idEnlace}, ${JSON.stringify(r)}::jsonb)`,
  );
}

/** The answers of a period (Bogotá days) with their survey's questions, for /informes/encuestas. */
export async function respuestasEnPeriodo(
  tx: Tx,
  p: { desde: string; hasta: string } | null,
): Promise<{ id_encuesta: number; titulo: string; preguntas: PreguntaEncuesta[]; respuestas: Record<string, string> }[]> {
  const periodo = p
    ? sql`r.creado_en >= (${p.desde}::date)::timestamp at time zone 'America/Bogota'
          and r.creado_en < (${p.hasta}::date + 1)::timestamp at time zone 'America/Bogota'`
    : sql`true`;
  return queryRows(
    tx,
    sql`select e.id as id_encuesta, e.titulo, e.preguntas, r.respuestas
        from encuesta_respuesta r join encuesta e on e.id = r.id_encuesta
        where ${periodo} order by lower(e.titulo), e.id limit 50000`,
  );
}
