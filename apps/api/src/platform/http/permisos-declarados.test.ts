import { CODES } from '@predio/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearUsuario, createTestApp, login, type TestApp } from '../../test/harness.ts';

// Every menu id a route needs is declared on the route (a number, or a list meaning any of them), so
// the declaration alone says who may call it: a user holding just one of those ids gets past the
// permission check, and a user without them never reaches the service (route-auth-first.test.ts).

let t: TestApp;
const tokens = new Map<number, string>();

const idmsDe = (permiso: unknown): number[] =>
  typeof permiso === 'number' ? [permiso] : Array.isArray(permiso) ? (permiso as number[]) : [];
const rutas = () =>
  t.app.apiRoutes
    .filter((r) => idmsDe(r.permiso).length > 0 && r.method !== 'HEAD')
    .map((r) => ({ ...r, path: r.url.replace(/:[A-Za-z_]+\??/g, '1') }));

/**
 * Routes whose service adds a rule beyond the menu id, so a user holding only the id is still refused
 * (403) for the record the sweep asks about. Each is a rule about who the user is, not a menu id.
 */
const REGLAS_DEL_SERVICIO: Record<string, string> = {
  'PUT /api/usuarios/:id (37)': 'user 1 is an administrator: only administrators manage administrators',
  'POST /api/usuarios/:id/desactivar (37)': 'the same rule',
  'POST /api/usuarios/:id/activar (37)': 'the same rule',
  'POST /api/solicitudes/:numero/convertir (73)':
    'converting creates a lead, so it also needs Clientes atendidos (463), with a message saying so',
  'PUT /api/firmas/certificado/sello-tiempo (10582)': 'the company certificate and its timestamp server: administrators only',
  'GET /api/trabajos (31)': 'background jobs: company administrators only',
  'POST /api/trabajos/:id/reintentar (31)': 'the same rule',
};

beforeAll(async () => {
  t = await createTestApp();
  const idms = [...new Set(rutas().flatMap((r) => idmsDe(r.permiso)))].sort((a, b) => a - b);
  let n = 0;
  for (const idm of idms) {
    n++;
    const usuario = `solo${idm}`;
    await crearUsuario(t.db, 1, { usuario, nroId: String(1018000000 + n), permisos: String(idm) });
    tokens.set(idm, await login(t.app, { idEmpresa: 1, usuario, clave: 'demo1234' }));
  }
});
afterAll(async () => {
  await t?.close();
});

describe('permissions declared on the route', () => {
  it('a user holding only one of the route’s menu ids gets past the permission check', async () => {
    const lista = rutas();
    expect(lista.length).toBeGreaterThan(100);
    const refusadas: string[] = [];
    for (const r of lista) {
      for (const idm of idmsDe(r.permiso)) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.path,
          headers: { authorization: `Bearer ${tokens.get(idm)!}`, 'content-type': 'application/json' },
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const code = (() => {
          try {
            return (res.json() as { code?: number }).code;
          } catch {
            return undefined;
          }
        })();
        const clave = `${r.method} ${r.url} (${idm})`;
        if (res.statusCode === 403 && code === CODES.SIN_PERMISO && !(clave in REGLAS_DEL_SERVICIO)) refusadas.push(clave);
      }
    }
    expect(refusadas).toEqual([]);
  });
});
