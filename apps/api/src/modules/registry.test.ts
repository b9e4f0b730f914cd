import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../platform/deps.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loadModules, moduleNames } from './registry.ts';

const DIR = fileURLToPath(new URL('.', import.meta.url));

/** The routes a module's `*.routes.ts` function declares, caught on a bare Fastify instance. */
async function rutasDeclaradas(deps: Deps): Promise<{ archivo: string; method: string; url: string }[]> {
  const rutas: { archivo: string; method: string; url: string }[] = [];
  for (const carpeta of moduleNames()) {
    for (const archivo of readdirSync(`${DIR}/${carpeta}`).filter((f) => f.endsWith('.routes.ts'))) {
      const m = (await import(`./${carpeta}/${archivo.slice(0, -'.routes.ts'.length)}.routes.ts`)) as Record<string, unknown>;
      for (const [nombre, fn] of Object.entries(m)) {
        if (!nombre.endsWith('Routes') || typeof fn !== 'function') continue;
        const app: FastifyInstance = Fastify();
        app.setValidatorCompiler(validatorCompiler);
        app.setSerializerCompiler(serializerCompiler);
        app.addHook('onRoute', (r) => {
          for (const method of [r.method].flat()) if (method !== 'HEAD') rutas.push({ archivo, method, url: r.url });
        });
        (fn as (a: FastifyInstance, d: Deps) => void)(app, deps);
        await app.close();
      }
    }
  }
  return rutas;
}

describe('modules are found, not listed by hand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every folder of apps/api/src/modules is a module with a module.ts', async () => {
    const carpetas = readdirSync(DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(moduleNames()).toEqual(carpetas);
    const modulos = await loadModules();
    expect(modulos.map((m) => m.name)).toEqual(carpetas);
    expect(modulos.length).toBeGreaterThan(20);
  });

  it('every route any *.routes.ts declares is served: none is left out of its module.ts', async () => {
    const rutas = await rutasDeclaradas(t.deps);
    expect(rutas.length).toBeGreaterThan(300);
    const faltan = rutas.filter(
      (r) =>
        !t.app.hasRoute({ method: r.method as 'GET', url: `/api${r.url}` }) &&
        !t.app.hasRoute({ method: r.method as 'GET', url: r.url }),
    );
    expect(faltan.map((r) => `${r.archivo}: ${r.method} ${r.url}`)).toEqual([]);
  });
});
