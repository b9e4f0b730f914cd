import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// A built web app as `npm run build` leaves it: hashed files under assets/, each text file with the .br and
// .gz copies apps/web/vite-precompress.ts writes beside it.
const web = mkdtempSync(join(tmpdir(), 'predio-web-'));
const js = Buffer.from(`export const x = ${JSON.stringify('Inmuebles disponibles '.repeat(400))};\n`);
const html = Buffer.from(
  `<!doctype html><html lang="es"><head><title>Predio</title>${'<link rel="modulepreload" href="/assets/app-Ab12Cd34.js">'.repeat(30)}</head><div id="root"></div><script type="module" src="/assets/app-Ab12Cd34.js"></script></html>`,
);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
function conCopias(path: string, buf: Buffer) {
  writeFileSync(path, buf);
  writeFileSync(`${path}.br`, brotliCompressSync(buf));
  writeFileSync(`${path}.gz`, gzipSync(buf));
}
mkdirSync(join(web, 'assets'));
conCopias(join(web, 'assets', 'app-Ab12Cd34.js'), js);
conCopias(join(web, 'index.html'), html);
writeFileSync(join(web, 'favicon.svg'), svg);
mkdirSync(join(web, '.vite'));
writeFileSync(join(web, '.vite', 'manifest.json'), '{}');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: web });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('sends a hashed asset precompressed, brotli first, cached for a year as immutable', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(js)).toBe(true);

    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).equals(js)).toBe(true);

    const plano = await get('/assets/app-Ab12Cd34.js');
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.rawPayload.equals(js)).toBe(true);
  });

  it('sends the page itself compressed too, revalidated on every load', async () => {
    for (const url of ['/', '/login', '/inmuebles/disponibles']) {
      const r = await get(url, 'gzip, br');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(r.rawPayload).equals(html), url).toBe(true);
    }
  });

  it('sends a file without compressed copies as it is, not cached as immutable outside assets/', async () => {
    const r = await get('/favicon.svg', 'gzip, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.rawPayload.equals(svg)).toBe(true);
  });

  it('keeps the build manifest to itself', async () => {
    const r = await get('/.vite/manifest.json');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 40400 });
  });
});

// The build also writes login.html (apps/web/vite-login.ts): the page with its login form already drawn.
describe('the login page drawn before the app loads', () => {
  const web2 = mkdtempSync(join(tmpdir(), 'predio-web-'));
  const index = Buffer.from(
    '<!doctype html><html lang="es"><body><main id="arranque"></main><div id="root"></div></body></html>',
  );
  const login = Buffer.from(
    '<!doctype html><html lang="es" class="arranque-login"><body><main id="arranque"></main><div id="root"></div></body></html>',
  );
  conCopias(join(web2, 'index.html'), index);
  conCopias(join(web2, 'login.html'), login);
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await createTestApp({ webDist: web2 });
  });
  afterAll(async () => {
    await t2.close();
    rmSync(web2, { recursive: true, force: true });
  });
  const pagina = async (url: string, cookie?: string) => {
    const r = await t2.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', ...(cookie === undefined ? {} : { cookie }) },
    });
    expect(r.statusCode, url).toBe(200);
    expect(r.headers['content-encoding'], url).toBe('br');
    expect(r.headers['cache-control'], url).toBe('no-cache');
    // The same address answers two pages, by the cookie: a cache must tell them apart.
    expect(String(r.headers['vary']).toLowerCase(), url).toContain('cookie');
    return brotliDecompressSync(r.rawPayload);
  };

  it('sends login.html for /login and / without a session, index.html with one and on every other path', async () => {
    expect((await pagina('/login')).equals(login)).toBe(true);
    expect((await pagina('/login?redirect=%2Finmuebles')).equals(login)).toBe(true);
    expect((await pagina('/')).equals(login)).toBe(true);
    expect((await pagina('/login', 'tema=oscuro')).equals(login)).toBe(true);
    expect((await pagina('/login', 'tema=oscuro; Admin-Token=abc.def.ghi')).equals(index)).toBe(true);
    expect((await pagina('/', 'Admin-Token=abc')).equals(index)).toBe(true);
    expect((await pagina('/inicio')).equals(index)).toBe(true);
    expect((await pagina('/inmuebles/disponibles')).equals(index)).toBe(true);
  });
});
