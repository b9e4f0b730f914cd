import { TRABAJO_ENCUESTAS_AUTOMATICAS, TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA } from '@predio/contract/pagina-web-encuestas';
import { porEmpresa } from '../../platform/jobs/por-empresa.ts';
import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import { empresasConEncuestasAutomaticas } from './encuestas.repo.ts';
import { enviarAutomaticas } from './encuestas.service.ts';
import { publicarProgramada, TRABAJO_PUBLICAR } from './pagina-web.service.ts';

export function paginaWebJobs({ runner, deps, now }: JobContext): void {
  const { db, config } = deps;
  // A scheduled news is marked «publicada» at its moment (the site shows it by then anyway).
  runner.definir({
    tipo: TRABAJO_PUBLICAR,
    timeoutMs: 60_000,
    manejar: async (j) => ({
      publicada: await inTenant(db, j.idEmpresa!, ({ tx }) => publicarProgramada(tx, Number(j.datos.id))),
    }),
  });
  // Encuestas with a trigger (docs/pagina-web.md): every hour, a job per company that has one, which
  // e-mails each survey due after a visit, a signed lease or a closed maintenance request.
  porEmpresa(runner, db, {
    tipo: TRABAJO_ENCUESTAS_AUTOMATICAS,
    programa: { cada: 'hora', minuto: 20 },
    empresas: async () => (await db.system((tx) => empresasConEncuestasAutomaticas(tx))).map((e) => e.id_empresa),
    clave: 'encuestas',
    periodo: () => now().toISOString().slice(0, 13),
    empresa: {
      tipo: TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA,
      timeoutMs: 10 * 60_000,
      maxIntentos: 3,
      esperaMs: 60_000,
      manejar: (idEmpresa) =>
        inTenant(db, idEmpresa, (scope) =>
          enviarAutomaticas({ ...scope, mailer: deps.mailer, idEmpresa, publicUrl: config.publicUrl, ahora: now() }),
        ),
    },
  });
}
