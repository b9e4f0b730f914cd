// Issue 28's benchmark: 200,000 radicados in one company, searched by metadata and by the text inside their
// documents. Seeds company 1 in bulk SQL while the server is stopped (masters of a TRD, 5,000 terceros, the
// radicados over five years with área / serie / subserie / tipo / estado / tercero, one PDF `archivo` each and
// its `radicado_texto`: ~250 Spanish words and their tsvector), starts the built server and times, one request
// at a time as a person searching meets it, GetUsuario (the floor) and each search of GET
// /api/gestion-documental/buscar for BENCH_SECONDS each, in BENCH_RONDAS rounds. Target: every search's p95
// ≤ 4× GetUsuario's p95 of the same round (median of the rounds). Exits 1 above it.
// PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own, BENCH_DB, dropped at the end).
// Figures and what they mean: docs/benchmarks/gestion-documental.md.
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { prepararBase } from './servidor.mjs';

const N = Number(process.env.BENCH_N ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const OBJETIVO = 4;
const ANIOS = 5;
const PRIMER_ANIO = 2022;

// Sentences of the letters and documents an agency files; each document takes 14 of them.
const FRASES = [
  'El arrendatario solicita la revisión del canon de arrendamiento conforme al índice de precios al consumidor',
  'Se adjunta copia del contrato de arrendamiento firmado por las partes y sus deudores solidarios',
  'La administración del conjunto informa sobre la cuota extraordinaria aprobada por la asamblea de copropietarios',
  'El propietario autoriza a la inmobiliaria para realizar las reparaciones locativas necesarias en el inmueble',
  'Se reporta una filtración de agua en el baño principal que afecta el techo del apartamento vecino',
  'De acuerdo con la cláusula quinta del contrato el incremento anual se aplicará a partir del mes siguiente',
  'La inspección del inventario encontró daños en la cocina integral y en las puertas de los closets',
  'Solicitamos la paz y salvo de servicios públicos antes de la entrega del inmueble al nuevo arrendatario',
  'El codeudor manifiesta su voluntad de continuar respaldando las obligaciones del contrato vigente',
  'La factura de energía presenta un valor superior al promedio de los últimos seis meses',
  'Adjuntamos el certificado de tradición y libertad expedido por la oficina de registro de instrumentos públicos',
  'El inquilino informa que desocupará el inmueble al vencimiento del término pactado en el contrato',
  'Se programa la visita técnica para evaluar el estado de la fachada y de la cubierta del edificio',
  'La consignación del canon se realizó en la cuenta bancaria indicada por la inmobiliaria el día cinco',
  'Requerimos la documentación del estudio de crédito del arrendatario y de sus codeudores',
  'El contrato de mandato faculta a la agencia para administrar el inmueble y recaudar los cánones',
  'La póliza de seguro de arrendamiento cubre el incumplimiento en el pago del canon y de la administración',
  'Se informa la mora de dos meses en el pago del arriendo y se solicita ponerse al día en cinco días hábiles',
  'El avalúo comercial del inmueble fue realizado por un perito inscrito en el registro abierto de avaluadores',
  'La asamblea aprobó el presupuesto anual y la contratación de la empresa de vigilancia del conjunto',
  'Se anexa el acta de entrega con el registro fotográfico de cada una de las habitaciones y zonas comunes',
  'El propietario solicita la liquidación de los cánones recaudados y de los gastos descontados en el mes',
  'La empresa de acueducto programó la suspensión del servicio por mantenimiento de las redes del sector',
  'Solicitamos la devolución del depósito entregado como garantía una vez verificado el estado del inmueble',
  'El arrendatario pide autorización para instalar una antena y adecuar el estudio como oficina',
  'La notificación se envía a la dirección registrada en el contrato y al correo electrónico autorizado',
  'Se remite la cuenta de cobro de los honorarios de administración correspondientes al periodo facturado',
  'La alcaldía exige el certificado de uso del suelo para el funcionamiento del local comercial',
  'Los vecinos presentan una queja por el ruido generado en horas de la noche en el apartamento',
  'El impuesto predial del año fue pagado con el descuento por pronto pago ofrecido por el municipio',
  'El banco certifica la cancelación de la hipoteca que pesaba sobre el inmueble de la carrera séptima',
  'La constructora entrega los planos aprobados y la licencia de construcción de la ampliación',
  'Se reprograma la reunión con el propietario para revisar el informe de gestión del trimestre',
  'El contrato de compraventa se firmará en la notaría una vez se apruebe el crédito hipotecario',
  'El arrendatario reporta el daño del calentador y solicita su reparación en el menor tiempo posible',
  'La inmobiliaria ofrece el inmueble en los portales con fotografías profesionales y recorrido virtual',
  'Se deja constancia de la entrega de las llaves, los controles del parqueadero y la tarjeta de acceso',
  'El fiador solicita ser retirado del contrato por haber cambiado su situación económica',
  'La revisión eléctrica encontró tomacorrientes sin polo a tierra en la cocina y en el patio de ropas',
  'Se acuerda con el arrendatario un plan de pagos para ponerse al día con los cánones atrasados',
];
// Words of a few documents only: the searches for rare words (each in ~1 of 1,000 documents).
const RARAS = [
  'Se constituyó usufructo vitalicio sobre el inmueble a favor de la cónyuge sobreviviente',
  'La servidumbre de tránsito del predio rural quedó inscrita en el folio de matrícula',
  'El fideicomiso inmobiliario administra los recursos de la preventa del proyecto',
  'El juzgado decretó el embargo y secuestro del inmueble dentro del proceso ejecutivo',
  'La sucesión intestada se tramita ante notaría con el acuerdo de todos los herederos',
];
// Words of one in fifty documents: a search with a few thousand matches.
const MEDIANA = 'Tras la inundación del sótano se inventariaron los bienes dañados por el agua';
const ASUNTOS = [
  'Solicitud de reparación',
  'Incremento del canon',
  'Entrega del inmueble',
  'Cuota extraordinaria',
  'Paz y salvo',
  'Derecho de petición',
  'Cobro de cánones en mora',
  'Renovación del contrato',
  'Queja de convivencia',
  'Liquidación mensual al propietario',
  'Certificado de tradición',
  'Visita técnica',
];
const lit = (xs) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const NOMBRES = `array['Carlos','Laura','Andrés','María','Juan','Luisa','Jorge','Ana','Diego','Paula','Felipe','Sofía']`;
const APELLIDOS = `array['Restrepo','Gómez','Ospina','Cardona','Zapata','Londoño','Mejía','Álvarez','Vélez','Arango','Uribe',
  'Jaramillo','Betancur','Henao','Montoya','Quintero']`;
const porAnio = Math.ceil(N / ANIOS);

const seedSql = `
insert into areas_empresa (id_empresa, codigo, nombre)
  select 1, (900 + g)::text, 'Dependencia ' || (array['Gerencia','Arrendamientos','Ventas','Contabilidad','Jurídica','Mantenimiento','Servicio al cliente','Archivo'])[g]
  from generate_series(1, 8) g;
insert into series_documentales (id_empresa, codigo, nombre)
  select 1, 'B' || lpad(g::text, 2, '0'), 'Serie ' || (array['Contratos','Correspondencia','Actas','Informes','Derechos de petición','Historias de inmuebles',
    'Procesos jurídicos','Comprobantes','Pólizas','Avalúos','Inventarios','Liquidaciones'])[g]
  from generate_series(1, 12) g;
insert into subseries_documentales (id_empresa, id_serie, codigo, nombre, anios_gestion, anios_central, disposicion_final)
  select 1, s.id, s.codigo || '.' || lpad(k::text, 2, '0'), s.nombre || ' ' || k, 1 + k, 5 + k, 'eliminacion'
  from series_documentales s, generate_series(1, 3) k where s.id_empresa = 1 and s.codigo like 'B%';
insert into tipos_documentales (id_empresa, nombre)
  select 1, 'Tipo documental ' || g from generate_series(1, 20) g;
insert into terceros (id_empresa, nro_id, nombre1, apellido1, nombre, celular, email)
  select 1, (90000000 + g)::text, n, a1, n || ' ' || a1 || ' ' || a2, '310' || lpad(g::text, 7, '0'), 'remitente' || g || '@correo.co'
  from (
    select g, (${NOMBRES})[1 + abs(hashint4(-g)) % 12] as n, (${APELLIDOS})[1 + abs(hashint4(g)) % 16] as a1,
      (${APELLIDOS})[1 + abs(hashint4(g + 1000003)) % 16] as a2
    from generate_series(1, 5000) g
  ) x;

insert into radicado (id_empresa, anio, numero, radicado, tipo, fecha, asunto, id_tercero, id_area, id_serie, id_subserie,
  id_tipo_documental, id_estado, folios, creado_por, creado_en)
select 1, anio, numero, anio || '-' || ac[ia] || '-' || lpad(numero::text, 6, '0') || '-' || (array['2','1','3'])[1 + k],
  (array['entrada','salida','interna'])[1 + k], fecha,
  (${lit(ASUNTOS)})[1 + abs(hashint4(g * 7)) % ${ASUNTOS.length}] || ' ' || numero,
  case when g % 10 = 0 then null else t[1 + abs(hashint4(g * 13)) % cardinality(t)] end,
  a[ia], sss[iss], ss[iss], td[1 + abs(hashint4(g * 17)) % cardinality(td)], e[1 + abs(hashint4(g * 19)) % cardinality(e)],
  1 + g % 12, 'bench', fecha + time '09:00'
from (
  select g, anio, numero, make_date(anio, 1, 1) + ((numero - 1) * 364 / ${porAnio}) as fecha,
    (g / 3) % 3 as k, 1 + abs(hashint4(g * 3)) % cardinality(a) as ia, 1 + abs(hashint4(g * 5)) % cardinality(ss) as iss, a, ac, ss, sss, td, e, t
  from (select g, ${PRIMER_ANIO} + (g - 1) / ${porAnio} as anio, 1 + (g - 1) % ${porAnio} as numero from generate_series(1, ${N}) g) n,
    (select array_agg(id order by id) as a, array_agg(codigo order by id) as ac from areas_empresa where id_empresa = 1 and codigo like '9%') xa,
    (select array_agg(ss.id order by ss.id) as ss, array_agg(ss.id_serie order by ss.id) as sss
       from subseries_documentales ss join series_documentales s on s.id = ss.id_serie where ss.id_empresa = 1 and s.codigo like 'B%') xs,
    (select array_agg(id order by id) as td from tipos_documentales where id_empresa = 1 and nombre like 'Tipo documental %') xt,
    (select array_agg(id order by id) as e from estados_gestion_documental where id_empresa = 1) xe,
    (select array_agg(id order by id) as t from terceros where id_empresa = 1 and nro_id like '9%') xr
) x;
insert into consecutivo (id_empresa, serie, anio, ultimo)
  select 1, 'radicado', anio, max(numero) from radicado where id_empresa = 1 group by anio
  on conflict (id_empresa, serie, anio) do update set ultimo = excluded.ultimo;

insert into archivo (id_empresa, tipo_dueno, id_dueno, categoria, nombre, content_type, bytes, clave, creado_por, creado_en)
select 1, 'radicado', id::text, 'documento', 'documento-' || replace(radicado, '-', '') || '.pdf', 'application/pdf',
  40000 + id % 90000, 'bench/' || id, 'bench', creado_en
from radicado where id_empresa = 1 and creado_por = 'bench';

insert into radicado_texto (id_archivo, id_empresa, id_radicado, texto)
select id_archivo, 1, id_radicado, texto
from (
  select ar.id as id_archivo, ar.id_dueno::integer as id_radicado,
    lower(predio_unaccent(
      (select string_agg(f[1 + abs(hashint4(ar.id * 41 + k)) % cardinality(f)], '. ') from generate_series(1, 14) k)
      || case when ar.id % 50 = 0 then '. ${MEDIANA}' else '' end
      || case when ar.id % 997 = 0 then '. ' || r[1 + (ar.id / 997) % cardinality(r)] else '' end)) as texto
  from archivo ar, (select ${lit(FRASES)} as f, ${lit(RARAS)} as r) c
  where ar.id_empresa = 1 and ar.tipo_dueno = 'radicado' and ar.creado_por = 'bench'
) x;
insert into radicado_lexema (id_archivo, empresa, id_radicado, documento)
  select id_archivo, id_empresa, id_radicado, to_tsvector('spanish', texto) from radicado_texto where id_empresa = 1;
`;

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mediana = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

if (process.env.BENCH_SQL_ONLY) {
  console.log(seedSql);
  process.exit(0);
}

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-gd', port: Number(process.env.BENCH_PORT ?? 3218) });

/** One request after another for SECONDS, 10 at least (after 3 to warm the plan and caches): p50, p95 and the rows of the last. */
async function medir(path, headers) {
  const lat = [];
  let filas = 0;
  let total = null;
  const fin = performance.now() + SECONDS * 1000;
  for (let i = 0; i < 3 || performance.now() < fin || lat.length < 10; i++) {
    const s = performance.now();
    const r = await fetch(b.base + path, { headers });
    const cuerpo = await r.json();
    if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(cuerpo).slice(0, 300)}`);
    if (i >= 3) lat.push(performance.now() - s);
    const d = cuerpo.data;
    filas = Array.isArray(d?.items) ? d.items.length : 1;
    total = d?.total ?? null;
  }
  lat.sort((x, y) => x - y);
  return { n: lat.length, p50: pct(lat, 50), p95: pct(lat, 95), filas, total: total === null ? '' : String(total) };
}

let server = b.arrancar();
let fallo = false;
try {
  await b.esperar();
  await server.detener();
  const t0 = Date.now();
  const [ref] = await b.ejecutar(seedSql, [
    'vacuum analyze',
    `select (select radicado from radicado where id_empresa = 1 and creado_por = 'bench' order by id offset ${Math.floor(N / 3)} limit 1) as numero,
       (select id from series_documentales where id_empresa = 1 and codigo = 'B03') as serie,
       (select id_tercero from radicado where id_empresa = 1 and id_tercero is not null order by id desc limit 1) as tercero,
       (select id from estados_gestion_documental where id_empresa = 1 and nombre = 'En trámite') as estado,
       (select id from estados_gestion_documental where id_empresa = 1 and nombre = 'Anulado') as anulado,
       (select count(*)::int from radicado_texto where id_empresa = 1) as textos`,
  ]);
  console.log(`seed: ${N} radicados con ${ref.textos} textos en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = b.arrancar();
  await b.esperar();
  const headers = await b.login();
  const anioMedio = PRIMER_ANIO + 2;
  const B = '/api/gestion-documental/buscar';
  const busquedas = {
    'sin filtros': B,
    'número completo': `${B}?q=${ref.numero}`,
    'fechas (un mes) + serie': `${B}?desde=${anioMedio}-03-01&hasta=${anioMedio}-03-31&id_serie=${ref.serie}`,
    tercero: `${B}?id_tercero=${ref.tercero}`,
    'estado En trámite': `${B}?id_estado=${ref.estado}`,
    'estado + serie + página 3': `${B}?id_estado=${ref.anulado}&id_serie=${ref.serie}&page=3`,
    'texto común: arrendamiento': `${B}?q=arrendamiento`,
    'texto: inundación (1 de 50)': `${B}?q=inundacion`,
    'texto raro: usufructo': `${B}?q=usufructo`,
    'texto: dos palabras raras': `${B}?q=embargo%20secuestro`,
    'texto sin coincidencias': `${B}?q=helicoptero`,
    'texto + serie': `${B}?q=canon&id_serie=${ref.serie}`,
  };
  console.log(`engine=${b.engine}, una petición a la vez, ${SECONDS} s cada una, ${RONDAS} rondas, carga ${carga()}`);
  const razones = Object.fromEntries(Object.keys(busquedas).map((k) => [k, []]));
  const pisos = [];
  for (let ronda = 1; ronda <= RONDAS; ronda++) {
    const piso = await medir('/api/Usuarios/GetUsuario', headers);
    pisos.push(piso.p95);
    console.log(
      `— ronda ${ronda}: GetUsuario p50 ${piso.p50.toFixed(2)} p95 ${piso.p95.toFixed(2)} ms (${piso.n}), carga ${carga()}`,
    );
    console.log(
      'búsqueda'.padEnd(30),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      '× piso'.padStart(7),
      'n'.padStart(6),
      'filas'.padStart(6),
      'total'.padStart(7),
    );
    for (const [nombre, path] of Object.entries(busquedas)) {
      const m = await medir(path, headers);
      razones[nombre].push(m.p95 / piso.p95);
      console.log(
        nombre.padEnd(30),
        m.p50.toFixed(2).padStart(8),
        m.p95.toFixed(2).padStart(8),
        (m.p95 / piso.p95).toFixed(2).padStart(7),
        String(m.n).padStart(6),
        String(m.filas).padStart(6),
        m.total.padStart(7),
      );
    }
  }
  console.log(`— medianas de ${RONDAS} rondas (GetUsuario p95 ${mediana(pisos).toFixed(2)} ms; objetivo ≤ ${OBJETIVO}×)`);
  for (const [nombre, rs] of Object.entries(razones)) {
    const m = mediana(rs);
    if (m > OBJETIVO) fallo = true;
    console.log(nombre.padEnd(30), `${m.toFixed(2)}×`.padStart(8), m > OBJETIVO ? 'NO CUMPLE' : '');
  }
  console.log(`carga al terminar ${carga()}${fallo ? ' — NO CUMPLE' : ''}`);
} finally {
  await server.detener();
  await b.limpiar();
}
process.exit(fallo ? 1 : 0);
