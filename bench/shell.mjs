// Load benchmark of the shell's hot endpoints (every page load calls them):
// starts the built server on a fresh data dir, logs in, and drives each endpoint with
// autocannon at 16 connections. Runs RUNS times and prints medians. On PostgreSQL when DATABASE_URL is set.
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 3200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 16;
const base = `http://127.0.0.1:${PORT}`;

if (!existsSync('apps/api/dist/main.js')) execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'predio-bench-'));
const server = spawn('node', ['apps/api/dist/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('el servidor no arrancó');
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/api/usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idEmpresa: 1, usuario: 'admin', clave: 'demo1234' }),
  }).then((r) => r.json());
  const headers = { authorization: `Bearer ${login.token}` };
  const endpoints = [
    '/api/Usuarios/GetUsuario',
    '/api/Empresa/GetEmpresa',
    '/api/notificaciones/Consultar_config',
    '/api/health',
  ];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `engine=${process.env.DATABASE_URL ? 'postgres' : 'pglite'} connections=${CONNECTIONS} duration=${SECONDS}s runs=${RUNS}`,
  );
  console.log(
    'endpoint'.padEnd(40),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p97.5 ms'.padStart(9),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  for (const url of endpoints) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await autocannon({ url: base + url, connections: CONNECTIONS, duration: SECONDS, headers });
      runs.push(r);
    }
    const errors = runs.reduce((n, r) => n + r.errors + r.non2xx, 0);
    console.log(
      url.padEnd(40),
      String(Math.round(median(runs.map((r) => r.requests.average)))).padStart(9),
      String(median(runs.map((r) => r.latency.p50))).padStart(8),
      String(median(runs.map((r) => r.latency.p97_5))).padStart(9),
      String(median(runs.map((r) => r.latency.p99))).padStart(8),
      String(errors).padStart(7),
    );
  }
} finally {
  stop();
}
