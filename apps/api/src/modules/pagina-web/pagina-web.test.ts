import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { CAMPOS_PRIVADOS, slugDe, type Banner, type Noticia } from '@predio/contract/pagina-web';
import { queryRows } from '../../db/rows.ts';
import {
  createTestApp,
  crearUsuario,
  DEMO,
  login,
  multipart,
  type TestApp,
  ok,
  error,
  injectAs,
  type Pedir,
} from '../../test/harness.ts';

let t: TestApp;
let admin1: string;
let admin2: string;
let asesor: string;
let consecutivo: number;
let foto: Buffer;

const pedir: Pedir = (...a) => injectAs(t.app, ...a);
const subir = (token: string, tipo: string, id: number, categoria: string, data: Buffer) => {
  const body = multipart({ filename: 'imagen.jpg', contentType: 'application/octet-stream', data });
  return t.app.inject({
    method: 'POST',
    url: `/api/archivos/${tipo}/${id}?categoria=${categoria}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
};
const noticia = (o: Partial<Record<string, unknown>> = {}) => ({
  titulo: 'Nuevos apartamentos en Envigado',
  resumen: 'Llegaron tres apartamentos',
  cuerpo: '<p>Hola <strong>mundo</strong></p>',
  estado: 'publicada',
  ...o,
});

/** Every key of every object in a JSON answer, however deep. */
function claves(v: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) claves(x, acc);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      acc.add(k);
      claves(x, acc);
    }
  return acc;
}

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor = await login(t.app, DEMO.asesor1);
  await crearUsuario(t.db, 1, { usuario: 'solo202', nroId: '80202', permisos: '202' });
  foto = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  const [m] = await t.db.tenant(1, (tx) => queryRows<{ id: number }>(tx, sql`select id from municipios order by id limit 1`));
  consecutivo = ok<{ consecutivo: number }>(
    await pedir(admin1, 'POST', '/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 10 # 43-20 Apto 301',
      id_municipio: m!.id,
      canon: 2_300_000,
      descripcion: 'Apartamento iluminado',
      observaciones_internas: 'El dueño acepta rebaja',
      codigo_llaves: 'LL-77',
    }),
  ).consecutivo;
  ok(await pedir(admin1, 'POST', `/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' }));
  const f = multipart({ filename: 'sala.jpg', contentType: 'image/jpeg', data: foto });
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/inmuebles/${consecutivo}/fotos`,
    payload: f.payload,
    headers: { ...f.headers, authorization: `Bearer ${admin1}` },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => t.close());

describe('slug', () => {
  it('comes from the title without accents or signs', () => {
    expect(slugDe('¡Casas en Envigado: nuevas!')).toBe('casas-en-envigado-nuevas');
    expect(slugDe('???')).toBe('noticia');
  });
});

describe('noticias (202)', () => {
  it('creates a news with a unique slug per company, sanitises its body and audits it', async () => {
    const a = ok<Noticia>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/noticias',
        noticia({ cuerpo: '<p onclick="x()">Hola</p><script>alert(1)</script>' }),
      ),
    );
    expect(a.slug).toBe('nuevos-apartamentos-en-envigado');
    expect(a.cuerpo).toBe('<p>Hola</p>');
    expect(a.visible).toBe(true);
    expect(a.publicar_en).not.toBeNull();
    const b = ok<Noticia>(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia()));
    expect(b.slug).toBe('nuevos-apartamentos-en-envigado-2');
    // Another company may use the same slug.
    const c = ok<Noticia>(await pedir(admin2, 'POST', '/api/paginaweb/noticias', noticia()));
    expect(c.slug).toBe('nuevos-apartamentos-en-envigado');
    const [aud] = await t.db.system((tx) =>
      queryRows<{ accion: string }>(
        tx,
        sql`select accion from auditoria where entidad = 'noticias' and entidad_id = ${String(a.id)}`,
      ),
    );
    expect(aud?.accion).toBe('crear');
  });

  it('keeps the slug when the title changes, lists with search and state, and deletes', async () => {
    const n = ok<Noticia>(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Arriendos de diciembre', estado: 'borrador' })),
    );
    const e = ok<Noticia>(
      await pedir(
        admin1,
        'PUT',
        `/api/paginaweb/noticias/${n.id}`,
        noticia({ titulo: 'Arriendos de enero', estado: 'borrador' }),
      ),
    );
    expect(e.slug).toBe('arriendos-de-diciembre');
    expect(e.titulo).toBe('Arriendos de enero');
    const l = ok<{ items: Noticia[]; total: number }>(
      await pedir(admin1, 'GET', '/api/paginaweb/noticias?q=enero&estado=borrador'),
    );
    expect(l.items.map((x) => x.id)).toEqual([n.id]);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/noticias/${n.id}`));
    error(await pedir(admin1, 'GET', `/api/paginaweb/noticias/${n.id}`), 404);
  });

  it('refuses bad input naming the field', async () => {
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: '' })), 400, 'Título');
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ estado: 'programada' })), 400, 'Fecha de publicación');
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ estado: 'otro' })), 400, 'Estado');
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ publicar_en: 'mañana' })),
      400,
      'Fecha de publicación',
    );
  });

  it('needs idm 202 and hides other companies’ news', async () => {
    error(await pedir(asesor, 'GET', '/api/paginaweb/noticias'), 403);
    error(await pedir(asesor, 'POST', '/api/paginaweb/noticias', noticia()), 403);
    const solo = await login(t.app, { idEmpresa: 1, usuario: 'solo202', clave: 'demo1234' });
    ok(await pedir(solo, 'GET', '/api/paginaweb/noticias'));
    error(await pedir(solo, 'GET', '/api/paginaweb/banners'), 403);
    const de2 = ok<{ items: Noticia[] }>(await pedir(admin2, 'GET', '/api/paginaweb/noticias')).items[0]!;
    error(await pedir(admin1, 'GET', `/api/paginaweb/noticias/${de2.id}`), 404);
    error(await pedir(admin1, 'PUT', `/api/paginaweb/noticias/${de2.id}`, noticia()), 404);
    error(await pedir(admin1, 'DELETE', `/api/paginaweb/noticias/${de2.id}`), 404);
  });
});

