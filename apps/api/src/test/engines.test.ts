import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// npm only warns (EBADENGINE) when a dependency wants a newer Node than ours, and a package that
// needs Node 22 may still load on 20 until the day it does not: the lockfile is checked instead.
const raiz = fileURLToPath(new URL('../../../../', import.meta.url));
const leer = (f: string) => JSON.parse(readFileSync(raiz + f, 'utf8'));

describe('engines', () => {
  it('every locked package runs on the oldest Node the project supports', () => {
    const minimo = semver.minVersion(leer('package.json').engines.node)!.version;
    const lock = leer('package-lock.json') as { packages: Record<string, { engines?: unknown; optional?: boolean }> };
    const fuera = Object.entries(lock.packages)
      .filter(([, p]) => typeof (p.engines as { node?: unknown })?.node === 'string')
      .filter(([, p]) => !semver.satisfies(minimo, (p.engines as { node: string }).node))
      .map(([ruta, p]) => `${ruta} (${(p.engines as { node: string }).node})`);
    expect(fuera).toEqual([]);
  });
});
