import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRIMIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
// Below this a compressed copy saves less than its headers and the extra file cost.
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/` holds the build manifest, which the server does not serve.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels: the server sends
 * them as they are (`@fastify/static` `preCompressed`), so no request pays for compressing.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'predio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (!COMPRIMIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        jobs.push(
          readFile(path).then(async (buf) => {
            const [b, g] = await Promise.all([
              brotli(buf, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
                },
              }),
              gz(buf, { level: 9 }),
            ]);
            if (b.length < buf.length) await writeFile(`${path}.br`, b);
            if (g.length < buf.length) await writeFile(`${path}.gz`, g);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}
