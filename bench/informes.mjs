// Run: npm run bench:informes (node --import tsx: it reads the reports' list from the contract).
// Benchmark of the reports (issue 33, docs/informes.md): seeds company 1 with 100,000 properties (estados,
// asesores, consignments over two years, their estado history with withdrawals and causales, owners,
// features, availability confirmations), 200,000 citas (most about a property or a lead, past ones
// realizada with a result and interest), 100,000 leads (medios, estados, closings, requirements for the
// cruce), 30,000 solicitudes with their history and 20,000 tareas, all with generate_series; starts the
// built server and, as the company's administrator:
//   1. calls every report's default `GET /api/informes/<clave>/datos` (this month, the default días) one
//      at a time, BENCH_VECES times each (default 7, after one warm-up call: the p95 of 7 is the slowest),
//      in BENCH_RONDAS rounds (default 3), and prints each round's p95 and their median;
//   2. measures GetUsuario's p95 alone (the floor), then while the three slowest reports run in a loop on
//      4 connections, once per round; the target is on the median of the rounds' ratios.
// Targets (issue 33): each report's p95 ≤ 1 s, and GetUsuario's p95 under the report load ≤ 2× the floor.
// Exits 1 when a target is missed, so it can be run as a check; it is not part of `npm test` (seeding and
// measuring take minutes). PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own
// beside it, dropped at the end; BENCH_DB names it, BENCH_KEEP=1 keeps it to look at plans).
// BENCH_ESCALA (default 1) scales every count; BENCH_SQL_ONLY=1 prints the seed SQL and stops.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { INFORMES } from '../packages/contract/src/informes.ts';
import { prepararBase } from './servidor.mjs';

const ESCALA = Number(process.env.BENCH_ESCALA ?? 1);
const N_INM = Math.round(100_000 * ESCALA);
const N_CITAS = Math.round(200_000 * ESCALA);
const N_CLI = Math.round(100_000 * ESCALA);
const N_SOL = Math.round(30_000 * ESCALA);
const N_TAR = Math.round(20_000 * ESCALA);
const N_TER = Math.round(30_000 * ESCALA);
const VECES = Number(process.env.BENCH_VECES ?? 7);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OBJETIVO_MS = 1000;
const OBJETIVO_RAZON = 2;

// Arrays the seed draws from, read from company 1's masters (the demo seed) and the asesores added below.
const arr = (tabla, n, where = 'true') =>
  `(select array_agg(id order by id) from (select id from ${tabla} where id_empresa = 1 and ${where} order by id limit ${n}) x)`;
const U = arr('usuarios', 50, 'activo');
// An agency works a metropolitan area: its properties and leads in six municipios.
const M = arr('municipios', 6);
const B = arr('barrios', 36);
const Z = arr('zonas', 5);
const CAP = arr('medios_captacion', 10);
const CAU = arr('causales_retiro', 10);
const MED = arr('medios_publicitarios', 10);
const RES = arr('resultados_agenda', 10);
const CAT = arr('categorias_agenda', 10);
const CAR = arr('caracteristicas_inmueble', 30);
// Apartments most, then houses; the rest of the twelve types in a long tail.
const TIPOS = `array['apartamento','apartamento','apartamento','apartamento','apartamento','apartamento','apartamento','apartamento','apartamento',
  'casa','casa','casa','casa','apartaestudio','apartaestudio','local','local','oficina','bodega','lote']`;
// A spread over the last two years: day k of 730 before today (g * prime scatters neighbours).
const dia = (g, primo) => `(current_date - ((${g}::bigint * ${primo}) % 730)::int)`;
const hora = (g) => `((8 + (${g}) % 10) * interval '1 hour')`;

