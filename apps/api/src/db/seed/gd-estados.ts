import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../rows.ts';

/**
 * A new company's estado transitions (issue 28): Radicado → En trámite → Respondido → Archivado, and any
 * estado → Anulado, between the estados db/seed/maestros.ts seeds (found by name). Idempotent, like the
 * rest of the company's seed; migration 0271 gave the same to the companies that existed.
 */
export async function sembrarTransicionesGd(tx: Tx): Promise<void> {
  // The migration tests seed a database left at an older migration, before transitions existed.
  const [t] = await queryRows<{ existe: boolean }>(tx, sql`select to_regclass('gd_transicion') is not null as existe`);
  if (!t?.existe) return;
  await tx.execute(sql`
    insert into gd_transicion (id_estado_origen, id_estado_destino, creado_por)
    select o.id, d.id, 'sistema'
    from (values ('radicado', 'en tramite'), ('en tramite', 'respondido'), ('respondido', 'archivado')) p (origen, destino)
    join estados_gestion_documental o on lower(predio_unaccent(o.nombre)) = p.origen
    join estados_gestion_documental d on d.id_empresa = o.id_empresa and lower(predio_unaccent(d.nombre)) = p.destino
    on conflict do nothing`);
  await tx.execute(sql`
    insert into gd_transicion (id_estado_origen, id_estado_destino, creado_por)
    select null, d.id, 'sistema' from estados_gestion_documental d where lower(predio_unaccent(d.nombre)) = 'anulado'
    on conflict do nothing`);
}
