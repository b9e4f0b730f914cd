import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AppError } from '../errors/app-error.ts';
import { datosDeEjemplo, llenar, revisar, validar } from './motor.ts';
import { sanearHtml } from './sanear.ts';
import { htmlAPdf, MAX_PAGINAS, type Membrete } from './pdf.ts';

const mensaje = async (f: () => unknown): Promise<string> => {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('no falló');
};

describe('motor de plantillas', () => {
  const datos = datosDeEjemplo('inmueble');

  it('fills fields and formats dates and money in es-CO', async () => {
    const html = await llenar(
      '<p>{{ inmueble.direccion }}: {{ inmueble.canon | moneda }} desde el {{ documento.fecha | fecha }} ({{ documento.fecha | fecha: "larga" }}), {{ inmueble.area_construida | numero }} m²</p>',
      'inmueble',
      datos,
    );
    expect(html).toBe('<p>Calle 10 # 43-20 Apto 501: $ 2.500.000 desde el 26/11/2026 (26 de noviembre de 2026), 72,5 m²</p>\n');
  });

  it('escapes values into HTML: a name cannot inject markup', async () => {
    const html = await llenar('<p>{{ tercero.nombre }}</p>', 'tercero', {
      ...datosDeEjemplo('tercero'),
      tercero: { nombre: '<img src=x onerror=alert(1)>Ñandú' },
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Ñandú');
  });

  it('reads Liquid written by the editor, whose > is an entity', async () => {
    expect(await llenar('{% if inmueble.canon &gt; 1000 %}caro{% endif %}', 'inmueble', datos)).toBe('caro');
  });

  it('names an unknown field, a field of another record type and a whole group', async () => {
    expect(await mensaje(() => validar('<p>Señor:</p><p>{{ inmueble.piscina }}</p>', 'inmueble'))).toBe(
      'Error en la plantilla, línea 2: el campo «inmueble.piscina» no existe.',
    );
    expect(await mensaje(() => validar('<p>{{ tercero.nombre }}</p>', 'inmueble'))).toContain(
      '«tercero.nombre» no está disponible en una plantilla de tipo «inmueble»',
    );
    expect(revisar('{{ empresa }}', 'ninguno')[0]!.mensaje).toContain('«empresa» es un grupo de campos');
  });

  it('names the line of a syntax mistake, an unknown filter and a missing tag', async () => {
    const m = await mensaje(() => validar('<p>Señor:</p><p>{% if inmueble.canon %}</p><p>fin</p>', 'inmueble'));
    expect(m).toBe('Error en la plantilla, línea 2: falta cerrar «{% if inmueble.canon %}» con «{% endif %}».');
    expect(await mensaje(() => validar('<p>a</p><p>b</p><p>{{ inmueble.canon </p>', 'inmueble'))).toContain(
      'línea 3: falta cerrar el campo con «}}»',
    );
    expect(await mensaje(() => validar('{{ inmueble.canon | sistema }}', 'inmueble'))).toContain('el filtro «sistema» no existe');
    expect(await mensaje(() => validar('{% include "/etc/passwd" %}', 'inmueble'))).toContain('la etiqueta «include» no existe');
    expect(await mensaje(() => validar('{% render "x" %}', 'inmueble'))).toContain('la etiqueta «render» no existe');
  });

  it('reaches nothing but the given fields', async () => {
    for (const t of [
      '{{ constructor }}',
      '{{ inmueble.constructor }}',
      '{{ inmueble.direccion.constructor }}',
      '{{ inmueble["__proto__"] }}',
      '{{ inmueble.constructor.constructor }}',
      '{{ process }}',
      '{{ global }}',
    ])
      expect(await mensaje(() => llenar(t, 'inmueble', datos)), t).toMatch(/no existe/);
    // Inside a loop a local name is allowed, but its prototype stays out of reach.
    const html = await llenar('{% assign d = inmueble.direccion %}{{ d.constructor }}|{{ d.size }}', 'inmueble', datos).catch(
      (e: Error) => e.message,
    );
    expect(html).not.toMatch(/function|native code/);
  });

  it('stops huge loops with a 400, quickly', async () => {
    const t0 = Date.now();
    expect(await mensaje(() => llenar('{% for i in (1..100000000) %}x{% endfor %}', 'inmueble', datos))).toContain(
      'demasiado contenido',
    );
    expect(
      await mensaje(() =>
        llenar(
          '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}',
          'inmueble',
          datos,
        ),
      ),
    ).toMatch(/tarda demasiado|demasiado contenido/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});

describe('sanearHtml', () => {
  it('keeps what the editor makes', () => {
    const html =
      '<h2 style="text-align:center">Carta</h2><p>Hola <strong>a</strong><em>b</em><u>c</u> <span data-campo="tercero.nombre" class="campo">{{ tercero.nombre }}</span></p>' +
      '<ul><li><p>uno</p></li></ul><table><tbody><tr><th colspan="2"><p>x</p></th></tr></tbody></table>' +
      '<div data-type="salto-pagina" class="salto-pagina"></div><img src="data:image/png;base64,iVBORw0KGgo=">';
    expect(sanearHtml(html)).toBe(
      html.replace('<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=" />'),
    );
  });

  it('removes scripts, handlers, javascript: URLs and foreign images', () => {
    const limpio = sanearHtml(
      '<p onclick="x()">a<script>alert(1)</script></p><img src="x" onerror="alert(1)"><img src="javascript:alert(1)">' +
        '<a href="javascript:alert(1)">enlace</a><img src="https://evil.example/t.png"><iframe src="//x"></iframe>' +
        '<p style="color: red; text-align: right; background: url(javascript:x)">b</p><span data-campo="x&quot;onmouseover">c</span>',
    );
    expect(limpio).not.toMatch(/script|onerror|onclick|javascript|evil|iframe|<img|onmouseover|color|background|<a/i);
    expect(limpio).toBe('<p>a</p>enlace<p style="text-align:right">b</p><span>c</span>');
  });
});

const membrete: Membrete = {
  nombre: 'Inmobiliaria Ñandú S.A.S.',
  nit: '900.123.456-7',
  direccion: 'Carrera 43A # 1-50, Medellín',
  telefonos: '604 444 5566',
  email: 'contacto@nandu.co',
  web: '',
  logo: null,
};

const pdftotext = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((p) => existsSync(p));
const texto = (pdf: Buffer) =>
  execFileSync(pdftotext!, ['-layout', '-', '-'], { input: pdf }).toString('utf8').replaceAll('\u00a0', ' ');

// pdftotext is poppler-utils (apt-get install -y poppler-utils): the PDF is read by a real reader.
describe.skipIf(!pdftotext)('htmlAPdf', () => {
  it('prints the letterhead, Spanish text, styles, lists, a table and «Página N de M» across a page break', async () => {
    const logo = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#96be0e' } })
      .webp()
      .toBuffer();
    const foto = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const html = sanearHtml(
      '<h1>Carta de presentación</h1><p style="text-align: justify">Señora <strong>Ana Lucía Muñoz</strong>, le <em>informamos</em> que el <u>canon</u> es $ 2.500.000. ¿Año? ¡Sí! «comillas»</p>' +
        '<ul><li><p>Primer punto</p></li><li><p>Segundo punto</p><ol><li><p>anidado</p></li></ol></li></ul>' +
        '<table><tbody><tr><th><p>Concepto</p></th><th><p>Valor</p></th></tr><tr><td><p>Canon</p></td><td><p>$ 2.500.000</p></td></tr>' +
        '<tr><td><p>Administración</p></td><td><p>$ 350.000</p></td></tr></tbody></table>' +
        `<p><img src="data:image/png;base64,${foto.toString('base64')}"></p>` +
        '<div data-type="salto-pagina"></div><h2>Anexo</h2><p>Segunda página con ñ y acentos: camión, pingüino.</p>',
    );
    const pdf = await htmlAPdf({ html, membrete: { ...membrete, logo }, titulo: 'Carta de prueba' });
    if (process.env.PDF_MUESTRA) writeFileSync(process.env.PDF_MUESTRA, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const t = texto(pdf);
    for (const esperado of [
      'Inmobiliaria Ñandú S.A.S.',
      'NIT 900.123.456-7',
      'Carrera 43A # 1-50, Medellín',
      'Carta de presentación',
      'Ana Lucía Muñoz',
      '¿Año? ¡Sí! «comillas»',
      '• Primer punto',
      '1. anidado',
      'Página 1 de 2',
      'Página 2 de 2',
      'Segunda página con ñ y acentos: camión, pingüino.',
    ])
      expect(t, esperado).toContain(esperado);
    // Table cells side by side on one line.
    expect(t).toMatch(/Concepto\s+Valor/);
    expect(t).toMatch(/Administración\s+\$ 350\.000/);
    // The page break: the annex is on page 2, after the form feed.
    const [p1, p2] = t.split('\f');
    expect(p1).not.toContain('Anexo');
    expect(p2).toContain('Anexo');
    // The logo and the photo are embedded images.
    expect((pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(2);
    // The font is embedded (DejaVu Sans subset), not a standard PDF font.
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
  });

  it('refuses a document of more than 200 pages with a 400', async () => {
    const html = '<p>x</p><div data-type="salto-pagina"></div>'.repeat(MAX_PAGINAS + 1);
    expect(await mensaje(() => htmlAPdf({ html, membrete, titulo: 'Libro' }))).toBe(
      'El documento pasa de 200 páginas: revise los ciclos de la plantilla.',
    );
  });

  it('flows a long text onto more pages, with the letterhead on each', async () => {
    const p = '<p>' + 'Texto largo de la carta con tildes: acción, corazón. '.repeat(40) + '</p>';
    const pdf = await htmlAPdf({ html: p.repeat(8), membrete, titulo: 'Larga' });
    const paginas = texto(pdf)
      .split('\f')
      .filter((x) => x.trim());
    expect(paginas.length).toBeGreaterThanOrEqual(3);
    paginas.forEach((pg, i) => {
      expect(pg).toContain('Inmobiliaria Ñandú S.A.S.');
      expect(pg).toContain(`Página ${i + 1} de ${paginas.length}`);
    });
  });
});
