import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiPublica } from '@predio/contract/empresa';
import { CAMPOS_PRIVADOS } from '@predio/contract/pagina-web';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, error, injectAs, type Pedir } from '../../test/harness.ts';

// The public API by key (Compañía › API pública) and its CORS for the origins the company lists.

let t: TestApp;
let admin1: string;
let admin2: string;
let sin3: string;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const cambiar = (token: string, body: unknown) => pedir(token, 'PUT', '/api/empresa/api-publica', body);

function claves(v: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) claves(x, acc);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      acc.add(k);
      claves(x, acc);
    }
  return acc;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'sin3', nroId: '80333', permisos: '202' });
  sin3 = await login(t.app, { idEmpresa: 1, usuario: 'sin3', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('Compañía › API pública (idm 3)', () => {
  it('generates a key, keeps the origins normalised, audits without the key, and refuses bad origins naming the field', async () => {
    expect(ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica'))).toEqual({
      clave: null,
      origenes: [],
      dominio: null,
    });
    error(await pedir(sin3, 'GET', '/api/empresa/api-publica'), 403);
    error(await cambiar(sin3, { clave: 'generar' }), 403);

    for (const malo of [
      'http://www.inmobiliaria.co',
      'https://www.inmobiliaria.co/inmuebles',
      'ftp://x.co',
      'javascript:alert(1)',
      '*',
      'https://a.co:99999',
    ])
      error(await cambiar(admin1, { origenes: [malo] }), 400, 'El campo Orígenes permitidos');
    error(await cambiar(admin1, { origenes: Array.from({ length: 21 }, (_, i) => `https://s${i}.co`) }), 400, 'máximo 20');
    error(await cambiar(admin1, { clave: 'otra' }), 400, 'Clave');
    error(await cambiar(admin1, {}), 400);

    const a = ok<ApiPublica>(
      await cambiar(admin1, {
        clave: 'generar',
        origenes: ['https://WWW.Inmobiliaria.co/', 'https://www.inmobiliaria.co', 'http://localhost:5173'],
      }),
    );
    expect(a.clave).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(a.origenes).toEqual(['https://www.inmobiliaria.co', 'http://localhost:5173']);

    const aud = await t.db.system((tx) =>
      queryRows<{ cambios: string }>(
        tx,
        sql`select cambios::text as cambios from auditoria where entidad = 'empresa' and entidad_id = '1' and cambios::text like '%api_clave%'`,
      ),
    );
    expect(aud.length).toBe(1);
    expect(aud[0]!.cambios).toContain('clave nueva');
    expect(aud[0]!.cambios).toContain('https://www.inmobiliaria.co');
    expect(aud[0]!.cambios).not.toContain(a.clave!);
  });

  it('reads the same data by key as by id, with CORS only for the listed origins', async () => {
    const clave = ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica')).clave!;
    const origen = 'https://www.inmobiliaria.co';
    const porId = ok(await pedir(null, 'GET', '/api/publico/1/inmuebles'));
    const porCabecera = await pedir(null, 'GET', '/api/publico/api/inmuebles', undefined, { 'x-api-key': clave, origin: origen });
    expect(ok(porCabecera)).toEqual(porId);
    expect(porCabecera.headers['access-control-allow-origin']).toBe(origen);
    expect(porCabecera.headers.vary).toContain('origin');
    expect(porCabecera.headers['access-control-expose-headers']).toContain('etag');
    const porQuery = await pedir(null, 'GET', `/api/publico/api/inmuebles?key=${clave}&limite=5`, undefined, {
      origin: 'http://localhost:5173',
    });
    expect(ok<unknown[]>(porQuery).length).toBeLessThanOrEqual(5);
    expect(porQuery.headers['access-control-allow-origin']).toBe('http://localhost:5173');

    // An origin not listed: the answer comes, but without CORS headers (the browser keeps it from the page).
    const otro = await pedir(null, 'GET', '/api/publico/api/banners', undefined, {
      'x-api-key': clave,
      origin: 'https://evil.example',
    });
    expect(otro.statusCode).toBe(200);
    expect(otro.headers['access-control-allow-origin']).toBeUndefined();
    // The id-based paths are Predio's own site (same origin): never CORS, not even for a listed origin.
    const id = await pedir(null, 'GET', '/api/publico/1/banners', undefined, { origin: origen });
    expect(id.headers['access-control-allow-origin']).toBeUndefined();

    // Errors after the key carry CORS too, so the site's script can read the message.
    const no = await pedir(null, 'GET', '/api/publico/api/noticias/no-existe', undefined, { 'x-api-key': clave, origin: origen });
    error(no, 404, 'no-existe');
    expect(no.headers['access-control-allow-origin']).toBe(origen);
    error(await pedir(null, 'GET', '/api/publico/api/inmuebles?limite=1000', undefined, { 'x-api-key': clave }), 400, 'limite');

    // ETag by key as by id.
    const etag = porCabecera.headers.etag as string;
    const r304 = await pedir(null, 'GET', '/api/publico/api/inmuebles', undefined, {
      'x-api-key': clave,
      'if-none-match': etag,
      origin: origen,
    });
    expect(r304.statusCode).toBe(304);
    expect(r304.headers['access-control-allow-origin']).toBe(origen);

    // The other modules' public routes answer by key too (the hook runs for every /api/publico/:empresa route).
    for (const recurso of ['vacantes', 'formularios', 'textos', 'popup', 'feed/inmuebles.json']) {
      const r = await pedir(null, 'GET', `/api/publico/api/${recurso}`, undefined, { 'x-api-key': clave, origin: origen });
      expect(r.statusCode, `${recurso}: ${r.body}`).toBe(200);
      expect(r.headers['access-control-allow-origin'], recurso).toBe(origen);
    }

    // Nothing internal by key either, nor the key itself.
    for (const url of [
      '/api/publico/api/sitio',
      '/api/publico/api/noticias',
      '/api/publico/api/banners',
      '/api/publico/api/inmuebles',
    ]) {
      const r = await pedir(null, 'GET', url, undefined, { 'x-api-key': clave });
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      const vistas = claves(r.json());
      for (const c of CAMPOS_PRIVADOS) expect(vistas.has(c), `${url} expone ${c}`).toBe(false);
      expect(r.body).not.toContain(clave);
    }
  });

  it('answers preflights for listed origins only', async () => {
    const { clave } = ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica'));
    const pre = (origin: string, url = '/api/publico/api/inmuebles') =>
      pedir(null, 'OPTIONS', url, undefined, {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      });
    const si = await pre('https://www.inmobiliaria.co');
    expect(si.statusCode).toBe(204);
    expect(si.headers['access-control-allow-origin']).toBe('https://www.inmobiliaria.co');
    expect(si.headers['access-control-allow-headers']).toContain('x-api-key');
    expect(si.headers['access-control-allow-methods']).toContain('GET');
    const no = await pre('https://evil.example');
    expect(no.statusCode).toBe(204);
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
    expect(no.headers['access-control-allow-methods']).toBeUndefined();
    // With a key, only that company's list counts: company 2 does not list company 1's site.
    const k2 = ok<ApiPublica>(await cambiar(admin2, { clave: 'generar', origenes: ['https://norte.example.co'] })).clave!;
    expect(
      (await pre('https://www.inmobiliaria.co', `/api/publico/api/inmuebles?key=${k2}`)).headers['access-control-allow-origin'],
    ).toBeUndefined();
    expect(
      (await pre('https://www.inmobiliaria.co', `/api/publico/api/inmuebles?key=${clave}`)).headers[
        'access-control-allow-origin'
      ],
    ).toBe('https://www.inmobiliaria.co');
  });

  it('names the company by its own key only; a changed or removed key stops working at once', async () => {
    const k1 = ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica')).clave!;
    const k2 = ok<ApiPublica>(await pedir(admin2, 'GET', '/api/empresa/api-publica')).clave!;
    const nombre = async (k: string) =>
      ok<{ nombre: string }>(await pedir(null, 'GET', '/api/publico/api/sitio', undefined, { 'x-api-key': k })).nombre;
    expect(await nombre(k1)).toBe(ok<{ nombre: string }>(await pedir(null, 'GET', '/api/publico/1/sitio')).nombre);
    expect(await nombre(k2)).toBe(ok<{ nombre: string }>(await pedir(null, 'GET', '/api/publico/2/sitio')).nombre);

    error(await pedir(null, 'GET', '/api/publico/api/sitio'), 401, 'Falta la clave de la API');
    error(await pedir(null, 'GET', '/api/publico/api/sitio', undefined, { 'x-api-key': 'pk_inventada' }), 401, 'no es válida');

    const nueva = ok<ApiPublica>(await cambiar(admin1, { clave: 'generar' })).clave!;
    expect(nueva).not.toBe(k1);
    error(await pedir(null, 'GET', '/api/publico/api/sitio', undefined, { 'x-api-key': k1 }), 401, 'no es válida');
    expect(await nombre(nueva)).toBeTruthy();
    // The origins stay when only the key changes.
    expect(ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica')).origenes).toContain(
      'https://www.inmobiliaria.co',
    );

    const sin = ok<ApiPublica>(await cambiar(admin1, { clave: 'quitar' }));
    expect(sin.clave).toBeNull();
    error(await pedir(null, 'GET', '/api/publico/api/sitio', undefined, { 'x-api-key': nueva }), 401);
    // Predio's own site keeps working by id.
    ok(await pedir(null, 'GET', '/api/publico/1/sitio'));
  });
});
