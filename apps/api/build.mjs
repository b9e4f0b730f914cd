// Bundles the API into dist/main.js and the import reader's worker thread into dist/hilo-lectura.js
// (the contract is inlined; npm packages stay external), and copies the SQL migrations, seed data
// and PGlite's thread beside them.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@predio/'));

// `npm test` builds into its own directory (PREDIO_DIST) so a live `npm start` keeps its files.
const out = process.env.PREDIO_DIST ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/platform/tabular/hilo-lectura.ts'],
  outdir: out,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('src/db/seed/divipola-municipios.csv', `${out}/divipola-municipios.csv`);
cpSync('src/db/pglite-hilo.mjs', `${out}/pglite-hilo.mjs`);
