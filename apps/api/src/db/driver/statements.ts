import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Names for the statements the application repeats, so that each connection parses one once and
 * afterwards only binds and runs it (docs/database-driver.md has what it won). A text is named on its
 * second use (a statement run once is not worth keeping) and up to `max` texts, each kept by every
 * connection until it closes: each costs memory per connection.
 *
 * A named statement is planned as PostgreSQL does by default (plan_cache_mode auto): for its values its
 * first five times, then once for any value when that plan costs no more. Statements run inside
 * `planForValues` are planned for their values every time instead (`wrapped`: the exchange sets
 * plan_cache_mode around them); an unnamed one is parsed and planned for its values anyway.
 */
export class StatementNames {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();
  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  /** The statement's name, and whether its exchange sets the plans around it (named, inside planForValues). */
  for(text: string): { name: string | undefined; wrapped: boolean } {
    const name = this.name(text);
    return { name, wrapped: name !== undefined && perValues.getStore() === true };
  }
  private name(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < 2) {
      // Counts are kept for a while only: texts seen once keep arriving (lists of ids of every length).
      if (this.uses.size >= 10 * this.max) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    const name = `predio_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
export const MAX_NAMED_STATEMENTS = 200;

const perValues = new AsyncLocalStorage<boolean>();

/**
 * Runs `run`'s statements planned for their values each time: for searches built from a user's filters,
 * whose best plan depends on the values (ranges, a municipio that has most of the properties or none,
 * dates). One plan for any price range took the sale-price index and 123 ms instead of 1.
 */
export function planForValues<T>(run: () => PromiseLike<T>): Promise<T> {
  return perValues.run(true, async () => await run());
}

/** PostgreSQL's default, set so that a server configured otherwise does not change the plans. */
export const DEFAULT_PLANS = 'plan_cache_mode = auto';
/** Around a named statement run inside planForValues, in its exchange: planned for its values, then as before. */
export const CUSTOM_PLANS = 'set local plan_cache_mode = force_custom_plan';
export const AUTO_PLANS = 'set local plan_cache_mode = auto';
