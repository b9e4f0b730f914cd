import { sql } from 'drizzle-orm';
import { vacuumAnalizar } from './db/mantenimiento.ts';
import { loadModules } from './modules/registry.ts';
import { CARPETA_LOGOS } from './modules/empresa/empresa.service.ts';
import { CARPETA_FOTOS } from './modules/terceros/terceros.service.ts';
import { CARPETA_ARCHIVOS } from './platform/archivos/archivos.service.ts';
import type { Deps } from './platform/deps.ts';
import { Trabajos, type OpcionesTrabajos } from './platform/jobs/trabajos.ts';
import { limpiarAdjuntos } from './platform/mail/limpieza.ts';
import { Cifrador } from './platform/mensajes/cifrado.ts';
import { enviarMensaje, MAX_INTENTOS_MENSAJE, TRABAJO_ENVIAR_MENSAJE } from './platform/mensajes/salida.ts';
import { borrarArchivosSinUso } from './platform/storage/sin-uso.ts';

/** Finished jobs are kept this long for the screen, then deleted (failed ones stay until retried). */
export const DIAS_TRABAJOS = 30;

const MINUTO = 60_000;

/**
 * The runner of this process with every job the server defines, and the daily programme (Bogotá
 * time, docs/jobs.md): the platform's own jobs here, and each module's from its module.ts (found as
 * the routes are, modules/registry.ts). Started by main.ts; tests start their own.
 */
export async function crearTrabajos(deps: Deps, opciones: OpcionesTrabajos = {}): Promise<Trabajos> {
  const { db, config } = deps;
  const t = new Trabajos(db, { databaseUrl: config.databaseUrl, ...opciones });
  if (db.kind === 'pglite')
    t.definir({
      tipo: 'mantenimiento.vacuum',
      timeoutMs: 60 * MINUTO,
      maxIntentos: 2,
      manejar: async () => ({ ms: await vacuumAnalizar(db) }),
    }).programar({ tipo: 'mantenimiento.vacuum', cada: 'dia', hora: 3 });
  // SMS and WhatsApp (docs/mensajes.md): one job per message, retried with backoff, then «fallido».
  const cifrador = new Cifrador(config.mensajesClave ?? config.sessionSecret);
  t.definir({
    tipo: TRABAJO_ENVIAR_MENSAJE,
    timeoutMs: 60_000,
    maxIntentos: MAX_INTENTOS_MENSAJE,
    esperaMs: 30_000,
    manejar: (j) =>
      enviarMensaje({
        db,
        cifrador,
        idEmpresa: j.idEmpresa!,
        id: Number(j.datos.id),
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_MENSAJE,
        signal: j.signal,
      }),
  });
  t.definir({
    tipo: 'archivos.limpiar-adjuntos',
    timeoutMs: 30 * MINUTO,
    manejar: () => limpiarAdjuntos({ db, storage: deps.storage, dias: config.correoAdjuntosDias }),
  }).programar({ tipo: 'archivos.limpiar-adjuntos', cada: 'dia', hora: 4 });
  t.definir({
    tipo: 'archivos.borrar-sin-uso',
    timeoutMs: 30 * MINUTO,
    manejar: () =>
      borrarArchivosSinUso({ db, storage: deps.storage, carpetas: [CARPETA_FOTOS, CARPETA_LOGOS, CARPETA_ARCHIVOS] }),
  }).programar({ tipo: 'archivos.borrar-sin-uso', cada: 'dia', hora: 4, minuto: 15 });
  t.definir({
    tipo: 'trabajos.purgar',
    manejar: async () => {
      const r = await db.system((tx) =>
        tx.execute(
          sql`delete from trabajo where estado = 'terminado' and terminado_en < now() - ${DIAS_TRABAJOS} * interval '1 day'`,
        ),
      );
      return { borrados: (r as unknown as { rowCount: number | null }).rowCount ?? 0 };
    },
  }).programar({ tipo: 'trabajos.purgar', cada: 'dia', hora: 4, minuto: 30 });

  const now = opciones.ahora ?? (() => new Date());
  for (const m of await loadModules()) m.jobs?.({ runner: t, deps, now });
  return t;
}
