import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, DEMO, login, type TestApp, error, injectAs, type Pedir } from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let asesor1: string;
let admin2: string;
let inmueble1: { consecutivo: number; direccion: string };
let tercero1: { nro_id: string; nombre: string };
let empresa1: string;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);

const CARTA =
  '<h1>Carta</h1><p>Señor(a) <span data-campo="tercero.nombre" class="campo">{{ tercero.nombre }}</span>, identificado con ' +
  '<span data-campo="tercero.nro_id" class="campo">{{ tercero.nro_id }}</span>.</p><p>{{ documento.fecha | fecha }} · {{ empresa.nombre }}</p>' +
  '<script>alert(1)</script><img src="x" onerror="alert(1)">';

beforeAll(async () => {
  t = await createTestApp();
  [admin1, asesor1, admin2] = await Promise.all([
    login(t.app, DEMO.admin1),
    login(t.app, DEMO.asesor1),
    login(t.app, DEMO.admin2),
  ]);
  await t.db.tenant(1, async (tx) => {
    tercero1 = (
      await queryRows<typeof tercero1>(tx, sql`select nro_id, nombre from terceros where nombre <> '' order by id limit 1`)
    )[0]!;
    empresa1 = (await queryRows<{ nombre: string }>(tx, sql`select nombre from empresa`))[0]!.nombre;
  });
  // A property of company 1, made as the form makes it.
  const [ref] = await t.db.tenant(1, (tx) =>
    queryRows<{ municipio: number; tercero: number }>(
      tx,
      sql`select (select id from municipios order by id limit 1) as municipio, (select id from terceros order by id limit 1) as tercero`,
    ),
  );
  const r = await pedir(admin1, 'POST', '/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Calle 10 # 43-20 Apto 501',
    id_municipio: ref!.municipio,
    estrato: 4,
    habitaciones: 3,
    banos: 2,
    parqueaderos: 1,
    canon: 2_500_000,
    propietarios: [{ id_tercero: ref!.tercero, porcentaje: 100 }],
  });
  expect(r.statusCode, r.body).toBe(200);
  inmueble1 = { consecutivo: (r.json().data as { consecutivo: number }).consecutivo, direccion: 'Calle 10 # 43-20 Apto 501' };
});
afterAll(() => t.close());

describe('GET /documentos/campos', () => {
  it('lists the fields of a template type with labels, samples and the chip text; needs Configurar', async () => {
    const r = await as(t.app, admin1).get('/api/documentos/campos?tipo=inmueble');
    expect(r.statusCode, r.body).toBe(200);
    const grupos = r.json().data as {
      clave: string;
      etiqueta: string;
      campos: { clave: string; etiqueta: string; expresion: string }[];
    }[];
    expect(grupos.map((g) => g.clave)).toEqual(['empresa', 'usuario', 'documento', 'inmueble']);
    const canon = grupos.find((g) => g.clave === 'inmueble')!.campos.find((c) => c.clave === 'canon')!;
    expect(canon).toMatchObject({ etiqueta: 'Canon de arrendamiento', expresion: '{{ inmueble.canon | moneda }}' });
    error(await as(t.app, admin1).get('/api/documentos/campos?tipo=contrato'), 400, 'tipo');
    error(await as(t.app, asesor1).get('/api/documentos/campos'), 403);
  });
});

