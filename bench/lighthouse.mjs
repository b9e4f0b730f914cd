// Lighthouse performance of /login and /inicio (issue 35 §7): starts the built server on a fresh demo
// database, and runs Lighthouse's desktop and mobile presets RUNS times on each page, each load with an
// empty cache; prints every score and the medians. /inicio is measured logged in (company 2's admin,
// who has no pending notice). WEB_DIST measures another build of the web app with the same server.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { prepararBase } from './servidor.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3350);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${PORT}`;
// BENCH_PAGES and BENCH_PRESETS (comma-separated) measure fewer, e.g. to alternate two builds run by run.
const PAGINAS = (process.env.BENCH_PAGES ?? '/login,/inicio').split(',');
const PRESETS = Object.fromEntries(
  Object.entries({ desktop: desktopConfig, mobile: undefined }).filter(([p]) =>
    (process.env.BENCH_PRESETS ?? 'desktop,mobile').split(',').includes(p),
  ),
);

if (!existsSync('apps/api/dist/main.js') || !existsSync('apps/web/dist/index.html'))
  execSync('npm run -s build', { stdio: 'inherit' });
// The data benchmarks' server: a fresh demo database (PGlite, or one beside DATABASE_URL), dropped at the end.
const srv = await prepararBase({ prefijo: 'lighthouse', port: PORT });
const server = srv.arrancar();
let browser = null;
const stop = async () => {
  await browser?.close().catch(() => undefined);
  await server.detener();
  await srv.limpiar();
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  await srv.esperar();
  const login = await fetch(`${base}/api/usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idEmpresa: 2, usuario: 'admin', clave: 'demo1234' }),
  }).then((r) => r.json());
  if (typeof login.token !== 'string') throw new Error(`no se pudo ingresar: ${JSON.stringify(login)}`);

  browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: false, // the flag below is the one Lighthouse's own launcher passes
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
    defaultViewport: null,
  });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();

  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, runs=${RUNS}`,
  );
  console.log(
    'page'.padEnd(8),
    'preset'.padEnd(8),
    'scores'.padEnd(14),
    'median'.padStart(6),
    'FCP s'.padStart(6),
    'LCP s'.padStart(6),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    'KiB'.padStart(6),
  );
  for (const ruta of PAGINAS) {
    for (const [preset, config] of Object.entries(PRESETS)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // A cold load each time; Lighthouse's own storage reset would also take the session cookie away.
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.clearBrowserCookies');
        if (ruta !== '/login') await page.setCookie({ name: 'Admin-Token', value: login.token, url: base });
        const r = await lighthouse(
          `${base}${ruta}`,
          { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
          config,
          page,
        );
        const a = r.lhr.audits;
        runs.push({
          score: Math.round(r.lhr.categories.performance.score * 100),
          fcp: a['first-contentful-paint'].numericValue / 1000,
          lcp: a['largest-contentful-paint'].numericValue / 1000,
          tbt: a['total-blocking-time'].numericValue,
          cls: a['cumulative-layout-shift'].numericValue,
          kib: a['total-byte-weight'].numericValue / 1024,
          url: r.lhr.finalDisplayedUrl,
        });
        if (!r.lhr.finalDisplayedUrl.endsWith(ruta)) console.warn(`  ${ruta} terminó en ${r.lhr.finalDisplayedUrl}`);
      }
      const m = (k) => median(runs.map((x) => x[k]));
      console.log(
        ruta.padEnd(8),
        preset.padEnd(8),
        runs
          .map((x) => x.score)
          .join(' ')
          .padEnd(14),
        String(m('score')).padStart(6),
        m('fcp').toFixed(2).padStart(6),
        m('lcp').toFixed(2).padStart(6),
        m('tbt').toFixed(0).padStart(7),
        m('cls').toFixed(3).padStart(6),
        m('kib').toFixed(0).padStart(6),
      );
    }
  }
} finally {
  await stop();
}