const seedSql = `
-- Twelve asesores besides the demo's admin and asesor, with the admin's password.
insert into usuarios (id_empresa, usuario, clave_hash, nombre)
select 1, 'asesor' || lpad(g::text, 2, '0'), (select clave_hash from usuarios where id_empresa = 1 and usuario = 'admin'),
       (array['Ana','Bernardo','Camila','Diego','Esteban','Fernanda','Gustavo','Helena','Iván','Juliana','Kevin','Lorena'])[g]
         || ' ' || (array['Arango','Betancur','Cardona','Duque','Echeverri','Franco','Giraldo','Henao','Isaza','Jaramillo','Katz','López'])[g]
from generate_series(1, 12) g;

insert into terceros (id_empresa, nro_id, nombre1, apellido1, nombre, celular, email, cliente)
select 1, 'B' || g, n, a, n || ' ' || a || ' ' || g, '3' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'), 'cliente' || g || '@correo.co', true
from (select g, (array['María','José','Luisa','Andrés','Sofía','Carlos','Valentina','Juan','Daniela','Felipe'])[1 + g % 10] as n,
             (array['Gómez','Rodríguez','Martínez','López','García','Pérez','Sánchez','Ramírez','Torres','Vélez'])[1 + (g / 10) % 10] as a
      from generate_series(1, ${N_TER}) g) x;

-- Properties: consigned over the last two years, most let or sold since, a fifth disponible today.
insert into inmueble (id_empresa, consecutivo, tipo, gestion, estado, id_causal_retiro, direccion, id_municipio, id_barrio, id_zona,
  estrato, area_construida, habitaciones, banos, parqueaderos, canon, precio_venta, id_asesor_captador, id_asesor_comercial,
  id_captacion, fecha_consignacion, vigencia_consignacion, creado_por, creado_en)
select 1, g, tipo, gestion, estado, case when estado = 'retirado' then cau[1 + g % cardinality(cau)] end,
  'Calle ' || (g % 180) || ' # ' || (g % 97) || '-' || (g % 60), m[1 + (g / 7) % cardinality(m)],
  case when g % 4 = 0 then null else b[1 + g % cardinality(b)] end, z[1 + g % cardinality(z)],
  1 + (g / 11) % 6, 25 + (g * 37) % 300, 1 + (g / 13) % 4, 1 + (g / 17) % 3, (g / 19) % 3,
  case when gestion <> 'venta' then 600000 + ((g::bigint * 7919) % 60) * 100000 end,
  case when gestion <> 'arriendo' then 90000000 + ((g::bigint * 104729) % 180) * 5000000 end,
  u[1 + g % cardinality(u)], u[1 + (g / 3) % cardinality(u)], cap[1 + g % cardinality(cap)],
  consignado, consignado + 365, 'bench', (consignado - 3)::timestamp at time zone 'America/Bogota' + ${hora('g')}
from (
  select g, (${TIPOS})[1 + g % 20] as tipo,
    (array['arriendo','arriendo','arriendo','arriendo','venta','venta','venta','arriendo_venta'])[1 + (g / 5) % 8] as gestion,
    (array['disponible','disponible','disponible','disponible','captado','reservado','arrendado','arrendado','arrendado','arrendado',
           'arrendado','arrendado','arrendado','vendido','vendido','retirado','retirado','retirado','disponible','arrendado'])[1 + (g / 3) % 20] as estado,
    ${dia('g', 7919)} as consignado, ${U} as u, ${M} as m, ${B} as b, ${Z} as z, ${CAP} as cap, ${CAU} as cau
  from generate_series(1, ${N_INM}) g
) x;
insert into consecutivo (id_empresa, serie, anio, ultimo) values (1, 'inmueble', 0, ${N_INM})
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;

-- Estado history: captado at creation, disponible at consignment, then the estado it is in now, on a day
-- between the consignment and today (a withdrawal carries its causal). One in ten was withdrawn once
-- before and came back.
insert into inmueble_estado_historial (id_empresa, id_inmueble, desde, hasta, usuario, fecha)
select 1, id, null, 'captado', 'bench', creado_en from inmueble where id_empresa = 1;
insert into inmueble_estado_historial (id_empresa, id_inmueble, desde, hasta, usuario, fecha)
select 1, id, 'captado', 'disponible', 'bench', fecha_consignacion::timestamp at time zone 'America/Bogota' + interval '10 hours'
from inmueble where id_empresa = 1 and estado <> 'captado';
insert into inmueble_estado_historial (id_empresa, id_inmueble, desde, hasta, id_causal, usuario, fecha)
select 1, id, 'disponible', 'retirado', c.cau[1 + id % cardinality(c.cau)], 'bench',
       fecha_consignacion::timestamp at time zone 'America/Bogota' + ((current_date - fecha_consignacion) / 3) * interval '1 day' + interval '11 hours'
from inmueble, (select ${CAU} as cau) c where id_empresa = 1 and estado <> 'captado' and id % 10 = 0 and current_date - fecha_consignacion > 6;
insert into inmueble_estado_historial (id_empresa, id_inmueble, desde, hasta, usuario, fecha)
select 1, id, 'retirado', 'disponible', 'bench',
       fecha_consignacion::timestamp at time zone 'America/Bogota' + ((current_date - fecha_consignacion) / 2) * interval '1 day' + interval '11 hours'
from inmueble where id_empresa = 1 and estado <> 'captado' and id % 10 = 0 and current_date - fecha_consignacion > 6;
insert into inmueble_estado_historial (id_empresa, id_inmueble, desde, hasta, id_causal, usuario, fecha)
select 1, id, 'disponible', estado, id_causal_retiro, 'bench',
       least(now(), fecha_consignacion::timestamp at time zone 'America/Bogota'
                    + (1 + (id * 31) % greatest(1, current_date - fecha_consignacion)) * interval '1 day' + interval '15 hours')
from inmueble where id_empresa = 1 and estado not in ('captado', 'disponible');

insert into inmueble_propietario (id_empresa, id_inmueble, id_tercero, porcentaje)
select 1, i.id, t.ids[1 + i.id % cardinality(t.ids)], 100
from inmueble i, (select array_agg(id order by id) as ids from terceros where id_empresa = 1) t where i.id_empresa = 1;
insert into inmueble_caracteristica (id_empresa, id_inmueble, id_caracteristica)
select distinct 1, i.id, c.car[1 + (i.id * k) % cardinality(c.car)]
from inmueble i, generate_series(1, 3) k, (select ${CAR} as car) c where i.id_empresa = 1 and cardinality(c.car) > 0;
-- Availability confirmed with the owner for a third of what is disponible, 1 to 90 days ago.
insert into inmueble_disponibilidad (id_empresa, id_inmueble, fecha, id_usuario, usuario)
select 1, id, now() - (1 + id % 90) * interval '1 day', id_asesor_comercial, 'bench'
from inmueble where id_empresa = 1 and estado = 'disponible' and id % 3 = 0;

-- Leads over two years: 40 % still open, the rest closed (a third with us), with requirements.
insert into cliente_atendido (id_empresa, consecutivo, id_tercero, fecha_ingreso, id_asesor, id_medio, gestion, estado,
  tipos, municipios, barrios, precio_min, precio_max, area_min, habitaciones_min, banos_min, parqueaderos_min, estratos,
  caracteristicas, resultado, fecha_cierre, ultimo_seguimiento, creado_por, creado_en)
select 1, g, t[1 + (g * 13) % cardinality(t)], ingreso, u[1 + g % cardinality(u)], med[1 + (g / 3) % cardinality(med)], gestion, estado,
  case when g % 10 = 0 then '{}' when g % 5 = 1 then array['apartamento', 'casa'] else array[(${TIPOS})[1 + (g / 7) % 20]] end,
  case when g % 6 = 0 then '{}' else array[m[1 + (g / 11) % cardinality(m)]] end,
  case when g % 4 = 0 then array[b[1 + g % cardinality(b)], b[1 + (g / 4) % cardinality(b)]] else '{}' end,
  case when g % 8 = 0 then null when gestion = 'venta' then 100000000 + (g % 100) * 5000000 else 500000 + (g % 40) * 100000 end,
  case when g % 8 = 0 then null when gestion = 'venta' then 250000000 + (g % 100) * 5000000 else 1500000 + (g % 40) * 100000 end,
  case when g % 5 = 0 then 40 + g % 60 end, case when g % 3 = 0 then null else 1 + g % 3 end,
  case when g % 4 = 0 then 1 + g % 2 end, case when g % 7 = 0 then 1 end,
  case when g % 3 = 0 then array[1 + g % 6, 2 + g % 5] else '{}' end,
  case when g % 9 = 0 and cardinality(car) > 0 then array[car[1 + g % cardinality(car)]] else '{}' end,
  case when estado = 'cerrado' then (array['arrendo_con_nosotros','compro_con_nosotros','arrendo_otra_inmobiliaria','desistio','no_contactable'])[1 + g % 5] end,
  case when estado = 'cerrado' then least(current_date, ingreso + 5 + g % 60) end,
  case when g % 3 <> 0 then (least(current_date, ingreso + g % 40))::timestamp at time zone 'America/Bogota' + ${hora('g')} end,
  'bench', ingreso::timestamp at time zone 'America/Bogota' + ${hora('g')}
from (
  select g, ${dia('g', 6007)} as ingreso,
    (array['arriendo','arriendo','arriendo','venta','venta','arriendo_venta'])[1 + (g / 2) % 6] as gestion,
    (array['activo','activo','en_seguimiento','en_seguimiento','cerrado','cerrado','cerrado','cerrado','cerrado','cerrado'])[1 + (g / 3) % 10] as estado,
    ${U} as u, ${M} as m, ${B} as b, ${MED} as med, ${CAR} as car,
    (select array_agg(id order by id) from terceros where id_empresa = 1) as t
  from generate_series(1, ${N_CLI}) g
) x;
insert into consecutivo (id_empresa, serie, anio, ultimo) values (1, 'cliente_atendido', 0, ${N_CLI})
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;
insert into cliente_atendido_nota (id_empresa, id_cliente, texto, usuario, fecha)
select 1, id, 'Llamada de seguimiento', 'bench', creado_en + interval '2 days' from cliente_atendido where id_empresa = 1 and id % 2 = 0;
-- Fichas sent: a few hundred pairs, so the cruce's «Ficha enviada» has something to find.
insert into cliente_atendido_envio (id_empresa, id_cliente, id_inmueble, fecha, usuario, para)
select 1, c.id, i.id, now() - interval '3 days', 'bench', 'cliente@correo.co'
from cliente_atendido c join inmueble i on i.id_empresa = 1 and i.id = 1 + (c.id * 7) % ${N_INM}
where c.id_empresa = 1 and c.id % 200 = 0;

-- Citas from two years back to a month ahead; past ones mostly realizada (with result and interest),
-- six in ten about a property, four in ten with a lead.
insert into cita (id_empresa, titulo, id_categoria, inicio, fin, estado, id_resultado, interes, comentario_resultado,
  id_inmueble, id_cliente_atendido, creado_por)
select 1, 'Cita ' || g, cat[1 + g % cardinality(cat)], inicio, inicio + interval '1 hour',
  estado, case when estado = 'realizada' and g % 5 <> 0 then res[1 + g % cardinality(res)] end,
  case when estado = 'realizada' and g % 5 <> 0 then 1 + g % 5 end,
  case when estado = 'realizada' and g % 5 <> 0 then 'Comentario de la visita ' || g else '' end,
  case when g % 5 < 3 then 1 + (g::bigint * 7919) % ${N_INM} end, case when g % 5 >= 1 and g % 5 <> 3 then 1 + (g::bigint * 104729) % ${N_CLI} end,
  'bench'
from (
  select g, inicio, res, cat,
    case when inicio > now() then (array['programada','confirmada'])[1 + g % 2]
         else (array['realizada','realizada','realizada','realizada','realizada','realizada','cancelada','cancelada','no_asistio','programada'])[1 + (g / 7) % 10] end as estado
  from (select g, (current_date + 30 - ((g::bigint * 7919) % 760)::int)::timestamp at time zone 'America/Bogota' + ${hora('g')} as inicio,
               ${RES} as res, ${CAT} as cat
        from generate_series(1, ${N_CITAS}) g) y
) x;
insert into cita_asesor (id_empresa, id_cita, id_usuario)
select 1, c.id, u.ids[1 + c.id % cardinality(u.ids)] from cita c, (select ${U} as ids) u where c.id_empresa = 1;
insert into cita_asesor (id_empresa, id_cita, id_usuario)
select 1, c.id, u.ids[1 + (c.id + 1) % cardinality(u.ids)] from cita c, (select ${U} as ids) u where c.id_empresa = 1 and c.id % 10 = 0;

-- Requests: channels, estados, assigned to the asesores; seven in ten answered within a few hours.
insert into solicitud (id_empresa, numero, canal, portal, tipo, estado, id_tercero, id_asignado, fecha_recepcion, mensaje, creado_por)
select 1, g, canal, case when canal = 'portal' then 'fincaraiz' end,
  (array['arrendar','comprar','consignar','visita','informacion'])[1 + g % 5],
  estado, t[1 + g % cardinality(t)], case when estado <> 'nueva' then u[1 + g % cardinality(u)] end,
  ${dia('g', 3001)}::timestamp at time zone 'America/Bogota' + ${hora('g')}, 'Mensaje de la solicitud ' || g, 'bench'
from (select g, (array['sitio_web','portal','telefono','presencial','whatsapp','correo'])[1 + g % 6] as canal,
             (array['nueva','asignada','en_tramite','resuelta','resuelta','resuelta','descartada'])[1 + (g / 6) % 7] as estado,
             ${U} as u, (select array_agg(id order by id) from terceros where id_empresa = 1) as t
      from generate_series(1, ${N_SOL}) g) x;
insert into consecutivo (id_empresa, serie, anio, ultimo) values (1, 'solicitud', 0, ${N_SOL})
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;
insert into solicitud_historial (id_empresa, id_solicitud, tipo, estado_nuevo, usuario, fecha)
select 1, id, 'creacion', 'nueva', 'bench', fecha_recepcion from solicitud where id_empresa = 1;
insert into solicitud_historial (id_empresa, id_solicitud, tipo, estado_anterior, estado_nuevo, usuario, fecha)
select 1, id, 'estado', 'nueva', estado, 'bench', fecha_recepcion + (1 + id % 48) * interval '1 hour'
from solicitud where id_empresa = 1 and estado <> 'nueva' and id % 10 < 7;

-- Tareas: three in ten open, due a year back to a year ahead, a responsable each.
insert into tarea (id_empresa, consecutivo, titulo, estado, vence_en, id_solicitante, creado_por, cerrada_en)
select 1, g, 'Tarea ' || g,
  case when g % 10 < 3 then (array['pendiente', 'en_curso', 'en_espera'])[1 + g % 3] else (array['terminada', 'cancelada'])[1 + g % 2] end,
  date_trunc('day', now()) - interval '365 days' + ((g * 7919) % 730) * interval '1 day' + interval '15 hours',
  u[1 + (g / 3) % cardinality(u)], 'bench', case when g % 10 < 3 then null else now() end
from generate_series(1, ${N_TAR}) g, (select ${U} as u) x;
insert into tarea_persona (id_empresa, id_tarea, id_usuario, rol)
select 1, t.id, u.ids[1 + t.id % cardinality(u.ids)], 'responsable'
from tarea t, (select ${U} as ids) u where t.id_empresa = 1;
insert into consecutivo (id_empresa, serie, anio, ultimo) values (1, 'tarea', 0, ${N_TAR})
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;
`;

