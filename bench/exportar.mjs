// Issue 35 §8: a 20,000-row export must not hold the database. Seeds company 1 with properties until
// about 20,000 are disponible (the search's default), starts the built server, and measures GetUsuario's
// p95 on one connection alone, then while the property export (Excel) runs again and again on another,
// in BENCH_RONDAS rounds (default 3) of BENCH_SECONDS (default 10). Target: within 2× of the floor.
// PGlite by default; PostgreSQL when DATABASE_URL is set (a database beside it, dropped at the end).
// Figures and what they mean: docs/benchmarks/exportar.md.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';
import { seedSql } from './semilla-inmuebles.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const N = Number(process.env.BENCH_N ?? 39_990);
const FORMATO = process.env.BENCH_FORMATO ?? 'xlsx';
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mediana = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-exportar', port: Number(process.env.BENCH_PORT ?? 3217) });

async function getUsuario(headers) {
  const lat = [];
  const inst = autocannon({
    url: b.base,
    connections: 1,
    duration: SECONDS,
    headers,
    requests: [{ method: 'GET', path: '/api/Usuarios/GetUsuario' }],
  });
  inst.on('response', (_c, _s, _b, t) => lat.push(t));
  const r = await inst;
  lat.sort((x, y) => x - y);
  return { n: lat.length, p50: pct(lat, 50), p95: pct(lat, 95), errores: r.errors + r.non2xx };
}

let server = b.arrancar();
let fallo = false;
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  const [r] = await b.ejecutar(seedSql(1, N), [
    'vacuum analyze',
    `select count(*)::int as n from inmueble where id_empresa = 1 and estado = 'disponible'`,
  ]);
  console.log(`seed: ${N} inmuebles (${r.n} disponibles) en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const exportar = async () => {
    const t = performance.now();
    const res = await fetch(`${b.base}/api/inmuebles/exportar?formato=${FORMATO}`, { headers });
    const cuerpo = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`exportar: ${res.status} ${cuerpo.toString().slice(0, 300)}`);
    return { ms: performance.now() - t, bytes: cuerpo.length };
  };
  const primera = await exportar();
  console.log(
    `engine=${b.engine}, exportación ${FORMATO} de ${r.n} filas: ${(primera.bytes / 1024).toFixed(0)} KiB, ${primera.ms.toFixed(0)} ms (la primera), carga ${carga()}`,
  );
  console.log(
    'ronda',
    'solo p95'.padStart(9),
    'con exportación p95'.padStart(20),
    'p50'.padStart(7),
    'razón'.padStart(7),
    'exportaciones (ms)',
  );
  const razones = [];
  for (let ronda = 1; ronda <= RONDAS; ronda++) {
    const solo = await getUsuario(headers);
    let seguir = true;
    const tiempos = [];
    const bucle = (async () => {
      while (seguir) tiempos.push((await exportar()).ms);
    })();
    const con = await getUsuario(headers);
    seguir = false;
    await bucle;
    const razon = con.p95 / solo.p95;
    razones.push(razon);
    console.log(
      String(ronda).padEnd(5),
      solo.p95.toFixed(1).padStart(9),
      con.p95.toFixed(1).padStart(20),
      con.p50.toFixed(1).padStart(7),
      razon.toFixed(2).padStart(7),
      tiempos.map((x) => x.toFixed(0)).join(' '),
      solo.errores + con.errores ? `errores ${solo.errores + con.errores}` : '',
    );
  }
  const m = mediana(razones);
  fallo = m > 2;
  console.log(`mediana de la razón: ${m.toFixed(2)}× (objetivo ≤ 2×)${fallo ? ' — NO CUMPLE' : ''}; carga ${carga()}`);
} finally {
  await server.detener();
  await b.limpiar();
}
process.exit(fallo ? 1 : 0);
