import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** Series of the existing modules; a new module adds its own (lower case, digits, `_`, `.`, `-`). */
export type Serie = 'inmueble' | 'cliente_atendido' | 'solicitud' | (string & {});

const SERIE = /^[a-z][a-z0-9_.-]{0,59}$/;

/**
 * The next number of a series of the transaction's company, taken inside the caller's transaction:
 * concurrent takers wait on the counter row until the first commits, a rolled-back number is given
 * again and a committed one never is. With `anio` the series restarts at 1 each year.
 */
export async function siguiente(tx: Tx, o: { serie: Serie; anio?: number }): Promise<number> {
  if (!SERIE.test(o.serie)) throw new Error(`serie de numeración inválida: ${o.serie}`);
  if (o.anio !== undefined && !(Number.isInteger(o.anio) && o.anio >= 1 && o.anio <= 9999)) {
    throw new Error(`año de numeración inválido: ${o.anio}`);
  }
  const anio = o.anio ?? 0;
  const [r] = await queryRows<{ ultimo: number }>(
    tx,
    sql`insert into consecutivo (serie, anio, ultimo) values (${o.serie}, ${anio}, 1)
        on conflict (id_empresa, serie, anio) do update set ultimo = consecutivo.ultimo + 1
        returning ultimo`,
  );
  return r!.ultimo;
}

/** The year in Bogotá (UTC−5 all year) of an instant: the year a per-year series uses. */
export function anioBogota(fecha: Date = new Date()): number {
  return new Date(fecha.getTime() - 5 * 3_600_000).getUTCFullYear();
}

/**
 * A number as documents show it: «2026-ADM-000123». Each part is optional; the number is padded with
 * zeros to `ancho` digits (never cut).
 */
export function formatear(o: { anio?: number; prefijo?: string; numero: number; ancho?: number }): string {
  const numero = String(o.numero).padStart(o.ancho ?? 0, '0');
  return [o.anio === undefined ? '' : String(o.anio), o.prefijo ?? '', numero].filter((p) => p !== '').join('-');
}
