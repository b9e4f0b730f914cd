import { sql } from 'drizzle-orm';
import { enviarRecordatorio, TIPO_TRABAJO_RECORDATORIO } from './modules/agenda/agenda.service.ts';
import { vacuumAnalizar } from './db/mantenimiento.ts';
import { empresasConAvisos, avisarConsignaciones } from './modules/inmuebles/inmuebles-consignacion.service.ts';
import { CARPETA_LOGOS } from './modules/empresa/empresa.service.ts';
import { CARPETA_FOTOS } from './modules/terceros/terceros.service.ts';
import type { Deps } from './platform/deps.ts';
import { enTenant } from './platform/tenant.ts';
import { encolar, Trabajos, type OpcionesTrabajos } from './platform/jobs/trabajos.ts';
import { limpiarAdjuntos } from './platform/mail/limpieza.ts';
import { CARPETA_ARCHIVOS } from './platform/archivos/archivos.service.ts';
import { borrarArchivosSinUso } from './platform/storage/sin-uso.ts';
import { nominatim } from './platform/geo/geocodificador.ts';
import { geocodificarInmueble, TRABAJO_GEOCODIFICAR } from './modules/inmuebles/inmuebles-geocodificar.ts';

/** Finished jobs are kept this long for the screen, then deleted (failed ones stay until retried). */
export const DIAS_TRABAJOS = 30;

const MINUTO = 60_000;

/**
 * The runner of this process with every job the server defines, and the daily programme (Bogotá
 * time, docs/jobs.md). Started by main.ts; tests start their own.
 */
export function crearTrabajos(deps: Deps, opciones: OpcionesTrabajos = {}): Trabajos {
  const { db, config } = deps;
  const t = new Trabajos(db, { databaseUrl: config.databaseUrl, ...opciones });
  if (db.kind === 'pglite')
    t.definir({
      tipo: 'mantenimiento.vacuum',
      timeoutMs: 60 * MINUTO,
      maxIntentos: 2,
      manejar: async () => ({ ms: await vacuumAnalizar(db) }),
    }).programar({ tipo: 'mantenimiento.vacuum', cada: 'dia', hora: 3 });
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
  // The daily pass finds the companies with notices due and gives each a job of its own, which its
  // administrator sees (and may retry) under Logs del sistema.
  t.definir({
    tipo: 'inmuebles.avisos-consignacion',
    manejar: async () => {
      const empresas = await empresasConAvisos({ db });
      const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      await db.system(async (tx) => {
        for (const idEmpresa of empresas)
          await encolar(tx, { tipo: 'inmuebles.avisos-consignacion-empresa', idEmpresa, clave: `avisos-consignacion@${hoy}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: 'inmuebles.avisos-consignacion', cada: 'dia', hora: 7 });
  t.definir({
    tipo: 'inmuebles.avisos-consignacion-empresa',
    timeoutMs: 10 * MINUTO,
    manejar: (j) => avisarConsignaciones({ db, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! }),
  });
  // Defined even without GEOCODER_URL, so jobs queued before it was removed end instead of waiting.
  const geocodificar = config.geocoderUrl
    ? nominatim({ url: config.geocoderUrl, agente: 'Predio (gestión inmobiliaria)' })
    : null;
  t.definir({
    tipo: TRABAJO_GEOCODIFICAR,
    timeoutMs: MINUTO,
    maxIntentos: 5,
    manejar: async (j) =>
      geocodificar
        ? geocodificarInmueble({ db, geocodificar, idEmpresa: j.idEmpresa!, consecutivo: Number(j.datos.consecutivo) })
        : { resultado: 'sin geocodificador' },
  });
  // Notice 102, a job per asesor and start written with the cita (agenda.service.ts).
  t.definir({
    tipo: TIPO_TRABAJO_RECORDATORIO,
    timeoutMs: MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        enviarRecordatorio(
          { ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! },
          j.datos as { idCita: number; idUsuario: number; inicio: string },
        ),
      ),
  });
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
  return t;
}
