import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

// The site's own pages (issue 32): property search, news list, vacancies, contact and policies, the menu
// that links them and their 404s. Only what is published reaches the HTML.

let t: TestApp;
let admin1: string;
let admin2: string;
let muni: { id: number; municipio: string };
let otroMuni: { id: number; municipio: string };
const c: Record<string, number> = {};

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const html = async (url: string, status = 200) => {
  const r = await pedir(null, 'GET', url);
  expect(r.statusCode, r.body.slice(0, 400)).toBe(status);
  expect(r.headers['content-type']).toContain('text/html');
  expect(r.body).not.toContain('<script');
  return r.body;
};
/** The property links of a results page. */
const enlaces = (body: string) => [...body.matchAll(/href="\/sitio\/1\/inmuebles\/(\d+)"/g)].map((m) => Number(m[1]));

async function inmueble(nombre: string, datos: Record<string, unknown>, estado = 'disponible') {
  const i = ok<{ consecutivo: number }>(
    await pedir(admin1, 'POST', '/api/inmuebles', {
      tipo: 'apartamento',
      direccion: `Calle secreta ${nombre}`,
      descripcion: `Inmueble ${nombre}`,
      observaciones_internas: `Nota interna ${nombre}`,
      codigo_llaves: `LLAVE-${nombre}`,
      ...datos,
    }),
  );
  if (estado !== 'captado') ok(await pedir(admin1, 'POST', `/api/inmuebles/${i.consecutivo}/estado`, { estado }));
  c[nombre] = i.consecutivo;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  const ms = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number; municipio: string }>(tx, sql`select id, municipio from municipios order by id limit 2`),
  );
  [muni, otroMuni] = [ms[0]!, ms[1]!];
  await inmueble('ARR1', {
    gestion: 'arriendo',
    canon: 1_500_000,
    habitaciones: 3,
    banos: 2,
    area_construida: 72,
    id_municipio: muni.id,
  });
  await inmueble('ARR2', { gestion: 'arriendo', canon: 4_000_000, habitaciones: 1, id_municipio: otroMuni.id, tipo: 'casa' });
  await inmueble('VEN1', { gestion: 'venta', precio_venta: 450_000_000, habitaciones: 4, id_municipio: muni.id });
  await inmueble('AMBOS', {
    gestion: 'arriendo_venta',
    canon: 2_000_000,
    precio_venta: 300_000_000,
    habitaciones: 2,
    id_municipio: muni.id,
  });
  await inmueble('OCULTO', { gestion: 'arriendo', canon: 1_600_000, habitaciones: 3, id_municipio: muni.id }, 'captado');
  // Company 2's property never shows on company 1's site.
  const [m2] = await t.db.tenant(2, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  ok(
    await pedir(admin2, 'POST', '/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      canon: 1_500_000,
      direccion: 'Otra empresa',
      id_municipio: m2!.id,
      descripcion: 'Inmueble de la empresa dos',
    }),
  );
});
afterAll(() => t.close());

