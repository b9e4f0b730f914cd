// `npm run db:maestros [-- NNNN_nombre_maestros.sql]`: writes the master tables' DDL as a migration.
// Once a generated migration is committed it is never edited: after a def changes, generate a new
// file with the next number (its statements are idempotent, so only what is missing gets applied).
import { writeFileSync } from 'node:fs';
import { ddlMaestros } from './maestros-ddl.ts';

const nombre = process.argv[2] ?? '0003_maestros.sql';
if (!/^\d{4}_[a-z0-9_]*maestros\.sql$/.test(nombre)) {
  console.error(`Nombre inválido: ${nombre} (debe ser NNNN_..._maestros.sql)`);
  process.exit(1);
}
const destino = new URL(`./migrations/${nombre}`, import.meta.url);
writeFileSync(destino, ddlMaestros());
process.stdout.write(`Escrito ${destino.pathname}\n`);
