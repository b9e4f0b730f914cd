import { diaBogota, porEmpresa } from '../../platform/jobs/por-empresa.ts';
import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import { avisarRetencion, empresasConRetencion } from './expedientes.service.ts';
import {
  avisarVencimientos,
  empresasConVencimientos,
  TRABAJO_GD_DIARIO,
  TRABAJO_GD_DIARIO_EMPRESA,
} from './radicados.service.ts';
import { extraerTexto, TRABAJO_GD_EXTRAER_TEXTO } from './texto.service.ts';

export function gestionDocumentalJobs({ runner, deps }: JobContext): void {
  const { db } = deps;
  // At 07:05 Bogotá a job per company with radicados waiting for an answer sends notice 502 for those
  // due within two business days (once per deadline), and tells of expedientes that fell due for transfer
  // or final disposition (once per expediente and stage).
  porEmpresa(runner, db, {
    tipo: TRABAJO_GD_DIARIO,
    programa: { cada: 'dia', hora: 7, minuto: 5 },
    empresas: () =>
      db.system(async (tx) => [
        ...new Set([...(await empresasConVencimientos(tx)), ...(await empresasConRetencion(tx, diaBogota()))]),
      ]),
    clave: 'gd-vencimientos',
    empresa: {
      tipo: TRABAJO_GD_DIARIO_EMPRESA,
      timeoutMs: 5 * 60_000,
      manejar: (idEmpresa) =>
        inTenant(db, idEmpresa, async (scope) => {
          const o = { ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa, hoy: diaBogota() };
          const radicados = await avisarVencimientos(o);
          const expedientes = await avisarRetencion(o);
          return { avisos: radicados.avisos, avisosRetencion: expedientes.avisos };
        }),
    },
  });
  // The text of a PDF or image filed with a radicado, for the full-text search; a scanned one goes through
  // OCR page by page (texto.service.ts PAGINAS_OCR), hence the longer time.
  runner.definir({
    tipo: TRABAJO_GD_EXTRAER_TEXTO,
    timeoutMs: 6 * 60_000,
    maxIntentos: 3,
    esperaMs: 60_000,
    manejar: (j) =>
      extraerTexto({ db, storage: deps.storage, idEmpresa: j.idEmpresa!, idArchivo: Number(j.datos.id), signal: j.signal }),
  });
}
