import { ConcurrencyLimit } from '../../platform/concurrency-limit.ts';
import { hayActividad } from '../../platform/http/actividad.ts';
import { Cifrador } from '../../platform/mensajes/cifrado.ts';
import type { JobContext } from '../../platform/module.ts';
import {
  conciliar,
  encolarConciliaciones,
  MAX_INTENTOS_CONCILIAR,
  TRABAJO_CONCILIAR,
  TRABAJO_CONCILIAR_TODOS,
} from './conciliacion.service.ts';
import {
  encolarTodas,
  leerContactos,
  MAX_INTENTOS_CONTACTOS,
  TRABAJO_CONTACTOS,
  TRABAJO_CONTACTOS_TODOS,
} from './contactos.service.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar, TRABAJO_SINCRONIZAR } from './portales.service.ts';

const MINUTO = 60_000;
const PAUSA_MAX_MS = 100;

/** Portals (docs/portales.md): publishing, their contacts every hour and the nightly reconciliation. */
export function portalesJobs({ runner, deps }: JobContext): void {
  const { db, config } = deps;
  const cifrador = new Cifrador(config.mensajesClave ?? config.sessionSecret, PROPOSITO_CIFRADO);
  // One job per property, portal and request; a 429's Retry-After is honoured. One listing at a time
  // per portal in this process: a bulk publication of thousands then leaves the API's thread to the
  // people using it (docs/benchmarks/portales.md), and each portal still gets its own turn. On PGlite,
  // whose one connection the API shares, while people are using the app each listing is followed by a
  // rest as long as it took (up to PAUSA_MAX_MS): half the pace, and their requests find the way clear.
  const pausa = (ms: number) => (db.kind === 'pglite' && hayActividad() ? Math.min(ms, PAUSA_MAX_MS) : 0);
  const turnos = new Map<string, ConcurrencyLimit>();
  const turnoDe = (portal: string) => turnos.get(portal) ?? turnos.set(portal, new ConcurrencyLimit(1, pausa)).get(portal)!;
  runner.definir({
    tipo: TRABAJO_SINCRONIZAR,
    timeoutMs: 5 * MINUTO,
    maxIntentos: MAX_INTENTOS_PORTAL,
    esperaMs: 30_000,
    manejar: (j) =>
      turnoDe(String(j.datos.portal)).run(() =>
        sincronizar({
          db,
          storage: deps.storage,
          cifrador,
          idEmpresa: j.idEmpresa!,
          datos: j.datos as Parameters<typeof sincronizar>[0]['datos'],
          intento: j.intento,
          maxIntentos: MAX_INTENTOS_PORTAL,
          signal: j.signal,
          urlPublica: config.publicUrl,
        }),
      ),
  });
  // Each hour every company with Mercado Libre active gets a read of its contacts.
  runner.definir({
    tipo: TRABAJO_CONTACTOS,
    timeoutMs: 5 * MINUTO,
    maxIntentos: MAX_INTENTOS_CONTACTOS,
    esperaMs: 30_000,
    manejar: (j) =>
      leerContactos({
        db,
        hub: deps.hub,
        mailer: deps.mailer,
        cifrador,
        idEmpresa: j.idEmpresa!,
        portal: j.datos.portal as Parameters<typeof leerContactos>[0]['portal'],
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_CONTACTOS,
        signal: j.signal,
      }),
  });
  runner
    .definir({ tipo: TRABAJO_CONTACTOS_TODOS, manejar: () => encolarTodas(db) })
    .programar({ tipo: TRABAJO_CONTACTOS_TODOS, cada: 'hora', minuto: 20 });
  // Each company's listings read back from each portal that allows it, and the local state corrected;
  // at 02:40, when nobody is publishing.
  runner.definir({
    tipo: TRABAJO_CONCILIAR,
    timeoutMs: 30 * MINUTO,
    maxIntentos: MAX_INTENTOS_CONCILIAR,
    esperaMs: 60_000,
    manejar: (j) =>
      conciliar({
        db,
        cifrador,
        idEmpresa: j.idEmpresa!,
        portal: j.datos.portal as Parameters<typeof conciliar>[0]['portal'],
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_CONCILIAR,
        signal: j.signal,
      }),
  });
  runner
    .definir({ tipo: TRABAJO_CONCILIAR_TODOS, manejar: () => encolarConciliaciones(db) })
    .programar({ tipo: TRABAJO_CONCILIAR_TODOS, cada: 'dia', hora: 2, minuto: 40 });
}
