// Work the server does by itself once a day at a Bogotá hour (Colombia is UTC−5 all year, no DST).

/** Milliseconds from `ahora` to the next `horaBogota`:00 in Bogotá (a full day when it is exactly that time). */
export function msHastaLaHora(ahora: Date, horaBogota: number): number {
  // That hour on today's UTC date, or on the next one once it has passed.
  const siguiente = new Date(ahora);
  siguiente.setUTCHours((horaBogota + 5) % 24, 0, 0, 0);
  if (siguiente.getTime() <= ahora.getTime()) siguiente.setUTCDate(siguiente.getUTCDate() + 1);
  return siguiente.getTime() - ahora.getTime();
}

export type Registro = { info: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

/**
 * Runs `tarea` once `primeraEnMs` after start (to catch up on a day the server was down) and then every
 * day at `horaBogota`:00, logging what it answered or why it failed. The timer never keeps the process
 * alive; stop() waits for a run under way.
 */
export class TareaDiaria {
  private timer: NodeJS.Timeout | null = null;
  private corriendo: Promise<void> | null = null;

  constructor(
    private readonly nombre: string,
    private readonly horaBogota: number,
    private readonly tarea: () => Promise<object>,
    private readonly registro: Registro,
  ) {}

  start(primeraEnMs: number): void {
    if (this.timer) return;
    this.programar(primeraEnMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.corriendo;
  }

  private programar(enMs: number): void {
    this.timer = setTimeout(() => {
      this.corriendo = this.tarea()
        .then((r) => this.registro.info(r, this.nombre))
        .catch((err: unknown) => this.registro.error({ err }, `${this.nombre} falló`))
        .finally(() => {
          this.corriendo = null;
          if (this.timer) this.programar(msHastaLaHora(new Date(), this.horaBogota));
        });
    }, enMs);
    this.timer.unref();
  }
}
