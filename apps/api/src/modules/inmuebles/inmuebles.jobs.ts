import { nominatim } from '../../platform/geo/geocodificador.ts';
import { porEmpresa } from '../../platform/jobs/por-empresa.ts';
import type { JobContext } from '../../platform/module.ts';
import { avisarConsignaciones, empresasConAvisos } from './inmuebles-consignacion.service.ts';
import { geocodificarInmueble, TRABAJO_GEOCODIFICAR } from './inmuebles-geocodificar.ts';

export function inmueblesJobs({ runner, deps }: JobContext): void {
  const { db, config } = deps;
  // The consignments about to end (docs/avisos-consignacion.md): at 07:00 each company with notices due.
  porEmpresa(runner, db, {
    tipo: 'inmuebles.avisos-consignacion',
    programa: { cada: 'dia', hora: 7 },
    empresas: () => empresasConAvisos({ db }),
    clave: 'avisos-consignacion',
    empresa: {
      tipo: 'inmuebles.avisos-consignacion-empresa',
      timeoutMs: 10 * 60_000,
      manejar: (idEmpresa) => avisarConsignaciones({ db, hub: deps.hub, mailer: deps.mailer, idEmpresa }),
    },
  });
  // Defined even without GEOCODER_URL, so jobs queued before it was removed end instead of waiting.
  const geocodificar = config.geocoderUrl
    ? nominatim({ url: config.geocoderUrl, agente: 'Predio (gestión inmobiliaria)' })
    : null;
  runner.definir({
    tipo: TRABAJO_GEOCODIFICAR,
    timeoutMs: 60_000,
    maxIntentos: 5,
    manejar: async (j) =>
      geocodificar
        ? geocodificarInmueble({ db, geocodificar, idEmpresa: j.idEmpresa!, consecutivo: Number(j.datos.consecutivo) })
        : { resultado: 'sin geocodificador' },
  });
}
