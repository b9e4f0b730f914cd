import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../rows.ts';

/**
 * A new company's category for what its clients upload in the zona clientes, open to uploads (migration
 * 0221 gave it to the companies that existed then). The other categories are the master's list (LISTAS_SEMILLA).
 */
export async function sembrarCategoriaDelCliente(tx: Tx): Promise<void> {
  // The migration tests seed a database left at an older migration, before the table existed.
  const [t] = await queryRows<{ existe: boolean }>(
    tx,
    sql`select to_regclass('categoria_documento_subida') is not null as existe`,
  );
  if (!t?.existe) return;
  await tx.execute(sql`
    insert into categorias_documentos_clientes (nombre, visible_para, descripcion, creado_por)
    values ('Documentos del cliente', 'todos', 'Lo que el cliente sube: cédula, soportes de pago, certificados laborales', 'sistema')
    on conflict do nothing`);
  await tx.execute(sql`
    insert into categoria_documento_subida (id_categoria, creado_por)
    select id, 'sistema' from categorias_documentos_clientes where nombre = 'Documentos del cliente'
    on conflict do nothing`);
}
