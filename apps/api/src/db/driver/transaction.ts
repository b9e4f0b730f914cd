import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Tx } from '../client.ts';

export const APP_ROLE = 'predio_app';

/** What both engines answer for a statement, as node-postgres shapes it. */
export type Result = {
  command: string;
  rowCount: number | null;
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
};
export type Parser = (value: string) => unknown;
export type TypeParsers = { getTypeParser(oid: number, format?: string): Parser };
export type QueryConfig = string | { text: string; rowMode?: 'array'; types?: TypeParsers };

/** The part of a node-postgres client that Drizzle and the transaction code below use. */
type QueryClient = { query(q: QueryConfig, values?: unknown[]): Promise<Result> };

/**
 * What a transaction is run on. Where `carriesBegin`, a statement may carry the transaction's start
 * (`begin`: BEGIN and the tenant prelude), sent with it in one exchange; `simple` runs statements
 * without parameters.
 */
export type TxClient = {
  readonly carriesBegin: boolean;
  query(q: QueryConfig, values?: unknown[], begin?: readonly string[]): Promise<Result>;
  simple(sql: string): Promise<void>;
};

/** How a transaction starts: READ COMMITTED (the default), or one read-only snapshot for every statement. */
export const beginStatement = (o?: { instantanea?: boolean }): string =>
  o?.instantanea ? 'begin isolation level repeatable read read only' : 'begin';

export function tenantPrelude(idEmpresa: number): string[] {
  if (!Number.isSafeInteger(idEmpresa) || idEmpresa <= 0) throw new Error(`id_empresa inválido: ${idEmpresa}`);
  // Sent with the first statement: the company id is an integer checked above, so it is safe inline.
  return [`select set_config('app.empresa', '${idEmpresa}', true)`, `set local role ${APP_ROLE}`];
}

/**
 * COMMIT of a transaction a failed statement aborted answers ROLLBACK without an error: a handler that
 * caught that error must not believe its writes were kept.
 */
async function commit(c: QueryClient): Promise<void> {
  const r = await c.query('commit');
  if (r.command === 'ROLLBACK') throw new Error('La transacción se anuló por un error anterior y no se guardó nada.');
}

/**
 * One transaction. On PostgreSQL its start (BEGIN and the prelude) goes out with its first statement,
 * in the same exchange (`carriesBegin`): one round trip fewer, and a transaction that runs no statement
 * sends nothing. PGlite's thread takes the start at once instead, without waiting for its answer, and
 * works on it while this thread prepares the first statement. Either way, if the start failed the
 * statements after it fail too (none runs outside the transaction). `release` is called once the COMMIT
 * or ROLLBACK is on its way: the next transaction may queue behind it (PGlite runs them in order) while
 * this one waits for the answer.
 */
export async function runTransaction<T>(
  c: TxClient,
  prelude: readonly string[],
  fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>,
  release: () => void = () => undefined,
  begin = 'begin',
): Promise<T> {
  let open = false;
  const start = () => {
    if (open) return undefined;
    open = true;
    return [begin, ...prelude];
  };
  if (!c.carriesBegin) c.simple(start()!.join('; ')).catch(() => undefined);
  const inTx: QueryClient & { simple(sql: string): Promise<void> } = {
    query: (q, values) => c.query(q, values, start()),
    simple: (sql) => c.simple([...(start() ?? []), sql].join('; ')),
  };
  try {
    const result = await fn(drizzle(inTx as unknown as pg.PoolClient) as unknown as Tx, inTx.simple);
    if (!open) {
      release();
      return result;
    }
    const done = commit(c);
    release();
    await done;
    return result;
  } catch (err) {
    const done = open ? c.simple('rollback').catch(() => undefined) : undefined;
    release();
    await done;
    throw err;
  }
}
