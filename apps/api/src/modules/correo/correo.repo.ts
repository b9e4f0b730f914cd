import { sql } from 'drizzle-orm';
import { COLA_MAX, type CorreoEnCola, type EstadoCola } from '@predio/contract/correo';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export async function contar(tx: Tx): Promise<{ en_cola: number; con_error: number }> {
  const [f] = await queryRows<{ en_cola: number; con_error: number }>(
    tx,
    sql`select count(*) filter (where estado in ('pendiente', 'enviando'))::int as en_cola,
               count(*) filter (where estado = 'error')::int as con_error
        from correo_salida where estado <> 'enviado'`,
  );
  return f ?? { en_cola: 0, con_error: 0 };
}

export async function cola(tx: Tx, estados: readonly EstadoCola[]): Promise<CorreoEnCola[]> {
  const filas = await queryRows<Omit<CorreoEnCola, 'creado_en'> & { creado_en: Date | string }>(
    tx,
    sql`select id::int as id, para, asunto, origen, estado, intentos, ultimo_error,
               jsonb_array_length(adjuntos) as adjuntos, creado_en
        from correo_salida where estado = any(${sql.param([...estados])}::text[])
        order by id desc limit ${COLA_MAX}`,
  );
  return filas.map((f) => ({ ...f, creado_en: new Date(f.creado_en).toISOString() }));
}
