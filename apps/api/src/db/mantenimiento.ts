import type { Database } from './client.ts';

/** 03:00 in Bogotá (UTC−5 all year) is 08:00 UTC: the quietest hour of a Colombian agency. */
const HORA_UTC = 8;

/** Milliseconds from `ahora` to the next 03:00 in Bogotá (a full day when it is exactly that time). */
export function msHastaLaMadrugada(ahora: Date): number {
  const siguiente = new Date(ahora);
  siguiente.setUTCHours(HORA_UTC, 0, 0, 0);
  if (siguiente.getTime() <= ahora.getTime()) siguiente.setUTCDate(siguiente.getUTCDate() + 1);
  return siguiente.getTime() - ahora.getTime();
}

type Registro = { info: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

/**
 * PGlite runs no autovacuum. Without it the embedded database never learns its statistics (the planner
 * guesses), keeps the dead rows every update leaves, and index-only scans visit the table anyway. This
 * runs `vacuum analyze` once a minute after the start and then every day at 03:00 in Bogotá; requests
 * wait for it (PGlite serves one statement at a time), which at that hour nobody sees. PostgreSQL has
 * its own autovacuum, so there it does nothing.
 */
export class Mantenimiento {
  private timer: NodeJS.Timeout | null = null;
  private corriendo: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly registro: Registro,
  ) {}

  start(primeraEnMs = 60_000): void {
    if (this.db.kind !== 'pglite' || this.timer) return;
    this.programar(primeraEnMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.corriendo;
  }

  /** One vacuum analyze of the whole database; resolves with how long it took (ms). */
  async ejecutar(): Promise<number> {
    const inicio = Date.now();
    await this.db.exec('vacuum analyze');
    return Date.now() - inicio;
  }

  private programar(enMs: number): void {
    this.timer = setTimeout(() => {
      this.corriendo = this.ejecutar()
        .then((ms) => this.registro.info({ ms }, 'mantenimiento de la base: vacuum analyze'))
        .catch((err: unknown) => this.registro.error({ err }, 'mantenimiento de la base falló'))
        .finally(() => {
          this.corriendo = null;
          if (this.timer) this.programar(msHastaLaMadrugada(new Date()));
        });
    }, enMs);
    this.timer.unref();
  }
}
