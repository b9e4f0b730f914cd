import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import type { Database } from '../client.ts';
import { concat, errorIn, readResult, section } from './protocol.ts';
import { AUTO_PLANS, CUSTOM_PLANS, DEFAULT_PLANS, StatementNames } from './statements.ts';
import { inBackground } from './background.ts';
import { beginStatement, runTransaction, tenantPrelude, type QueryConfig, type Result, type TxClient } from './transaction.ts';

const { serialize: s } = protocol;

type Engine = { run(message: Uint8Array): Promise<Uint8Array>; dump(): Promise<Uint8Array>; close(): Promise<void> };

/**
 * PGlite in a thread of its own (pglite-thread.mjs): this thread sends it protocol messages and gets the
 * answer's bytes back, in the order sent. The database works while this thread reads requests and
 * writes answers, and a long statement does not stop the event loop. If the thread dies, every call
 * waiting and every later one fails with the reason, and `onFailure` is told (the server stops: PGlite
 * recovers from its write-ahead log when it starts again).
 */
function startEngine(dataDir: string | undefined, onFailure: (e: Error) => void, image?: Uint8Array): Promise<Engine> {
  const thread = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir, image } });
  const waiting = new Map<number, { ok: (r: Uint8Array) => void; fail: (e: Error) => void }>();
  let next = 0;
  let down: Error | null = null;
  let closing = false;
  const fall = (e: Error) => {
    if (down) return;
    down = e;
    for (const { fail } of waiting.values()) fail(e);
    waiting.clear();
    if (!closing) onFailure(e);
  };
  const ask = (data: object) =>
    new Promise<Uint8Array>((ok, fail) => {
      if (down) return fail(down);
      const id = next++;
      waiting.set(id, { ok, fail });
      thread.postMessage({ ...data, id });
    });
  const engine: Engine = {
    run: (message) => ask({ message }),
    dump: () => ask({ dump: true }),
    close: async () => {
      closing = true;
      await ask({ close: true }).catch(() => undefined);
      await thread.terminate();
    },
  };
  return new Promise((ready, failed) => {
    thread.on('message', (m: { ready?: true; id?: number; r?: Uint8Array; error?: string }) => {
      if (m.ready) return ready(engine);
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (m.error !== undefined) w?.fail(new Error(m.error));
      else w?.ok(m.r ?? new Uint8Array(0));
    });
    thread.on('error', (e) => {
      failed(e);
      fall(new Error(`La base de datos (PGlite) se detuvo: ${e.message}`, { cause: e }));
    });
    thread.on('exit', (code) => {
      const e = new Error(
        closing ? 'La base de datos (PGlite) está cerrada.' : `La base de datos (PGlite) se detuvo (código ${code}).`,
      );
      failed(e);
      fall(e);
    });
  });
}

/**
 * PGlite spoken to as node-postgres speaks to a server: one call into PGlite per statement (parse,
 * bind, describe, execute and sync in one message, the parameters as text that PostgreSQL types from
 * the statement) and node-postgres's parsing of the rows. PGlite's own `query` makes six calls per
 * statement (it first asks the parameters' types). Both engines get the same parameters and answer the
 * same JavaScript values.
 */
class PgliteClient implements TxClient {
  readonly carriesBegin = false;
  private readonly statements = new StatementNames();
  /** The named statements PGlite holds, or has been sent. */
  private readonly prepared = new Set<string>();
  constructor(private readonly engine: Engine) {}