describe('site search /sitio/:empresa/inmuebles', () => {
  it('lists only available properties, with price in COP, data and links, and no internal fields', async () => {
    const b = await html('/sitio/1/inmuebles');
    for (const k of ['ARR1', 'ARR2', 'VEN1', 'AMBOS']) expect(enlaces(b)).toContain(c[k]);
    expect(enlaces(b)).not.toContain(c.OCULTO);
    expect(b).toContain('$ 1.500.000');
    expect(b).toContain('3 hab.');
    expect(b).toContain('72 m²');
    expect(b).toMatch(/\d+ inmuebles encontrados/);
    for (const prohibido of ['Nota interna', 'LLAVE-', 'Calle secreta', 'empresa dos', 'observaciones', 'codigo_llaves'])
      expect(b).not.toContain(prohibido);
    expect(b).toContain('property="og:title"');
    expect(b).toContain('<nav aria-label="Secciones">');
    expect(b).toContain('<a href="/sitio/1/inmuebles" aria-current="page">Inmuebles</a>');
    for (const r of ['/sitio/1/noticias', '/sitio/1/vacantes', '/sitio/1/contacto']) expect(b).toContain(`href="${r}"`);
  });

  it('applies gestión, tipo, municipio, price and rooms; arriendo includes «arriendo y venta»', async () => {
    let b = await html('/sitio/1/inmuebles?gestion=arriendo&precio_max=2.000.000');
    expect(enlaces(b)).toEqual(expect.arrayContaining([c.ARR1, c.AMBOS]));
    expect(enlaces(b)).not.toContain(c.ARR2);
    expect(enlaces(b)).not.toContain(c.VEN1);
    expect(b).toContain('value="2000000"');
    b = await html('/sitio/1/inmuebles?gestion=venta&precio_min=400000000');
    expect(enlaces(b)).toContain(c.VEN1);
    expect(enlaces(b)).not.toContain(c.AMBOS);
    b = await html(`/sitio/1/inmuebles?municipio=${otroMuni.id}&tipo=casa`);
    expect(enlaces(b)).toContain(c.ARR2);
    expect(enlaces(b)).not.toContain(c.ARR1);
    b = await html(`/sitio/1/inmuebles?habitaciones_min=4&municipio=${muni.id}`);
    expect(enlaces(b)).toContain(c.VEN1);
    expect(enlaces(b)).not.toContain(c.ARR1);
    // Empty fields from the plain form are no filter.
    b = await html('/sitio/1/inmuebles?gestion=&tipo=&municipio=&precio_min=&precio_max=&habitaciones_min=');
    expect(enlaces(b)).toContain(c.VEN1);
  });

  it('shows an empty state, and bad values as a Spanish message naming the filter (never 500)', async () => {
    const vacio = await html('/sitio/1/inmuebles?precio_min=999999999999');
    expect(vacio).toContain('No encontramos inmuebles con esos filtros');
    for (const [q, campo] of [
      ['gestion=permuta', 'Gestión debe ser uno de'],
      ['precio_min=mucho', 'Precio desde debe ser un número'],
      ['precio_min=5000000&precio_max=1000000', 'Precio hasta debe ser mayor o igual que Precio desde'],
      ['habitaciones_min=-1', 'Habitaciones no puede ser negativo'],
      ['municipio=abc', 'Municipio debe ser un número'],
      ['pagina=0', 'La página debe ser al menos 1'],
    ] as const) {
      const b = await html(`/sitio/1/inmuebles?${q}`, 400);
      expect(b).toContain(campo);
      expect(b).toContain('Revise los filtros marcados');
      if (!q.startsWith('pagina')) expect(b).toContain('aria-invalid="true"');
    }
    // HTML in a filter comes back escaped.
    const x = await html('/sitio/1/inmuebles?tipo=%3Cimg%20src%3Dx%3E');
    expect(x).not.toContain('<img src=x>');
    // Unknown parameters and repeated ones are ignored.
    await html('/sitio/1/inmuebles?foo=1&gestion=arriendo&gestion=venta');
    // The JSON API takes the same filters, with 400 naming the parameter.
    const api = ok<{ consecutivo: number }[]>(
      await pedir(null, 'GET', `/api/publico/1/inmuebles?gestion=arriendo&precio_max=2000000`),
    );
    expect(api.map((i) => i.consecutivo)).toEqual(expect.arrayContaining([c.ARR1, c.AMBOS]));
    expect(api.map((i) => i.consecutivo)).not.toContain(c.ARR2);
    const malo = await pedir(null, 'GET', '/api/publico/1/inmuebles?habitaciones_min=x');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toContain('habitaciones_min');
  });

  it('pages 12 at a time (13 found: two pages) keeping the filters in the links', async () => {
    for (let n = 0; n < 13; n++) await inmueble(`PAG${n}`, { gestion: 'arriendo', canon: 987_000 + n, id_municipio: muni.id });
    const p1 = await html('/sitio/1/inmuebles?gestion=arriendo&precio_min=987000&precio_max=987012');
    expect(enlaces(p1)).toHaveLength(12);
    expect(p1).toContain('Página 1 de 2');
    expect(p1).toContain('href="/sitio/1/inmuebles?gestion=arriendo&amp;precio_min=987000&amp;precio_max=987012&amp;pagina=2"');
    const p2 = await html('/sitio/1/inmuebles?gestion=arriendo&precio_min=987000&precio_max=987012&pagina=2');
    expect(p2).toContain('Página 2 de 2');
    expect(enlaces(p2)).toHaveLength(1);
    expect(enlaces(p1)).not.toContain(enlaces(p2)[0]);
    expect(p2).toContain('rel="prev"');
  });
});

