import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiModule } from '../platform/module.ts';

export type LoadedModule = ApiModule & { name: string };

/** The module folders: every folder here with a `module.ts`, in alphabetical order. */
export function moduleNames(dir: string = fileURLToPath(new URL('.', import.meta.url))): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${dir}/${d.name}/module.ts`))
    .map((d) => d.name)
    .sort();
}

/**
 * Every module of the API, found by scanning this folder. The production bundle has no folders to scan:
 * apps/api/build.mjs replaces this file with the same list written out at build time.
 */
export async function loadModules(): Promise<LoadedModule[]> {
  const modules: LoadedModule[] = [];
  for (const name of moduleNames()) {
    const m = (await import(`./${name}/module.ts`)) as { apiModule?: ApiModule };
    if (!m.apiModule) throw new Error(`apps/api/src/modules/${name}/module.ts does not export apiModule`);
    modules.push({ name, ...m.apiModule });
  }
  return modules;
}
