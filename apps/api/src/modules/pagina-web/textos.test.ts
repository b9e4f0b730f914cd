import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextoSitio } from '@predio/contract/pagina-web-textos';
import { createTestApp, crearUsuario, DEMO, login, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let solo202: string;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  await crearUsuario(t.db, 1, { usuario: 'solo202t', nroId: '80204', permisos: '202' });
  solo202 = await login(t.app, { idEmpresa: 1, usuario: 'solo202t', clave: 'demo1234' });
});
afterAll(() => t.close());

describe('sesión de texto (10565)', () => {
  it('lists the four sections, saves one sanitised and audited, and the site shows it', async () => {
    const antes = ok<TextoSitio[]>(await pedir(admin1, 'GET', '/api/paginaweb/sesion-texto'));
    expect(antes.map((x) => x.seccion)).toEqual(['quienes_somos', 'politicas', 'contacto', 'pie']);
    expect(antes[0]).toMatchObject({ titulo: 'Quiénes somos', contenido: '', publicado: false });
    const g = ok<TextoSitio>(
      await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/quienes_somos', {
        titulo: 'Nuestra historia',
        contenido: '<p onclick="x()">Desde 1998 en <strong>Medellín</strong></p><script>alert(1)</script>',
      }),
    );
    expect(g.contenido).toBe('<p>Desde 1998 en <strong>Medellín</strong></p>');
    ok(await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/pie', { contenido: '<p>NIT 900.123.456-7</p>' }));
    ok(await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/politicas', { contenido: '<p>Borrador</p>', publicado: false }));

    const inicio = await t.app.inject({ method: 'GET', url: '/sitio/1' });
    expect(inicio.body).toContain('<a href="/sitio/1/quienes-somos">Nuestra historia</a>');
    expect(inicio.body).not.toContain('/sitio/1/politicas');
    expect(inicio.body).toContain('NIT 900.123.456-7');
    const pag = await t.app.inject({ method: 'GET', url: '/sitio/1/quienes-somos' });
    expect(pag.statusCode).toBe(200);
    expect(pag.body).toContain('Desde 1998 en <strong>Medellín</strong>');
    expect(pag.body).not.toContain('<script>alert');
    expect((await t.app.inject({ method: 'GET', url: '/sitio/1/politicas' })).statusCode).toBe(404);
    // Another company's site has none of it.
    expect((await t.app.inject({ method: 'GET', url: '/sitio/2/quienes-somos' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitio/2' })).body).not.toContain('NIT 900.123.456-7');
    const pub = ok<{ seccion: string }[]>(await t.app.inject({ method: 'GET', url: '/api/publico/1/textos' }));
    expect(pub.map((x) => x.seccion).sort()).toEqual(['pie', 'quienes_somos']);
    expect(ok<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/publico/2/textos' }))).toEqual([]);
    expect(ok<TextoSitio[]>(await pedir(admin2, 'GET', '/api/paginaweb/sesion-texto'))[0]!.contenido).toBe('');
  });

  it('refuses bad input naming the field, an unknown section, and a user without the idm', async () => {
    const r = await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/pie', { titulo: 'x'.repeat(161) });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('El campo Título admite máximo 160 caracteres');
    const s = await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/blog', { contenido: '' });
    expect(s.statusCode).toBe(400);
    expect(s.json().message).toContain('seccion debe ser una de');
    expect((await pedir(solo202, 'GET', '/api/paginaweb/sesion-texto')).statusCode).toBe(403);
    expect((await pedir(solo202, 'PUT', '/api/paginaweb/sesion-texto/pie', { contenido: '' })).statusCode).toBe(403);
  });
});
