import { porEmpresa } from '../../platform/jobs/por-empresa.ts';
import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import { empresasConTareas } from './tareas.repo.ts';
import { diarioEmpresa, TIPO_TRABAJO_DIARIO, TIPO_TRABAJO_DIARIO_EMPRESA } from './tareas.service.ts';

/**
 * At 07:00 Bogotá a job per company with open or recurring tasks sends the due-tomorrow notices (402) and
 * creates the next recurring tasks; the key makes it once a day.
 */
export function tareasJobs({ runner, deps }: JobContext): void {
  const { db } = deps;
  porEmpresa(runner, db, {
    tipo: TIPO_TRABAJO_DIARIO,
    programa: { cada: 'dia', hora: 7 },
    empresas: () => db.system((tx) => empresasConTareas(tx)),
    clave: 'tareas-diario',
    empresa: {
      tipo: TIPO_TRABAJO_DIARIO_EMPRESA,
      timeoutMs: 10 * 60_000,
      manejar: (idEmpresa) =>
        inTenant(db, idEmpresa, (scope) => diarioEmpresa({ ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa })),
    },
  });
}
