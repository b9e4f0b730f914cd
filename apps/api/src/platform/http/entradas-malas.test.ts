import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { createTestApp, DEMO, login, type TestApp } from '../../test/harness.ts';

// Bad input on chosen routes, with the message each must give. The sweep of every route is in
// `fuzz-*.test.ts` beside this file (apps/api/src/test/entradas-malas.ts).

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, DEMO.admin1);
});
afterAll(() => t.close());

const pedir = (method: HTTPMethods, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin}` },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

describe('numbers past what a column holds, and text no field can hold', () => {
  it('answers 400 naming the price or area filter, on the search, its count and its export', async () => {
    for (const ruta of ['/api/inmuebles', '/api/inmuebles/conteo', '/api/inmuebles/exportar']) {
      for (const [q, campo] of [
        ['precioMin=1.5', 'precioMin'],
        ['precioMax=99999999999999999999', 'precioMax'],
        ['areaMin=99999999999999999999', 'areaMin'],
      ] as const) {
        const r = await pedir('GET', `${ruta}?${q}`);
        expect(r.statusCode, `${ruta}?${q}`).toBe(400);
        expect(r.json().message).toContain(campo);
      }
    }
  });

  it('refuses an agency beyond the integers the database holds, naming the field', async () => {
    const r = await pedir('PUT', '/api/empresa', { nombre: 'Inmobiliaria Demo S.A.S.', defaultAgencia: 2147483648 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('defaultAgencia');
  });

  it('refuses half a UTF-16 pair and bidirectional overrides, naming the field', async () => {
    const surrogado = await pedir('POST', '/api/inmuebles', { direccion: 'Calle 1', propietarios: [{ nombre: 'a\ud800' }] });
    expect(surrogado.statusCode).toBe(400);
    expect(surrogado.json().message).toBe('propietarios.0.nombre: contiene un carácter no válido (Unicode mal formado)');
    const bidi = await pedir('POST', '/api/empresa/agencias', { nombre: 'Centro\u202Eexe.pdf' });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().message).toBe('nombre: contiene un carácter de control de dirección del texto no permitido');
  });
});

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  it('is refused naming where it came, in a query, a nested body field or a path', async () => {
    const q = await pedir('GET', '/api/solicitudes/terceros?q=ana%00');
    expect(q.statusCode).toBe(400);
    expect(q.json()).toMatchObject({ code: 40000, message: 'q: contiene un carácter no válido (NUL)' });
    const cuerpo = await pedir('POST', '/api/inmuebles', { direccion: 'Calle 1', propietarios: [{ nombre: 'a\u0000b' }] });
    expect(cuerpo.json().message).toBe('propietarios.0.nombre: contiene un carácter no válido (NUL)');
    const ruta = await pedir('GET', '/api/inmuebles/1%00');
    expect(ruta.statusCode).toBe(400);
    expect(ruta.json().message).toBe('consecutivo: contiene un carácter no válido (NUL)');
    // Without a session the answer stays 401: the token is looked at first.
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/solicitudes/terceros?q=%00' });
    expect(anonimo.statusCode).toBe(401);
  });
});
