import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../rows.ts';
import { insertarPlantilla } from '../../modules/gestion-documental/cartas.service.ts';
import { MODELOS_CARTA } from '../../modules/gestion-documental/modelos-cartas.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';

/**
 * A new company's letter templates (issue 28): the models of modules/gestion-documental/modelos-cartas.ts.
 * Like the rest of the company's seed it may run again: a template the company has (by name) is left alone.
 */
export async function sembrarPlantillasCarta(tx: Tx): Promise<void> {
  // The migration tests seed a database left at an older migration, before letters existed.
  const [t] = await queryRows<{ existe: boolean }>(tx, sql`select to_regclass('plantilla_carta') is not null as existe`);
  if (!t?.existe) return;
  const hay = new Set((await queryRows<{ n: string }>(tx, sql`select lower(nombre) as n from plantilla_carta`)).map((r) => r.n));
  for (const m of MODELOS_CARTA)
    if (!hay.has(m.nombre.toLowerCase()))
      await insertarPlantilla(
        tx,
        { nombre: m.nombre, asunto: m.asunto, contenido: sanearHtml(m.contenido), activa: true },
        'seed',
      );
}
