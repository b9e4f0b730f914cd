import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SMTP_PUERTO } from './correo.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = join(tmpdir(), `predio-e2e-${port}`);
// scripts/ensure-chromium.mjs installs these; the headless shell is lighter on a 2-core machine.
const chromium =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // A shared 2-core machine running two browsers, the server and its database: steps that take a
  // second on a quiet machine took five to eight when it was busy, so the budgets allow for that.
  timeout: 60_000,
  // CI once ran two to three times slower than a quiet machine (docs/testing.md): a page that answers
  // in four seconds there needs more than ten to be seen.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: join(root, 'e2e/test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1440, height: 900 },
    // As a person who asked their system for less motion: the shell turns antd's animations off, so a
    // click never lands on a menu or dialog still moving into place on a slow machine.
    reducedMotion: 'reduce',
    // A person answers the browser's permission prompt once; tests start as if they had allowed it.
    permissions: ['notifications'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // A real SMTP server for the run: what the app e-mails arrives there (e2e/correo.ts).
  globalSetup: './correo.ts',
  // The accessibility sweep (axe on every screen, at two sizes) is heavy on a 2-core machine: it runs
  // after the others have finished, so it does not slow their timed steps.
  projects: [
    { name: 'flujos', testIgnore: /accesibilidad\.spec\.ts$/ },
    { name: 'accesibilidad', testMatch: /accesibilidad\.spec\.ts$/, dependencies: ['flujos'] },
  ],
  webServer: {
    // A fresh data dir each run: the demo seed is the starting state of every suite.
    // `npm run build:e2e` builds into dist-e2e, so a live `npm start` in this checkout keeps its files.
    command: `rm -rf "${dataDir}" && node apps/api/dist-e2e/main.js`,
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      WEB_DIST: join(root, 'apps/web/dist-e2e'),
      DATA_DIR: dataDir,
      SEED: 'demo',
      SESSION_SECRET: 'e2e-secret-no-usar-en-produccion',
      LOG_LEVEL: 'warn',
      // The suite's fake portal and SMS gateway listen on this machine.
      EXTERNOS_INTERNOS: 'permitir',
      // Every spec's visitor writes from this machine's one address: at the default five an hour, the
      // sixth public form of the run was refused. The limit itself is tested in the API suite.
      FORMULARIOS_WEB_POR_IP_HORA: '100',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PUERTO}`,
    },
  },
});
