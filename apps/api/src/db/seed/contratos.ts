import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { queryRows } from '../rows.ts';
import { insertarPlantilla } from '../../modules/contratos/contratos.service.ts';
import { MODELOS_CONTRATO } from '../../modules/contratos/modelos.ts';
import { sanearHtml } from '../../platform/documentos/sanear.ts';

/**
 * A new company's contract templates (issue 29): the Spanish models of modules/contratos/modelos.ts,
 * each with its tipo de documento a firmar (created when missing). Like the rest of the company's seed
 * it may run again: a template the company already has (by name) is left alone.
 */
export async function sembrarPlantillasContrato(tx: Tx): Promise<void> {
  // The migration tests seed a database left at an older migration, before contracts existed.
  const [t] = await queryRows<{ existe: boolean }>(tx, sql`select to_regclass('plantilla_contrato') is not null as existe`);
  if (!t?.existe) return;
  const hay = new Set(
    (await queryRows<{ n: string }>(tx, sql`select lower(nombre) as n from plantilla_contrato`)).map((r) => r.n),
  );
  for (const m of MODELOS_CONTRATO) {
    if (hay.has(m.nombre.toLowerCase())) continue;
    let [tipo] = await queryRows<{ id: number }>(
      tx,
      sql`select id from tipos_documentos_firmar where lower(nombre) = lower(${m.tipoDocumento}) limit 1`,
    );
    if (!tipo)
      [tipo] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tipos_documentos_firmar (nombre, descripcion, creado_por) values (${m.tipoDocumento}, '', 'seed') returning id`,
      );
    await insertarPlantilla(
      tx,
      {
        nombre: m.nombre,
        clase: m.clase,
        id_tipo_documento: tipo!.id,
        contenido: sanearHtml(m.contenido),
        nota: 'Modelo inicial',
        activa: true,
      },
      'seed',
    );
  }
}