describe('plantillas', () => {
  let id: number;

  it('saves a template sanitised and checked, reads, renames and deletes it', async () => {
    const r = await pedir(admin1, 'POST', '/api/plantillas', {
      nombre: 'Carta de bienvenida',
      tipo: 'tercero',
      contenido: CARTA,
    });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json().data as { id: number; contenido: string; actualizado_por: string };
    id = p.id;
    expect(p.contenido).not.toMatch(/script|onerror|<img/);
    expect(p.contenido).toContain('<span data-campo="tercero.nombre" class="campo">{{ tercero.nombre }}</span>');
    expect(p.actualizado_por).toBe('admin');

    const lista = await as(t.app, admin1).get('/api/plantillas');
    expect((lista.json().data as { nombre: string }[]).map((x) => x.nombre)).toEqual(['Carta de bienvenida']);
    error(
      await pedir(admin1, 'POST', '/api/plantillas', { nombre: 'carta de bienvenida', tipo: 'ninguno', contenido: '' }),
      409,
      'Ya existe',
    );

    const u = await pedir(admin1, 'PUT', `/api/plantillas/${id}`, {
      nombre: 'Carta al tercero',
      tipo: 'tercero',
      contenido: CARTA,
    });
    expect(u.statusCode, u.body).toBe(200);
    expect((await as(t.app, admin1).get(`/api/plantillas/${id}`)).json().data.nombre).toBe('Carta al tercero');
  });

  it('refuses an unknown field or a syntax mistake with a 400 that names it, and keeps the saved one', async () => {
    error(
      await pedir(admin1, 'PUT', `/api/plantillas/${id}`, {
        nombre: 'Carta al tercero',
        tipo: 'tercero',
        contenido: '<p>{{ tercero.apodo }}</p>',
      }),
      400,
      'el campo «tercero.apodo» no existe',
    );
    error(
      await pedir(admin1, 'POST', '/api/plantillas', {
        nombre: 'Mala',
        tipo: 'inmueble',
        contenido: '<p>a</p><p>{% if inmueble.canon %}</p>',
      }),
      400,
      'línea 2',
    );
    error(
      await pedir(admin1, 'POST', '/api/plantillas', {
        nombre: 'Otra',
        tipo: 'inmueble',
        contenido: '<p>{{ tercero.nombre }}</p>',
      }),
      400,
      'no está disponible',
    );
    error(await pedir(admin1, 'POST', '/api/plantillas', { nombre: '', tipo: 'ninguno', contenido: '' }), 400, 'nombre');
    error(await pedir(admin1, 'POST', '/api/plantillas', { nombre: 'x', tipo: 'contrato', contenido: '' }), 400, 'tipo');
    expect((await as(t.app, admin1).get(`/api/plantillas/${id}`)).json().data.contenido).toContain('tercero.nombre');
  });

  it('lists every problem of a template without saving it', async () => {
    const r = await pedir(admin1, 'POST', '/api/plantillas/revisar', {
      tipo: 'inmueble',
      contenido: '<p>{{ inmueble.piscina }}</p><p>{{ tercero.nombre }}</p><p>{{ inmueble.canon | moneda }}</p>',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.problemas).toEqual([
      { linea: 1, mensaje: 'el campo «inmueble.piscina» no existe' },
      { linea: 2, mensaje: 'el campo «tercero.nombre» no está disponible en una plantilla de tipo «inmueble»' },
    ]);
    const sintaxis = await pedir(admin1, 'POST', '/api/plantillas/revisar', {
      tipo: 'inmueble',
      contenido: '<p>a</p><p>{{ x </p>',
    });
    expect(sintaxis.json().data.problemas).toEqual([{ linea: 2, mensaje: expect.stringContaining('falta cerrar el campo') }]);
    const bien = await pedir(admin1, 'POST', '/api/plantillas/revisar', {
      tipo: 'inmueble',
      contenido: '<p>{{ inmueble.canon }}</p>',
    });
    expect(bien.json().data.problemas).toEqual([]);
    error(await pedir(asesor1, 'POST', '/api/plantillas/revisar', { tipo: 'inmueble', contenido: '' }), 403);
  });

  it('keeps each company to its own templates and needs Configurar', async () => {
    error(await as(t.app, admin2).get(`/api/plantillas/${id}`), 404);
    expect((await as(t.app, admin2).get('/api/plantillas')).json().data).toEqual([]);
    error(await pedir(admin2, 'PUT', `/api/plantillas/${id}`, { nombre: 'x', tipo: 'ninguno', contenido: '' }), 404);
    error(await pedir(admin2, 'DELETE', `/api/plantillas/${id}`), 404);
    // Company 2 may use the same name.
    expect(
      (await pedir(admin2, 'POST', '/api/plantillas', { nombre: 'Carta al tercero', tipo: 'ninguno', contenido: '<p>x</p>' }))
        .statusCode,
    ).toBe(200);
    error(await as(t.app, asesor1).get('/api/plantillas'), 403);
    error(await pedir(asesor1, 'POST', '/api/plantillas', { nombre: 'x', tipo: 'ninguno', contenido: '' }), 403);
  });

  it('previews with a record of the company as HTML, and with sample values without one', async () => {
    const r = await pedir(admin1, 'POST', '/api/plantillas/vista-previa', {
      tipo: 'tercero',
      contenido: CARTA,
      registro: tercero1.nro_id,
    });
    expect(r.statusCode, r.body).toBe(200);
    const html = (r.json().data as { html: string }).html;
    expect(html).toContain(tercero1.nombre.replaceAll('&', '&amp;'));
    expect(html).toContain(empresa1);
    expect(html).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(html).not.toMatch(/script|onerror/);

    const ejemplo = await pedir(admin1, 'POST', '/api/plantillas/vista-previa', {
      tipo: 'inmueble',
      contenido: '<p>{{ inmueble.canon | moneda }} {{ empresa.nombre }}</p>',
    });
    expect(ejemplo.json().data.html).toBe(`<p>$ 2.500.000 ${empresa1}</p>\n`);

    const inm = await pedir(admin1, 'POST', '/api/plantillas/vista-previa', {
      tipo: 'inmueble',
      contenido:
        '<p>{{ inmueble.tipo }} en {{ inmueble.gestion }}: {{ inmueble.direccion }} ({{ inmueble.consecutivo }}), {{ inmueble.canon | moneda }}</p>',
      registro: String(inmueble1.consecutivo),
    });
    expect(inm.json().data.html).toBe(
      `<p>Apartamento en Arriendo: ${inmueble1.direccion} (${inmueble1.consecutivo}), $ 2.500.000</p>\n`,
    );

    // Another company's record is not found; a bad record number names the field.
    error(
      await pedir(admin2, 'POST', '/api/plantillas/vista-previa', {
        tipo: 'tercero',
        contenido: CARTA,
        registro: tercero1.nro_id,
      }),
      404,
      'El tercero',
    );
    error(
      await pedir(admin1, 'POST', '/api/plantillas/vista-previa', { tipo: 'inmueble', contenido: '', registro: 'abc' }),
      400,
      'registro',
    );
    error(
      await pedir(admin1, 'POST', '/api/plantillas/vista-previa', { tipo: 'inmueble', contenido: '', registro: '99999' }),
      404,
      'El inmueble 99999',
    );
    error(
      await pedir(admin1, 'POST', '/api/plantillas/vista-previa', {
        tipo: 'inmueble',
        contenido: '{% for i in (1..100000000) %}x{% endfor %}',
      }),
      400,
      'demasiado',
    );
    error(await pedir(asesor1, 'POST', '/api/plantillas/vista-previa', { tipo: 'ninguno', contenido: '' }), 403);
  });

  const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
  it.skipIf(!pdftotext)('previews as a PDF with the letterhead and the record', async () => {
    const r = await pedir(admin1, 'POST', '/api/plantillas/vista-previa/pdf', {
      tipo: 'tercero',
      contenido: CARTA,
      registro: tercero1.nro_id,
      titulo: 'Carta al tercero',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = execFileSync(pdftotext!, ['-', '-'], { input: r.rawPayload }).toString('utf8');
    for (const esperado of [empresa1, tercero1.nombre, tercero1.nro_id, 'Carta al tercero', 'Página 1 de 1'])
      expect(texto).toContain(esperado);
    error(
      await pedir(admin1, 'POST', '/api/plantillas/vista-previa/pdf', { tipo: 'tercero', contenido: '{{ tercero.x }}' }),
      400,
      'tercero.x',
    );
    // A loop that makes a book is refused once laid out (after the commit), as a 400 too.
    error(
      await pedir(admin1, 'POST', '/api/plantillas/vista-previa/pdf', {
        tipo: 'ninguno',
        contenido: '{% for i in (1..250) %}<p>{{ i }}</p><div data-type="salto-pagina"></div>{% endfor %}',
      }),
      400,
      'pasa de 200 páginas',
    );
  });

  it('deletes', async () => {
    expect((await pedir(admin1, 'DELETE', `/api/plantillas/${id}`)).statusCode).toBe(200);
    error(await as(t.app, admin1).get(`/api/plantillas/${id}`), 404);
  });
});
