import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: more workers only contend (each API file starts its own PGlite).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Files share one module graph per worker: importing the app (Fastify, PGlite's WASM, every
          // module) once per file was most of this project's time (docs/testing.md).
          isolate: false,
          // A file that starts two apps (two PGlite instances, migrated) took over a minute on a loaded
          // 2-core machine; a slow start is not a failure.
          hookTimeout: 180_000,
          // The demo database, migrated and seeded once; each test app starts from a copy.
          globalSetup: ['./src/test/global-setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
