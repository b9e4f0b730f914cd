import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import type { Database, Tx } from '../client.ts';
import { AUTO_PLANS, CUSTOM_PLANS, DEFAULT_PLANS, StatementNames } from './statements.ts';
import { beginStatement, runTransaction, tenantPrelude, type Result, type TxClient } from './transaction.ts';

/** The parts of node-postgres's Query and Connection (pg/lib/query.js) that PgStatement uses; its types leave them out. */
type PgConnection = {
  parse(q: { text: string; name?: string; types?: unknown }): void;
  bind(q: object): void;
  describe(q: { type: 'P'; name: string }): void;
  execute(q: object): void;
  close(q: { type: 'S'; name: string }): void;
  sync(): void;
};
type PgQuery = {
  values?: unknown[];
  prepare(connection: PgConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
  handleError(e: unknown, connection: PgConnection): void;
};
type Callback = (e: Error | null, r: Result) => void;
const QueryBase = pg.Query as unknown as new (config: object, values: unknown[] | undefined, callback: Callback) => PgQuery;

/**
 * A statement as this application sends it to PostgreSQL through node-postgres: node-postgres's Query
 * (its rows, types and errors) with messages of our own, all written at once before its one Sync.
 * `before`: statements without parameters parsed, bound and executed ahead of it: the transaction's start
 * when it is its transaction's first (BEGIN, the company, the role: one round trip instead of two), and
 * the plans set to be made for its values when it is a named statement run inside planForValues.
 * `after`: the plans set back after it. Their answers are not the statement's. If one failed,
 * PostgreSQL skips the rest up to the Sync and the statement fails with that error.
 *
 * Named statements are kept track of here, per connection (node-postgres sees no name): one whose
 * state is unknown (never parsed on this connection, or its last exchange failed) is closed, which is no
 * error when PostgreSQL does not hold it, and parsed again.
 */
class PgStatement extends QueryBase {
  private pending: number;
  /** Whether the statement's own CommandComplete came: the answers of `after` follow it. */
  private complete = false;
  /** Whether this exchange parses the named statement: if it fails, the name's state is unknown. */
  private parses = false;
  constructor(
    config: { text: string },
    values: unknown[] | undefined,
    private readonly name: string | undefined,
    private readonly prepared: Set<string>,
    private readonly before: readonly string[],
    private readonly after: readonly string[],
    callback: Callback,
  ) {
    super({ ...config, queryMode: 'extended' }, values, callback);
    this.pending = before.length;
  }
  override handleError(e: unknown, connection: PgConnection) {
    if (this.parses && this.name !== undefined) this.prepared.delete(this.name);
    super.handleError(e, connection);
  }
  override prepare(connection: PgConnection) {
    const { text } = this as unknown as { text: string };
    const { name, prepared } = this;
    let values: unknown[];
    try {
      values = (this.values ?? []).map((v) => prepareValue(v));
    } catch (e) {
      connection.sync();
      this.handleError(e, connection);
      return;
    }
    const withoutParameters = (t: string) => {
      connection.parse({ text: t });
      connection.bind({});
      connection.execute({});
    };
    this.before.forEach(withoutParameters);
    if (name === undefined) connection.parse({ text });
    else if (!prepared.has(name)) {
      connection.close({ type: 'S', name });
      connection.parse({ text, name });
      prepared.add(name);
      this.parses = true;
    }
    connection.bind({ statement: name ?? '', values });
    connection.describe({ type: 'P', name: '' });
    connection.execute({});
    this.after.forEach(withoutParameters);
    connection.sync();
  }
  override handleDataRow(msg: unknown) {
    if (this.pending === 0 && !this.complete) super.handleDataRow(msg);
  }
  override handleCommandComplete(msg: unknown, connection: PgConnection) {
    if (this.pending > 0) this.pending--;
    else if (!this.complete) {
      this.complete = true;
      super.handleCommandComplete(msg, connection);
    }
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_MAX ?? 10),
    options: `-c ${DEFAULT_PLANS.replace(/ /g, '')}`,
  });
  pool.on('error', () => undefined);
  const statements = new StatementNames();
  const preparedBy = new WeakMap<pg.PoolClient, Set<string>>();
  async function inTx<T>(
    prelude: readonly string[],
    fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>,
    begin = 'begin',
  ): Promise<T> {
    const client = await pool.connect();
    try {
      let prepared = preparedBy.get(client);
      if (!prepared) preparedBy.set(client, (prepared = new Set()));
      const onConnection = prepared;
      // A transaction's statements go to the connection one after another, each once the one before it
      // has answered, even when the code asks for several at once (Promise.all): node-postgres queues
      // them too, but that use of its queue is deprecated (a warning now, an error in pg 9).
      let queue: Promise<unknown> = Promise.resolve();
      const inOrder = <R>(send: () => Promise<R>): Promise<R> => {
        const r = queue.then(send);
        queue = r.catch(() => undefined);
        return r;
      };
      const c: TxClient = {
        carriesBegin: true,
        query: (q, v, start) => {
          const config = typeof q === 'string' ? { text: q } : { ...q };
          const { name, wrapped } = statements.for(config.text);
          const before = [...(start ?? []), ...(wrapped ? [CUSTOM_PLANS] : [])];
          const after = wrapped ? [AUTO_PLANS] : [];
          return inOrder(
            () =>
              new Promise<Result>((ok, fail) => {
                const statement = new PgStatement(config, v, name, onConnection, before, after, (e, r) => (e ? fail(e) : ok(r)));
                client.query(statement as unknown as pg.Submittable);
              }),
          );
        },
        simple: (sql) => inOrder(async () => void (await client.query(sql))),
      };
      return await runTransaction(c, prelude, fn, undefined, begin);
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    tenant: (idEmpresa, fn, options) => inTx(tenantPrelude(idEmpresa), fn, beginStatement(options)),
    system: (fn) => inTx([], fn),
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
