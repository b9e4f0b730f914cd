/**
 * At most `max` callers run at once; the others wait their turn in arrival order. The reports use it so
 * that several people's heavy reports take a share of the database and the API's thread, not all of it:
 * everyone else's screens keep answering (docs/informes.md).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`ConcurrencyLimit: max must be a positive integer, not ${max}`);
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The turn passes straight to the next caller, so a newcomer cannot slip in between.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Callers waiting for a turn (for the health of the queue in tests and logs). */
  get queued(): number {
    return this.waiting.length;
  }
}
