import { msHastaLaHora, TareaDiaria, type Registro } from '../platform/diario.ts';
import type { Database } from './client.ts';

/** 03:00 in Bogotá: the quietest hour of a Colombian agency. */
const HORA = 3;

/** Milliseconds from `ahora` to the next 03:00 in Bogotá (a full day when it is exactly that time). */
export const msHastaLaMadrugada = (ahora: Date): number => msHastaLaHora(ahora, HORA);

/**
 * PGlite runs no autovacuum. Without it the embedded database never learns its statistics (the planner
 * guesses), keeps the dead rows every update leaves, and index-only scans visit the table anyway. This
 * runs `vacuum analyze` once a minute after the start and then every day at 03:00 in Bogotá; requests
 * wait for it (PGlite serves one statement at a time), which at that hour nobody sees. PostgreSQL has
 * its own autovacuum, so there it does nothing.
 */
export class Mantenimiento {
  private readonly diaria: TareaDiaria;

  constructor(
    private readonly db: Database,
    registro: Registro,
  ) {
    this.diaria = new TareaDiaria(
      'mantenimiento de la base: vacuum analyze',
      HORA,
      async () => ({ ms: await this.ejecutar() }),
      registro,
    );
  }

  start(primeraEnMs = 60_000): void {
    if (this.db.kind === 'pglite') this.diaria.start(primeraEnMs);
  }

  stop(): Promise<void> {
    return this.diaria.stop();
  }

  /** One vacuum analyze of the whole database; resolves with how long it took (ms). */
  async ejecutar(): Promise<number> {
    const inicio = Date.now();
    await this.db.exec('vacuum analyze');
    return Date.now() - inicio;
  }
}