if (process.env.BENCH_SQL_ONLY) {
  console.log(`${seedSql}\nvacuum analyze;`);
  process.exit(0);
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

// The bundle must carry the migrations and the report code: build every time (a few seconds).
execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const claves = (process.env.BENCH_INFORMES?.split(',') ?? Object.keys(INFORMES)).filter((c) => c in INFORMES);
const b = await prepararBase({ prefijo: 'bench-informes', port: Number(process.env.BENCH_PORT ?? 3216) });

async function piso(nombre, headers) {
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
  const p95 = pct(lat, 95);
  console.log(
    nombre.padEnd(34),
    String(lat.length).padStart(6),
    pct(lat, 50).toFixed(1).padStart(9),
    p95.toFixed(1).padStart(9),
    String(r.errors + r.non2xx).padStart(7),
  );
  return p95;
}

let server = b.arrancar();
let fallos = 0;
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  // The whole database, as PGlite's nightly job (db/mantenimiento.ts) and PostgreSQL's autovacuum leave it:
  // the masters' statistics matter too (a lead's municipios are looked up by id).
  const [conteo] = await b.ejecutar(seedSql, [
    'vacuum analyze',
    `select (select count(*) from inmueble where id_empresa = 1 and estado = 'disponible')::int as disponibles,
            (select count(*) from cliente_atendido where id_empresa = 1 and estado <> 'cerrado')::int as abiertos`,
  ]);
  console.log(
    `seed: ${N_INM} inmuebles (${conteo.disponibles} disponibles), ${N_CITAS} citas, ${N_CLI} clientes (${conteo.abiertos} abiertos), ` +
      `${N_SOL} solicitudes, ${N_TAR} tareas en ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const get = async (path) => {
    const t = performance.now();
    const r = await fetch(`${b.base}${path}`, { headers });
    const cuerpo = await r.json();
    if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(cuerpo).slice(0, 300)}`);
    return { ms: performance.now() - t, filas: cuerpo.data.filas.length };
  };
  const mediana = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(
    `engine=${b.engine}, ${RONDAS} rondas de ${VECES} llamadas por informe (una a la vez, tras una de calentamiento), carga ${carga()}`,
  );
  const p95s = Object.fromEntries(claves.map((c) => [c, []]));
  const p50s = Object.fromEntries(claves.map((c) => [c, []]));
  const filasDe = {};
  for (const clave of claves) filasDe[clave] = (await get(`/api/informes/${clave}/datos`)).filas;
  for (let ronda = 0; ronda < RONDAS; ronda++)
    for (const clave of claves) {
      const ms = [];
      for (let i = 0; i < VECES; i++) ms.push((await get(`/api/informes/${clave}/datos`)).ms);
      ms.sort((x, y) => x - y);
      p50s[clave].push(pct(ms, 50));
      p95s[clave].push(pct(ms, 95));
    }
  console.log(
    'informe (por defecto)'.padEnd(28),
    'filas'.padStart(6),
    'p50 ms'.padStart(7),
    `p95 ms por ronda`.padStart(8 * RONDAS),
    'mediana p95'.padStart(12),
  );
  const tiempos = {};
  for (const clave of claves) {
    tiempos[clave] = mediana(p95s[clave]);
    const mal = tiempos[clave] > OBJETIVO_MS;
    if (mal) fallos++;
    console.log(
      clave.padEnd(28),
      String(filasDe[clave]).padStart(6),
      mediana(p50s[clave]).toFixed(0).padStart(7),
      p95s[clave].map((x) => x.toFixed(0).padStart(8)).join(''),
      tiempos[clave].toFixed(0).padStart(12),
      mal ? `  > ${OBJETIVO_MS} ms` : '',
    );
  }
  // GetUsuario alone, then while reports run in a loop on 4 connections: the three slowest, in turn.
  const lentos = Object.entries(tiempos)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([c]) => c);
  console.log(`\nGetUsuario, 1 conexión, ${SECONDS} s; carga de informes: ${lentos.join(', ')} en bucle a 4 conexiones`);
  console.log('petición'.padEnd(34), 'n'.padStart(6), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'errores'.padStart(7));
  const solos = [];
  const conCargas = [];
  let informes = 0;
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    solos.push(await piso('piso: GetUsuario', headers));
    let corriendo = true;
    const bucle = async (k) => {
      for (let i = k; corriendo; i++) {
        await get(`/api/informes/${lentos[i % lentos.length]}/datos`);
        informes++;
      }
    };
    const cargas = [0, 1, 2, 3].map(bucle);
    await new Promise((r) => setTimeout(r, 1000));
    conCargas.push(await piso('GetUsuario con 4 informes', headers));
    corriendo = false;
    await Promise.all(cargas);
  }
  const razones = solos.map((x, i) => conCargas[i] / x);
  const razon = mediana(razones);
  if (razon > OBJETIVO_RAZON) fallos++;
  console.log(
    `GetUsuario p95: solo ${solos.map((x) => x.toFixed(1)).join(' / ')} ms (mediana ${mediana(solos).toFixed(1)}), ` +
      `con informes ${conCargas.map((x) => x.toFixed(0)).join(' / ')} ms (mediana ${mediana(conCargas).toFixed(0)}); ` +
      `razón por ronda ${razones.map((x) => x.toFixed(1)).join(' / ')}, mediana ${razon.toFixed(1)}× ` +
      `(objetivo ≤ ${OBJETIVO_RAZON}×; ${informes} informes servidos)`,
  );
  console.log(`carga al terminar ${carga()}`);
  console.log(fallos === 0 ? 'objetivos cumplidos' : `${fallos} objetivo(s) sin cumplir`);
} finally {
  await server.detener();
  await b.limpiar();
}
process.exit(fallos === 0 ? 0 : 1);
