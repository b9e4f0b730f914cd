import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { urlSinSecretos } from './request-log.ts';

// A server that logs like `npm start` does, into lines this test reads.
let t: TestApp;
let app: FastifyInstance;
const lineas: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  app = await buildServer(t.deps, { logger: true, logStream: { write: (l: string) => void lineas.push(l) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the request log', () => {
  it('keeps the path and the other parameters, and never a token, password or key', async () => {
    const urls = [
      '/api/ws?token=SECRETO-1',
      '/api/health?clave=SECRETO-2&pagina=3',
      '/api/health?access_token=SECRETO-3&api_key=SECRETO-4&password=SECRETO-5&key=SECRETO-6',
      '/api/Usuarios/GetUsuario?Token=SECRETO-7&q=casa',
      '/api/health?to%6Ben=SECRETO-8&refreshToken=SECRETO-9&nuevaClave=SECRETO-10',
      '/inmuebles?ticket=SECRETO-11&secret=SECRETO-12',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'POST', url: '/api/publico/solicitudes?clave=SECRETO-13', payload: {} });

    const log = lineas.join('');
    expect(log).toContain('"url":"/api/health?clave=[redactado]&pagina=3"');
    expect(log).toContain('"url":"/api/Usuarios/GetUsuario?Token=[redactado]&q=casa"');
    expect(log).toContain('"url":"/api/ws?token=[redactado]"');
    expect(log).not.toContain('SECRETO');
  });
});

describe('urlSinSecretos', () => {
  it('leaves a URL without secrets as it came', () => {
    for (const url of ['/api/inmuebles?page=1&sort=precio&q=caf%C3%A9', '/api/health', '/', '/api/x?', '/api/x?a&b=&=c'])
      expect(urlSinSecretos(url)).toBe(url);
  });
});
