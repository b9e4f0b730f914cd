// The files and uploads of issue 22 that froze the server, sent to the built server while another
// thread asks /api/health every 20 ms: prints, for each case, its answer and time and the slowest
// /api/health answer seen meanwhile, then the slowest of all (target: 200 ms). Spreadsheets go to the
// masters' import as an administrator (the reading is bounded and off the event loop) and as a user
// without permission (refused before the file is read); the 79-megapixel photos go to a property's
// photos as a user without permission and with a closed session. Loopback only; a fixed number of
// requests, each with a time limit. PGlite by default; PostgreSQL when DATABASE_URL is set (a database
// of its own).
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { prepararBase } from './servidor.mjs';

const OBJETIVO_MS = 200;
const SONDEO_MS = 20;
const LIMITE_PETICION_MS = 120_000;
const REPOSO = 'nada (3 s en reposo)';

execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-seguridad', port: Number(process.env.BENCH_PORT ?? 3214) });

/** A multipart body with the files in the field `file`. */
function multipart(archivos) {
  const limite = `----predio${randomBytes(8).toString('hex')}`;
  const partes = archivos.flatMap(({ nombre, tipo, datos }) => [
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="file"; filename="${nombre}"\r\nContent-Type: ${tipo}\r\n\r\n`,
    ),
    datos,
    Buffer.from('\r\n'),
  ]);
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return { body: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}

async function xlsx(llenar) {
  const libro = new ExcelJS.Workbook();
  llenar(libro.addWorksheet('Hoja1'));
  return Buffer.from(await libro.xlsx.writeBuffer());
}

async function bomba() {
  const zip = await JSZip.loadAsync(await xlsx((h) => void (h.getCell(1, 1).value = 'Nombre')));
  const hoja = Buffer.alloc(200 * 1024 * 1024, ' ');
  hoja.write('<?xml version="1.0"?><worksheet>');
  hoja.write('</worksheet>', hoja.length - 12);
  zip.file('xl/worksheets/sheet1.xml', hoja);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

// /api/health is asked from a thread of its own: this one sends up to 120 MB at a time, and a poller
// sharing its event loop would time this process's writing, not the server's answer.
const SONDEO = `
const { parentPort, workerData } = require('node:worker_threads');
let seguir = true;
let peor = 0;
parentPort.on('message', () => (seguir = false));
(async () => {
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage('listo');
  while (seguir) {
    const inicio = performance.now();
    await (await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.limiteMs) })).arrayBuffer();
    peor = Math.max(peor, performance.now() - inicio);
    await new Promise((r) => setTimeout(r, workerData.cadaMs));
  }
  parentPort.postMessage(peor);
})();`;

function sondear(url) {
  const w = new Worker(SONDEO, { eval: true, workerData: { url, cadaMs: SONDEO_MS, limiteMs: LIMITE_PETICION_MS } });
  const mensaje = () => new Promise((resolve, reject) => w.once('message', resolve).once('error', reject));
  const listo = mensaje();
  return {
    listo,
    async parar() {
      const fin = mensaje();
      w.postMessage('parar');
      const peor = await fin;
      await w.terminate();
      return peor;
    },
  };
}

console.log('preparando los archivos…');
const archivos = {
  xfd: await xlsx((h) => {
    for (let i = 1; i <= 50; i++) h.getCell(i, 16384).value = 'x';
  }),
  cienMil: await xlsx((h) => {
    for (let i = 1; i <= 100_000; i++) h.getCell(i, 1).value = i;
  }),
  saltos: Buffer.alloc(5 * 1024 * 1024, '\n'),
  grande: Buffer.alloc(9 * 1024 * 1024, 'x'),
  bomba: await bomba(),
  diezMil: await xlsx((h) => {
    h.addRow(['Nombre', 'Municipio', 'Estrato']);
    for (let i = 1; i <= 10_000; i++) h.addRow([`Barrio de carga ${i}`, 'Medellín', (i % 6) + 1]);
  }),
  // About 79 megapixels, as in the issue.
  foto: await sharp({ create: { width: 10240, height: 7680, channels: 3, background: '#96be0e' } })
    .jpeg({ quality: 90 })
    .toBuffer(),
};

const server = b.arrancar();
try {
  await b.esperar();
  const admin = await b.login();
  const post = (path, headers, body) =>
    fetch(`${b.base}${path}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(LIMITE_PETICION_MS) });
  const tercero = await post(
    '/api/terceros',
    { ...admin, 'content-type': 'application/json' },
    JSON.stringify({ nro_id: '1017000001', nombre1: 'Sin', apellido1: 'Permisos', empleado: true }),
  ).then((r) => r.json());
  if (tercero.code !== 20000) throw new Error(`no se creó el tercero del usuario sin permisos: ${tercero.message}`);
  const creado = await post(
    '/api/usuarios',
    { ...admin, 'content-type': 'application/json' },
    JSON.stringify({ usuario: 'sinpermisos', clave: 'bench-seguridad-1', nro_id: '1017000001', permisos: '' }),
  ).then((r) => r.json());
  if (creado.code !== 20000) throw new Error(`no se creó el usuario sin permisos: ${creado.message}`);
  const entrar = async (usuario, clave) => {
    const r = await post(
      '/api/usuarios/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ idEmpresa: 1, usuario, clave }),
    ).then((x) => x.json());
    return { authorization: `Bearer ${r.token}` };
  };
  const sinPermisos = await entrar('sinpermisos', 'bench-seguridad-1');
  const cerrada = await entrar('asesor', 'demo1234');
  await fetch(`${b.base}/api/Usuarios/cerrarsesion`, { headers: cerrada }).then((r) => r.arrayBuffer());

  const importar = (quien, recurso, nombre, datos) => () => {
    const m = multipart([{ nombre, tipo: 'application/octet-stream', datos }]);
    return post(`/api/maestros/${recurso}/importar`, { ...quien, ...m.headers }, m.body);
  };
  const fotos = (quien) => () => {
    const m = multipart(
      Array.from({ length: 20 }, (_, i) => ({ nombre: `foto-${i + 1}.jpg`, tipo: 'image/jpeg', datos: archivos.foto })),
    );
    return post('/api/inmuebles/1/fotos', { ...quien, ...m.headers }, m.body);
  };
  const casos = [
    // What the shared machine alone costs /api/health, to read the others against.
    [REPOSO, () => new Promise((r) => setTimeout(() => r([]), 3000))],
    ['xlsx de 50 filas con una celda en XFD', importar(admin, 'sectores', 'xfd.xlsx', archivos.xfd)],
    ['xlsx de 100.000 filas de una celda', importar(admin, 'sectores', 'cien-mil.xlsx', archivos.cienMil)],
    ['CSV de 5 MB de saltos de línea', importar(admin, 'sectores', 'saltos.csv', archivos.saltos)],
    ['archivo de 9 MB', importar(admin, 'sectores', 'grande.csv', archivos.grande)],
    ['xlsx que descomprime a 200 MB', importar(admin, 'sectores', 'bomba.xlsx', archivos.bomba)],
    ['xlsx de 10.000 barrios (el máximo)', importar(admin, 'barrios', 'barrios.xlsx', archivos.diezMil)],
    ['xlsx de 100.000 filas, sin permiso', importar(sinPermisos, 'sectores', 'cien-mil.xlsx', archivos.cienMil)],
    ['20 fotos de 79 MP, sin permiso', fotos(sinPermisos)],
    ['20 fotos de 79 MP, sesión cerrada', fotos(cerrada)],
    ['5 envíos de 20 fotos a la vez, sin permiso', () => Promise.all(Array.from({ length: 5 }, () => fotos(sinPermisos)()))],
  ];

  console.log(
    `engine=${b.engine}, /api/health cada ${SONDEO_MS} ms, carga ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log('caso'.padEnd(44), 'respuesta'.padStart(12), 'ms'.padStart(8), 'peor health ms'.padStart(15));
  let peorTotal = 0;
  for (const [nombre, enviar] of casos) {
    const sondeo = sondear(`${b.base}/api/health`);
    await sondeo.listo;
    const inicio = performance.now();
    const respuestas = [await enviar()].flat();
    const ms = performance.now() - inicio;
    const cuerpos = await Promise.all(respuestas.map((r) => r.json()));
    const peor = await sondeo.parar();
    if (nombre !== REPOSO) peorTotal = Math.max(peorTotal, peor);
    const estados = [...new Set(respuestas.map((r, i) => `${r.status}/${cuerpos[i].code}`))].join(',') || '—';
    console.log(nombre.padEnd(44), estados.padStart(12), ms.toFixed(0).padStart(8), peor.toFixed(0).padStart(15));
  }
  console.log(
    `peor latencia de /api/health con carga: ${peorTotal.toFixed(0)} ms (objetivo ≤ ${OBJETIVO_MS} ms: ${peorTotal <= OBJETIVO_MS ? 'cumple' : 'NO cumple'})`,
  );
} finally {
  await server.detener();
  await b.limpiar();
}
