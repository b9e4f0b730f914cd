import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { openPglite } from './driver/pglite.ts';
import { openPostgres } from './driver/postgres.ts';

// The database the API reaches: one interface over both engines. How it speaks to them (the worker
// thread of PGlite, named statements, plans) is in ./driver and docs/database-driver.md.
export { APP_ROLE } from './driver/transaction.ts';
export { planForValues } from './driver/statements.ts';
export { runInBackground } from './driver/background.ts';
export { openPglite, type DatabasePglite } from './driver/pglite.ts';
export { openPostgres } from './driver/postgres.ts';

export type Tx = PgDatabase<PgQueryResultHKT>;

export type TxOptions = {
  /**
   * The transaction is REPEATABLE READ READ ONLY, so all its statements read one snapshot (the reports);
   * the isolation level can only be chosen at BEGIN, before the prelude's first statement.
   */
  instantanea?: boolean;
  /**
   * Work in the background of a person's request (an export's pages): on PGlite, whose one connection
   * runs a transaction at a time, it waits until no other transaction is waiting. Every transaction a
   * job opens is background work too (runInBackground).
   */
  background?: boolean;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction scoped to a company: row-level security applies (docs/architecture.md). */
  tenant<T>(idEmpresa: number, fn: (tx: Tx) => Promise<T>, options?: TxOptions): Promise<T>;
  /** Runs fn as the owner, outside any company: only migrations, seed and login throttling. */
  system<T>(fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters, as the owner. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

export function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir?: string;
  onFailure?: (e: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.onFailure);
}
