import { PLANTILLAS_SUGERIDAS, asistenteDeSugerida } from '@predio/contract/inventarios';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../rows.ts';
import { crearCompleta, nombres } from '../../modules/inventarios/plantillas-inventario.repo.ts';

/**
 * A new company's inventory templates: apartamento, casa, local and oficina (issue 30). Like the rest
 * of the company's seed it may run again: a template the company already has (by name) is left alone.
 */
export async function sembrarPlantillasInventario(tx: Tx): Promise<void> {
  // The migration tests seed a database left at an older migration, before inventories existed.
  const [t] = await queryRows<{ existe: boolean }>(tx, sql`select to_regclass('inventario_plantilla') is not null as existe`);
  if (!t?.existe) return;
  const hay = new Set(await nombres(tx));
  for (const s of PLANTILLAS_SUGERIDAS) if (!hay.has(s.nombre)) await crearCompleta(tx, asistenteDeSugerida(s), 'seed');
}
