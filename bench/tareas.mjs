// Benchmark of «my open tasks» (issue 26): seeds N tareas (default 100,000) in company 1 — responsables
// spread over its users, a follower on every fifth, 30 % open, due dates a year back to a year ahead,
// a three-item checklist on every tenth — starts the built server and measures, at 16 connections,
// GET /api/tareas?vista=mias (the first page, open ones by due date, with its total) and the overdue
// filter, against GetUsuario's p95 in the same run (the floor). Target: p95 ≤ 3× the floor. PGlite by
// default; PostgreSQL when DATABASE_URL is set (a database of its own).
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 100_000);
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const seedSql = `
insert into tarea (id_empresa, consecutivo, titulo, estado, vence_en, id_solicitante, creado_por, cerrada_en)
select 1, g, 'Tarea ' || g,
       case when g % 10 < 3 then (array['pendiente', 'en_curso', 'en_espera'])[1 + g % 3] else (array['terminada', 'cancelada'])[1 + g % 2] end,
       date_trunc('day', now()) - interval '365 days' + ((g * 7919) % 730) * interval '1 day' + interval '15 hours',
       u.ids[1 + (g / 3) % array_length(u.ids, 1)], 'bench',
       case when g % 10 < 3 then null else now() end
from generate_series(1, ${N}) g, (select array_agg(id order by id) as ids from usuarios where id_empresa = 1 and activo) u;
insert into tarea_persona (id_empresa, id_tarea, id_usuario, rol)
select 1, t.id, u.ids[1 + t.id % array_length(u.ids, 1)], 'responsable'
from tarea t, (select array_agg(id order by id) as ids from usuarios where id_empresa = 1 and activo) u where t.id_empresa = 1;
insert into tarea_persona (id_empresa, id_tarea, id_usuario, rol)
select 1, t.id, u.ids[1 + (t.id + 1) % array_length(u.ids, 1)], 'seguidor'
from tarea t, (select array_agg(id order by id) as ids from usuarios where id_empresa = 1 and activo) u
where t.id_empresa = 1 and t.id % 5 = 0 and array_length(u.ids, 1) > 1;
insert into tarea_item (id_empresa, id_tarea, orden, texto, obligatorio, hecho)
select 1, t.id, k, 'Ítem ' || k, k = 1, k < 2 from tarea t, generate_series(1, 3) k where t.id_empresa = 1 and t.id % 10 = 0;
insert into consecutivo (id_empresa, serie, anio, ultimo) values (1, 'tarea', 0, ${N})
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;`;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-tareas', port: Number(process.env.BENCH_PORT ?? 3214) });

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
  await b.ejecutar(seedSql, ['vacuum analyze tarea', 'vacuum analyze tarea_persona', 'vacuum analyze tarea_item']);
  console.log(`seed: ${N} tareas en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const prueba = await (await fetch(`${b.base}/api/tareas?vista=mias`, { headers })).json();
  const carga = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `engine=${b.engine} connections=${CONNECTIONS} duration=${SECONDS}s, ${prueba.data.totalExacto === false ? 'más de ' : ''}${prueba.data.total} tareas abiertas del usuario (el conteo para en 1.000), carga ${carga()}`,
  );
  console.log('petición'.padEnd(28), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'errores'.padStart(7));
  const piso = await medir('piso: GetUsuario', ['/api/Usuarios/GetUsuario'], headers);
  const mias = await medir('mis tareas abiertas', ['/api/tareas?vista=mias', '/api/tareas?vista=mias&page=2'], headers);
  const vencidas = await medir('mis tareas vencidas', ['/api/tareas?vista=mias&vencidas=si'], headers);
  console.log(
    `mis tareas/piso p95: abiertas ${(mias / piso).toFixed(2)}×, vencidas ${(vencidas / piso).toFixed(2)}× (objetivo ≤ 3×)`,
  );
  console.log(`carga al terminar ${carga()}`);
} finally {
  await server.detener();
  await b.limpiar();
}
