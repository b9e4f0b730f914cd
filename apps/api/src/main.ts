import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { Mantenimiento } from './db/mantenimiento.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './db/seed/demo.ts';
import { createDeps } from './deps-factory.ts';
import { avisarConsignaciones } from './modules/inmuebles/inmuebles-consignacion.service.ts';
import { privatizarExistentes, privatizarNuevos } from './platform/data-dir.ts';
import { TareaDiaria } from './platform/diario.ts';
import { accesoSoporte, avisoSoporte } from './platform/auth/soporte.ts';
import { limpiarAdjuntos } from './platform/mail/limpieza.ts';
import { borrarArchivosSinUso } from './platform/storage/sin-uso.ts';
import { CARPETA_LOGOS } from './modules/empresa/empresa.service.ts';
import { CARPETA_FOTOS } from './modules/terceros/terceros.service.ts';
import { buildServer } from './server.ts';

const config = loadConfig();
privatizarNuevos(config.dataDir);
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: join(config.dataDir, 'db'),
  // Without its database thread the server can answer nothing: it stops, to be started again.
  alFallar: (err) => {
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
const mantenimiento = new Mantenimiento(db, app.log);
mantenimiento.start();
// 07:00 in Bogotá, before the working day; and a minute and a half after the start, for a day the server was down.
const consignaciones = new TareaDiaria(
  'avisos de vencimiento de consignación',
  7,
  () => avisarConsignaciones({ db, hub: deps.hub, mailer: deps.mailer }),
  app.log,
);
consignaciones.start(90_000);
// 04:00 in Bogotá, after the database maintenance; and two minutes after the start.
const adjuntos = new TareaDiaria(
  'adjuntos de correos enviados borrados del almacenamiento',
  4,
  () => limpiarAdjuntos({ db, storage: deps.storage, dias: config.correoAdjuntosDias }),
  app.log,
);
adjuntos.start(120_000);
// 04:00 too: photos uploaded for a tercero never saved, photos and logos since replaced.
const sinUso = new TareaDiaria(
  'fotos y logos sin uso borrados del almacenamiento',
  4,
  () => borrarArchivosSinUso({ db, storage: deps.storage, carpetas: [CARPETA_FOTOS, CARPETA_LOGOS] }),
  app.log,
);
sinUso.start(150_000);
if (applied.length > 0) app.log.info({ applied }, 'migraciones aplicadas');
const soporte = avisoSoporte(await db.system((tx) => accesoSoporte(tx, config)));
app.log[soporte.nivel](soporte.texto);

const shutdown = async () => {
  await deps.mailer.stop();
  await mantenimiento.stop();
  await consignaciones.stop();
  await adjuntos.stop();
  await sinUso.stop();
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
