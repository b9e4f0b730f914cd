import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

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

export async function openPglite(dataDir?: string): Promise<Database> {
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm, unaccent } });
  const wrap = (t: unknown) => drizzlePglite(t as PGlite) as unknown as Tx;
  return {
    kind: 'pglite',
    tenant: (idEmpresa, fn) =>
      client.transaction(async (t) => {
        await t.exec(tenantPrelude(idEmpresa));
        return fn(wrap(t));
      }),
    system: (fn) =>
      client.transaction(async (t) =>
        fn(wrap(t), async (sql) => {
          await t.exec(sql);
        }),
      ),
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_MAX ?? 10) });
  pool.on('error', () => undefined);
  async function inTx<T>(prelude: string, fn: (tx: Tx, exec: (sql: string) => Promise<void>) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query(`begin; ${prelude}`);
      const result = await fn(drizzlePg(client) as unknown as Tx, async (sql) => {
        await client.query(sql);
      });
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
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
