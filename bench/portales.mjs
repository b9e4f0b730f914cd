// Benchmark of the portal synchroniser (issue 34, docs/portales.md): BENCH_N properties (default 10,000)
// marked «Publicar en Wasi» are written with their sync jobs while the server is stopped, then the built
// server publishes them through its real jobs (portales.sincronizar) to a fake Wasi in a child process.
// It prints jobs/s (first to last listing received by the fake) and GetUsuario's p95 (1 connection) while
// publishing against its p95 alone right after, on the same server. Target: ≤ 2×. PGlite by default;
// PostgreSQL when DATABASE_URL is set (a database of its own). Run: npm run bench:portales
import { execSync, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OBJETIVO_RAZON = 2;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

if (!process.env.BENCH_SIN_BUILD) execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-portales', port: Number(process.env.BENCH_PORT ?? 3218) });

const fake = fork(new URL('./portales-fake.mjs', import.meta.url), { execArgv: ['--import', 'tsx'] });
let estado = { n: 0, primero: 0, ultimo: 0 };
const urlWasi = await new Promise((r) =>
  fake.on('message', (m) => {
    if (m.url) r(m.url);
    else estado = m;
  }),
);

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

const env = { EXTERNOS_INTERNOS: 'permitir' };
let server = b.arrancar(env);
try {
  await b.esperar();
  const headers = await b.login();
  const conf = await fetch(`${b.base}/api/portales/wasi/configuracion`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      activo: true,
      url: urlWasi,
      usuario: '778899',
      id_region: 2,
      id_ciudad: 698,
      secreto: 'token-wasi-de-prueba',
    }),
  }).then((r) => r.json());
  if (conf.code !== 20000) throw new Error(`configuración de Wasi: ${conf.message}`);
  await server.detener();
  // The properties, their portal rows and one sync job each, as saving them marked for Wasi leaves them.
  await b.ejecutar(`
    insert into inmueble (id_empresa, consecutivo, tipo, gestion, estado, direccion, id_municipio, area_construida,
                          habitaciones, banos, canon, descripcion, publicar, creado_por)
      select 1, 900000 + g, 'apartamento', 'arriendo', 'disponible', 'Calle ' || g || ' # 10-20',
             (select id from municipios where id_empresa = 1 order by id limit 1), 60 + g % 40, 2, 1,
             1500000 + g * 100, 'Apartamento de prueba ' || g, '{"wasi": true}'::jsonb, 'bench'
      from generate_series(1, ${N}) g;
    insert into portal_publicacion (id_empresa, id_inmueble, portal, objetivo, solicitud)
      select 1, id, 'wasi', 'publicado', 1 from inmueble where id_empresa = 1 and consecutivo > 900000;
    insert into trabajo (id_empresa, tipo, datos, clave)
      select 1, 'portales.sincronizar', jsonb_build_object('idInmueble', id, 'portal', 'wasi', 'solicitud', 1),
             'portal:wasi:' || id || ':1'
      from inmueble where id_empresa = 1 and consecutivo > 900000;`);
  server = b.arrancar(env);
  await b.esperar();
  const h2 = await b.login();
  const t0 = Date.now();
  const durante = await getUsuario(h2, () => estado.n >= N || Date.now() - t0 > 20 * 60_000);
  const segundos = (estado.ultimo - estado.primero) / 1000;
  const solo = await getUsuario(h2, null);
  const [p95d, p95s] = [pct(durante, 95), pct(solo, 95)];
  const razon = p95d / p95s;
  // What the synchroniser recorded: published, in error (with a sample message), and listings the fake
  // received more than once (a retry after a timeout would publish twice).
  let salud = null;
  for (let i = 0; i < 240; i++) {
    salud = (await fetch(`${b.base}/api/portales/wasi/salud?dias=1`, { headers: h2 }).then((r) => r.json())).data;
    if (salud.en_curso === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const fallidos = `${salud.con_error}${salud.errores[0] ? ` (p. ej. «${salud.errores[0].ultimo_error}»)` : ''}`;
  const dobles = estado.n - salud.publicados - salud.con_error;
  console.log(
    `engine=${b.engine}: ${estado.n.toLocaleString('en-US')} de ${N.toLocaleString('en-US')} publicados en ${segundos.toFixed(1)} s ` +
      `(${(estado.n / segundos).toFixed(1)} trabajos/s); publicados ${salud.publicados}, con error ${fallidos}, recibidos de más ${dobles}; GetUsuario p95 ${p95d.toFixed(1)} ms publicando ` +
      `(${durante.length} peticiones) / ${p95s.toFixed(1)} ms solo (${solo.length}) = ${razon.toFixed(2)}× (objetivo ≤ ${OBJETIVO_RAZON}×); ` +
      `carga al terminar ${carga()}`,
  );
  process.exitCode = estado.n >= N && razon <= OBJETIVO_RAZON ? 0 : 1;
} finally {
  await server.detener();
  fake.kill();
  await b.limpiar();
}
