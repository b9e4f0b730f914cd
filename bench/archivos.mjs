// Uploads a 50 MB file to a property through the built API and downloads it back, both as streams,
// while sampling the server's resident memory (VmRSS of its process, every 20 ms). Prints the idle
// baseline, the peak during each transfer and the growth (target: under 20 MB), the speeds, and checks
// the SHA-256 both ways. Local disk by default; BENCH_S3=1 stores in an s3rver bucket run by this
// process. PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own).
import { execSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepararBase } from './servidor.mjs';

const MB = 1024 * 1024;
const TAMANO = Number(process.env.BENCH_MB ?? 50) * MB;
const OBJETIVO_MB = 20;
const CONSECUTIVO = 900;

if (!process.env.BENCH_SIN_BUILD) execSync('npm run -s build -w @predio/api', { stdio: 'inherit' });
const b = await prepararBase({ prefijo: 'bench-archivos', port: Number(process.env.BENCH_PORT ?? 3215) });

let s3 = null;
let env = {};
if (process.env.BENCH_S3) {
  const { default: S3rver } = await import('s3rver');
  const dir = mkdtempSync(join(tmpdir(), 'predio-bench-s3-'));
  const srv = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'predio' }] });
  const { port } = await srv.run();
  s3 = { cerrar: async () => (await srv.close(), rmSync(dir, { recursive: true, force: true })) };
  env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'predio',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m[1]) / 1024;
};

/** Samples the process's RSS until stopped; answers the largest seen. */
function muestrear(pid) {
  let max = rssMb(pid);
  const t = setInterval(() => (max = Math.max(max, rssMb(pid))), 20);
  return () => (clearInterval(t), Math.max(max, rssMb(pid)));
}

/** A multipart body streamed in 64 KB chunks: an MP4 header, then random bytes, `bytes` in all. */
function cuerpo(bytes, limite) {
  const hash = createHash('sha256');
  const bloque = randomBytes(MB);
  const cabecera = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mp42isom'),
  ]);
  let enviados = 0;
  let fase = 0;
  const stream = new ReadableStream({
    pull(c) {
      if (fase === 0) {
        c.enqueue(
          Buffer.from(
            `--${limite}\r\nContent-Disposition: form-data; name="file"; filename="recorrido.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
          ),
        );
        hash.update(cabecera);
        c.enqueue(cabecera);
        enviados = cabecera.length;
        fase = 1;
        return;
      }
      if (enviados < bytes) {
        const n = Math.min(64 * 1024, bytes - enviados);
        const off = enviados % MB;
        const trozo = bloque.subarray(off, Math.min(off + n, MB));
        hash.update(trozo);
        c.enqueue(trozo);
        enviados += trozo.length;
        return;
      }
      c.enqueue(Buffer.from(`\r\n--${limite}--\r\n`));
      c.close();
    },
  });
  return { stream, sha: () => hash.digest('hex') };
}

async function subir(admin, bytes) {
  const limite = `----predio${randomBytes(8).toString('hex')}`;
  const c = cuerpo(bytes, limite);
  const r = await fetch(`${b.base}/api/archivos/inmueble/${CONSECUTIVO}?categoria=video`, {
    method: 'POST',
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${limite}` },
    body: c.stream,
    duplex: 'half',
  });
  const j = await r.json();
  if (r.status !== 200) throw new Error(`subida: ${r.status} ${j.message}`);
  if (j.data.sha256 !== c.sha()) throw new Error('el SHA-256 del servidor no es el enviado');
  return j.data;
}

async function bajar(admin, a) {
  const r = await fetch(`${b.base}/api/archivos/inmueble/${CONSECUTIVO}/${a.id}`, { headers: admin });
  if (r.status !== 200) throw new Error(`descarga: ${r.status}`);
  const hash = createHash('sha256');
  let n = 0;
  for await (const trozo of r.body) {
    hash.update(trozo);
    n += trozo.length;
  }
  if (n !== a.bytes || hash.digest('hex') !== a.sha256) throw new Error('la descarga no es el archivo subido');
}

try {
  // Migrate and seed, then add the property the files go to.
  let server = b.arrancar(env);
  await b.esperar();
  await server.detener();
  await b.ejecutar(`
    insert into inmueble (id_empresa, consecutivo, tipo, gestion, estado, direccion, id_municipio, creado_por)
    values (1, ${CONSECUTIVO}, 'casa', 'venta', 'disponible', 'Calle 1', (select id from municipios where id_empresa = 1 order by id limit 1), 'bench')`);
  server = b.arrancar(env);
  await b.esperar();
  const admin = await b.login();
  try {
    // Warm up: every module an upload and a download load (file-type, the S3 client) is loaded now.
    await bajar(admin, await subir(admin, 2 * MB));
    await new Promise((r) => setTimeout(r, 2000));
    const idle = [];
    for (let i = 0; i < 20; i++) idle.push(rssMb(server.pid), await new Promise((r) => setTimeout(r, 50)));
    const base = Math.max(...idle.filter((x) => typeof x === 'number'));

    let parar = muestrear(server.pid);
    let t0 = performance.now();
    const a = await subir(admin, TAMANO);
    const subidaMs = performance.now() - t0;
    const picoSubida = parar();

    parar = muestrear(server.pid);
    t0 = performance.now();
    await bajar(admin, a);
    const bajadaMs = performance.now() - t0;
    const picoBajada = parar();

    const crece = Math.max(picoSubida, picoBajada) - base;
    const f = (x) => x.toFixed(1);
    console.log(
      `\nengine=${b.engine}, storage=${s3 ? 's3 (s3rver)' : 'local'}, archivo ${TAMANO / MB} MB, carga ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    console.log(`RSS del servidor en reposo:        ${f(base)} MB`);
    console.log(
      `pico durante la subida:           ${f(picoSubida)} MB (+${f(picoSubida - base)})  ${f(subidaMs / 1000)} s, ${f(TAMANO / MB / (subidaMs / 1000))} MB/s`,
    );
    console.log(
      `pico durante la descarga:         ${f(picoBajada)} MB (+${f(picoBajada - base)})  ${f(bajadaMs / 1000)} s, ${f(TAMANO / MB / (bajadaMs / 1000))} MB/s`,
    );
    console.log(
      `crecimiento máximo: ${f(crece)} MB (objetivo < ${OBJETIVO_MB} MB): ${crece < OBJETIVO_MB ? 'CUMPLE' : 'NO CUMPLE'}`,
    );
    console.log('SHA-256 igual a la ida y a la vuelta');
    if (crece >= OBJETIVO_MB) process.exitCode = 1;
  } finally {
    await server.detener();
  }
} finally {
  await s3?.cerrar();
  await b.limpiar();
}
