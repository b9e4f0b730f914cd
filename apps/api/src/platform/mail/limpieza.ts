import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Storage } from '../storage/storage.ts';

/** Days the files of a sent message stay in storage, unless CORREO_ADJUNTOS_DIAS says otherwise. */
export const DIAS_ADJUNTOS = 90;

/** Messages done with (sent, or given up on) longer than `dias` ago that still have files in storage. */
const VIEJOS = (dias: number, ahora: Date) => sql`
  select id from correo_salida
  where estado in ('enviado', 'error')
    and coalesce(enviado_en, creado_en) < ${ahora.toISOString()}::timestamptz - make_interval(days => ${dias})
    and exists (select 1 from jsonb_array_elements(adjuntos) a where not a ? 'borrado')`;

/**
 * The fichas and photos e-mailed to clients are stored until their message is sent; this removes them
 * `dias` days after (every company's, as the owner). A file another message still needs (one ficha
 * sent to several leads is stored once) stays until that one is old too. The message keeps its
 * record, each file marked `borrado`. Answers how many messages and files it cleared.
 */
export async function borrarAdjuntosViejos(o: {
  db: Database;
  storage: Storage;
  dias: number;
  ahora?: Date;
}): Promise<{ correos: number; archivos: number }> {
  const ahora = o.ahora ?? new Date();
  // Read once: the files chosen and the messages marked are the same ones.
  const ids = (await o.db.system((tx) => queryRows<{ id: number | string }>(tx, VIEJOS(o.dias, ahora)))).map((r) => Number(r.id));
  if (ids.length === 0) return { correos: 0, archivos: 0 };
  const viejos = sql`${sql.param(ids)}::bigint[]`;
  const claves = await o.db.system((tx) =>
    queryRows<{ clave: string }>(
      tx,
      sql`select distinct a ->> 'clave' as clave
          from correo_salida c cross join lateral jsonb_array_elements(c.adjuntos) a
          where c.id = any(${viejos}) and not a ? 'borrado'
          except
          select a ->> 'clave'
          from correo_salida c cross join lateral jsonb_array_elements(c.adjuntos) a
          where c.id <> all(${viejos}) and not a ? 'borrado'`,
    ),
  );
  // The files first: should the server stop halfway, the next pass finds the messages unmarked and
  // deletes again (deleting a missing file is not an error).
  for (const { clave } of claves) await o.storage.delete(clave);
  const marcados = await o.db.system((tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`update correo_salida c
          set adjuntos = (select jsonb_agg(a || '{"borrado": true}'::jsonb order by n)
                          from jsonb_array_elements(c.adjuntos) with ordinality as x(a, n))
          where c.id = any(${viejos})
          returning c.id`,
    ),
  );
  return { correos: marcados.length, archivos: claves.length };
}

/** Hours a stored attachment may wait for its message to be queued before it counts as left behind. */
export const HORAS_GRACIA_HUERFANOS = 24;

/**
 * Attachments stored for a message that was never queued: the server stopped between storing the
 * fichas and queuing the message, and the cleanup that follows a failed queue could not run. No
 * message points at them, so the pass above never finds them. Each company's `correos` folder (where
 * only the outbox's attachments are stored) is listed, and a file older than HORAS_GRACIA_HUERFANOS
 * that no message names is deleted: one query, for every company, over the messages with attachments.
 */
export async function borrarAdjuntosHuerfanos(o: { db: Database; storage: Storage; ahora?: Date }): Promise<number> {
  const limite = (o.ahora ?? new Date()).getTime() - HORAS_GRACIA_HUERFANOS * 3_600_000;
  const empresas = await o.db.system((tx) => queryRows<{ id: number }>(tx, sql`select id_empresa as id from empresa`));
  const viejos: { clave: string; modificado: Date }[] = [];
  for (const { id } of empresas)
    viejos.push(...(await o.storage.listar(`${id}/correos`)).filter((f) => f.modificado.getTime() < limite));
  if (viejos.length === 0) return 0;
  const nombrados = new Set(
    (
      await o.db.system((tx) =>
        queryRows<{ clave: string }>(
          tx,
          sql`select distinct a ->> 'clave' as clave
              from correo_salida c cross join lateral jsonb_array_elements(c.adjuntos) a
              where jsonb_array_length(c.adjuntos) > 0
                and a ->> 'clave' = any(${sql.param(viejos.map((f) => f.clave))}::text[])`,
        ),
      )
    ).map((r) => r.clave),
  );
  let borrados = 0;
  for (const { clave } of viejos)
    if (!nombrados.has(clave)) {
      await o.storage.delete(clave);
      borrados++;
    }
  return borrados;
}

/** The daily pass: the files of old messages, then the files no message names. */
export async function limpiarAdjuntos(o: {
  db: Database;
  storage: Storage;
  dias: number;
  ahora?: Date;
}): Promise<{ correos: number; archivos: number; huerfanos: number }> {
  const viejos = await borrarAdjuntosViejos(o);
  return { ...viejos, huerfanos: await borrarAdjuntosHuerfanos(o) };
}
