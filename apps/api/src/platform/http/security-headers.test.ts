import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Two servers with a built web app: one reached directly, one behind a proxy at 10.0.0.1 that
// says whether the browser came over HTTPS.
const web = mkdtempSync(join(tmpdir(), 'predio-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/i.js"></script>');
let directo: TestApp;
let trasProxy: TestApp;
beforeAll(async () => {
  directo = await createTestApp({ webDist: web });
  trasProxy = await createTestApp({ webDist: web, trustProxy: ['10.0.0.1'] });
});
afterAll(async () => {
  await directo.close();
  await trasProxy.close();
  rmSync(web, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy, by name. */
function directivas(csp: unknown): Record<string, string[]> {
  expect(typeof csp).toBe('string');
  const out: Record<string, string[]> = {};
  for (const d of String(csp).split(';')) {
    const [nombre, ...valores] = d.trim().split(/\s+/);
    if (nombre) out[nombre] = valores;
  }
  return out;
}

describe('security headers', () => {
  it('the app page gets a Content-Security-Policy that runs no inline or foreign script', async () => {
    const r = await directo.app.inject({ method: 'GET', url: '/inmuebles/disponibles', headers: { host: 'predio.test:3000' } });
    expect(r.statusCode).toBe(200);
    const csp = directivas(r.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    // Map tiles come from the company's tile server (a setting: any https address), photos from blobs.
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
    // The live notifications socket, to this same host.
    expect(csp['connect-src']).toEqual(["'self'", 'ws://predio.test:3000', 'wss://predio.test:3000']);
  });

  it('every answer, the API and its docs too, says the same and limits features and referrers', async () => {
    for (const url of ['/', '/api/health', '/api/docs', '/api/no-existe']) {
      const r = await directo.app.inject({ method: 'GET', url });
      expect(r.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(r.headers['permissions-policy'], url).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      expect(r.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('Strict-Transport-Security only when the browser came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
    expect((await directo.app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    // A client writing the header itself is not a proxy.
    expect(
      (await directo.app.inject({ method: 'GET', url: '/', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await trasProxy.app.inject({ method: 'GET', url: '/', headers: https, remoteAddress: '10.0.0.1' })).headers[
        'strict-transport-security'
      ],
    ).toBe('max-age=31536000');
    expect(
      (await trasProxy.app.inject({ method: 'GET', url: '/api/health', headers: https, remoteAddress: '10.0.0.1' })).headers[
        'strict-transport-security'
      ],
    ).toBe('max-age=31536000');
  });

  it('a Host that is not a host name adds nothing to the policy', async () => {
    const r = await directo.app.inject({ method: 'GET', url: '/', headers: { host: "x; script-src 'unsafe-inline'" } });
    const csp = directivas(r.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });
});
