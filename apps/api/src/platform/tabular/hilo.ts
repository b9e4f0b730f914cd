import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `archivo` of this folder (hilo-lectura, hilo-escritura). From the sources
 * (tests, development) its TypeScript goes through tsx, as the API's does; the build bundles it beside
 * main.js as a .js file.
 */
export function nuevoHilo(archivo: 'hilo-lectura' | 'hilo-escritura', memoriaMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoriaMb };
  return import.meta.url.endsWith('.ts')
    ? new Worker(
        `const { workerData: d } = require('node:worker_threads');
         import(d.tsx).then((t) => t.tsImport(d.entrada, d.padre));`,
        {
          eval: true,
          workerData: {
            tsx: import.meta.resolve('tsx/esm/api'),
            entrada: new URL(`./${archivo}.ts`, import.meta.url).href,
            padre: import.meta.url,
          },
          resourceLimits,
        },
      )
    : new Worker(new URL(`./${archivo}.js`, import.meta.url), { resourceLimits });
}
