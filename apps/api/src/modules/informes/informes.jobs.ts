import { TRABAJO_INFORME_ENVIAR, TRABAJO_INFORMES_PROGRAMADOS } from '@predio/contract/informes';
import type { JobContext } from '../../platform/module.ts';
import { enviarInforme, programarEnvios, type DatosEnvio } from './informes-envio.ts';

/**
 * «Programar envío» (docs/informes.md): every hour, a send job per schedule due (keyed by schedule and
 * period, so each period goes once), which renders the report and e-mails it.
 */
export function informesJobs({ runner, deps, now }: JobContext): void {
  const { db } = deps;
  runner
    .definir({ tipo: TRABAJO_INFORMES_PROGRAMADOS, manejar: () => programarEnvios({ db, ahora: now() }) })
    .programar({ tipo: TRABAJO_INFORMES_PROGRAMADOS, cada: 'hora', minuto: 0 });
  runner.definir({
    tipo: TRABAJO_INFORME_ENVIAR,
    timeoutMs: 5 * 60_000,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      enviarInforme({ db, storage: deps.storage, mailer: deps.mailer, idEmpresa: j.idEmpresa!, datos: j.datos as DatosEnvio }),
  });
}
