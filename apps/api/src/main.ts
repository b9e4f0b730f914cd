import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { createDeps } from './deps-factory.ts';
import { privatizarExistentes, privatizarNuevos } from './platform/data-dir.ts';
import { accesoSoporte, avisoSoporte } from './platform/auth/soporte.ts';
import { buildServer } from './server.ts';
import { crearTrabajos } from './trabajos-factory.ts';

const config = loadConfig();
privatizarNuevos(config.dataDir);
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'db'),
  // Without its database thread the server can answer nothing: it stops, to be started again.
  onFailure: (err) => {
    console.error(err);
    process.exit(1);
  },
});
const permisosCorregidos = privatizarExistentes(config.dataDir);
const applied = await migrate(db);
if (config.seed === 'demo') await seedDemo(db);
let log: (err: unknown) => void = (err) => console.error(err);
const deps = createDeps(config, db, (err) => log(err));
const app = await buildServer(deps, { logger: true });
for (const aviso of config.avisos) app.log.warn(aviso);
if (permisosCorregidos > 0)
  app.log.info(`${permisosCorregidos} archivos y carpetas de DATA_DIR quedaron legibles solo por el usuario del servidor`);
log = (err) => app.log.error({ err }, 'error enviando correo');
deps.mailer.start();
const trabajos = await crearTrabajos(deps, { registro: app.log });
await trabajos.start();
if (applied.length > 0) app.log.info({ applied }, 'migraciones aplicadas');
const soporte = avisoSoporte(await db.system((tx) => accesoSoporte(tx, config)));
app.log[soporte.nivel](soporte.texto);

const shutdown = async () => {
  await deps.mailer.stop();
  await trabajos.stop();
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Predio escuchando en http://localhost:${config.port} (base de datos: ${db.kind}; correo: ${deps.mailer.activo ? 'SMTP' : 'solo bandeja de salida'})`,
);
