// Benchmark of the agenda's week view (issue 25): seeds N citas (default 50,000) over two years in
// company 1, each with one of its asesores, starts the built server and measures, at 16 connections,
// GET /api/citas for a week (all asesores, and one asesor) against GetUsuario's p95 in the same run
// (the floor: absolute times on a shared machine vary 2–3× from hour to hour). Target: week p95 ≤ 3×
// the floor. PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own).
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 50_000);
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

// Citas from a year back to a year ahead, on working hours, 30 to 120 minutes, spread over the asesores.
const seedSql = `
insert into cita (id_empresa, titulo, id_categoria, inicio, fin, estado, creado_por)
select 1, 'Cita ' || g, (select id from categorias_agenda where id_empresa = 1 order by id limit 1 offset (g % 7)),
       i, i + ((30 + (g % 4) * 30) || ' minutes')::interval, 'programada', 'bench'
from (
  select g, (date_trunc('day', now()) - interval '365 days' + ((g * 7919) % 730) * interval '1 day'
             + (13 + g % 10) * interval '1 hour') as i
  from generate_series(1, ${N}) g
) x;
insert into cita_asesor (id_empresa, id_cita, id_usuario)
select 1, c.id, u.ids[1 + c.id % array_length(u.ids, 1)]
from cita c, (select array_agg(id order by id) as ids from usuarios where id_empresa = 1 and activo) u
where c.id_empresa = 1;`;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-agenda', port: Number(process.env.BENCH_PORT ?? 3213) });

async function medir(nombre, paths, headers) {
  const lat = [];
  const inst = autocannon({
    url: b.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  inst.on('response', (_c, _s, _b, t) => lat.push(t));
  const r = await inst;
  lat.sort((x, y) => x - y);
  const p95 = pct(lat, 95);
  console.log(
    nombre.padEnd(28),
    String(Math.round(r.requests.average)).padStart(7),
    pct(lat, 50).toFixed(1).padStart(8),
    p95.toFixed(1).padStart(8),
    String(r.errors + r.non2xx).padStart(7),
  );
  return p95;
}

let server = b.arrancar();
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  await b.ejecutar(seedSql, ['vacuum analyze cita', 'vacuum analyze cita_asesor']);
  console.log(`seed: ${N} citas en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const lunes = new Date();
  lunes.setUTCHours(5, 0, 0, 0);
  lunes.setUTCDate(lunes.getUTCDate() - ((lunes.getUTCDay() + 6) % 7));
  const semana = (n) => {
    const d = new Date(lunes.getTime() + n * 7 * 86_400_000);
    return `desde=${d.toISOString()}&hasta=${new Date(d.getTime() + 7 * 86_400_000).toISOString()}`;
  };
  const prueba = await (await fetch(`${b.base}/api/citas?${semana(0)}`, { headers })).json();
  const carga = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `engine=${b.engine} connections=${CONNECTIONS} duration=${SECONDS}s, ${prueba.data.length} citas en la semana, carga ${carga()}`,
  );
  console.log('petición'.padEnd(28), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'errores'.padStart(7));
  const piso = await medir('piso: GetUsuario', ['/api/Usuarios/GetUsuario'], headers);
  const semanas = [-2, -1, 0, 1, 2].map((n) => `/api/citas?${semana(n)}`);
  const todos = await medir('semana, todos los asesores', semanas, headers);
  const uno = await medir(
    'semana, un asesor',
    semanas.map((p) => `${p}&asesores=1`),
    headers,
  );
  // The same weeks while someone changes a cita every second: each change bumps the agenda's version,
  // so the next read of every week is built again from the database (docs/agenda.md).
  const cambiada = prueba.data[0].id;
  let n = 0;
  const escritor = setInterval(() => {
    void fetch(`${b.base}/api/citas/${cambiada}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ titulo: `Cita cambiada ${++n}`, confirmar: true }),
    });
  }, 1000);
  const conCambios = await medir('semana, un cambio por s', semanas, headers);
  clearInterval(escritor);
  console.log(
    `semana/piso p95: todos ${(todos / piso).toFixed(2)}×, un asesor ${(uno / piso).toFixed(2)}×, ` +
      `con un cambio por segundo ${(conCambios / piso).toFixed(2)}× (objetivo ≤ 3×)`,
  );
  console.log(`carga al terminar ${carga()}`);
} finally {
  await server.detener();
  await b.limpiar();
}
