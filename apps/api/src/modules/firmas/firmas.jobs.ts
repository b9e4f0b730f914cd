import { porEmpresa } from '../../platform/jobs/por-empresa.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import {
  empresasConFirmasEnCurso,
  pasoDiario,
  radicarFirmado,
  sellarFirmado,
  TRABAJO_FIRMAS_DIARIO,
  TRABAJO_FIRMAS_DIARIO_EMPRESA,
  TRABAJO_FIRMAS_RADICAR,
  TRABAJO_FIRMAS_SELLAR,
} from './firmas.service.ts';

/** Firmas (docs/firmas.md). */
export function firmasJobs({ runner, deps }: JobContext): void {
  const { db, config } = deps;
  // At 08:00 each company with documents out for signature gets a job that marks those past their date
  // vencido and reminds whoever has not signed.
  porEmpresa(runner, db, {
    tipo: TRABAJO_FIRMAS_DIARIO,
    programa: { cada: 'dia', hora: 8 },
    empresas: () => empresasConFirmasEnCurso(db),
    clave: 'firmas-diario',
    empresa: {
      tipo: TRABAJO_FIRMAS_DIARIO_EMPRESA,
      timeoutMs: 10 * 60_000,
      manejar: (idEmpresa) =>
        inTenant(db, idEmpresa, (scope) =>
          pasoDiario({ ...scope, hub: deps.hub, mailer: deps.mailer, cifrador: cifradorDe(config), idEmpresa }),
        ),
    },
  });
  // The PDF everyone signed, sealed with the company's certificate: the TSA, when set, may take its 30 s,
  // and the PDF may be 20 MB.
  runner.definir({
    tipo: TRABAJO_FIRMAS_SELLAR,
    timeoutMs: 3 * 60_000,
    maxIntentos: 5,
    esperaMs: 30_000,
    manejar: (j) =>
      inTenant(db, j.idEmpresa!, (scope) =>
        sellarFirmado({
          ...scope,
          hub: deps.hub,
          mailer: deps.mailer,
          storage: deps.storage,
          cifrador: cifradorDe(config),
          idEmpresa: j.idEmpresa!,
          id: Number(j.datos.id),
        }),
      ),
  });
  // A signed document's sealed PDF filed in gestión documental.
  runner.definir({
    tipo: TRABAJO_FIRMAS_RADICAR,
    timeoutMs: 2 * 60_000,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      inTenant(db, j.idEmpresa!, (scope) =>
        radicarFirmado({ ...scope, storage: deps.storage, idEmpresa: j.idEmpresa!, id: Number(j.datos.id) }),
      ),
  });
}
