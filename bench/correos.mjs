// Benchmark of the outbox (platform/mail/mailer.ts, issue 27): BENCH_N e-mails (default 10,000) queued
// in correo_salida while the server is stopped, then sent by the built server to a local SMTP sink
// (apps/api/src/test/smtp-sink.ts, in a child process). Per round it prints the throughput (first to last
// message received), the server's peak resident memory while sending against its idle memory afterwards,
// and GetUsuario's p95 (1 connection) while the messages go out against its p95 alone right after, on the
// same server: the floor of the same run. Target: GetUsuario's p95 while sending ≤ 2× the floor (median
// of the rounds). PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own).
// Run: npm run bench:correos
import { execSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 10_000);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OBJETIVO_RAZON = 2;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mediana = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

if (!process.env.BENCH_SIN_BUILD) execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-correos', port: Number(process.env.BENCH_PORT ?? 3217) });

const sink = fork(new URL('./correos-sink.mjs', import.meta.url), { execArgv: ['--import', 'tsx'] });
let estado = { n: 0, primero: 0, ultimo: 0 };
const smtpUrl = await new Promise((r) =>
  sink.on('message', (m) => {
    if (m.url) r(m.url);
    else estado = m;
  }),
);

/** GetUsuario on one connection until `hasta()` says stop (or for SECONDS); answers its latencies. */
async function getUsuario(headers, hasta) {
  const lat = [];
  const inst = autocannon({
    url: b.base,
    connections: 1,
    duration: hasta ? 3600 : SECONDS,
    headers,
    requests: [{ method: 'GET', path: '/api/Usuarios/GetUsuario' }],
  });
  inst.on('response', (_c, _s, _b, t) => lat.push(t));
  let vigilante = null;
  if (hasta) vigilante = setInterval(() => hasta() && inst.stop(), 50);
  const r = await inst;
  clearInterval(vigilante);
  if (r.errors + r.non2xx > 0) throw new Error(`GetUsuario: ${r.errors} errores, ${r.non2xx} respuestas no 2xx`);
  return lat.sort((x, y) => x - y);
}

const filas = [];
let server = b.arrancar({ SMTP_URL: smtpUrl });
try {
  await b.esperar();
  console.log(
    `engine=${b.engine}, ${RONDAS} rondas de ${N.toLocaleString('en-US')} correos en cola; GetUsuario a 1 conexión; carga ${carga()}`,
  );
  for (let ronda = 1; ronda <= RONDAS; ronda++) {
    await server.detener();
    // Each message is the size of a notice: a subject, a text part and an HTML part of about 1 KB.
    await b.ejecutar(`insert into correo_salida (id_empresa, para, asunto, texto, html, origen)
      select 1, 'cliente' || g || '@ejemplo.co', 'Nueva cita asignada ' || g,
             repeat('Texto del aviso de la cita. ', 20), '<p>' || repeat('Texto del aviso de la cita. ', 20) || '</p>', 'bench'
      from generate_series(1, ${N}) g`);
    const meta = estado.n + N;
    sink.send('reiniciar');
    server = b.arrancar({ SMTP_URL: smtpUrl });
    await b.esperar();
    const headers = await b.login();
    const inicio = rssMb(server.pid);
    let pico = inicio;
    const muestras = setInterval(() => (pico = Math.max(pico, rssMb(server.pid))), 100);
    const durante = await getUsuario(headers, () => estado.n >= meta);
    clearInterval(muestras);
    const reposo = rssMb(server.pid);
    const solo = await getUsuario(headers, null);
    const segundos = (estado.ultimo - estado.primero) / 1000;
    const fila = {
      ronda,
      porSegundo: N / segundos,
      segundos,
      pico,
      reposo,
      p95Durante: pct(durante, 95),
      p95Solo: pct(solo, 95),
      n: durante.length,
    };
    fila.razon = fila.p95Durante / fila.p95Solo;
    filas.push(fila);
    console.log(
      `ronda ${ronda}: ${N} enviados en ${segundos.toFixed(1)} s (${fila.porSegundo.toFixed(0)} correos/s); ` +
        `RSS al arrancar ${inicio.toFixed(0)} MB, pico ${pico.toFixed(0)} MB, en reposo después ${reposo.toFixed(0)} MB; ` +
        `GetUsuario p95 ${fila.p95Durante.toFixed(1)} ms enviando (${fila.n} peticiones) / ${fila.p95Solo.toFixed(1)} ms solo = ${fila.razon.toFixed(2)}×`,
    );
  }
  const razon = mediana(filas.map((f) => f.razon));
  console.log(
    `medianas: ${mediana(filas.map((f) => f.porSegundo)).toFixed(0)} correos/s, RSS pico ${mediana(filas.map((f) => f.pico)).toFixed(0)} MB, ` +
      `GetUsuario p95 ${mediana(filas.map((f) => f.p95Durante)).toFixed(1)} / ${mediana(filas.map((f) => f.p95Solo)).toFixed(1)} ms, ` +
      `razón ${razon.toFixed(2)}× (objetivo ≤ ${OBJETIVO_RAZON}×); carga al terminar ${carga()}`,
  );
  process.exitCode = razon <= OBJETIVO_RAZON ? 0 : 1;
} finally {
  await server.detener();
  sink.kill();
  await b.limpiar();
}
