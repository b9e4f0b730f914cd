// `npm test`: typecheck, lint, unit + API integration tests, the size of the first load, then the Playwright
// suite in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'predio-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${title} falló (${secs} s)`);
    return false;
  }
  console.log(`✔ ${title} (${secs} s)`);
  return true;
}

/** Several steps at once, each one's output printed whole when it ends; true when all passed. */
async function juntos(pasos) {
  const resultados = await Promise.all(
    pasos.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const salida = [];
          p.stdout.on('data', (d) => salida.push(d));
          p.stderr.on('data', (d) => salida.push(d));
          p.on('close', (status) => {
            const secs = ((Date.now() - t0) / 1000).toFixed(1);
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(salida));
            if (status === 0) console.log(`✔ ${title} (${secs} s)`);
            else console.error(`✖ ${title} falló (${secs} s)`);
            resolve(status === 0);
          });
        }),
    ),
  );
  return resultados.every(Boolean);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

// tsc and ESLint each keep one core busy for one to two minutes: side by side on the two cores.
let ok = await juntos([
  ['Typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['Lint', 'npm', ['run', '-s', 'lint']],
]);
if (ok) {
  const vitestJson = join(out, 'vitest.json');
  ok =
    step('Test tools (poppler-utils, dovecot-imapd)', 'node', ['scripts/ensure-herramientas.mjs']) &&
    step('Unit and API integration tests (Vitest)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]);
  countVitest(vitestJson);
}
if (ok) {
  const pwJson = join(out, 'playwright.json');
  ok =
    step('Chromium', 'node', ['scripts/ensure-chromium.mjs']) &&
    step('Build', 'npm', ['run', '-s', 'build:e2e']) &&
    // Reads the build just made: the JavaScript /login and /inicio load first, against its budget.
    step('First load (bench/carga.mjs)', 'node', ['bench/carga.mjs', '--budget'], { WEB_DIST: 'apps/web/dist-e2e' }) &&
    step('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    });
  countPlaywright(pwJson);
}
console.log(`\npredio: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
