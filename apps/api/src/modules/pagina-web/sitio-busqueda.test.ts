import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, DEMO, login, type TestApp, ok, injectAs, type Pedir } from '../../test/harness.ts';

// The site's search by barrio and by a property's code, and its news by etiqueta (site and JSON API).

let t: TestApp;
let admin1: string;
let enLaureles: number;
let enPoblado: number;
let barrioLaureles: number;
let barrioPoblado: number;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
/** The consecutivos of the cards a search page shows. */
const tarjetas = (h: string) => [...h.matchAll(/href="\/sitio\/1\/inmuebles\/(\d+)"/g)].map((m) => Number(m[1]));

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  const [m1, m2] = await t.db.tenant(1, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 2`),
  );
  const barrio = async (municipio: number, nombre: string) =>
    (
      await t.db.tenant(1, (tx) =>
        queryRows<{ id: number }>(
          tx,
          sql`insert into barrios (id_municipio, nombre) values (${municipio}, ${nombre}) returning id`,
        ),
      )
    )[0]!.id;
  barrioLaureles = await barrio(m1!.id, 'Laureles Búsqueda');
  barrioPoblado = await barrio(m2!.id, 'El Poblado Búsqueda');
  const crear = async (municipio: number, idBarrio: number) => {
    const c = ok<{ consecutivo: number }>(
      await pedir(admin1, 'POST', '/api/inmuebles', {
        tipo: 'casa',
        gestion: 'venta',
        direccion: 'Calle 1 # 2-3',
        id_municipio: municipio,
        id_barrio: idBarrio,
        precio_venta: 480_000_000,
        descripcion: 'Casa para la búsqueda',
      }),
    ).consecutivo;
    ok(await pedir(admin1, 'POST', `/api/inmuebles/${c}/estado`, { estado: 'disponible' }));
    return c;
  };
  enLaureles = await crear(m1!.id, barrioLaureles);
  enPoblado = await crear(m2!.id, barrioPoblado);
  const noticia = (titulo: string, etiquetas: string[]) =>
    pedir(admin1, 'POST', '/api/paginaweb/noticias', {
      titulo,
      resumen: 'r',
      cuerpo: '<p>x</p>',
      estado: 'publicada',
      etiquetas,
    });
  ok(await noticia('Tasas de arriendo bajan', ['Arriendos', 'Mercado']));
  ok(await noticia('Nueva sede en Envigado', ['Agencia']));
  ok(
    await noticia('Borrador etiquetado', ['Arriendos']).then(async (r) => {
      const id = (r.json().data as { id: number }).id;
      return pedir(admin1, 'PUT', `/api/paginaweb/noticias/${id}`, {
        titulo: 'Borrador etiquetado',
        resumen: 'r',
        cuerpo: '<p>x</p>',
        estado: 'borrador',
        etiquetas: ['Arriendos'],
      });
    }),
  );
});
afterAll(() => t.close());

describe('site search by barrio and code', () => {
  it('offers the barrios with an available property and filters by one', async () => {
    const todo = await pedir(null, 'GET', '/sitio/1/inmuebles');
    expect(todo.statusCode).toBe(200);
    expect(todo.body).toContain('<label for="barrio">Barrio</label>');
    // Without a municipio each barrio says where it is.
    expect(todo.body).toMatch(new RegExp(`<option value="${barrioLaureles}">Laureles Búsqueda · `));
    const r = await pedir(null, 'GET', `/sitio/1/inmuebles?barrio=${barrioLaureles}`);
    expect(r.statusCode).toBe(200);
    expect(tarjetas(r.body)).toEqual([enLaureles]);
    expect(r.body).toContain(`<option value="${barrioLaureles}" selected>`);
    expect(r.body).not.toContain(`/inmuebles/${enPoblado}"`);
    // The JSON API takes the same filter.
    const api = ok<{ consecutivo: number }[]>(await pedir(null, 'GET', `/api/publico/1/inmuebles?barrio=${barrioPoblado}`));
    expect(api.map((i) => i.consecutivo)).toEqual([enPoblado]);
  });

  it('finds a property by its code, with or without «#», and names the field of a bad one', async () => {
    for (const codigo of [String(enPoblado), `%23${enPoblado}`, `+${enPoblado}+`]) {
      const r = await pedir(null, 'GET', `/sitio/1/inmuebles?codigo=${codigo}`);
      expect(r.statusCode, codigo).toBe(200);
      expect(tarjetas(r.body)).toEqual([enPoblado]);
      expect(r.body).toContain('1 inmueble encontrado');
    }
    const nada = await pedir(null, 'GET', '/sitio/1/inmuebles?codigo=999999');
    expect(nada.body).toContain('No encontramos inmuebles con esos filtros.');
    const malo = await pedir(null, 'GET', '/sitio/1/inmuebles?codigo=abc');
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('Código debe ser un número');
    expect(malo.body).toContain('aria-describedby="error-codigo"');
    expect((await pedir(null, 'GET', '/api/publico/1/inmuebles?codigo=abc')).json().message).toContain('codigo');
    expect(ok<unknown[]>(await pedir(null, 'GET', `/api/publico/1/inmuebles?codigo=${enLaureles}`)).length).toBe(1);
    // Another company's code is not found on this site.
    expect(
      ok<unknown[]>(await pedir(null, 'GET', `/api/publico/2/inmuebles?codigo=${enLaureles}&barrio=${barrioLaureles}`)),
    ).toEqual([]);
  });
});

describe('news by etiqueta', () => {
  it('lists only visible news with that tag (any capitals), on the site and in the API, with tag links', async () => {
    const r = await pedir(null, 'GET', '/sitio/1/noticias?etiqueta=arriendos');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<h1>Noticias: #arriendos</h1>');
    expect(r.body).toContain('Tasas de arriendo bajan');
    expect(r.body).not.toContain('Nueva sede en Envigado');
    expect(r.body).not.toContain('Borrador etiquetado');
    expect(r.body).toContain('href="/sitio/1/noticias?etiqueta=Mercado"');
    expect(r.body).toContain('Ver todas las noticias');

    const todas = await pedir(null, 'GET', '/sitio/1/noticias');
    expect(todas.body).toContain('href="/sitio/1/noticias?etiqueta=Agencia"');
    const ninguna = await pedir(null, 'GET', '/sitio/1/noticias?etiqueta=%3Cscript%3E');
    expect(ninguna.statusCode).toBe(200);
    expect(ninguna.body).toContain('No hay noticias con la etiqueta «&lt;script&gt;».');
    expect(ninguna.body).not.toContain('<script>');

    const api = ok<{ titulo: string }[]>(await pedir(null, 'GET', '/api/publico/1/noticias?etiqueta=ARRIENDOS'));
    expect(api.map((n) => n.titulo)).toEqual(['Tasas de arriendo bajan']);
    expect(ok<unknown[]>(await pedir(null, 'GET', '/api/publico/2/noticias?etiqueta=Arriendos'))).toEqual([]);
    expect((await pedir(null, 'GET', `/api/publico/1/noticias?etiqueta=${'x'.repeat(61)}`)).statusCode).toBe(400);
  });
});
