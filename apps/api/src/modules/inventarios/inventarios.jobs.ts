import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import { radicarEnGestionDocumental, TRABAJO_RADICAR } from './inventarios.service.ts';

/** A closed inventory's PDF filed in gestión documental (docs/inventarios.md). */
export function inventariosJobs({ runner, deps }: JobContext): void {
  runner.definir({
    tipo: TRABAJO_RADICAR,
    timeoutMs: 2 * 60_000,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      inTenant(deps.db, j.idEmpresa!, (scope) =>
        radicarEnGestionDocumental({
          ...scope,
          storage: deps.storage,
          idEmpresa: j.idEmpresa!,
          id: Number(j.datos.id),
          cual: j.datos.cual === 'acta' ? 'acta' : 'pdf',
          usuario: String(j.datos.usuario ?? 'sistema'),
          idUsuario: Number(j.datos.idUsuario ?? 0),
        }),
      ),
  });
}