describe('publication rules', () => {
  it('shows published news, not drafts or unpublished ones; a scheduled one from its moment, marked by the job', async () => {
    const pub = ok<Noticia>(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Regla publicada' })));
    ok<Noticia>(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Regla borrador', estado: 'borrador' })),
    );
    const des = ok<Noticia>(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Regla despublicada' })));
    ok(
      await pedir(
        admin1,
        'PUT',
        `/api/paginaweb/noticias/${des.id}`,
        noticia({ titulo: 'Regla despublicada', estado: 'despublicada' }),
      ),
    );
    const futuro = new Date(Date.now() + 86_400_000).toISOString();
    const prog = ok<Noticia>(
      await pedir(
        admin1,
        'POST',
        '/api/paginaweb/noticias',
        noticia({ titulo: 'Regla programada', estado: 'programada', publicar_en: futuro }),
      ),
    );
    expect(prog.visible).toBe(false);
    const titulos = async () =>
      ok<{ titulo: string }[]>(await pedir(null, 'GET', '/api/publico/1/noticias')).map((n) => n.titulo);
    let vistos = await titulos();
    expect(vistos).toContain('Regla publicada');
    expect(vistos).not.toContain('Regla borrador');
    expect(vistos).not.toContain('Regla despublicada');
    expect(vistos).not.toContain('Regla programada');
    error(await pedir(null, 'GET', '/api/publico/1/noticias/regla-programada'), 404);
    ok(await pedir(null, 'GET', `/api/publico/1/noticias/${pub.slug}`));

    // The job was queued for its moment; when the moment comes the site shows it and the job marks it.
    const [trabajo] = await t.db.system((tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select id from trabajo where tipo = 'paginaweb.publicar' and datos->>'id' = ${String(prog.id)}`,
      ),
    );
    expect(trabajo).toBeDefined();
    await t.db.tenant(1, (tx) =>
      tx.execute(sql`update noticia set publicar_en = now() - interval '1 minute' where id = ${prog.id}`),
    );
    vistos = await titulos();
    expect(vistos).toContain('Regla programada');
    const { publicarProgramada } = await import('./pagina-web.service.ts');
    expect(await t.db.tenant(1, (tx) => publicarProgramada(tx, prog.id))).toBe(true);
    expect(ok<Noticia>(await pedir(admin1, 'GET', `/api/paginaweb/noticias/${prog.id}`)).estado).toBe('publicada');
  });

  it('shows banners that are active and within their dates only, in order', async () => {
    const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const ayer = new Date(Date.now() - 29 * 3_600_000).toISOString().slice(0, 10);
    const manana = new Date(Date.now() + 19 * 3_600_000).toISOString().slice(0, 10);
    const b = async (titulo: string, o = {}) =>
      ok<Banner>(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo, ...o }));
    const segundo = await b('Banner segundo', { orden: 2, vigente_desde: hoy, vigente_hasta: hoy });
    await b('Banner primero', { orden: 1, enlace: '/sitio/1#inmuebles' });
    await b('Banner vencido', { vigente_hasta: ayer });
    await b('Banner futuro', { vigente_desde: manana });
    await b('Banner inactivo', { activo: false });
    expect(segundo.vigente).toBe(true);
    const vistos = ok<{ titulo: string }[]>(await pedir(null, 'GET', '/api/publico/1/banners')).map((x) => x.titulo);
    expect(vistos).toEqual(['Banner primero', 'Banner segundo']);
    error(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'X', enlace: 'javascript:alert(1)' }), 400, 'Enlace');
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'X', vigente_desde: hoy, vigente_hasta: ayer }),
      400,
      'Vigente hasta',
    );
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'X', vigente_desde: '2026-02-30' }),
      400,
      'Vigente desde',
    );
    error(await pedir(asesor, 'POST', '/api/paginaweb/banners', { titulo: 'X' }), 403);
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/banners/${segundo.id}`, { titulo: 'Banner segundo', activo: false }));
    expect(ok<{ titulo: string }[]>(await pedir(null, 'GET', '/api/publico/1/banners')).map((x) => x.titulo)).toEqual([
      'Banner primero',
    ]);
    ok(await pedir(admin1, 'DELETE', `/api/paginaweb/banners/${segundo.id}`));
  });
});

describe('public API', () => {
  it('serves the images of what is published only, and not another company’s', async () => {
    const n = ok<Noticia>(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Con portada' })));
    const subida = await subir(admin1, 'noticia', n.id, 'portada', foto);
    expect(subida.statusCode, subida.body).toBe(200);
    const respuesta = ok<{ slug: string; portada: string }>(await pedir(null, 'GET', `/api/publico/1/noticias/${n.slug}`));
    // Absolute on the host asked (no PUBLIC_URL here), so a site on another domain uses it as it comes.
    expect(respuesta.portada).toMatch(/^http:\/\/localhost(:80)?\/api\/publico\/1\/archivos\/\d+$/);
    const otroHost = ok<{ portada: string }>(
      await pedir(null, 'GET', `/api/publico/1/noticias/${n.slug}`, undefined, { host: 'predio.ejemplo.co' }),
    );
    expect(otroHost.portada).toBe(respuesta.portada.replace(/^http:\/\/localhost(:80)?/, 'http://predio.ejemplo.co'));
    const pub = { portada: new URL(respuesta.portada).pathname };
    const img = await pedir(null, 'GET', pub.portada);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // The same file through another company's door: not there.
    expect((await pedir(null, 'GET', pub.portada.replace('/publico/1/', '/publico/2/'))).statusCode).toBe(404);
    // A draft's cover is not public.
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/noticias/${n.id}`, noticia({ titulo: 'Con portada', estado: 'borrador' })));
    expect((await pedir(null, 'GET', pub.portada)).statusCode).toBe(404);
    // A plain text «image» is refused on upload.
    const otra = ok<Noticia>(await pedir(admin1, 'POST', '/api/paginaweb/noticias', noticia({ titulo: 'Portada falsa' })));
    expect((await subir(admin1, 'noticia', otra.id, 'portada', Buffer.from('no soy imagen'))).statusCode).toBe(415);
  });

  it('lists available properties with photos and never an internal field in any answer', async () => {
    const inmuebles = ok<{ consecutivo: number; fotos: { grande: string }[] }[]>(
      await pedir(null, 'GET', '/api/publico/1/inmuebles'),
    );
    const i = inmuebles.find((x) => x.consecutivo === consecutivo)!;
    expect(i.fotos.length).toBe(1);
    expect(i.fotos[0]!.grande).toMatch(/^http:\/\/localhost(:80)?\/api\/publico\/1\/archivos\/\d+$/);
    expect((await pedir(null, 'GET', i.fotos[0]!.grande)).statusCode).toBe(200);
    const urls = [
      '/api/publico/1/sitio',
      '/api/publico/1/noticias',
      '/api/publico/1/noticias/nuevos-apartamentos-en-envigado',
      '/api/publico/1/banners',
      '/api/publico/1/inmuebles',
      `/api/publico/1/inmuebles/${consecutivo}`,
    ];
    for (const url of urls) {
      const r = await pedir(null, 'GET', url);
      expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
      const vistas = claves(r.json());
      for (const c of CAMPOS_PRIVADOS) expect(vistas.has(c), `${url} expone ${c}`).toBe(false);
      expect(r.body).not.toContain('El dueño acepta rebaja');
      expect(r.body).not.toContain('LL-77');
      expect(r.body).not.toContain('Calle 10 # 43-20');
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A property that is not available is not public.
    ok(await pedir(admin1, 'POST', `/api/inmuebles/${consecutivo}/estado`, { estado: 'reservado' }));
    error(await pedir(null, 'GET', `/api/publico/1/inmuebles/${consecutivo}`), 404);
    expect((await pedir(null, 'GET', i.fotos[0]!.grande)).statusCode).toBe(404);
    ok(await pedir(admin1, 'POST', `/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' }));
  });

  it('answers 304 to the same ETag, 404 for a company that does not exist and a message for bad input', async () => {
    const r = await pedir(null, 'GET', '/api/publico/1/banners');
    const etag = r.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await pedir(null, 'GET', '/api/publico/1/banners', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    error(await pedir(null, 'GET', '/api/publico/999/banners'), 404);
    error(await pedir(null, 'GET', '/api/publico/abc/banners'), 400, 'empresa');
    error(await pedir(null, 'GET', '/api/publico/1/inmuebles?limite=1000'), 400, 'limite');
    // Company 2 sees none of company 1's news.
    const de2 = ok<{ titulo: string }[]>(await pedir(null, 'GET', '/api/publico/2/noticias')).map((x) => x.titulo);
    expect(de2).not.toContain('Regla publicada');
  });

  it('limits reads per address', async () => {
    await t.db.system((tx) =>
      tx.execute(
        sql`insert into login_fallido (clave, fallos, primer_fallo, bloqueado_hasta) values ('pub-ip:10.9.9.9', 999, now(), now() + interval '5 minutes')`,
      ),
    );
    const r = await t.app.inject({ method: 'GET', url: '/api/publico/1/banners', remoteAddress: '10.9.9.9' });
    expect(r.statusCode).toBe(429);
    expect(r.json().message).toContain('Demasiadas consultas');
    expect(r.headers['retry-after']).toBeDefined();
  });
});

describe('public site /sitio/:empresa', () => {
  it('renders the home with banners, news, properties, Open Graph tags and the company’s name', async () => {
    const r = await pedir(null, 'GET', '/sitio/1');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('Banner primero');
    expect(r.body).toContain('Regla publicada');
    expect(r.body).not.toContain('Regla borrador');
    expect(r.body).toContain(`/sitio/1/inmuebles/${consecutivo}`);
    expect(r.body).toContain('property="og:title"');
    expect(r.body).toContain('Inmobiliaria Demo');
    expect(r.body).not.toContain('<script');
    expect((await pedir(null, 'GET', '/sitio/999')).statusCode).toBe(404);
    expect((await pedir(null, 'GET', '/sitio/1/noticias/no-existe')).statusCode).toBe(404);
    expect((await pedir(null, 'GET', '/sitio/estilos.css')).headers['content-type']).toContain('text/css');
  });

  it('takes the colour set in Compañía, and refuses one that is not #RRGGBB', async () => {
    const e = ok<Record<string, unknown>>(await pedir(admin1, 'GET', '/api/Empresa/GetEmpresa'));
    const { id_Empresa: _id, logo: _logo, ...datos } = e;
    error(await pedir(admin1, 'PUT', '/api/empresa', { ...datos, colorSitio: 'red;}' }), 400, 'colorSitio');
    ok(await pedir(admin1, 'PUT', '/api/empresa', { ...datos, colorSitio: '#0A7B3E' }));
    expect((await pedir(null, 'GET', '/sitio/1')).body).toContain('--color:#0a7b3e');
    expect(ok<{ color: string }>(await pedir(null, 'GET', '/api/publico/1/sitio')).color).toBe('#0a7b3e');
    // A client that does not send it leaves it as it is.
    const { colorSitio: _c, ...sinColor } = datos;
    ok(await pedir(admin1, 'PUT', '/api/empresa', sinColor));
    expect(ok<{ colorSitio: string }>(await pedir(admin1, 'GET', '/api/Empresa/GetEmpresa')).colorSitio).toBe('#0a7b3e');
  });

  it('shows a property with its photo as og:image and takes its contact form into solicitudes', async () => {
    ok(await pedir(admin1, 'PUT', '/api/empresa/formulario-web', { activar: true }));
    const r = await pedir(null, 'GET', `/sitio/1/inmuebles/${consecutivo}`);
    expect(r.statusCode).toBe(200);
    expect(r.body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/publico\/1\/archivos\/\d+">/);
    expect(r.body).toContain('Apartamento iluminado');
    expect(r.body).not.toContain('LL-77');
    expect(r.body).toContain('name="autoriza_datos"');
    const form = (campos: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/sitio/1/inmuebles/${consecutivo}/contacto`,
        payload: new URLSearchParams(campos).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.1.2.3',
      });
    const malo = await form({ nombre: '', mensaje: 'Hola', telefono: '3001234567' });
    expect(malo.statusCode).toBe(400);
    expect(malo.body).toContain('El campo Nombre es obligatorio');
    expect(malo.body).toContain('Debe autorizar el tratamiento de sus datos personales');
    const bueno = await form({
      nombre: 'Visitante del sitio',
      telefono: '3001234567',
      mensaje: 'Quiero verlo',
      autoriza_datos: 'true',
    });
    expect(bueno.statusCode, bueno.body).toBe(200);
    expect(bueno.body).toMatch(/Recibimos su solicitud N\.º \d+/);
    const [s] = await t.db.tenant(1, (tx) =>
      queryRows<{ consecutivo: number }>(
        tx,
        sql`select i.consecutivo from solicitud s join inmueble i on i.id = s.id_inmueble where s.contacto_nombre = 'Visitante del sitio'`,
      ),
    );
    expect(s?.consecutivo).toBe(consecutivo);
  });
});
