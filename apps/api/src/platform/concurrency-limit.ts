/**
 * At most `max` callers run at once; the others wait their turn in arrival order. The reports use it so
 * that several people's heavy reports take a share of the database and the API's thread, not all of it:
 * everyone else's screens keep answering (docs/informes.md).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /**
   * `rest`, given how long a caller ran (ms), says how long its turn stays idle before the next caller
   * gets it (0: at once). The caller itself returns without waiting for it.
   */
  constructor(
    readonly max: number,
    private readonly rest: (elapsedMs: number) => number = () => 0,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`ConcurrencyLimit: max must be a positive integer, not ${max}`);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const start = performance.now();
    try {
      return await fn();
    } finally {
      const pause = Math.max(0, this.rest(performance.now() - start));
      if (pause > 0) setTimeout(() => this.passOn(), pause).unref();
      else this.passOn();
    }
  }

  /** The turn passes straight to the next caller, so a newcomer cannot slip in between. */
  private passOn(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Callers waiting for a turn (for the health of the queue in tests and logs). */
  get queued(): number {
    return this.waiting.length;
  }
}
