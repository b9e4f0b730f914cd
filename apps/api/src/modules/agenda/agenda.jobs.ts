import type { JobContext } from '../../platform/module.ts';
import { inTenant } from '../../platform/tenant.ts';
import {
  enviarRecordatorio,
  recordatoriosSerie,
  TIPO_TRABAJO_RECORDATORIO,
  TIPO_TRABAJO_RECORDATORIOS_SERIE,
} from './agenda.service.ts';

export function agendaJobs({ runner, deps }: JobContext): void {
  const { db } = deps;
  // Notice 102, a job per asesor and start written with the cita (agenda.service.ts).
  runner.definir({
    tipo: TIPO_TRABAJO_RECORDATORIO,
    timeoutMs: 60_000,
    manejar: (j) =>
      inTenant(db, j.idEmpresa!, (scope) =>
        enviarRecordatorio(
          { ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! },
          j.datos as { idCita: number; idUsuario: number; inicio: string },
        ),
      ),
  });
  // A series' reminders a week at a time: this job writes the next week's and its own next turn.
  runner.definir({
    tipo: TIPO_TRABAJO_RECORDATORIOS_SERIE,
    timeoutMs: 60_000,
    manejar: (j) =>
      inTenant(db, j.idEmpresa!, (scope) => recordatoriosSerie(scope, j.datos as { idSerie: number; desde: string })),
  });
}
