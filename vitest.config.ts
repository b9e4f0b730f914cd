import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite per file is memory-hungry; two workers fit two cores.
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
