import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Storage } from './storage.ts';

/**
 * Hours an upload may wait for the record that will name it: a new tercero's photo is stored when it is
 * chosen, before the tercero is saved, and a form left open overnight must still find it.
 */
export const HORAS_GRACIA_SUBIDAS = 24;

/** A folder of stored files (`<empresa>/<carpeta>/<nombre>`) and which of some names its records use. */
export type CarpetaArchivos = {
  carpeta: string;
  /** Of `nombres`, those a record of the company names (runs in the company's transaction). */
  enUso: (tx: Tx, nombres: string[]) => Promise<string[]>;
};

/**
 * Deletes, in every company, each file of these folders older than HORAS_GRACIA_SUBIDAS that no record
 * names: photos uploaded for a tercero never saved, photos and logos replaced. Answers how many files
 * each folder lost.
 */
export async function borrarArchivosSinUso(o: {
  db: Database;
  storage: Storage;
  carpetas: CarpetaArchivos[];
  ahora?: Date;
}): Promise<Record<string, number>> {
  const limite = (o.ahora ?? new Date()).getTime() - HORAS_GRACIA_SUBIDAS * 3_600_000;
  const empresas = await o.db.system((tx) => queryRows<{ id: number }>(tx, sql`select id_empresa as id from empresa`));
  const borrados: Record<string, number> = Object.fromEntries(o.carpetas.map((c) => [c.carpeta, 0]));
  for (const { id } of empresas)
    for (const c of o.carpetas) {
      const viejos = (await o.storage.listar(`${id}/${c.carpeta}`)).filter((f) => f.modificado.getTime() < limite);
      if (viejos.length === 0) continue;
      const nombre = (clave: string) => clave.slice(clave.lastIndexOf('/') + 1);
      const usados = new Set(
        await o.db.tenant(id, (tx) =>
          c.enUso(
            tx,
            viejos.map((f) => nombre(f.clave)),
          ),
        ),
      );
      for (const f of viejos)
        if (!usados.has(nombre(f.clave))) {
          await o.storage.delete(f.clave);
          borrados[c.carpeta]!++;
        }
    }
  return borrados;
}
