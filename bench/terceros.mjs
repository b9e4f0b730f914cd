// Benchmark of the tercero searches (migration 0058): seeds N terceros (default 50,000) with realistic
// names in company 1, starts the built server, and times each search as a person typing meets it: one
// request at a time, REPETICIONES of each, median and p95 (ms). The typeaheads are a property's owners,
// the lead's tercero and the request's tercero; the terceros list also counts its matches.
// PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own, dropped at the end).
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 50_000);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 40);
const NOMBRES = `array['Carlos','Laura','Andrés','María','Juan','Luisa','Jorge','Ana','Diego','Paula','Felipe','Sofía']`;
const APELLIDOS = `array['Restrepo','Gómez','Ospina','Cardona','Zapata','Londoño','Mejía','Álvarez','Vélez','Arango','Uribe',
  'Jaramillo','Betancur','Henao','Montoya','Quintero']`;
const seedSql = `
insert into terceros (id_empresa, nro_id, nombre1, apellido1, nombre, celular, email)
select 1, (10000000 + g)::text, n, a1, n || ' ' || a1 || ' ' || a2, '300' || lpad(g::text, 7, '0'), 'persona' || g || '@correo.co'
from (
  select g, (${NOMBRES})[1 + abs(hashint4(-g)) % 12] as n, (${APELLIDOS})[1 + abs(hashint4(g)) % 16] as a1,
    (${APELLIDOS})[1 + abs(hashint4(g + 1000003)) % 16] as a2
  from generate_series(1, ${N}) g
) x;`;

const busquedas = {
  'propietarios: rest': '/api/inmuebles-opciones/propietarios?q=rest',
  'propietarios: maria velez': '/api/inmuebles-opciones/propietarios?q=maria%20velez',
  'propietarios: sin coincidencias': '/api/inmuebles-opciones/propietarios?q=zzzz',
  'cliente atendido: rest': '/api/clientes-atendidos/terceros?q=rest',
  'cliente atendido: celular': '/api/clientes-atendidos/terceros?q=3000000012',
  'cliente atendido: sin coinc.': '/api/clientes-atendidos/terceros?q=zzzz',
  'solicitud: rest': '/api/solicitudes/terceros?q=rest',
  'lista de terceros: rest': '/api/terceros?q=rest&page=1&pageSize=20',
  'lista: sin coincidencias': '/api/terceros?q=zzzz&page=1&pageSize=20',
};

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-terceros', port: Number(process.env.BENCH_PORT ?? 3212) });
let server = b.arrancar();
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  await b.ejecutar(seedSql, ['vacuum analyze terceros']);
  console.log(`seed: ${N} terceros en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const carga = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(`engine=${b.engine}, una petición a la vez, ${REPETICIONES} de cada una, carga ${carga()}`);
  console.log('búsqueda'.padEnd(34), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'filas'.padStart(6));
  for (const [nombre, path] of Object.entries({ 'piso: GetUsuario': '/api/Usuarios/GetUsuario', ...busquedas })) {
    const t = [];
    let filas = 0;
    for (let i = 0; i < REPETICIONES + 3; i++) {
      const s = performance.now();
      const r = await fetch(b.base + path, { headers });
      const cuerpo = await r.json();
      if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(cuerpo)}`);
      // The first three warm the plan and the caches.
      if (i >= 3) t.push(performance.now() - s);
      const d = cuerpo.data;
      filas = Array.isArray(d) ? d.length : Array.isArray(d?.items) ? d.items.length : 1;
    }
    t.sort((x, y) => x - y);
    console.log(
      nombre.padEnd(34),
      pct(t, 50).toFixed(1).padStart(8),
      pct(t, 95).toFixed(1).padStart(8),
      String(filas).padStart(6),
    );
  }
  console.log(`carga al terminar ${carga()}`);
} finally {
  await server.detener();
  await b.limpiar();
}
