import { TRABAJO_BANDEJA_MARCAR, TRABAJO_BANDEJA_SINCRONIZAR, TRABAJO_BANDEJA_TODAS } from '@predio/contract/bandeja';
import { encolar } from '../../platform/jobs/trabajos.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import type { JobContext } from '../../platform/module.ts';
import { marcarEnServidor, sincronizarCuenta } from './bandeja-sync.ts';
import { cuentasConClave } from './bandeja.repo.ts';
import { PROPOSITO_CIFRADO_BANDEJA } from './bandeja.routes.ts';

/**
 * Bandeja de correos (docs/mensajes.md): a user's IMAP box brought up to date; the error, in Spanish, is
 * also kept on the box for its screen. Few attempts: the person can press «Sincronizar» again.
 */
export function bandejaJobs({ runner, deps }: JobContext): void {
  const { db } = deps;
  const cifrador = cifradorDe(deps.config, PROPOSITO_CIFRADO_BANDEJA);
  runner.definir({
    tipo: TRABAJO_BANDEJA_SINCRONIZAR,
    timeoutMs: 10 * 60_000,
    maxIntentos: 3,
    esperaMs: 30_000,
    manejar: (j) =>
      sincronizarCuenta({ db, cifrador, idEmpresa: j.idEmpresa!, idCuenta: Number(j.datos.idCuenta), signal: j.signal }),
  });
  // What was read (or marked unread) in Predio, written back to the server as \Seen.
  runner.definir({
    tipo: TRABAJO_BANDEJA_MARCAR,
    timeoutMs: 2 * 60_000,
    maxIntentos: 5,
    esperaMs: 30_000,
    manejar: (j) =>
      marcarEnServidor({ db, cifrador, idEmpresa: j.idEmpresa!, idCuenta: Number(j.datos.idCuenta), signal: j.signal }),
  });
  // Every hour each box with a password gets a sync of its own (a company's job, which its
  // administrator sees); pressing «Sincronizar» does not wait for it.
  runner
    .definir({
      tipo: TRABAJO_BANDEJA_TODAS,
      manejar: async () => {
        const cuentas = await db.system((tx) => cuentasConClave(tx));
        const hora = new Date().toISOString().slice(0, 13);
        await db.system(async (tx) => {
          for (const c of cuentas)
            await encolar(tx, {
              tipo: TRABAJO_BANDEJA_SINCRONIZAR,
              idEmpresa: c.id_empresa,
              datos: { idCuenta: c.id },
              clave: `bandeja:${c.id}@${hora}`,
            });
        });
        return { cuentas: cuentas.length };
      },
    })
    .programar({ tipo: TRABAJO_BANDEJA_TODAS, cada: 'hora', minuto: 10 });
}