  /** One statement in one exchange with PGlite's thread, with the parsing of a named statement the first time it runs. */
  async query(q: QueryConfig, values: unknown[] = []): Promise<Result> {
    const text = typeof q === 'string' ? q : q.text;
    const { name, wrapped } = this.statements.for(text);
    const parse = name === undefined || !this.prepared.has(name);
    const message = concat([
      ...(wrapped ? [s.query(CUSTOM_PLANS)] : []),
      // Closing a statement PGlite does not hold is no error: a name whose state is unknown (its last
      // parsing failed, or what came after it) is closed before it is parsed again.
      ...(name !== undefined && parse ? [s.close({ type: 'S', name })] : []),
      ...(parse ? [s.parse({ text, ...(name === undefined ? {} : { name }) })] : []),
      s.bind({ statement: name ?? '', values: values.map((v) => prepareValue(v)) }),
      s.describe({ type: 'P' }),
      s.execute({}),
      s.sync(),
      ...(wrapped ? [s.query(AUTO_PLANS)] : []),
    ]);
    if (name !== undefined) this.prepared.add(name);
    let answer: Buffer;
    try {
      answer = await this.send(message);
    } catch (e) {
      // Parsed or not (a mistake in it, an aborted transaction, a value refused): its next run closes
      // and parses it again.
      if (name !== undefined && parse) this.prepared.delete(name);
      throw e;
    }
    const types = typeof q === 'string' ? undefined : q.types;
    // Around a statement planned for its values, its answer is the second of three (each ends in ReadyForQuery).
    const own = wrapped ? answer.subarray(...section(answer, 1)) : answer;
    return readResult(own, types ?? pg.types, typeof q !== 'string' && q.rowMode === 'array');
  }

  /** Statements without parameters, several at once (migrations, the transaction's start). */
  async simple(sql: string): Promise<void> {
    await this.send(s.query(sql));
  }

  /**
   * PGlite's answer as the bytes PostgreSQL wrote; an error it reported is thrown. Sent at once: the
   * database thread answers messages in the order they were sent (statements sent together with
   * Promise.all run one after the other, as node-postgres queues them).
   */
  private async send(message: Uint8Array): Promise<Buffer> {
    const r = await this.engine.run(message);
    const b = Buffer.from(r.buffer, r.byteOffset, r.byteLength);
    const error = errorIn(b);
    if (error) throw error;
    return b;
  }
}

/**
 * One transaction at a time: PGlite is a single connection. A turn ends when its transaction has sent
 * its COMMIT or ROLLBACK (`release`), or failed before. Background turns go after every waiting turn
 * of a request, so a long piece of work split into short transactions lets the requests through.
 */
function turns() {
  const waiting: (() => void)[] = [];
  const waitingBackground: (() => void)[] = [];
  let busy = false;
  const next = () => {
    const start = waiting.shift() ?? waitingBackground.shift();
    busy = start !== undefined;
    start?.();
  };
  return <T>(fn: (release: () => void) => Promise<T>, background = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      (background ? waitingBackground : waiting).push(() => {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          next();
        };
        fn(release).then(resolve, reject).finally(release);
      });
      if (!busy) next();
    });
}

/** PGlite's database, which can also be dumped whole (the tests start each app from one dump). */
export type DatabasePglite = Database & { dump(): Promise<Uint8Array> };

/** `image`: a data directory `dump` produced, to start from instead of an empty cluster. */
export async function openPglite(
  dataDir?: string,
  onFailure: (e: Error) => void = () => undefined,
  image?: Uint8Array,
): Promise<DatabasePglite> {
  const engine = await startEngine(dataDir, onFailure, image);
  const c = new PgliteClient(engine);
  await c.simple(`set ${DEFAULT_PLANS}`);
  const inTurn = turns();
  return {
    kind: 'pglite',
    tenant: (idEmpresa, fn, options) => {
      const prelude = tenantPrelude(idEmpresa);
      return inTurn(
        (release) => runTransaction(c, prelude, (tx) => fn(tx), release, beginStatement(options)),
        options?.background ?? inBackground(),
      );
    },
    system: (fn) => inTurn((release) => runTransaction(c, [], fn, release), inBackground()),
    exec: (sql) => inTurn(() => c.simple(sql)),
    close: () => inTurn(() => engine.close()),
    dump: () => inTurn(() => engine.dump()),
  };
}
