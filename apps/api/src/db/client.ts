import { Worker } from 'node:worker_threads';
import { protocol } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

export type Tx = PgDatabase<PgQueryResultHKT>;

export type Database = {
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction scoped to a company: RLS applies (ARCHITECTURE "Multi-tenancy").
   * `instantanea`: the transaction is REPEATABLE READ READ ONLY, so all its statements read one snapshot
   * (the reports); the isolation level can only be chosen at BEGIN, before the prelude's first statement.
   */
  tenant<T>(idEmpresa: number, fn: (tx: Tx) => Promise<T>, opciones?: OpcionesTx): Promise<T>;
  /** Runs fn as the owner, outside any company: only migrations, seed and login throttling. */
  system<T>(fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters, as the owner. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

export const APP_ROLE = 'predio_app';

export type OpcionesTx = { instantanea?: boolean };
/** How a transaction starts: READ COMMITTED (the default), or one read-only snapshot for every statement. */
const comienzo = (o?: OpcionesTx) => (o?.instantanea ? 'begin isolation level repeatable read read only' : 'begin');

function tenantPrelude(idEmpresa: number): string[] {
  if (!Number.isSafeInteger(idEmpresa) || idEmpresa <= 0) throw new Error(`id_empresa inválido: ${idEmpresa}`);
  // Sent with the first statement: the company id is an integer checked above, so it is safe inline.
  return [`select set_config('app.empresa', '${idEmpresa}', true)`, `set local role ${APP_ROLE}`];
}

/** What both engines answer for a statement, as node-postgres shapes it. */
type Resultado = { command: string; rowCount: number | null; rows: unknown[]; fields: { name: string; dataTypeID: number }[] };
type Parser = (valor: string) => unknown;
type Consulta = string | { text: string; rowMode?: 'array'; types?: { getTypeParser(oid: number, formato?: string): Parser } };

/** The part of a node-postgres client that Drizzle and the transaction code below use. */
type Cliente = { query(consulta: Consulta, valores?: unknown[]): Promise<Resultado> };

/**
 * What a transaction is run on. Where `llevaInicio`, a statement may carry the transaction's start
 * (`inicio`: BEGIN and the tenant prelude), sent with it in one exchange; `simple` runs statements
 * without parameters.
 */
type ClienteTx = {
  readonly llevaInicio: boolean;
  query(consulta: Consulta, valores?: unknown[], inicio?: readonly string[]): Promise<Resultado>;
  simple(sql: string): Promise<void>;
};

/**
 * COMMIT of a transaction a failed statement aborted answers ROLLBACK without an error: a handler that
 * caught that error must not believe its writes were kept.
 */
async function confirmar(c: Cliente): Promise<void> {
  const r = await c.query('commit');
  if (r.command === 'ROLLBACK') throw new Error('La transacción se anuló por un error anterior y no se guardó nada.');
}

/**
 * One transaction. On PostgreSQL its start (BEGIN and the prelude) goes out with its first statement,
 * in the same exchange (`llevaInicio`): one round trip fewer, and a transaction that runs no statement
 * sends nothing. PGlite's thread takes the start at once instead, without waiting for its answer, and works
 * on it while this thread prepares the first statement (sent with it, the floor went 2,076–2,196 →
 * 1,968–1,978 req/s on PGlite; on PostgreSQL 1,967–2,001 → 2,124–2,125). Either way, if the start
 * failed the statements after it fail too (none runs outside the transaction). `soltar` is called once
 * the COMMIT or ROLLBACK is on its way: the next transaction may queue behind it (PGlite runs them in
 * order) while this one waits for the answer.
 */
async function enTransaccion<T>(
  c: ClienteTx,
  prelude: readonly string[],
  fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>,
  soltar: () => void = () => undefined,
  begin = 'begin',
): Promise<T> {
  let abierta = false;
  const inicio = () => {
    if (abierta) return undefined;
    abierta = true;
    return [begin, ...prelude];
  };
  if (!c.llevaInicio) c.simple(inicio()!.join('; ')).catch(() => undefined);
  const enTx: Cliente & { simple(sql: string): Promise<void> } = {
    query: (consulta, valores) => c.query(consulta, valores, inicio()),
    simple: (sql) => c.simple([...(inicio() ?? []), sql].join('; ')),
  };
  try {
    const result = await fn(drizzle(enTx as unknown as pg.PoolClient) as unknown as Tx, enTx.simple);
    if (!abierta) {
      soltar();
      return result;
    }
    const fin = confirmar(c);
    soltar();
    await fin;
    return result;
  } catch (err) {
    const fin = abierta ? c.simple('rollback').catch(() => undefined) : undefined;
    soltar();
    await fin;
    throw err;
  }
}

/**
 * Names for the statements the application repeats, so that each connection parses one once and
 * afterwards only binds and runs it: a search's statement is long, and parsing and analysing it again
 * each time was a fifth of what PostgreSQL spent on it (4 connections running the property search:
 * 1,787 → 2,255 transactions a second once named; PGlite 1.31 → 1.21 ms a statement). A text is named
 * on its second use (a statement run once is not worth keeping) and up to SENTENCIAS_MAX texts, each
 * kept by every connection until it closes: 300 of them took a PostgreSQL connection from 5 to 18 MB.
 *
 * A named statement is planned as PostgreSQL does by default (plan_cache_mode auto): for its values
 * its first five times, then once for any value when that plan costs no more. A text carrying
 * POR_VALORES (planPorValores) is a search built from a user's filters, where one plan for any value can
 * be the wrong one (a price range planned without its values took the sale-price index and 123 ms
 * instead of 1): once named, its exchange sets plan_cache_mode to force_custom_plan before it and back
 * after it (`rodeada`, both clients below); unnamed (its first use, or past SENTENCIAS_MAX), a statement
 * is parsed again and planned for its values every time.
 */
export class Sentencias {
  private readonly usos = new Map<string, number>();
  private readonly nombres = new Map<string, string>();
  constructor(private readonly max = SENTENCIAS_MAX) {}

  /** The statement's name, and whether its exchange sets the plans around it (a statement marked POR_VALORES, named). */
  para(text: string): { nombre: string | undefined; rodeada: boolean } {
    const nombre = this.nombrar(text);
    return { nombre, rodeada: nombre !== undefined && text.includes(POR_VALORES) };
  }
  private nombrar(text: string): string | undefined {
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
/** Marks a statement to be planned for its values on every execution (see Sentencias). */
export const POR_VALORES = '/* plan por valores */';
/**
 * A part of a statement (usually its where) that makes the whole statement planned for its values each
 * time it runs: for conditions whose best plan depends on the values (ranges, a municipio that has
 * most of the properties or none, dates).
 */
export const planPorValores = (parte: SQL): SQL => sql`${sql.raw(POR_VALORES)} ${parte}`;
/** PostgreSQL's default, set so that a server configured otherwise does not change the plans. */
const PLANES = 'plan_cache_mode = auto';
/** Around a named statement marked POR_VALORES, in its exchange: planned for its values, then as before. */
const CADA_VEZ = 'set local plan_cache_mode = force_custom_plan';
const COMO_ANTES = 'set local plan_cache_mode = auto';

const { serialize: s, messages: M } = protocol;

/**
 * The messages of a PostgreSQL answer, read in place: a byte for the kind, then its length. PGlite's own
 * reader copied every value into a buffer of its own before decoding it, and with its private fields
 * that was a sixth of the API's time on a search page (cpu profile, PGlite, 16 connections).
 */
function* mensajes(b: Buffer): Generator<[tipo: number, desde: number, hasta: number]> {
  for (let i = 0; i + 5 <= b.length;) {
    const hasta = i + 1 + b.readInt32BE(i + 1);
    yield [b[i]!, i + 5, hasta];
    i = hasta;
  }
}

const cadena = (b: Buffer, desde: number) => {
  const fin = b.indexOf(0, desde);
  return [b.toString('utf8', desde, fin), fin + 1] as const;
};

/** The error PostgreSQL reported (ErrorResponse), with the fields node-postgres gives its errors. */
function errorEn(b: Buffer): InstanceType<typeof M.DatabaseError> | null {
  for (const [tipo, desde, hasta] of mensajes(b)) {
    if (tipo !== 0x45) continue;
    const campos: Record<string, string> = {};
    for (let i = desde; i < hasta && b[i] !== 0;) {
      const [valor, sigue] = cadena(b, i + 1);
      campos[String.fromCharCode(b[i]!)] = valor;
      i = sigue;
    }
    const e = new M.DatabaseError(campos.M ?? 'Error de la base de datos', hasta - desde + 4, 'error');
    Object.assign(e, {
      severity: campos.S,
      code: campos.C,
      detail: campos.D,
      hint: campos.H,
      position: campos.P,
      internalPosition: campos.p,
      internalQuery: campos.q,
      where: campos.W,
      schema: campos.s,
      table: campos.t,
      column: campos.c,
      dataType: campos.d,
      constraint: campos.n,
      file: campos.F,
      line: campos.L,
      routine: campos.R,
    });
    return e;
  }
  return null;
}

/** The rows and command of an answer (RowDescription, DataRow, CommandComplete), parsed as node-postgres does. */
function leerRespuesta(
  b: Buffer,
  tipos: { getTypeParser(oid: number, formato?: string): Parser },
  enArreglo: boolean,
): Resultado {
  const r: Resultado = { command: '', rowCount: null, rows: [], fields: [] };
  let parsers: Parser[] = [];
  let nombres: string[] = [];
  for (const [tipo, desde] of mensajes(b)) {
    if (tipo === 0x54) {
      r.fields = [];
      for (let k = 0, n = b.readInt16BE(desde), i = desde + 2; k < n; k++) {
        const [name, sigue] = cadena(b, i);
        r.fields.push({ name, dataTypeID: b.readInt32BE(sigue + 6) });
        i = sigue + 18;
      }
      nombres = r.fields.map((f) => f.name);
      parsers = r.fields.map((f) => tipos.getTypeParser(f.dataTypeID, 'text'));
    } else if (tipo === 0x44) {
      const valores: unknown[] = [];
      for (let k = 0, n = b.readInt16BE(desde), i = desde + 2; k < n; k++) {
        const largo = b.readInt32BE(i);
        i += 4;
        if (largo < 0) valores.push(null);
        else {
          valores.push(parsers[k]!(b.toString('utf8', i, i + largo)));
          i += largo;
        }
      }
      if (enArreglo) r.rows.push(valores);
      else {
        const fila: Record<string, unknown> = {};
        for (let k = 0; k < valores.length; k++) fila[nombres[k]!] = valores[k];
        r.rows.push(fila);
      }
    } else if (tipo === 0x43) {
      const partes = cadena(b, desde)[0].split(' ');
      r.command = partes[0] ?? '';
      const n = Number(partes.at(-1));
      r.rowCount = Number.isInteger(n) ? n : null;
    }
  }
  return r;
}

/** Where the answer's `n`-th part (0 the first), each ending in a ReadyForQuery, begins and ends. */
function tramo(b: Buffer, n: number): [desde: number, hasta: number] {
  let desde = 0;
  let k = 0;
  for (const [tipo, , hasta] of mensajes(b)) {
    if (tipo !== 0x5a) continue;
    if (k++ === n) return [desde, hasta];
    desde = hasta;
  }
  return [desde, b.length];
}

function unir(partes: Uint8Array[]): Uint8Array {
  const todo = new Uint8Array(partes.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of partes) {
    todo.set(p, i);
    i += p.length;
  }
  return todo;
}

type Motor = { ejecutar(mensaje: Uint8Array): Promise<Uint8Array>; volcar(): Promise<Uint8Array>; cerrar(): Promise<void> };

/**
 * PGlite in a thread of its own (pglite-hilo.mjs): this thread sends it protocol messages and gets the
 * answer's bytes back, in the order sent. The database works while this thread reads requests and
 * writes answers, and a long statement no longer stops the event loop. If the thread dies, every call
 * waiting and every later one fails with the reason, and `alFallar` is told (the server stops: PGlite
 * recovers from its write-ahead log when it starts again).
 */
function motorEnHilo(dataDir: string | undefined, alFallar: (e: Error) => void, imagen?: Uint8Array): Promise<Motor> {
  const hilo = new Worker(new URL('./pglite-hilo.mjs', import.meta.url), { workerData: { dataDir, imagen } });
  const esperan = new Map<number, { ok: (r: Uint8Array) => void; mal: (e: Error) => void }>();
  let siguiente = 0;
  let caido: Error | null = null;
  let cerrando = false;
  const caer = (e: Error) => {
    if (caido) return;
    caido = e;
    for (const { mal } of esperan.values()) mal(e);
    esperan.clear();
    if (!cerrando) alFallar(e);
  };
  const pedir = (datos: object) =>
    new Promise<Uint8Array>((ok, mal) => {
      if (caido) return mal(caido);
      const id = siguiente++;
      esperan.set(id, { ok, mal });
      hilo.postMessage({ ...datos, id });
    });
  const motor: Motor = {
    ejecutar: (mensaje) => pedir({ mensaje }),
    volcar: () => pedir({ volcar: true }),
    cerrar: async () => {
      cerrando = true;
      await pedir({ cerrar: true }).catch(() => undefined);
      await hilo.terminate();
    },
  };
  return new Promise((listo, fallo) => {
    hilo.on('message', (m: { listo?: true; id?: number; r?: Uint8Array; error?: string }) => {
      if (m.listo) return listo(motor);
      const e = esperan.get(m.id!);
      esperan.delete(m.id!);
      if (m.error !== undefined) e?.mal(new Error(m.error));
      else e?.ok(m.r ?? new Uint8Array(0));
    });
    hilo.on('error', (e) => {
      fallo(e);
      caer(new Error(`La base de datos (PGlite) se detuvo: ${e.message}`, { cause: e }));
    });
    hilo.on('exit', (codigo) => {
      const e = new Error(
        cerrando ? 'La base de datos (PGlite) está cerrada.' : `La base de datos (PGlite) se detuvo (código ${codigo}).`,
      );
      fallo(e);
      caer(e);
    });
  });
}

/**
 * PGlite spoken to as node-postgres speaks to a server: one call into PGlite per statement (parse,
 * bind, describe, execute and sync in one message, the parameters as text that PostgreSQL types from
 * the statement) and node-postgres's parsing of the rows. PGlite's own `query` makes six calls per
 * statement (it first asks the parameters' types), and with Drizzle's parsers it copied its whole
 * table of parsers on every statement: 55 + 150 µs against 18 µs. Both engines now get the same
 * parameters and answer the same JavaScript values.
 */
class ClientePglite implements ClienteTx {
  readonly llevaInicio = false;
  private readonly sentencias = new Sentencias();
  /** The named statements PGlite holds, or has been sent. */
  private readonly preparadas = new Set<string>();
  constructor(private readonly db: Motor) {}

  /** One statement in one exchange with PGlite's thread, with the parsing of a named statement the first time it runs. */
  async query(consulta: Consulta, valores: unknown[] = []): Promise<Resultado> {
    const text = typeof consulta === 'string' ? consulta : consulta.text;
    const { nombre, rodeada } = this.sentencias.para(text);
    const parsear = nombre === undefined || !this.preparadas.has(nombre);
    const mensaje = unir([
      ...(rodeada ? [s.query(CADA_VEZ)] : []),
      // Closing a statement PGlite does not hold is no error: a name whose state is unknown (its last
      // parsing failed, or what came after it) is closed before it is parsed again.
      ...(nombre !== undefined && parsear ? [s.close({ type: 'S', name: nombre })] : []),
      ...(parsear ? [s.parse({ text, ...(nombre === undefined ? {} : { name: nombre }) })] : []),
      s.bind({ statement: nombre ?? '', values: valores.map((v) => prepareValue(v)) }),
      s.describe({ type: 'P' }),
      s.execute({}),
      s.sync(),
      ...(rodeada ? [s.query(COMO_ANTES)] : []),
    ]);
    if (nombre !== undefined) this.preparadas.add(nombre);
    let respuesta: Buffer;
    try {
      respuesta = await this.enviar(mensaje);
    } catch (e) {
      // Parsed or not (a mistake in it, an aborted transaction, a value refused): its next run closes
      // and parses it again.
      if (nombre !== undefined && parsear) this.preparadas.delete(nombre);
      throw e;
    }
    const tipos = typeof consulta === 'string' ? undefined : consulta.types;
    // Around a statement planned for its values, its answer is the second of three (each ends in ReadyForQuery).
    const propia = rodeada ? respuesta.subarray(...tramo(respuesta, 1)) : respuesta;
    return leerRespuesta(propia, tipos ?? pg.types, typeof consulta !== 'string' && consulta.rowMode === 'array');
  }

  /** Statements without parameters, several at once (migrations, the transaction's start). */
  async simple(sql: string): Promise<void> {
    await this.enviar(s.query(sql));
  }

  /**
   * PGlite's answer as the bytes PostgreSQL wrote; an error it reported is thrown. Sent at once: the
   * database thread answers messages in the order they were sent (statements sent together with
   * Promise.all run one after the other, as node-postgres queues them).
   */
  private async enviar(mensaje: Uint8Array): Promise<Buffer> {
    const r = await this.db.ejecutar(mensaje);
    const b = Buffer.from(r.buffer, r.byteOffset, r.byteLength);
    const error = errorEn(b);
    if (error) throw error;
    return b;
  }
}

/**
 * One transaction at a time: PGlite is a single connection. A turn ends when its transaction has sent
 * its COMMIT or ROLLBACK (`soltar`), or failed before.
 */
function fila() {
  let cola: Promise<unknown> = Promise.resolve();
  return <T>(fn: (soltar: () => void) => Promise<T>): Promise<T> => {
    let soltar!: () => void;
    const suelto = new Promise<void>((r) => (soltar = r));
    const turno = cola.then(() => fn(soltar));
    cola = Promise.race([suelto, turno.catch(() => undefined)]);
    return turno;
  };
}

/** PGlite's database, which can also be dumped whole (the tests start each app from one dump). */
export type DatabasePglite = Database & { volcar(): Promise<Uint8Array> };

/** `imagen`: a data directory `volcar` dumped, to start from instead of an empty cluster. */
export async function openPglite(
  dataDir?: string,
  alFallar: (e: Error) => void = () => undefined,
  imagen?: Uint8Array,
): Promise<DatabasePglite> {
  const db = await motorEnHilo(dataDir, alFallar, imagen);
  const c = new ClientePglite(db);
  await c.simple(`set ${PLANES}`);
  const enFila = fila();
  return {
    kind: 'pglite',
    tenant: (idEmpresa, fn, opciones) => {
      const prelude = tenantPrelude(idEmpresa);
      return enFila((soltar) => enTransaccion(c, prelude, (tx) => fn(tx), soltar, comienzo(opciones)));
    },
    system: (fn) => enFila((soltar) => enTransaccion(c, [], fn, soltar)),
    exec: (sql) => enFila(() => c.simple(sql)),
    close: () => enFila(() => db.cerrar()),
    volcar: () => enFila(() => db.volcar()),
  };
}

/** The parts of node-postgres's Query and Connection (pg/lib/query.js) that ConsultaPg uses; its types leave them out. */
type ConexionPg = {
  parse(q: { text: string; name?: string; types?: unknown }): void;
  bind(q: object): void;
  describe(q: { type: 'P'; name: string }): void;
  execute(q: object): void;
  close(q: { type: 'S'; name: string }): void;
  sync(): void;
};
type QueryPg = {
  values?: unknown[];
  prepare(connection: ConexionPg): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: ConexionPg): void;
  handleError(e: unknown, connection: ConexionPg): void;
};
type Respuesta = (e: Error | null, r: Resultado) => void;
const QueryBase = pg.Query as unknown as new (config: object, values: unknown[] | undefined, callback: Respuesta) => QueryPg;

/**
 * A statement as this application sends it to PostgreSQL through node-postgres: node-postgres's Query
 * (its rows, types and errors) with messages of our own, all written at once before its one Sync.
 * `antes`: statements without parameters parsed, bound and executed ahead of it: the transaction's start
 * when it is its transaction's first (BEGIN, the company, the role: one round trip instead of two), and
 * the plans set to be made for its values when it is a named statement marked POR_VALORES. `despues`:
 * the plans set back after it. Their answers are not the statement's. If one failed, PostgreSQL skips the
 * rest up to the Sync and the statement fails with that error.
 *
 * Named statements are kept track of here, per connection (node-postgres sees no name): one whose
 * state is unknown (never parsed on this connection, or its last exchange failed) is closed, which is no
 * error when PostgreSQL does not hold it, and parsed again.
 */
class ConsultaPg extends QueryBase {
  private pendientes: number;
  /** Whether the statement's own CommandComplete came: the answers of `despues` follow it. */
  private completa = false;
  constructor(
    config: { text: string },
    values: unknown[] | undefined,
    private readonly nombre: string | undefined,
    private readonly preparadas: Set<string>,
    private readonly antes: readonly string[],
    private readonly despues: readonly string[],
    callback: Respuesta,
  ) {
    super({ ...config, queryMode: 'extended' }, values, callback);
    this.pendientes = antes.length;
  }
  /** Whether this exchange parses the named statement: if it fails, the name's state is unknown. */
  private parsea = false;
  override handleError(e: unknown, connection: ConexionPg) {
    if (this.parsea && this.nombre !== undefined) this.preparadas.delete(this.nombre);
    super.handleError(e, connection);
  }
  override prepare(connection: ConexionPg) {
    const { text } = this as unknown as { text: string };
    const { nombre, preparadas } = this;
    let valores: unknown[];
    try {
      valores = (this.values ?? []).map((v) => prepareValue(v));
    } catch (e) {
      connection.sync();
      this.handleError(e, connection);
      return;
    }
    const sinParametros = (t: string) => {
      connection.parse({ text: t });
      connection.bind({});
      connection.execute({});
    };
    this.antes.forEach(sinParametros);
    if (nombre === undefined) connection.parse({ text });
    else if (!preparadas.has(nombre)) {
      connection.close({ type: 'S', name: nombre });
      connection.parse({ text, name: nombre });
      preparadas.add(nombre);
      this.parsea = true;
    }
    connection.bind({ statement: nombre ?? '', values: valores });
    connection.describe({ type: 'P', name: '' });
    connection.execute({});
    this.despues.forEach(sinParametros);
    connection.sync();
  }
  override handleDataRow(msg: unknown) {
    if (this.pendientes === 0 && !this.completa) super.handleDataRow(msg);
  }
  override handleCommandComplete(msg: unknown, connection: ConexionPg) {
    if (this.pendientes > 0) this.pendientes--;
    else if (!this.completa) {
      this.completa = true;
      super.handleCommandComplete(msg, connection);
    }
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_MAX ?? 10),
    options: `-c ${PLANES.replace(/ /g, '')}`,
  });
  pool.on('error', () => undefined);
  const sentencias = new Sentencias();
  const preparadasPor = new WeakMap<pg.PoolClient, Set<string>>();
  async function inTx<T>(
    prelude: readonly string[],
    fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>,
    begin = 'begin',
  ): Promise<T> {
    const client = await pool.connect();
    try {
      let preparadas = preparadasPor.get(client);
      if (!preparadas) preparadasPor.set(client, (preparadas = new Set()));
      const enConexion = preparadas;
      // A transaction's statements go to the connection one after another, each once the one before it
      // has answered, even when the code asks for several at once (Promise.all): node-postgres queues
      // them too, but that use of its queue is deprecated (a warning now, an error in pg 9).
      let cola: Promise<unknown> = Promise.resolve();
      const enOrden = <R>(enviar: () => Promise<R>): Promise<R> => {
        const r = cola.then(enviar);
        cola = r.catch(() => undefined);
        return r;
      };
      const c: ClienteTx = {
        llevaInicio: true,
        query: (q, v, inicio) => {
          const config = typeof q === 'string' ? { text: q } : { ...q };
          const { nombre, rodeada } = sentencias.para(config.text);
          const antes = [...(inicio ?? []), ...(rodeada ? [CADA_VEZ] : [])];
          const despues = rodeada ? [COMO_ANTES] : [];
          return enOrden(
            () =>
              new Promise<Resultado>((ok, mal) => {
                const consulta = new ConsultaPg(config, v, nombre, enConexion, antes, despues, (e, r) => (e ? mal(e) : ok(r)));
                client.query(consulta as unknown as pg.Submittable);
              }),
          );
        },
        simple: (sql) => enOrden(async () => void (await client.query(sql))),
      };
      return await enTransaccion(c, prelude, fn, undefined, begin);
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    tenant: (idEmpresa, fn, opciones) => inTx(tenantPrelude(idEmpresa), fn, comienzo(opciones)),
    system: (fn) => inTx([], fn),
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir?: string;
  alFallar?: (e: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.alFallar);
}
