// Load benchmark of the inmuebles-disponibles search (issue 4 §3): seeds 100,000 properties in company 1
// and 10,000 in company 2 with generate_series, starts the built server, and drives the search with
// realistic filter mixes at 16 connections. p95 comes from every recorded response time. Three parts:
// the page (GET /api/inmuebles, a page of 20: the target), the count asked beside it
// (GET /api/inmuebles/conteo), and a user's session: for each filter the first page, its count and the
// second page, in that order, all mixes together.
// PGlite by default; PostgreSQL when DATABASE_URL is set: like the API tests, a database is created
// beside DATABASE_URL's for the run and dropped at the end, so a shared database is left alone.
// After seeding, `vacuum analyze` (what autovacuum does on PostgreSQL; PGlite has no autovacuum).
// BENCH_KEEP=1 keeps the seeded database (PostgreSQL) to look at plans afterwards; it prints its name.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';
import { seedSql } from './semilla-inmuebles.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3210);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 16;
const N1 = Number(process.env.BENCH_N1 ?? 100_000);
const N2 = Number(process.env.BENCH_N2 ?? 10_000);
if (process.env.BENCH_SQL_ONLY) {
  // Prints the seed SQL (to look at plans by hand) and stops.
  console.log(seedSql(1, N1) + seedSql(2, N2) + 'vacuum analyze inmueble;');
  process.exit(0);
}

// The bundle must carry migration 0040: build every time (a few seconds).
execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-inm', port: PORT });
const { base, engine } = b;

async function sembrar() {
  const [r] = await b.ejecutar(seedSql(1, N1) + seedSql(2, N2), [
    'vacuum analyze inmueble',
    `select (select id from municipios where id_empresa = 1 order by id limit 1) as municipio,
            (select id from zonas where id_empresa = 1 order by id limit 1) as zona`,
  ]);
  return { municipio: r.municipio, zona: r.zona };
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function medir(nombre, paths, headers) {
  const lat = [];
  const inst = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  inst.on('response', (_c, _s, _b, t) => lat.push(t));
  const r = await inst;
  lat.sort((a, b) => a - b);
  if (lat.length === 0) lat.push(NaN);
  console.log(
    nombre.padEnd(26),
    String(Math.round(r.requests.average)).padStart(7),
    pct(lat, 50).toFixed(1).padStart(8),
    pct(lat, 95).toFixed(1).padStart(8),
    pct(lat, 99).toFixed(1).padStart(8),
    String(r.errors + r.non2xx).padStart(7),
  );
}

let server = b.arrancar();
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  const ref = await sembrar();
  console.log(`seed: ${N1} + ${N2} inmuebles en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const mezclas = {
    'sin filtros': ['/api/inmuebles'],
    'arriendo+municipio+hab': [`/api/inmuebles?gestion=arriendo&municipio=${ref.municipio}&habitaciones=2&precioMax=3000000`],
    'venta+tipos+precio+area': [
      '/api/inmuebles?gestion=venta&tipo=casa,apartamento&precioMin=200000000&precioMax=600000000&areaMin=80',
    ],
    'arriendo+estrato+baños': ['/api/inmuebles?gestion=arriendo&tipo=apartamento&estrato=4,5&banos=2&parqueaderos=1'],
    'zona+orden por precio': [`/api/inmuebles?gestion=arriendo&zona=${ref.zona}&sort=precio&order=asc`],
    'texto (q)': ['/api/inmuebles?q=piscina&gestion=venta', '/api/inmuebles?q=esquinera%20garaje'],
  };
  // The machine may be shared: the load average says how far to trust the figures.
  const carga = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(`engine=${engine} connections=${CONNECTIONS} duration=${SECONDS}s por mezcla, página de 20, carga ${carga()}`);
  console.log(
    'mezcla'.padEnd(26),
    'req/s'.padStart(7),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errores'.padStart(7),
  );
  const conteo = (path) => path.replace('/api/inmuebles', '/api/inmuebles/conteo');
  const pagina2 = (path) => `${path}${path.includes('?') ? '&' : '?'}page=2`;
  // The floor: an authenticated call that does next to nothing (token, session, tenant transaction).
  await medir('piso: GetUsuario', ['/api/Usuarios/GetUsuario'], headers);
  console.log(`— la página (GET /api/inmuebles): objetivo p95 ≤ ${engine === 'postgres' ? 20 : 40} ms`);
  for (const [nombre, paths] of Object.entries(mezclas)) await medir(nombre, paths, headers);
  await medir('todas mezcladas', Object.values(mezclas).flat(), headers);
  console.log('— el conteo (GET /api/inmuebles/conteo), una vez por filtro');
  for (const [nombre, paths] of Object.entries(mezclas)) await medir(nombre, paths.map(conteo), headers);
  await medir('todas mezcladas', Object.values(mezclas).flat().map(conteo), headers);
  console.log('— la sesión: por filtro, página 1, su conteo y página 2');
  await medir(
    'página, conteo, página 2',
    Object.values(mezclas)
      .flat()
      .flatMap((p) => [p, conteo(p), pagina2(p)]),
    headers,
  );
  console.log(`carga al terminar ${carga()}`);
} finally {
  await server.detener();
  await b.limpiar();
}
