import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

export type Tx = PgDatabase<PgQueryResultHKT>;

export type Database = {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction scoped to a company: RLS applies (ARCHITECTURE "Multi-tenancy"). */
  tenant<T>(idEmpresa: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs fn as the owner, outside any company: only migrations, seed and login throttling. */
  system<T>(fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters, as the owner. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

export const APP_ROLE = 'predio_app';

function tenantPrelude(idEmpresa: number): string {
  if (!Number.isSafeInteger(idEmpresa) || idEmpresa <= 0) throw new Error(`id_empresa inválido: ${idEmpresa}`);
  // One round trip: the company id is an integer checked above, so it is safe inline.
  return `select set_config('app.empresa', '${idEmpresa}', true); set local role ${APP_ROLE};`;
}

/** What both engines answer for a statement, as node-postgres shapes it. */
type Resultado = { command: string; rowCount: number | null; rows: unknown[]; fields: { name: string; dataTypeID: number }[] };
type Parser = (valor: string) => unknown;
type Consulta = string | { text: string; rowMode?: 'array'; types?: { getTypeParser(oid: number, formato?: string): Parser } };

/** The part of a node-postgres client that Drizzle and the transaction code below use. */
type Cliente = { query(consulta: Consulta, valores?: unknown[]): Promise<Resultado> };

/**
 * COMMIT of a transaction a failed statement aborted answers ROLLBACK without an error: a handler that
 * caught that error must not believe its writes were kept.
 */
async function confirmar(c: Cliente): Promise<void> {
  const r = await c.query('commit');
  if (r.command === 'ROLLBACK') throw new Error('La transacción se anuló por un error anterior y no se guardó nada.');
}

async function enTransaccion<T>(
  c: Cliente & { simple(sql: string): Promise<void> },
  prelude: string,
  fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  await c.simple(`begin; ${prelude}`);
  try {
    const result = await fn(drizzle(c as unknown as pg.PoolClient) as unknown as Tx, (sql) => c.simple(sql));
    await confirmar(c);
    return result;
  } catch (err) {
    await c.simple('rollback').catch(() => undefined);
    throw err;
  }
}

/**
 * Names for the statements the application repeats, so that each connection parses one once and
 * afterwards only binds and runs it: a search's statement is long, and parsing and analysing it again
 * each time was a fifth of what PostgreSQL spent on it (4 connections running the property search:
 * 1,787 → 2,255 transactions a second once named; PGlite 1.31 → 1.21 ms a statement). A text is named
 * on its second use (a statement run once is not worth keeping) and up to SENTENCIAS_MAX texts, each
 * kept by every connection until it closes: 300 of them took a PostgreSQL connection from 5 to 18 MB. Plans are still made for each execution's values
 * (plan_cache_mode force_custom_plan): a plan made once for any value picked the sale-price index for a
 * price range and took 123 ms instead of 1.
 */
export class Sentencias {
  private readonly usos = new Map<string, number>();
  private readonly nombres = new Map<string, string>();
  constructor(private readonly max = SENTENCIAS_MAX) {}

  nombre(text: string): string | undefined {
    const ya = this.nombres.get(text);
    if (ya !== undefined || this.nombres.size >= this.max) return ya;
    const usos = (this.usos.get(text) ?? 0) + 1;
    if (usos < 2) {
      // Counts are kept for a while only: texts seen once keep arriving (lists of ids of every length).
      if (this.usos.size >= 10 * this.max) this.usos.clear();
      this.usos.set(text, usos);
      return undefined;
    }
    this.usos.delete(text);
    const nombre = `predio_${this.nombres.size + 1}`;
    this.nombres.set(text, nombre);
    return nombre;
  }
}
export const SENTENCIAS_MAX = 200;
const PLANES_POR_VALOR = 'plan_cache_mode = force_custom_plan';

const { serialize: s, messages: M } = protocol;

function unir(partes: Uint8Array[]): Uint8Array {
  const todo = new Uint8Array(partes.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of partes) {
    todo.set(p, i);
    i += p.length;
  }
  return todo;
}

/**
 * PGlite spoken to as node-postgres speaks to a server: one call into PGlite per statement (parse,
 * bind, describe, execute and sync in one message, the parameters as text that PostgreSQL types from
 * the statement) and node-postgres's parsing of the rows. PGlite's own `query` makes six calls per
 * statement (it first asks the parameters' types), and with Drizzle's parsers it copied its whole
 * table of parsers on every statement: 55 + 150 µs against 18 µs. Both engines now get the same
 * parameters and answer the same JavaScript values.
 */
class ClientePglite implements Cliente {
  private readonly sentencias = new Sentencias();
  /** The named statements PGlite holds (or is being given). */
  private readonly preparadas = new Map<string, Promise<unknown>>();
  constructor(private readonly db: PGlite) {}

  private preparar(nombre: string, text: string): Promise<unknown> {
    let p = this.preparadas.get(nombre);
    if (!p) {
      p = this.enviar(unir([s.parse({ text, name: nombre }), s.sync()]));
      // A statement PostgreSQL refused (a mistake in it, an aborted transaction) is not kept.
      p.catch(() => this.preparadas.delete(nombre));
      this.preparadas.set(nombre, p);
    }
    return p;
  }

  async query(consulta: Consulta, valores: unknown[] = []): Promise<Resultado> {
    const text = typeof consulta === 'string' ? consulta : consulta.text;
    const nombre = this.sentencias.nombre(text);
    if (nombre !== undefined) await this.preparar(nombre, text);
    const mensajes = await this.enviar(
      unir([
        ...(nombre === undefined ? [s.parse({ text })] : []),
        s.bind({ statement: nombre ?? '', values: valores.map((v) => prepareValue(v)) }),
        s.describe({ type: 'P' }),
        s.execute({}),
        s.sync(),
      ]),
    );
    const tipos = typeof consulta === 'string' ? undefined : consulta.types;
    const enArreglo = typeof consulta !== 'string' && consulta.rowMode === 'array';
    const r: Resultado = { command: '', rowCount: null, rows: [], fields: [] };
    let parsers: Parser[] = [];
    for (const m of mensajes) {
      if (m instanceof M.RowDescriptionMessage) {
        r.fields = m.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        parsers = r.fields.map((f) => (tipos ?? pg.types).getTypeParser(f.dataTypeID, 'text') as Parser);
      } else if (m instanceof M.DataRowMessage) {
        const campos = m.fields as (string | null)[];
        if (enArreglo) r.rows.push(campos.map((v, i) => (v === null ? null : parsers[i]!(v))));
        else {
          const fila: Record<string, unknown> = {};
          for (let i = 0; i < campos.length; i++) fila[r.fields[i]!.name] = campos[i] === null ? null : parsers[i]!(campos[i]!);
          r.rows.push(fila);
        }
      } else if (m instanceof M.CommandCompleteMessage) {
        const partes = m.text.split(' ');
        r.command = partes[0] ?? '';
        const n = Number(partes.at(-1));
        r.rowCount = Number.isInteger(n) ? n : null;
      }
    }
    return r;
  }

  /** Statements without parameters, several at once (migrations, the transaction's start). */
  async simple(sql: string): Promise<void> {
    await this.enviar(s.query(sql));
  }

  // Statements of one transaction sent at once (Promise.all) go one after the other, as node-postgres
  // queues them: PGlite keeps the statement being answered in one place.
  private cola: Promise<unknown> = Promise.resolve();

  private enviar(mensaje: Uint8Array) {
    // PGlite on Node writes straight to its files (its syncToFs does nothing there).
    const turno = this.cola.then(() => this.db.execProtocolStream(mensaje, { syncToFs: false }));
    this.cola = turno.catch(() => undefined);
    return turno;
  }
}

/** One statement or transaction at a time: PGlite is a single connection. */
function fila() {
  let cola: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const turno = cola.then(fn);
    cola = turno.catch(() => undefined);
    return turno;
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, unaccent } });
  await db.exec(`set ${PLANES_POR_VALOR}`);
  const c = new ClientePglite(db);
  const enFila = fila();
  return {
    kind: 'pglite',
    tenant: (idEmpresa, fn) => {
      const prelude = tenantPrelude(idEmpresa);
      return enFila(() => enTransaccion(c, prelude, (tx) => fn(tx)));
    },
    system: (fn) => enFila(() => enTransaccion(c, '', fn)),
    exec: (sql) => enFila(() => c.simple(sql)),
    close: () => enFila(() => db.close()),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_MAX ?? 10),
    options: `-c ${PLANES_POR_VALOR.replace(/ /g, '')}`,
  });
  pool.on('error', () => undefined);
  const sentencias = new Sentencias();
  async function inTx<T>(prelude: string, fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      const c = {
        query: (q: Consulta, v?: unknown[]) => {
          const config = typeof q === 'string' ? { text: q } : q;
          // node-postgres parses a named statement once per connection.
          const name = sentencias.nombre(config.text);
          return client.query(name === undefined ? config : { ...config, name }, v) as Promise<Resultado>;
        },
        simple: async (sql: string) => void (await client.query(sql)),
      };
      return await enTransaccion(c, prelude, fn);
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    tenant: (idEmpresa, fn) => inTx(tenantPrelude(idEmpresa), fn),
    system: (fn) => inTx('', fn),
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl: string | null; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
