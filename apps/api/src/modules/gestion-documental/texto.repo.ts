import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ArchivoParaTexto = { id: number; id_radicado: number; clave: string; content_type: string; nombre: string };

/** A radicado's stored PDF, or null when the file is gone (deleted before the job ran) or is not a radicado's. */
export async function archivo(tx: Tx, idArchivo: number, tipoDueno: string): Promise<ArchivoParaTexto | null> {
  const [f] = await queryRows<ArchivoParaTexto>(
    tx,
    sql`select a.id, r.id as id_radicado, a.clave, a.content_type, a.nombre
          from archivo a join radicado r on r.id::text = a.id_dueno
         where a.id = ${idArchivo} and a.tipo_dueno = ${tipoDueno}`,
  );
  return f ?? null;
}

/**
 * Writes (or rewrites: a job may run twice) a file's text, lower-cased and unaccented, and its Spanish
 * lexemes in radicado_lexema (migration 0284: the table the search's GIN index can serve), for this company.
 */
export async function guardar(tx: Tx, f: { idArchivo: number; idRadicado: number; texto: string }): Promise<void> {
  await tx.execute(
    sql`insert into radicado_texto (id_archivo, id_radicado, texto)
        values (${f.idArchivo}, ${f.idRadicado}, lower(predio_unaccent(${f.texto}::text)))
        on conflict (id_archivo) do update set texto = excluded.texto, extraido_en = now()`,
  );
  await tx.execute(
    sql`insert into radicado_lexema (id_archivo, empresa, id_radicado, documento)
        select id_archivo, id_empresa, id_radicado, to_tsvector('spanish', texto) from radicado_texto where id_archivo = ${f.idArchivo}
        on conflict (id_archivo) do update set documento = excluded.documento`,
  );
}

/** How many of a radicado's files have their text extracted (shown on the radicado). */
export async function extraidos(tx: Tx, idRadicado: number): Promise<number> {
  const [r] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from radicado_texto where id_radicado = ${idRadicado}`,
  );
  return r?.n ?? 0;
}

/** The radicados' current PDFs and images (not the previous versions: the search reads the newest). */
const DOCUMENTOS = sql`from archivo a join radicado r on r.id::text = a.id_dueno
  where a.tipo_dueno = 'radicado' and a.categoria = 'documento'
    and a.content_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/tiff')`;
const SIN_TEXTO = sql`not exists (select 1 from radicado_texto t where t.id_archivo = a.id)`;

/** Extraction jobs of the request's company not yet finished, by file id (text of datos.id). */
const EN_COLA = (tipo: string) => sql`select j.datos->>'id' as id from trabajo j
  where j.tipo = ${tipo} and j.estado in ('pendiente', 'en_curso')
    and j.id_empresa = nullif(current_setting('app.empresa', true), '')::integer`;

/** How many of the company's documents have their text, and how many extraction jobs are still to run. */
export async function estadoExtraccion(
  tx: Tx,
  tipo: string,
): Promise<{ documentos: number; con_texto: number; sin_texto: number; en_cola: number }> {
  const [r] = await queryRows<{ documentos: number; sin_texto: number; en_cola: number }>(
    tx,
    sql`select (select count(*)::int ${DOCUMENTOS}) as documentos,
               (select count(*)::int ${DOCUMENTOS} and ${SIN_TEXTO}) as sin_texto,
               (select count(*)::int from (${EN_COLA(tipo)}) c) as en_cola`,
  );
  return { documentos: r!.documentos, con_texto: r!.documentos - r!.sin_texto, sin_texto: r!.sin_texto, en_cola: r!.en_cola };
}

/** The documents without text and without an extraction job pending or running: what re-extraction queues. */
export async function sinTextoNiTrabajo(tx: Tx, tipo: string): Promise<{ id: number; content_type: string }[]> {
  return queryRows<{ id: number; content_type: string }>(
    tx,
    sql`select a.id, a.content_type ${DOCUMENTOS} and ${SIN_TEXTO}
          and a.id::text not in (${EN_COLA(tipo)})
        order by a.id`,
  );
}