describe('news list, vacancies, contact and policies', () => {
  it('lists published news newest first, never drafts, paginated; the article and 404s', async () => {
    const sello = Date.now();
    ok(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
        titulo: `Borrador ${sello}`,
        cuerpo: '<p>x</p>',
        estado: 'borrador',
      }),
    );
    ok(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
        titulo: `Despublicada ${sello}`,
        cuerpo: '<p>x</p>',
        estado: 'despublicada',
      }),
    );
    for (const n of [1, 2, 3])
      ok(
        await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
          titulo: `Noticia ${n} ${sello}`,
          resumen: `Resumen ${n}`,
          cuerpo: '<p>Cuerpo</p>',
          estado: 'publicada',
        }),
      );
    const b = await html('/sitio/1/noticias');
    expect(b).toContain(`Noticia 3 ${sello}`);
    expect(b.indexOf(`Noticia 3 ${sello}`)).toBeLessThan(b.indexOf(`Noticia 1 ${sello}`));
    expect(b).not.toContain('Borrador');
    expect(b).not.toContain('Despublicada');
    expect(b).toContain('aria-current="page">Noticias</a>');
    const slug = /href="\/sitio\/1\/noticias\/([^"]+)"/.exec(b)![1]!;
    expect(await html(`/sitio/1/noticias/${slug}`)).toContain('Cuerpo');
    for (let n = 4; n <= 13; n++)
      ok(
        await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
          titulo: `Más ${n} ${sello}`,
          cuerpo: '<p>x</p>',
          estado: 'publicada',
        }),
      );
    expect(await html('/sitio/1/noticias')).toContain('Página 1 de 2');
    const p2 = await html('/sitio/1/noticias?pagina=2');
    expect(p2).toContain(`Noticia 1 ${sello}`);
    // A page number that is not one shows the first page; past the last, an empty state.
    expect(await html('/sitio/1/noticias?pagina=abc')).toContain('Página 1 de 2');
    expect(await html('/sitio/1/noticias?pagina=99')).toContain('No hay más noticias');
    expect(await html('/sitio/1/noticias/no-existe', 404)).toContain('No encontrado');
    expect(await html('/sitio/1/inmuebles/999999', 404)).toContain('No encontrado');
    expect(await html(`/sitio/1/inmuebles/${c.OCULTO}`, 404)).toContain('No encontrado');
    expect(await html('/sitio/1/inmuebles/abc', 404)).toContain('No encontrado');
    expect((await pedir(null, 'GET', '/sitio/999/inmuebles')).statusCode).toBe(404);
    expect((await pedir(null, 'GET', '/sitio/abc/noticias')).statusCode).toBe(404);
  });

  it('shows open vacancies with their closing date, not drafts', async () => {
    const cierre = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const v = {
      descripcion: '<p>Atender clientes</p>',
      area: 'Comercial',
      salario_min: 2_000_000,
      salario_max: 3_000_000,
      fecha_cierre: cierre,
    };
    ok(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', {
        ...v,
        titulo: 'Vacante abierta',
        estado: 'publicada',
      }),
    );
    ok(
      await pedir(admin1, 'POST', '/api/paginaweb/banco-de-trabajo/vacantes', {
        ...v,
        titulo: 'Vacante borrador',
        estado: 'borrador',
      }),
    );
    const b = await html('/sitio/1/vacantes');
    expect(b).toContain('Vacante abierta');
    expect(b).not.toContain('Vacante borrador');
    expect(b).toContain('Recibimos hojas de vida hasta el');
    expect(b).toContain('aria-current="page">Vacantes</a>');
    expect(await html('/sitio/1/vacantes/999999', 404)).toContain('No encontrado');
  });

  it('contact shows the company data, the published text and the website form into solicitudes', async () => {
    ok(await pedir(admin1, 'PUT', '/api/empresa/formulario-web', { activar: true }));
    let b = await html('/sitio/1/contacto');
    expect(b).toContain('<h1>Contacto</h1>');
    expect(b).toContain('action="/sitio/1/contacto"');
    expect(b).toContain('Envíenos un mensaje');
    expect(b).toContain('aria-current="page">Contacto</a>');
    ok(
      await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/contacto', {
        contenido: '<p>Atendemos de lunes a viernes<script>alert(1)</script></p>',
        publicado: true,
      }),
    );
    b = await html('/sitio/1/contacto');
    expect(b).toContain('Atendemos de lunes a viernes');
    // Only one «Contacto» link in the menu, with or without the text.
    expect(b.match(/href="\/sitio\/1\/contacto"/g)).toHaveLength(1);
    const form = (campos: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/sitio/1/contacto',
        payload: new URLSearchParams(campos).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.7.7.7',
      });
    const malo = await form({ nombre: '', mensaje: '' });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('El campo Nombre es obligatorio');
    expect(malo.body).toContain('Debe autorizar el tratamiento de sus datos personales');
    const bueno = await form({
      nombre: 'Visitante contacto',
      email: 'v@example.com',
      mensaje: 'Quiero vender',
      autoriza_datos: 'true',
    });
    expect(bueno.statusCode, bueno.body).toBe(200);
    expect(bueno.body).toMatch(/Recibimos su solicitud N\.º \d+/);
    const [s] = await t.db.tenant(1, (tx) =>
      queryRows<{ id_inmueble: number | null }>(
        tx,
        sql`select id_inmueble from solicitud where contacto_nombre = 'Visitante contacto'`,
      ),
    );
    expect(s).toEqual({ id_inmueble: null });
  });

  it('policies show the sanitised published block, and 404 while it is not published', async () => {
    ok(await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/politicas', { contenido: '<p>Borrador</p>', publicado: false }));
    expect(await html('/sitio/1/politicas', 404)).toContain('Esta página no existe');
    ok(
      await pedir(admin1, 'PUT', '/api/paginaweb/sesion-texto/politicas', {
        contenido: '<p onclick="x()">Tratamos sus datos según la Ley 1581</p>',
        publicado: true,
      }),
    );
    const b = await html('/sitio/1/politicas');
    expect(b).toContain('<p>Tratamos sus datos según la Ley 1581</p>');
    expect(b).toContain('aria-current="page"');
    expect(await html('/sitio/1/inmuebles')).toContain('href="/sitio/1/politicas"');
  });
});
