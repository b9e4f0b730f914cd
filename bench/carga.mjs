// First load of the web app (issue 35 §7): from the build's manifest, the gzip size of the JavaScript that
// /login and /inicio load before they show, and of every lazily loaded page's own chunk. Exits 1 above the
// targets, or with --budget above the budget (today's size and a little room, which `npm test` holds the
// build to until the targets are met), and when a file lacks its precompressed copies. Reads
// `apps/web/dist` as `npm run build` leaves it (WEB_DIST chooses another build).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = 'apps/web';
const DIST = process.env.WEB_DIST ?? join(WEB, 'dist');
const KB = 1000; // as Vite's build report counts

const BUDGET = process.argv.includes('--budget');
const LIMITE_PAGINA_KB = 80;
// What each route runs before it shows: the entry with its static imports, then these lazy modules.
const RUTAS = [
  { ruta: '/login', objetivoKb: 300, presupuestoKb: 320, modulos: ['src/features/auth/login-page.tsx'] },
  {
    ruta: '/inicio',
    objetivoKb: 350,
    presupuestoKb: 427,
    modulos: ['src/app/routes/page-routes.tsx', 'src/app/layout/shell-layout.tsx', 'src/features/inicio/inicio-page.tsx'],
  },
];

const manifestPath = join(DIST, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No está ${manifestPath}: construya antes la web (npm run build).`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipBytes(file) {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
}

/** The chunk of `key` and every chunk it imports statically, as file names. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`${key} no está en el manifiesto`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const k of chunk.imports ?? []) closure(k, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (entryKey === undefined) throw new Error('el manifiesto no tiene entrada');
const kb = (bytes) => (bytes / KB).toFixed(1);
let fallos = 0;

console.log('Initial JavaScript per route (gzip, kB):');
console.log(
  'route'.padEnd(10),
  'files'.padStart(6),
  'raw'.padStart(9),
  'gzip'.padStart(8),
  'target'.padStart(7),
  'budget'.padStart(7),
  '',
);
for (const { ruta, objetivoKb, presupuestoKb, modulos } of RUTAS) {
  const files = closure(entryKey);
  for (const m of modulos) {
    if (!existsSync(join(WEB, m))) throw new Error(`${m} no existe: actualice RUTAS en bench/carga.mjs`);
    // A module missing from the manifest is not a chunk of its own: it came with the entry.
    if (manifest[m] !== undefined) closure(m, files);
  }
  const js = [...files].filter((f) => f.endsWith('.js'));
  const raw = js.reduce((s, f) => s + readFileSync(join(DIST, f)).length, 0);
  const gz = js.reduce((s, f) => s + gzipBytes(f), 0);
  const sobreObjetivo = gz > objetivoKb * KB;
  const sobrePresupuesto = gz > presupuestoKb * KB;
  if (BUDGET ? sobrePresupuesto : sobreObjetivo) fallos++;
  console.log(
    ruta.padEnd(10),
    String(js.length).padStart(6),
    kb(raw).padStart(9),
    kb(gz).padStart(8),
    String(objetivoKb).padStart(7),
    String(presupuestoKb).padStart(7),
    sobrePresupuesto ? 'ABOVE BUDGET' : sobreObjetivo ? 'above target' : '',
  );
  if (process.env.CARGA_DETALLE) {
    for (const f of js.sort((a, b) => gzipBytes(b) - gzipBytes(a))) console.log(''.padEnd(12), kb(gzipBytes(f)).padStart(8), f);
  }
}

const paginas = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry)
  .map(([key, c]) => ({ key, gz: gzipBytes(c.file) }))
  .sort((a, b) => b.gz - a.gz);
const encima = paginas.filter((p) => p.gz > LIMITE_PAGINA_KB * KB);
fallos += encima.length;
console.log(`\nLazy chunks: ${paginas.length}, largest own chunks (gzip kB, limit ${LIMITE_PAGINA_KB}):`);
for (const p of paginas.slice(0, 5)) console.log(kb(p.gz).padStart(8), p.key, p.gz > LIMITE_PAGINA_KB * KB ? 'ABOVE' : '');
for (const p of encima.slice(5)) console.log(kb(p.gz).padStart(8), p.key, 'ABOVE');

// The server sends what the build compressed (apps/web/vite-precompress.ts); a file without copies goes out whole.
const sinCopias = Object.values(manifest)
  .flatMap((c) => [c.file, ...(c.css ?? [])])
  .filter((f, i, all) => all.indexOf(f) === i)
  .filter(
    (f) =>
      readFileSync(join(DIST, f)).length >= 1024 && !(existsSync(join(DIST, `${f}.br`)) && existsSync(join(DIST, `${f}.gz`))),
  );
if (sinCopias.length > 0) {
  fallos += sinCopias.length;
  console.log(`\nWithout .br and .gz copies: ${sinCopias.join(', ')}`);
}

if (fallos > 0) {
  console.error(`\n${fallos} por encima ${BUDGET ? 'del presupuesto' : 'del objetivo'}.`);
  process.exit(1);
}
