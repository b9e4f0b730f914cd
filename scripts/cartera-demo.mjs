#!/usr/bin/env node
// Fills a company of a running Predio with a sample portfolio, through the API and as its admin, the way
// the forms would: owners and clients (terceros), 24 properties in Medellín with photos (most of them
// disponibles, one reservado, one arrendado, one retirado with its causal), leads whose requirements fit
// some of them (so matching shows on both sides), and requests from the website, portals and the phone.
//
//   npm run demo:cartera                       → http://localhost:3000, company 1, admin / demo1234
//   npm run demo:cartera -- http://localhost:3230
//   DEMO_EMPRESA=2 DEMO_USUARIO=admin DEMO_CLAVE=… npm run demo:cartera -- URL
//
// It refuses a company that already has properties, so it never mixes with real data.
import sharp from 'sharp';

const BASE = (process.argv[2] ?? process.env.PREDIO_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const EMPRESA = Number(process.env.DEMO_EMPRESA ?? 1);
const USUARIO = process.env.DEMO_USUARIO ?? 'admin';
const CLAVE = process.env.DEMO_CLAVE ?? 'demo1234';

let token = '';

async function api(method, ruta, body) {
  const multipart = body instanceof FormData;
  const r = await fetch(`${BASE}/api${ruta}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) }),
  });
  const json = await r.json().catch(() => ({}));
  if (!r.ok || json.code !== 20000) throw new Error(`${method} ${ruta}: ${r.status} ${json.message ?? ''}`);
  return json.data;
}

/** The id of a master's option by its name, as a select would find it. */
async function opcion(maestro, nombre, filtro = '') {
  const xs = await api('GET', `/maestros/${maestro}/opciones?q=${encodeURIComponent(nombre)}${filtro}`);
  const x = xs.find((o) => o.label.toLocaleLowerCase('es') === nombre.toLocaleLowerCase('es')) ?? xs[0];
  if (!x) throw new Error(`No se encontró «${nombre}» en ${maestro}`);
  return x.id;
}

// ----- photos: drawn here, so the script needs no files -------------------------------------------

const PALETAS = [
  ['#d9c7a7', '#8a6f4d'],
  ['#cfd8dc', '#546e7a'],
  ['#e8d5c4', '#a0522d'],
  ['#dcedc8', '#558b2f'],
  ['#f5e6ca', '#b08d57'],
  ['#d7ccc8', '#6d4c41'],
];

function svgFoto(titulo, [claro, oscuro], n) {
  const ventanas = Array.from({ length: 3 }, (_, i) => {
    const x = 180 + i * 300;
    return `<rect x="${x}" y="210" width="180" height="230" rx="6" fill="#bfe3f5" stroke="${oscuro}" stroke-width="10"/>
      <line x1="${x + 90}" y1="210" x2="${x + 90}" y2="440" stroke="${oscuro}" stroke-width="6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${claro}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <rect x="0" y="560" width="1200" height="240" fill="${oscuro}" opacity="${0.35 + (n % 3) * 0.1}"/>
    ${ventanas}
    <rect x="80" y="640" width="1040" height="110" rx="14" fill="#ffffff" opacity="0.85"/>
    <text x="600" y="712" font-family="DejaVu Sans, sans-serif" font-size="48" text-anchor="middle" fill="#263238">${titulo}</text>
  </svg>`;
}

async function subirFotos(consecutivo, titulos, paleta) {
  const fd = new FormData();
  for (const [i, t] of titulos.entries()) {
    const jpg = await sharp(Buffer.from(svgFoto(t, paleta, i)))
      .jpeg({ quality: 82 })
      .toBuffer();
    fd.append('file', new Blob([jpg], { type: 'image/jpeg' }), `${consecutivo}-${i + 1}.jpg`);
  }
  await api('POST', `/inmuebles/${consecutivo}/fotos`, fd);
}

// ----- the data -----------------------------------------------------------------------------------

const PROPIETARIOS = [
  ['70123456', 'Jorge', 'Iván', 'Zapata', 'Mejía', '3104561234'],
  ['43512789', 'Ana', 'Lucía', 'Vélez', 'Arango', '3157896543'],
  ['71789012', 'Hernán', '', 'Cardona', 'Ríos', '3001237894'],
  ['32456789', 'Gloria', 'Patricia', 'Muñoz', 'Henao', '3126549871'],
  ['98654321', 'Santiago', '', 'Londoño', 'Uribe', '3209871236'],
  ['42987654', 'Marta', 'Cecilia', 'Gil', 'Posada', '3014569872'],
];

const CLIENTES = [
  ['1017234567', 'Valentina', '', 'Correa', 'Álvarez', '3186547890'],
  ['1036789012', 'Andrés', 'Felipe', 'Mesa', 'Quintero', '3112345678'],
  ['1152345678', 'Daniela', '', 'Betancur', 'Ochoa', '3028765432'],
  ['8356789', 'Luis', 'Fernando', 'Arbeláez', 'Toro', '3145678901'],
  ['1128456789', 'Camila', 'Andrea', 'Franco', 'Jaramillo', '3059876543'],
];

// tipo, gestión, barrio, zona, dirección, estrato, área, hab, baños, parq, piso, canon, venta, admin, características, [lat, lng], fotos
// prettier-ignore
const INMUEBLES = [
  ['apartamento', 'arriendo', 'El Poblado', 'Sur', 'Carrera 43A # 9 Sur-91 Apto 1204', 6, 98, 3, 2, 2, 12, 5_800_000, null, 780_000, ['Balcón', 'Gimnasio', 'Conjunto cerrado', 'Cocina integral'], [6.2009, -75.5732], ['Sala comedor', 'Cocina integral', 'Alcoba principal', 'Balcón con vista']],
  ['apartamento', 'venta', 'El Poblado', 'Sur', 'Calle 10 # 37-45 Apto 502', 6, 145, 3, 3, 2, 5, null, 1_250_000_000, 950_000, ['Estudio', 'Chimenea', 'Gimnasio', 'Parqueadero cubierto'], [6.2094, -75.5671], ['Sala', 'Estudio', 'Alcoba principal']],
  ['apartaestudio', 'arriendo', 'El Poblado', 'Sur', 'Carrera 35 # 8A-21 Apto 301', 5, 42, 1, 1, 1, 3, 2_900_000, null, 320_000, ['Amoblado', 'Cocina integral', 'Aire acondicionado'], [6.2103, -75.5702], ['Espacio principal', 'Cocina abierta']],
  ['casa', 'venta', 'Laureles', 'Occidente', 'Circular 4 # 72-30', 5, 230, 4, 4, 2, null, null, 1_480_000_000, 0, ['Jardín', 'Patio', 'Estudio', 'Cuarto útil'], [6.2452, -75.5953], ['Fachada', 'Sala', 'Jardín', 'Cocina']],
  ['apartamento', 'arriendo', 'Laureles', 'Occidente', 'Carrera 76 # 33-50 Apto 801', 5, 88, 3, 2, 1, 8, 3_600_000, null, 410_000, ['Balcón', 'Cocina integral', 'Cerca a transporte público'], [6.2431, -75.5978], ['Sala comedor', 'Alcoba', 'Baño']],
  ['apartamento', 'arriendo_venta', 'Laureles', 'Occidente', 'Transversal 39B # 74-15 Apto 402', 5, 110, 3, 2, 1, 4, 4_200_000, 690_000_000, 450_000, ['Balcón', 'Estudio', 'Conjunto cerrado'], [6.2466, -75.5912], ['Sala', 'Estudio', 'Cocina']],
  ['local', 'arriendo', 'Laureles', 'Occidente', 'Carrera 70 # 44-20 Local 101', 5, 75, 0, 1, 0, 1, 7_500_000, null, 0, ['Cerca a transporte público'], [6.2521, -75.5889], ['Vitrina', 'Interior del local']],
  ['apartamento', 'arriendo', 'Belén', 'Occidente', 'Calle 30A # 77-40 Apto 702', 4, 70, 3, 2, 1, 7, 2_300_000, null, 280_000, ['Parque infantil', 'Conjunto cerrado', 'Cerca a colegios'], [6.2305, -75.6012], ['Sala', 'Cocina', 'Alcoba principal']],
  ['casa', 'arriendo', 'Belén', 'Occidente', 'Carrera 81 # 28-15', 4, 160, 4, 3, 1, null, 3_400_000, null, 0, ['Patio', 'Cuarto útil'], [6.2298, -75.6055], ['Fachada', 'Sala', 'Patio']],
  ['apartamento', 'venta', 'Belén', 'Occidente', 'Calle 17 # 80-12 Apto 1501', 4, 63, 2, 2, 1, 15, null, 345_000_000, 240_000, ['Balcón', 'Gimnasio', 'Conjunto cerrado'], [6.2208, -75.6003], ['Sala', 'Balcón', 'Alcoba']],
  ['oficina', 'arriendo', 'Estadio', 'Occidente', 'Carrera 70 # 52-21 Oficina 604', 4, 54, 0, 1, 1, 6, 2_600_000, null, 390_000, ['Aire acondicionado', 'Cerca a transporte público'], [6.2569, -75.5897], ['Recepción', 'Oficina']],
  ['apartamento', 'arriendo', 'Conquistadores', 'Occidente', 'Carrera 65 # 37-80 Apto 903', 5, 95, 3, 2, 2, 9, 3_900_000, null, 520_000, ['Balcón', 'Gimnasio', 'Parqueadero de visitantes'], [6.2482, -75.5823], ['Sala comedor', 'Cocina', 'Alcoba principal']],
  ['apartamento', 'arriendo', 'La América', 'Occidente', 'Calle 44 # 84-30 Apto 203', 3, 65, 3, 1, 0, 2, 1_600_000, null, 150_000, ['Cerca a colegios', 'Cerca a transporte público'], [6.2541, -75.6061], ['Sala', 'Cocina']],
  ['casa', 'venta', 'Boston', 'Centro', 'Carrera 40 # 54-32', 3, 180, 5, 3, 0, null, null, 520_000_000, 0, ['Patio', 'Cuarto útil'], [6.2472, -75.5574], ['Fachada', 'Sala', 'Patio']],
  ['apartamento', 'arriendo', 'Boston', 'Centro', 'Calle 56 # 39-18 Apto 501', 3, 72, 2, 2, 0, 5, 1_850_000, null, 180_000, ['Balcón', 'Cerca a transporte público'], [6.249, -75.5559], ['Sala', 'Alcoba']],
  ['bodega', 'arriendo', 'Castilla', 'Norte', 'Carrera 65 # 98-40 Bodega 3', 2, 420, 0, 2, 2, null, 9_800_000, null, 0, [], [6.2952, -75.5691], ['Nave principal', 'Zona de cargue']],
  ['casa', 'venta', 'Castilla', 'Norte', 'Calle 101 # 68-25', 2, 120, 4, 2, 0, null, null, 290_000_000, 0, ['Patio'], [6.2967, -75.5712], ['Fachada', 'Sala']],
  ['apartamento', 'arriendo', 'Aranjuez', 'Norte', 'Carrera 49 # 92-10 Apto 302', 2, 58, 2, 1, 0, 3, 1_250_000, null, 90_000, ['Cerca a transporte público'], [6.2831, -75.5563], ['Sala', 'Cocina']],
  ['apartamento', 'venta', 'Robledo', 'Occidente', 'Calle 65 # 88-41 Apto 1102', 3, 61, 3, 2, 1, 11, null, 265_000_000, 210_000, ['Conjunto cerrado', 'Parque infantil'], [6.2755, -75.5981], ['Sala', 'Alcoba', 'Vista']],
  ['lote', 'venta', 'Robledo', 'Occidente', 'Vereda La Aldea, Lote 14', 2, null, 0, 0, 0, null, null, 410_000_000, 0, [], [6.2801, -75.6123], ['Lote', 'Vista del lote']],
  ['consultorio', 'arriendo', 'El Poblado', 'Sur', 'Calle 7 # 39-215 Consultorio 812', 6, 38, 0, 1, 1, 8, 3_100_000, null, 420_000, ['Aire acondicionado'], [6.2061, -75.5669], ['Consultorio', 'Sala de espera']],
  ['apartamento', 'arriendo', 'Prado', 'Centro', 'Carrera 50A # 63-20 Apto 401', 3, 90, 3, 2, 0, 4, 1_900_000, null, 160_000, ['Balcón', 'Estudio'], [6.2573, -75.5598], ['Sala', 'Estudio']],
  ['finca', 'venta', 'Robledo', 'Occidente', 'Vereda Travesías, Finca El Roble', 2, 300, 5, 4, 4, null, null, 1_100_000_000, 0, ['Jardín', 'Chimenea', 'Zona verde'], [6.2899, -75.6254], ['Casa principal', 'Jardín', 'Kiosco']],
  ['apartamento', 'arriendo', 'Manila', 'Sur', 'Calle 11 # 43D-50 Apto 604', 5, 80, 2, 2, 1, 6, 3_300_000, null, 400_000, ['Balcón', 'Amoblado', 'Cerca a centros comerciales'], [6.2102, -75.5716], ['Sala', 'Alcoba', 'Balcón']],
];

const hoy = new Date();
const dia = (dias) => new Date(hoy.getTime() + dias * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const login = await api('POST', '/usuarios/login', { idEmpresa: EMPRESA, usuario: USUARIO, clave: CLAVE });
  token = login.token;
  const ya = await api('GET', '/inmuebles/conteo?estado=captado,disponible,reservado,arrendado,vendido,retirado');
  if (ya.total > 0) {
    console.error(`La empresa ${EMPRESA} ya tiene ${ya.total} inmuebles; la cartera de ejemplo solo se carga en una vacía.`);
    process.exit(1);
  }

  const medellin = await opcion('municipios', 'Medellín');
  const barrios = new Map();
  for (const b of await api('GET', `/maestros/barrios/opciones?id_municipio=${medellin}`)) barrios.set(b.label, b.id);
  const zonas = new Map((await api('GET', '/maestros/zonas/opciones')).map((z) => [z.label, z.id]));
  const caracteristicas = new Map((await api('GET', '/maestros/caracteristicas/opciones')).map((c) => [c.label, c.id]));
  const captacion = (await api('GET', '/maestros/captacion/opciones')).map((c) => c.id);
  const medios = (await api('GET', '/maestros/mediospublicitarios/opciones')).map((c) => c.id);
  const asesores = (await api('GET', '/inmuebles-opciones/asesores')).map((a) => a.id);
  const sector = await opcion('sectores', 'Residencial');
  const autorizacion = await opcion('mediosautmanejodatos', 'Formato físico firmado');

  // A tercero already there (a second run after a failed one) is reused.
  const tercero = async ([nro_id, nombre1, nombre2, apellido1, apellido2, celular], rol) =>
    (await api('GET', `/terceros/nro/${nro_id}`).catch(() => null))?.id ??
    (
      await api('POST', '/terceros', {
        tipo_contribuyente: 2,
        tipo_dcto: 13,
        nro_id,
        nombre1,
        nombre2,
        apellido1,
        apellido2,
        celular,
        indicativo_Celular: '+57',
        email: `${nombre1}.${apellido1}@correo-ejemplo.co`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
        id_municipio: medellin,
        propietario: rol === 'propietario',
        cliente: rol === 'cliente',
        aut_Manejo_Datos_Personales: true,
        id_medio_aut_datos: autorizacion,
        fecha_aut_datos: dia(-30),
      })
    ).tercero.id;
  const duenos = [];
  for (const p of PROPIETARIOS) duenos.push(await tercero(p, 'propietario'));
  const clientes = [];
  for (const c of CLIENTES) clientes.push(await tercero(c, 'cliente'));
  console.log(`Terceros: ${duenos.length} propietarios y ${clientes.length} clientes.`);

  const creados = [];
  for (const [i, x] of INMUEBLES.entries()) {
    const [
      tipo,
      gestion,
      barrio,
      zona,
      direccion,
      estrato,
      area,
      hab,
      banos,
      parq,
      piso,
      canon,
      venta,
      admin,
      cars,
      [lat, lng],
      fotos,
    ] = x;
    const propietarios =
      i % 5 === 0
        ? [
            { id_tercero: duenos[i % duenos.length], porcentaje: 50 },
            { id_tercero: duenos[(i + 1) % duenos.length], porcentaje: 50 },
          ]
        : [{ id_tercero: duenos[i % duenos.length], porcentaje: 100 }];
    const d = await api('POST', '/inmuebles', {
      tipo,
      gestion,
      direccion,
      id_municipio: medellin,
      id_barrio: barrios.get(barrio) ?? null,
      id_zona: zonas.get(zona) ?? null,
      id_sector: sector,
      estrato,
      area_construida: area,
      area_privada: area && tipo === 'apartamento' ? Math.round(area * 0.92) : null,
      area_lote: tipo === 'lote' ? 2400 : tipo === 'finca' ? 18000 : null,
      habitaciones: hab,
      banos,
      parqueaderos: parq,
      piso,
      ascensor: piso !== null && piso > 4,
      anio_construccion: tipo === 'lote' ? null : 1985 + ((i * 7) % 38),
      canon,
      precio_venta: venta,
      administracion: admin || null,
      caracteristicas: cars.map((c) => caracteristicas.get(c)).filter(Boolean),
      descripcion: `${fotos.join(', ')}. ${tipo === 'lote' ? 'Lote con vías de acceso' : 'Bien iluminado y ventilado'}, en ${barrio}, Medellín.`,
      observaciones_internas: i % 4 === 0 ? 'Las llaves están en la oficina; avisar al propietario antes de cada visita.' : '',
      propietarios,
      id_asesor_captador: asesores[i % asesores.length],
      id_asesor_comercial: asesores[(i + 1) % asesores.length],
      id_captacion: captacion[i % captacion.length],
      fecha_consignacion: dia(-120 + i * 4),
      // Two consignments need attention: one ends in 12 days, one ended 4 days ago.
      vigencia_consignacion: i === 1 ? dia(12) : i === 3 ? dia(-4) : dia(245 + i * 4),
      lat,
      lng,
      codigo_llaves: `LL-${String(i + 1).padStart(3, '0')}`,
      publicar: { sitio_web: true, fincaraiz: i % 2 === 0, metrocuadrado: i % 3 === 0, ciencuadras: false },
    });
    await subirFotos(d.consecutivo, fotos, PALETAS[i % PALETAS.length]);
    creados.push(d.consecutivo);
  }
  console.log(`Inmuebles: ${creados.length} creados con sus fotos (${creados[0]}–${creados.at(-1)}).`);

  // Leads: requirements that fit some of the properties above.
  const LEADS = [
    {
      gestion: 'arriendo',
      tipos: ['apartamento'],
      barrios: ['Laureles', 'Conquistadores'],
      precio_min: 3_000_000,
      precio_max: 4_500_000,
      habitaciones_min: 3,
      estratos: [4, 5],
    },
    { gestion: 'venta', tipos: ['casa'], barrios: [], precio_max: 1_600_000_000, habitaciones_min: 4, estratos: [] },
    {
      gestion: 'arriendo',
      tipos: ['apartamento', 'apartaestudio'],
      barrios: ['El Poblado', 'Manila'],
      precio_max: 3_500_000,
      habitaciones_min: 1,
      estratos: [5, 6],
    },
    {
      gestion: 'venta',
      tipos: ['apartamento'],
      barrios: ['Belén', 'Robledo'],
      precio_max: 360_000_000,
      habitaciones_min: 2,
      estratos: [3, 4],
    },
    {
      gestion: 'arriendo',
      tipos: ['local', 'oficina'],
      barrios: [],
      precio_max: 8_000_000,
      habitaciones_min: null,
      estratos: [],
    },
  ];
  const leads = [];
  for (const [i, l] of LEADS.entries()) {
    const d = await api('POST', '/clientes-atendidos', {
      id_tercero: clientes[i],
      fecha_ingreso: dia(-20 + i * 3),
      id_asesor: asesores[i % asesores.length],
      id_medio: medios[i % medios.length],
      gestion: l.gestion,
      tipos: l.tipos,
      municipios: [medellin],
      barrios: l.barrios.map((b) => barrios.get(b)).filter(Boolean),
      precio_min: l.precio_min ?? null,
      precio_max: l.precio_max,
      habitaciones_min: l.habitaciones_min,
      estratos: l.estratos,
      observaciones: 'Busca mudarse en los próximos dos meses.',
    });
    leads.push(d.consecutivo);
  }
  await api('POST', `/clientes-atendidos/${leads[0]}/notas`, {
    texto: 'Llamada: le interesan los de Laureles; agendar visita el sábado.',
  });

  // Published after the leads exist, so their asesores get the matching notices.
  const causal = await opcion('causales', 'Consignación vencida');
  for (const [i, c] of creados.entries()) {
    if (i === creados.length - 2) continue; // the newest but one stays captado
    await api('POST', `/inmuebles/${c}/estado`, { estado: 'disponible', observacion: 'Revisado y publicado' });
    if (i === 6) await api('POST', `/inmuebles/${c}/estado`, { estado: 'reservado', observacion: 'Cliente separó el local' });
    if (i === 12) await api('POST', `/inmuebles/${c}/estado`, { estado: 'arrendado', observacion: 'Contrato firmado' });
    if (i === 16)
      await api('POST', `/inmuebles/${c}/estado`, { estado: 'retirado', causal, observacion: 'El propietario no renovó' });
  }

  const coinciden = [];
  for (const l of leads) coinciden.push((await api('GET', `/clientes-atendidos/${l}/coincidencias`)).length);
  console.log(`Clientes atendidos: ${leads.length}; inmuebles que coinciden con cada uno: ${coinciden.join(', ')}.`);
  const SOLICITUDES = [
    {
      canal: 'sitio_web',
      tipo: 'visita',
      id_tercero: clientes[0],
      consecutivo_inmueble: creados[4],
      mensaje: 'Quisiera visitar el apartamento este fin de semana.',
    },
    {
      canal: 'portal',
      portal: 'fincaraiz',
      tipo: 'arrendar',
      contacto_nombre: 'Sebastián Restrepo',
      contacto_telefono: '3167778899',
      contacto_email: 'sebastian.restrepo@correo-ejemplo.co',
      consecutivo_inmueble: creados[0],
      mensaje: '¿El apartamento admite mascotas?',
    },
    {
      canal: 'telefono',
      tipo: 'consignar',
      contacto_nombre: 'Beatriz Echeverri',
      contacto_telefono: '604 311 2244',
      mensaje: 'Tiene una casa en Envigado para arrendar y quiere conocer la comisión.',
    },
    {
      canal: 'whatsapp',
      tipo: 'comprar',
      id_tercero: clientes[3],
      mensaje: 'Busca apartamento para inversión hasta 360 millones.',
    },
    {
      canal: 'presencial',
      tipo: 'informacion',
      contacto_nombre: 'Ricardo Palacio',
      contacto_telefono: '3001112233',
      mensaje: 'Pregunta por los requisitos para arrendar sin fiador.',
    },
  ];
  // Received over the last day, every other one assigned, the asesores in turn.
  for (const [i, s] of SOLICITUDES.entries())
    await api('POST', '/solicitudes', {
      ...s,
      fecha_recepcion: new Date(hoy.getTime() - (SOLICITUDES.length - i) * 5 * 3_600_000).toISOString(),
      id_asignado: i % 2 === 0 ? asesores[(i / 2) % asesores.length] : null,
    });
  console.log(`Solicitudes: ${SOLICITUDES.length}.`);
  console.log('Listo: abra Propiedades › Inmuebles disponibles.');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
