import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiPublica } from '@predio/contract/empresa';
import { queryRows } from '../../db/rows.ts';
import { waitAfterCommit } from '../../platform/tras-confirmar.ts';
import { createTestApp, DEMO, login, type TestApp, ok, error, injectAs, type Pedir } from '../../test/harness.ts';

// Compañía › Dominio propio: a request whose Host is the company's domain gets its public site at /.

let t: TestApp;
let admin1: string;
let admin2: string;
let nombre1: string;

const DOMINIO = 'www.inmobiliaria-demo.co';

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
/** The domain routes once its reload after the commit has run (platform/http/dominios.ts). */
async function cambiar(token: string, dominio: string | null, headers = {}) {
  const r = await pedir(token, 'PUT', '/api/empresa/api-publica', { dominio }, headers);
  await waitAfterCommit();
  return r;
}
const porDominio = (url: string, host = DOMINIO) => pedir(null, 'GET', url, undefined, { host });

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  nombre1 = ok<{ nombre: string }>(await pedir(null, 'GET', '/api/publico/1/sitio')).nombre;
});
afterAll(() => t.close());

describe('dominio propio', () => {
  it('is validated naming the field, kept lower-case, unique across companies, never Predio’s own, and audited', async () => {
    for (const malo of ['https://www.x.co', 'www.x.co/inmuebles', 'localhost', '10.0.0.7', 'mi_sitio.co', 'x.co:8080', 'sitio'])
      error(await cambiar(admin1, malo), 400, 'El campo Dominio propio');
    error(await cambiar(admin1, 'predio.example.com', { host: 'predio.example.com' }), 400, 'es la dirección de Predio');

    const d = ok<ApiPublica>(await cambiar(admin1, ' WWW.Inmobiliaria-Demo.co. '));
    expect(d.dominio).toBe(DOMINIO);
    const m = error(await cambiar(admin2, DOMINIO), 409, 'ya lo usa otra empresa');
    expect(m).toContain(DOMINIO);
    expect(ok<ApiPublica>(await pedir(admin2, 'GET', '/api/empresa/api-publica')).dominio).toBeNull();

    const aud = await t.db.system((tx) =>
      queryRows<{ cambios: string }>(
        tx,
        sql`select cambios::text as cambios from auditoria where entidad = 'empresa' and entidad_id = '1' and cambios::text like '%dominio%'`,
      ),
    );
    expect(aud.length).toBe(1);
    expect(aud[0]!.cambios).toContain(DOMINIO);
  });

  it('serves the company’s site at / and its subpaths by the Host header, with links without /sitio/<id>', async () => {
    const inicio = await porDominio('/');
    expect(inicio.statusCode, inicio.body).toBe(200);
    expect(inicio.headers['content-type']).toContain('text/html');
    expect(inicio.body).toContain(nombre1);
    expect(inicio.body).toContain('href="/inmuebles"');
    expect(inicio.body).toContain('href="/sitio/estilos.css"');
    expect(inicio.body).not.toMatch(/["']\/sitio\/1[/"'?]/);
    // The browser's /favicon.ico on the company's domain is the site's icon, never a 404.
    expect(inicio.body).toContain('<link rel="icon" href="/favicon.ico" type="image/png">');
    const icono = await porDominio('/favicon.ico');
    expect(icono.statusCode).toBe(200);
    expect(icono.headers['content-type']).toBe('image/png');
    expect(inicio.body).toContain(`content="http://${DOMINIO}/"`);

    // With a port, and the subpaths: search with its query, news, contact.
    expect((await porDominio('/', `${DOMINIO}:8443`)).body).toContain(nombre1);
    const busqueda = await porDominio('/inmuebles?gestion=arriendo');
    expect(busqueda.statusCode, busqueda.body).toBe(200);
    expect(busqueda.body).toContain('name="gestion"');
    expect(busqueda.body).not.toMatch(/["']\/sitio\/1[/"'?]/);
    expect((await porDominio('/noticias')).statusCode).toBe(200);
    const contacto = await porDominio('/contacto');
    expect(contacto.statusCode).toBe(200);
    expect(contacto.body).not.toMatch(/action="\/sitio\/1/);

    // The shared stylesheet and the public API keep their paths on the domain.
    expect((await porDominio('/sitio/estilos.css')).headers['content-type']).toContain('text/css');
    expect(ok<{ nombre: string }>(await porDominio('/api/publico/1/sitio')).nombre).toBe(nombre1);
    // The back-office is not served there: /login is a page of the site that does not exist.
    const login = await porDominio('/login');
    expect(login.statusCode).toBe(404);
    expect(login.headers['content-type']).toContain('text/html');

    // Another host is not the site; Predio's own /sitio/1 still has its prefixed links.
    expect((await pedir(null, 'GET', '/')).body).not.toContain(nombre1);
    const propio = await pedir(null, 'GET', '/sitio/1');
    expect(propio.body).toContain('href="/sitio/1/inmuebles"');
  });

  it('stops routing the domain once it is removed', async () => {
    ok(await cambiar(admin1, ''));
    expect(ok<ApiPublica>(await pedir(admin1, 'GET', '/api/empresa/api-publica')).dominio).toBeNull();
    expect((await porDominio('/')).body).not.toContain(nombre1);
    // Free again: another company may take it.
    expect(ok<ApiPublica>(await cambiar(admin2, DOMINIO)).dominio).toBe(DOMINIO);
    const norte = await porDominio('/');
    expect(norte.statusCode).toBe(200);
    expect(norte.body).toContain(ok<{ nombre: string }>(await pedir(null, 'GET', '/api/publico/2/sitio')).nombre);
    ok(await cambiar(admin2, null));
  });
});
