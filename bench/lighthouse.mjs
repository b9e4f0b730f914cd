// Lighthouse performance of /login and /inicio (issue 35 §7): starts the built server on a fresh demo
// database, and runs Lighthouse's desktop and mobile presets RUNS times on each page, each load with an
// empty cache; prints every score and the medians. /inicio is measured logged in (company 2's admin,
// who has no pending notice). WEB_DIST measures another build of the web app with the same server.
//
// `--sitio` measures the public site instead (issue 32: performance ≥ 90 and SEO ≥ 95 on mobile): company
// 1 filled by `npm run demo:cartera` (24 properties with photos and coordinates) plus a news with its cover
// and a banner with its image; its home, search, a property, the news list and the news; mobile preset,
// categories performance and SEO, no session. Exits 1 when a median is under its target.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { prepararBase } from './servidor.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3350);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const base = `http://127.0.0.1:${PORT}`;
const SITIO = process.argv.includes('--sitio');
// What each mode measures, and the medians it must reach (none for the back-office: its figures are read).
const CATEGORIAS = SITIO ? ['performance', 'seo'] : ['performance'];
const METAS = SITIO ? { performance: 90, seo: 95 } : {};
// BENCH_PAGES and BENCH_PRESETS (comma-separated) measure fewer, e.g. to alternate two builds run by run.
// The site's property and news pages are known once the data is in: `{inmueble}` and `{noticia}`.
const PAGINAS = (
  process.env.BENCH_PAGES ??
  (SITIO
    ? '/sitio/1,/sitio/1/inmuebles,/sitio/1/inmuebles/{inmueble},/sitio/1/noticias,/sitio/1/noticias/{noticia}'
    : '/login,/inicio')
).split(',');
const PRESETS = Object.fromEntries(
  Object.entries({ desktop: desktopConfig, mobile: undefined }).filter(([p]) =>
    (process.env.BENCH_PRESETS ?? (SITIO ? 'mobile' : 'desktop,mobile')).split(',').includes(p),
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

/** Company 1's public site as an agency would have it: the sample portfolio, a news with a cover, a banner. */
async function llenarSitio(token) {
  execFileSync(process.execPath, ['scripts/cartera-demo.mjs', base], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { default: sharp } = await import('sharp');
  const api = async (method, ruta, body) => {
    const multipart = body instanceof FormData;
    const r = await fetch(`${base}${ruta}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(multipart ? {} : { 'content-type': 'application/json' }) },
      body: multipart ? body : JSON.stringify(body),
    });
    const j = await r.json();
    if (!r.ok) throw new Error(`${method} ${ruta}: ${r.status} ${j.message}`);
    return j.data;
  };
  const imagen = async (id, tipo, categoria, texto) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="840"><rect width="1600" height="840" fill="#2e6b8a"/><text x="800" y="440" font-family="DejaVu Sans, sans-serif" font-size="72" text-anchor="middle" fill="#fff">${texto}</text></svg>`;
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()], { type: 'image/jpeg' }),
      'imagen.jpg',
    );
    await api('POST', `/api/archivos/${tipo}/${id}?categoria=${categoria}`, fd);
  };
  const texto = 'Laureles sigue siendo uno de los barrios más buscados para arrendar en Medellín. ';
  const n = await api('POST', '/api/paginaweb/noticias', {
    titulo: 'Qué mirar antes de arrendar un apartamento en Laureles',
    resumen: 'Cinco puntos para revisar en la visita: administración, parqueadero, luz, ruido y transporte.',
    cuerpo: `<p>${texto.repeat(6)}</p><h2>Antes de la visita</h2><p>${texto.repeat(4)}</p>`,
    etiquetas: ['Arriendos', 'Laureles'],
    estado: 'publicada',
  });
  await imagen(n.id, 'noticia', 'portada', 'Arrendar en Laureles');
  const b = await api('POST', '/api/paginaweb/banners', {
    titulo: 'Apartamentos en arriendo en Laureles',
    orden: 1,
    enlace: '/sitio/1/inmuebles',
  });
  await imagen(b.id, 'banner', 'imagen', 'Arriende con nosotros');
  const inmuebles = await fetch(`${base}/api/publico/1/inmuebles?limite=1`).then((r) => r.json());
  const primero = (inmuebles.data ?? inmuebles)[0];
  if (!primero?.fotos?.length) throw new Error('el sitio no tiene un inmueble con fotos');
  return { inmueble: String(primero.consecutivo), noticia: n.slug };
}

try {
  await srv.esperar();
  const login = await fetch(`${base}/api/usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idEmpresa: 2, usuario: 'admin', clave: 'demo1234' }),
  }).then((r) => r.json());
  if (typeof login.token !== 'string') throw new Error(`no se pudo ingresar: ${JSON.stringify(login)}`);
  const marcas = SITIO ? await llenarSitio(await srv.login().then((h) => h.authorization.slice(7))) : {};
  const rutas = PAGINAS.map((r) => r.replace(/\{(\w+)\}/g, (_, k) => marcas[k]));
  const fallas = [];

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
  const ancho = Math.max(8, ...rutas.map((r) => r.length + 1));
  console.log(
    'page'.padEnd(ancho),
    'preset'.padEnd(8),
    'scores'.padEnd(14),
    'median'.padStart(6),
    ...(SITIO ? ['SEO'.padStart(4)] : []),
    'FCP s'.padStart(6),
    'LCP s'.padStart(6),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    'KiB'.padStart(6),
  );
  for (const ruta of rutas) {
    for (const [preset, config] of Object.entries(PRESETS)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // A cold load each time; Lighthouse's own storage reset would also take the session cookie away.
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.clearBrowserCookies');
        if (ruta !== '/login' && !SITIO) await page.setCookie({ name: 'Admin-Token', value: login.token, url: base });
        const r = await lighthouse(
          `${base}${ruta}`,
          { output: 'json', logLevel: 'error', onlyCategories: CATEGORIAS, disableStorageReset: true },
          config,
          page,
        );
        // BENCH_JSON=<dir> keeps each report, to read which elements shift or paint last.
        if (process.env.BENCH_JSON) {
          (await import('node:fs')).mkdirSync(process.env.BENCH_JSON, { recursive: true });
          (await import('node:fs')).writeFileSync(
            `${process.env.BENCH_JSON}/${ruta.replace(/\W+/g, '_')}-${preset}-${i + 1}.json`,
            JSON.stringify(r.lhr),
          );
        }
        const a = r.lhr.audits;
        runs.push({
          score: Math.round(r.lhr.categories.performance.score * 100),
          seo: r.lhr.categories.seo ? Math.round(r.lhr.categories.seo.score * 100) : null,
          // What kept a category from 100, to say what to fix.
          fallidas: CATEGORIAS.flatMap((c) =>
            r.lhr.categories[c].auditRefs
              .filter((x) => x.weight > 0 && (r.lhr.audits[x.id].score ?? 1) < 0.9)
              .map((x) => `${x.id} ${r.lhr.audits[x.id].displayValue ?? r.lhr.audits[x.id].score}`),
          ),
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
        ruta.padEnd(ancho),
        preset.padEnd(8),
        runs
          .map((x) => x.score)
          .join(' ')
          .padEnd(14),
        String(m('score')).padStart(6),
        ...(SITIO ? [String(m('seo')).padStart(4)] : []),
        m('fcp').toFixed(2).padStart(6),
        m('lcp').toFixed(2).padStart(6),
        m('tbt').toFixed(0).padStart(7),
        m('cls').toFixed(3).padStart(6),
        m('kib').toFixed(0).padStart(6),
      );
      const avisos = [...new Set(runs.flatMap((x) => x.fallidas))];
      if (avisos.length) console.log(`  por mejorar: ${avisos.join('; ')}`);
      for (const [c, meta] of Object.entries(METAS)) {
        const v = m(c === 'performance' ? 'score' : c);
        if (v < meta) fallas.push(`${ruta} ${preset}: ${c} ${v} < ${meta}`);
      }
    }
  }
  console.log(
    `load average: ${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  if (fallas.length) {
    console.error(`Bajo la meta:\n  ${fallas.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await stop();
}
