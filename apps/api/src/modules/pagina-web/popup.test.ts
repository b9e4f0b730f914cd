import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Popup } from '@predio/contract/pagina-web-popup';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let solo202: string;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo202p', nroId: '80205', permisos: '202' });
  solo202 = await login(t.app, { idEmpresa: 1, usuario: 'solo202p', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('popup de inicio (10538)', () => {
  it('shows the current pop-up on the home once a day per visitor, sanitised, only in its company', async () => {
    const p = ok<Popup>(
      await pedir(admin1, 'POST', '/api/paginaweb/popupinicio', {
        titulo: 'Feria de vivienda',
        contenido: '<p>Este sábado <img src=x onerror="alert(1)"></p>',
        enlace: '/sitio/1#inmuebles',
        texto_enlace: 'Ver inmuebles',
        vigente_desde: hoy(),
        frecuencia: 'diaria',
      }),
    );
    expect(p.vigente).toBe(true);
    expect(p.contenido).not.toContain('onerror');
    // An expired one does not compete.
    ok(
      await pedir(admin1, 'POST', '/api/paginaweb/popupinicio', {
        titulo: 'Vencido',
        vigente_desde: '2020-01-01',
        vigente_hasta: '2020-01-31',
        prioridad: 99,
      }),
    );
    const pub = ok<{ titulo: string; frecuencia: string } | null>(
      await t.app.inject({ method: 'GET', url: '/api/publico/1/popup' }),
    );
    expect(pub).toMatchObject({ titulo: 'Feria de vivienda', frecuencia: 'diaria' });
    expect(ok(await t.app.inject({ method: 'GET', url: '/api/publico/2/popup' }))).toBeNull();

    const primera = await t.app.inject({ method: 'GET', url: '/sitio/1' });
    expect(primera.body).toContain('<dialog class="popup" open');
    expect(primera.body).toContain('Feria de vivienda');
    expect(primera.headers['cache-control']).toBe('private, no-store');
    const galleta = String(primera.headers['set-cookie']);
    expect(galleta).toMatch(new RegExp(`^predio_popup_1_${p.id}=1; Max-Age=86400; Path=/sitio/1`));
    const segunda = await t.app.inject({ method: 'GET', url: '/sitio/1', headers: { cookie: galleta.split(';')[0]! } });
    expect(segunda.body).not.toContain('Feria de vivienda');
    expect((await t.app.inject({ method: 'GET', url: '/sitio/2' })).body).not.toContain('Feria de vivienda');

    // Inactive: gone from the site.
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/popupinicio/${p.id}`, { titulo: 'Feria de vivienda', activo: false }));
    expect((await t.app.inject({ method: 'GET', url: '/sitio/1' })).body).not.toContain('Feria de vivienda');
  });

  it('refuses bad input naming the field, 403 without the idm, 404 for another company', async () => {
    const r = await pedir(admin1, 'POST', '/api/paginaweb/popupinicio', {
      titulo: 'X',
      vigente_desde: '2026-05-10',
      vigente_hasta: '2026-05-01',
      enlace: 'javascript:alert(1)',
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('El campo Enlace debe ser una dirección web');
    expect(r.body).toContain('El campo Vigente hasta no puede ser anterior a Vigente desde');
    expect((await pedir(admin1, 'POST', '/api/paginaweb/popupinicio', { titulo: 'X', frecuencia: 'nunca' })).body).toContain(
      'El campo Frecuencia debe ser uno de',
    );
    expect((await pedir(solo202, 'GET', '/api/paginaweb/popupinicio')).statusCode).toBe(403);
    const p = ok<Popup>(await pedir(admin1, 'POST', '/api/paginaweb/popupinicio', { titulo: 'Privado' }));
    expect((await pedir(admin2, 'PUT', `/api/paginaweb/popupinicio/${p.id}`, { titulo: 'Ajeno' })).statusCode).toBe(404);
    expect((await pedir(admin2, 'DELETE', `/api/paginaweb/popupinicio/${p.id}`)).statusCode).toBe(404);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/popupinicio/${p.id}`));
  });
});
