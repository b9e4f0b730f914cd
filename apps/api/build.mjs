// Bundles the API into dist/main.js and the worker threads of imports and exports into
// dist/hilo-lectura.js and dist/hilo-escritura.js (the contract is inlined; npm packages stay external),
// and copies the SQL migrations, seed data and PGlite's thread beside them.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@predio/'));

// `npm test` builds into its own directory (PREDIO_DIST) so a live `npm start` keeps its files.
const out = process.env.PREDIO_DIST ?? 'dist';

// src/modules/registry.ts finds the modules by scanning its folder at run time; a bundle has no folders,
// so here the same scan (a folder with a module.ts) writes the list out as static imports.
const modulesDir = fileURLToPath(new URL('./src/modules', import.meta.url));
const modules = {
  name: 'modules',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]modules[\\/]registry\.ts$/ }, () => {
      const names = readdirSync(modulesDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(`${modulesDir}/${d.name}/module.ts`))
        .map((d) => d.name)
        .sort();
      const contents = [
        ...names.map((n, i) => `import { apiModule as m${i} } from './${n}/module.ts';`),
        `export const moduleNames = () => ${JSON.stringify(names)};`,
        `export async function loadModules() { return [${names.map((n, i) => `{ name: '${n}', ...m${i} }`).join(', ')}]; }`,
      ].join('\n');
      return { contents, loader: 'ts', resolveDir: modulesDir };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/platform/tabular/hilo-lectura.ts', 'src/platform/tabular/hilo-escritura.ts'],
  outdir: out,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
  plugins: [modules],
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
cpSync('src/db/seed/divipola-municipios.csv', `${out}/divipola-municipios.csv`);
cpSync('src/db/driver/pglite-thread.mjs', `${out}/pglite-thread.mjs`);
