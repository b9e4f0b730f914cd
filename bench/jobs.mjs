// Benchmark of the background jobs (platform/jobs, docs/jobs.md): enqueues N no-op jobs (default 10,000)
// in company transactions of 100, as requests do, then runs them with one runner, and prints jobs/s for
// each phase and for the whole. PGlite always (for information); PostgreSQL too when DATABASE_URL is set
// (a database of its own, dropped at the end), where the target is ≥ 500 jobs/s.
// Run: npm run bench:jobs  (node --import tsx: it loads the API's TypeScript directly).
import { loadavg } from 'node:os';
import pg from 'pg';
import { openPglite, openPostgres } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { encolar, Trabajos } from '../apps/api/src/platform/jobs/trabajos.ts';

const N = Number(process.env.BENCH_N ?? 10_000);
const POR_TX = 100;
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);

const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function medir(nombre, db) {
  await migrate(db);
  await seedDemo(db);
  let hechos = 0;
  const r = new Trabajos(db, { concurrencia: CONCURRENCIA, intervaloMs: 60_000 }).definir({
    tipo: 'bench.nada',
    manejar: async () => void hechos++,
  });
  const t0 = performance.now();
  for (let i = 0; i < N; i += POR_TX)
    await db.tenant(1, async (tx) => {
      for (let k = i; k < Math.min(N, i + POR_TX); k++) await encolar(tx, { tipo: 'bench.nada', datos: { k } });
    });
  const t1 = performance.now();
  while (hechos < N) await r.vuelta();
  const t2 = performance.now();
  const s = (ms) => ms / 1000;
  const fila = (fase, ms) =>
    console.log(
      `${nombre.padEnd(12)} ${fase.padEnd(18)} ${s(ms).toFixed(2).padStart(7)} s ${Math.round(N / s(ms))
        .toLocaleString('en-US')
        .padStart(8)} jobs/s`,
    );
  fila('encolar', t1 - t0);
  fila('ejecutar', t2 - t1);
  fila('encolar+ejecutar', t2 - t0);
  await db.close();
}

console.log(
  `${N.toLocaleString('en-US')} jobs sin trabajo, ${POR_TX} por transacción al encolar, runner con concurrencia ${CONCURRENCIA}; carga ${carga()}`,
);
await medir('PGlite', await openPglite());
if (process.env.DATABASE_URL) {
  const nombre = `predio_bench_jobs_${process.pid}`;
  const admin = async (texto) => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(texto);
    await c.end();
  };
  await admin(`create database ${nombre}`);
  try {
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${nombre}`;
    await medir('PostgreSQL', await openPostgres(u.toString()));
  } finally {
    await admin(`drop database if exists ${nombre} with (force)`);
  }
}
console.log(`carga al terminar ${carga()}`);
