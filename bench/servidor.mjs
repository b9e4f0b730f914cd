// What the data benchmarks share: a fresh database (PGlite in a temporary data dir, or a PostgreSQL
// database created beside DATABASE_URL's and dropped at the end), the built server started on it,
// and SQL run straight into that database while the server is stopped.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @param {{ prefijo: string, port: number }} o */
export async function prepararBase({ prefijo, port }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `predio-${prefijo}-`));
  const pg = process.env.DATABASE_URL ? (await import('pg')).default : null;
  // BENCH_DB names it (a shared server may reserve names per user).
  const dbName = process.env.BENCH_DB ?? `predio_${prefijo.replace(/-/g, '_')}_${process.pid}`;
  const admin = async (sqlText) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(sqlText);
    await c.end();
  };
  let dbUrl = null;
  if (pg) {
    await admin(`create database ${dbName}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }

  /**
   * Starts the built server; `env` adds settings. Its pid lets a benchmark watch its memory. It runs as
   * in production: outside it, every answer is also checked against its contract, which is not what a
   * user's server spends.
   */
  function arrancar(env = {}) {
    // BENCH_PROF=<folder>: the server writes a V8 CPU profile there when it stops (open it in DevTools).
    const perfil = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
    const p = spawn('node', [...perfil, 'apps/api/dist/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...env,
        ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const salida = new Promise((r) => p.on('exit', r));
    return { pid: p.pid, detener: async () => (p.kill(), await salida) };
  }

  async function esperar() {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error('el servidor no arrancó');
      if (
        await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  /** Runs sqlText, then each of `despues` (vacuum, queries); returns the rows of the last one. Server stopped. */
  async function ejecutar(sqlText, despues = []) {
    let filas = [];
    if (dbUrl) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      await c.query(sqlText);
      for (const s of despues) filas = (await c.query(s)).rows;
      // Write the load's dirty pages now rather than during the first measurements (needs a superuser).
      await c.query('checkpoint').catch(() => undefined);
      await c.end();
      return filas;
    }
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm, unaccent } });
    await db.exec(sqlText);
    for (const s of despues) filas = (await db.query(s)).rows;
    await db.close();
    return filas;
  }

  async function login() {
    const r = await fetch(`${base}/api/usuarios/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idEmpresa: 1, usuario: 'admin', clave: 'demo1234' }),
    }).then((x) => x.json());
    return { authorization: `Bearer ${r.token}` };
  }

  async function limpiar() {
    rmSync(dataDir, { recursive: true, force: true });
    if (pg && process.env.BENCH_KEEP) console.log(`base conservada: ${dbUrl}`);
    else if (pg) await admin(`drop database if exists ${dbName} with (force)`);
  }

  return { base, engine: pg ? 'postgres' : 'pglite', arrancar, esperar, ejecutar, login, limpiar };
}
