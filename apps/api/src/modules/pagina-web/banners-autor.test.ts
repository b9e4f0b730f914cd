import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ZBannerPublico,
  ZEmpresaPublica,
  ZInmueblePublico,
  ZNoticiaPublica,
  ZPuntoMapa,
  type AutorNoticia,
  type Banner,
  type Noticia,
} from '@predio/contract/pagina-web';
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

// Página web: a banner's placement and its image for phones, a news' author chosen among the company's
// users, and the site's icon (issue 32 «What remains»).

let t: TestApp;
let admin1: string;
let admin2: string;
let asesor: string;
let solo202: string;
let solo10535: string;
let redactora: number;
let inactivo: number;
let ajeno: number;
let foto: Buffer;
let fotoMovil: Buffer;

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
const auditoria = (entidad: string, id: number) =>
  t.db.tenant(1, (tx) =>
    queryRows<{ accion: string; cambios: Record<string, { antes: unknown; despues: unknown }> }>(
      tx,
      sql`select accion, cambios from auditoria where entidad = ${entidad} and entidad_id = ${String(id)} order by id`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await login(t.app, DEMO.admin1);
  admin2 = await login(t.app, DEMO.admin2);
  asesor = await login(t.app, DEMO.asesor1);
  await crearUsuario(t.db, 1, { usuario: 'solo202b', nroId: '80212', permisos: '202' });
  await crearUsuario(t.db, 1, { usuario: 'solo10535', nroId: '80213', permisos: '10535' });
  solo202 = await login(t.app, { idEmpresa: 1, usuario: 'solo202b', clave: 'demo1234' });
  solo10535 = await login(t.app, { idEmpresa: 1, usuario: 'solo10535', clave: 'demo1234' });
  redactora = await crearUsuario(t.db, 1, { usuario: 'redactora', nroId: '80214', permisos: '' });
  inactivo = await crearUsuario(t.db, 1, { usuario: 'antiguo', nroId: '80215', permisos: '' });
  ajeno = await crearUsuario(t.db, 2, { usuario: 'ajeno', nroId: '80216', permisos: '' });
  await t.db.tenant(1, (tx) =>
    tx.execute(sql`update usuarios set nombre = case id when ${redactora} then 'Laura Gómez' else nombre end,
                     activo = (id <> ${inactivo}) where id in (${redactora}, ${inactivo})`),
  );
  foto = await sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  fotoMovil = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 160, g: 60, b: 20 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

describe('banners: placement and an image for phones', () => {
  it('stores the placement, filters the staff list and the public API by it, and audits it', async () => {
    const principal = ok<Banner>(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'Ubi principal', orden: 1 }));
    expect(principal.ubicacion).toBe('inicio_principal');
    expect(principal.imagen_movil).toBeNull();
    const busqueda = ok<Banner>(
      await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'Ubi búsqueda', ubicacion: 'busqueda' }),
    );
    ok(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'Ubi noticias', ubicacion: 'noticias' }));
    ok(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'Ubi secundario', ubicacion: 'inicio_secundario' }));

    const lista = ok<{ items: Banner[] }>(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=busqueda&pageSize=50'));
    expect(lista.items.map((b) => b.titulo)).toEqual(['Ubi búsqueda']);
    error(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=techo'), 400, 'ubicacion');

    const pub = ok<{ titulo: string; ubicacion: string }[]>(
      await pedir(null, 'GET', '/api/publico/1/banners?ubicacion=noticias'),
    );
    expect(pub.map((b) => [b.titulo, b.ubicacion])).toEqual([['Ubi noticias', 'noticias']]);
    expect(ok<unknown[]>(await pedir(null, 'GET', '/api/publico/1/banners')).length).toBe(4);
    error(await pedir(null, 'GET', '/api/publico/1/banners?ubicacion=techo'), 400, 'ubicacion debe ser uno de');

    // Bad input names the field in Spanish.
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'X', ubicacion: 'techo' }),
      400,
      'El campo Ubicación debe ser uno de',
    );
    error(await pedir(admin1, 'POST', '/api/paginaweb/banners', { titulo: 'X', ubicacion: 7 }), 400, 'Ubicación');

    // A change of placement is audited with before and after.
    ok(
      await pedir(admin1, 'PUT', `/api/paginaweb/banners/${busqueda.id}`, {
        titulo: 'Ubi búsqueda',
        ubicacion: 'inicio_secundario',
      }),
    );
    const a = await auditoria('banners', busqueda.id);
    expect(a.map((x) => x.accion)).toEqual(['crear', 'modificar']);
    expect(a[0]!.cambios.ubicacion).toEqual({ antes: null, despues: 'busqueda' });
    expect(a[1]!.cambios.ubicacion).toEqual({ antes: 'busqueda', despues: 'inicio_secundario' });
    ok(await pedir(admin1, 'PUT', `/api/paginaweb/banners/${busqueda.id}`, { titulo: 'Ubi búsqueda', ubicacion: 'busqueda' }));
  });

  it('needs idm 10535, and keeps other companies out', async () => {
    error(await pedir(asesor, 'GET', '/api/paginaweb/banners?ubicacion=busqueda'), 403);
    error(await pedir(solo202, 'POST', '/api/paginaweb/banners', { titulo: 'X', ubicacion: 'busqueda' }), 403);
    ok(await pedir(solo10535, 'GET', '/api/paginaweb/banners?ubicacion=busqueda'));
    const otros = ok<{ items: Banner[] }>(await pedir(admin2, 'GET', '/api/paginaweb/banners?ubicacion=busqueda'));
    expect(otros.items).toEqual([]);
    expect(ok<unknown[]>(await pedir(null, 'GET', '/api/publico/2/banners?ubicacion=busqueda'))).toEqual([]);
    const b = ok<{ items: Banner[] }>(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=busqueda')).items[0]!;
    error(await pedir(admin2, 'PUT', `/api/paginaweb/banners/${b.id}`, { titulo: 'Mío', ubicacion: 'noticias' }), 404);
    expect((await subir(admin2, 'banner', b.id, 'imagen_movil', fotoMovil)).statusCode).toBe(404);
  });

  it('takes a second image for phones, returns both, and the site uses <picture> with a media query', async () => {
    const b = ok<{ items: Banner[] }>(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=inicio_principal')).items[0]!;
    expect((await subir(admin1, 'banner', b.id, 'imagen', foto)).statusCode).toBe(200);
    const movil = await subir(admin1, 'banner', b.id, 'imagen_movil', fotoMovil);
    expect(movil.statusCode, movil.body).toBe(200);
    // One image for phones per banner, checked by its bytes.
    expect((await subir(admin1, 'banner', b.id, 'imagen_movil', fotoMovil)).statusCode).toBe(400);
    const otro = ok<{ items: Banner[] }>(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=noticias')).items[0]!;
    expect((await subir(admin1, 'banner', otro.id, 'imagen_movil', Buffer.from('no soy imagen'))).statusCode).toBe(415);
    error(await subir(solo202, 'banner', b.id, 'imagen_movil', fotoMovil), 403);

    const visto = ok<{ items: Banner[] }>(await pedir(admin1, 'GET', '/api/paginaweb/banners?ubicacion=inicio_principal'))
      .items[0]!;
    expect(visto.imagen).not.toBeNull();
    expect(visto.imagen_movil).not.toBeNull();
    expect(visto.imagen_movil).not.toBe(visto.imagen);

    const [pub] = ok<{ imagen: string; imagen_movil: string }[]>(
      await pedir(null, 'GET', '/api/publico/1/banners?ubicacion=inicio_principal'),
    );
    expect(pub!.imagen).toMatch(/^http:\/\/localhost(:80)?\/api\/publico\/1\/archivos\/\d+$/);
    expect(pub!.imagen_movil).toMatch(/^http:\/\/localhost(:80)?\/api\/publico\/1\/archivos\/\d+$/);
    const img = await pedir(null, 'GET', new URL(pub!.imagen_movil).pathname);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');

    const home = (await pedir(null, 'GET', '/sitio/1')).body;
    expect(home).toContain(
      `<picture class="con-movil"><source media="(max-width: 600px)" srcset="/api/publico/1/archivos/${visto.imagen_movil}"><img src="/api/publico/1/archivos/${visto.imagen}" alt=""></picture>`,
    );
    // The home shows its two bands; the search and the news list theirs, and no other.
    const i = home.indexOf('Ubi principal');
    const inm = home.indexOf('id="inmuebles"');
    const sec = home.indexOf('Ubi secundario');
    const not = home.indexOf('id="noticias"');
    expect(i).toBeGreaterThan(-1);
    expect(i).toBeLessThan(inm);
    expect(sec).toBeGreaterThan(inm);
    expect(sec).toBeLessThan(not);
    expect(home).not.toContain('Ubi búsqueda');
    expect(home).not.toContain('Ubi noticias');
    const buscar = (await pedir(null, 'GET', '/sitio/1/inmuebles')).body;
    expect(buscar).toContain('Ubi búsqueda');
    expect(buscar).not.toContain('Ubi principal');
    const noticias = (await pedir(null, 'GET', '/sitio/1/noticias')).body;
    expect(noticias).toContain('Ubi noticias');
    expect(noticias).not.toContain('Ubi búsqueda');
    // A banner with no image for phones is a plain picture with its image.
    expect(buscar).not.toContain('<source');
  });
});

describe('noticias: the author is a user of the company', () => {
  it('lists the active users, keeps an inactive one asked for, and needs idm 202', async () => {
    const autores = ok<AutorNoticia[]>(await pedir(solo202, 'GET', '/api/paginaweb/noticias/autores'));
    expect(autores.find((u) => u.id === redactora)).toEqual({ id: redactora, nombre: 'Laura Gómez', activo: true });
    expect(autores.some((u) => u.id === inactivo)).toBe(false);
    expect(autores.some((u) => u.id === ajeno)).toBe(false);
    const con = ok<AutorNoticia[]>(await pedir(solo202, 'GET', `/api/paginaweb/noticias/autores?incluir=${inactivo}`));
    expect(con.find((u) => u.id === inactivo)?.activo).toBe(false);
    error(await pedir(asesor, 'GET', '/api/paginaweb/noticias/autores'), 403);
    error(await pedir(solo10535, 'GET', '/api/paginaweb/noticias/autores'), 403);
    error(await pedir(solo202, 'GET', '/api/paginaweb/noticias/autores?incluir=x'), 400, 'incluir');
  });

  it('stores the user, shows their name in the list, the public API and the site, and audits the change', async () => {
    const n = ok<Noticia>(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
        titulo: 'Firmada por Laura',
        estado: 'publicada',
        id_autor: redactora,
      }),
    );
    expect(n.id_autor).toBe(redactora);
    expect(n.autor_nombre).toBe('Laura Gómez');
    const pub = ok<{ autor: string }>(await pedir(null, 'GET', `/api/publico/1/noticias/${n.slug}`));
    expect(pub.autor).toBe('Laura Gómez');
    expect(
      ok<{ slug: string; autor: string }[]>(await pedir(null, 'GET', '/api/publico/1/noticias')).find((x) => x.slug === n.slug)
        ?.autor,
    ).toBe('Laura Gómez');
    expect((await pedir(null, 'GET', `/sitio/1/noticias/${n.slug}`)).body).toContain('Laura Gómez');
    // No user id in the public answer.
    expect(JSON.stringify(ok(await pedir(null, 'GET', `/api/publico/1/noticias/${n.slug}`)))).not.toContain('id_autor');

    const otro = await crearUsuario(t.db, 1, { usuario: 'redactor2', nroId: '80217', permisos: '' });
    ok(
      await pedir(admin1, 'PUT', `/api/paginaweb/noticias/${n.id}`, {
        titulo: 'Firmada por Laura',
        estado: 'publicada',
        id_autor: otro,
      }),
    );
    const a = await auditoria('noticias', n.id);
    expect(a.at(-1)!.cambios.id_autor).toEqual({ antes: redactora, despues: otro });
    expect(a.at(-1)!.cambios.autor_nombre).toEqual({ antes: 'Laura Gómez', despues: 'Usuario redactor2' });
  });

  it('refuses a user that is not an active one of the company, naming the field', async () => {
    const body = (id_autor: unknown) => ({ titulo: 'Autor malo', estado: 'borrador', id_autor });
    error(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', body(ajeno)),
      400,
      'El campo Autor debe ser un usuario activo de la empresa',
    );
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', body(inactivo)), 400, 'El campo Autor');
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', body(999_999)), 400, 'El campo Autor');
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', body('Laura')), 400, 'El campo Autor');
    error(await pedir(admin1, 'POST', '/api/paginaweb/noticias', body(-3)), 400, 'El campo Autor');
  });

  it('keeps the old free-text author readable, and keeps an inactive author a news already has', async () => {
    const vieja = ok<Noticia>(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', {
        titulo: 'Noticia vieja',
        estado: 'publicada',
        autor: 'Pedro Pérez',
      }),
    );
    expect(vieja.id_autor).toBeNull();
    expect(vieja.autor_nombre).toBe('Pedro Pérez');
    expect(ok<{ autor: string }>(await pedir(null, 'GET', `/api/publico/1/noticias/${vieja.slug}`)).autor).toBe('Pedro Pérez');
    // A user chosen replaces the text.
    const firmada = ok<Noticia>(
      await pedir(admin1, 'PUT', `/api/paginaweb/noticias/${vieja.id}`, {
        titulo: 'Noticia vieja',
        estado: 'publicada',
        autor: 'Pedro Pérez',
        id_autor: redactora,
      }),
    );
    expect([firmada.autor, firmada.autor_nombre]).toEqual(['', 'Laura Gómez']);

    // A news whose author was made inactive later can still be saved with that author.
    await t.db.tenant(1, (tx) => tx.execute(sql`update noticia set id_autor = ${inactivo} where id = ${vieja.id}`));
    const guardada = ok<Noticia>(
      await pedir(admin1, 'PUT', `/api/paginaweb/noticias/${vieja.id}`, {
        titulo: 'Noticia vieja 2',
        estado: 'publicada',
        id_autor: inactivo,
      }),
    );
    expect(guardada.id_autor).toBe(inactivo);
    expect(guardada.autor_nombre).toBe('Usuario antiguo');
  });
});

describe('the public answers’ contract', () => {
  it('match the declared schemas exactly (public reads answer by hand, so the route does not check them)', async () => {
    const n = ok<Noticia>(
      await pedir(admin1, 'POST', '/api/paginaweb/noticias', { titulo: 'Para el contrato', estado: 'publicada' }),
    );
    for (const [url, schema] of [
      ['/api/publico/1/sitio', ZEmpresaPublica],
      ['/api/publico/1/noticias', z.array(ZNoticiaPublica)],
      [`/api/publico/1/noticias/${n.slug}`, ZNoticiaPublica],
      ['/api/publico/1/banners', z.array(ZBannerPublico)],
      ['/api/publico/1/inmuebles', z.array(ZInmueblePublico)],
      ['/api/publico/1/inmuebles/puntos', z.array(ZPuntoMapa)],
    ] as const) {
      const data = ok<unknown>(await pedir(null, 'GET', url));
      // Parsed and compared: a field the schema does not declare would be dropped, and differ.
      expect((schema as z.ZodType).parse(data), url).toEqual(data);
    }
  });
});

describe('the site icon', () => {
  it('serves Predio’s icon without a logo, the company’s logo when it has one, and links it from every page', async () => {
    const sin = await pedir(null, 'GET', '/sitio/2/favicon.ico');
    expect(sin.statusCode).toBe(200);
    expect(sin.headers['content-type']).toBe('image/png');
    const meta = await sharp(sin.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 64]);
    // A company that does not exist still gets an icon (a browser asks for it on any page, even the 404).
    expect((await pedir(null, 'GET', '/sitio/999/favicon.ico')).statusCode).toBe(200);
    expect((await pedir(null, 'GET', '/sitio/x/favicon.ico')).statusCode).toBe(200);

    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const body = multipart({ filename: 'logo.png', contentType: 'image/png', data: png });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/empresa/logo',
      ...body,
      headers: { ...body.headers, authorization: `Bearer ${admin1}` },
    });
    expect(r.statusCode, r.body).toBe(200);
    const con = await pedir(null, 'GET', '/sitio/1/favicon.ico');
    expect(con.statusCode).toBe(200);
    expect(con.headers['content-type']).toBe('image/png');
    expect(con.headers['cache-control']).toContain('public');
    // The logo's red, fitted in the square: not Predio's green icon.
    const { data } = await sharp(con.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(con.rawPayload.equals(sin.rawPayload)).toBe(false);
    expect([data[32 * 64 * 4], data[32 * 64 * 4 + 1]]).toEqual([255, 0]);

    for (const ruta of ['/sitio/1', '/sitio/1/inmuebles', '/sitio/1/noticias', '/sitio/1/contacto'])
      expect((await pedir(null, 'GET', ruta)).body).toContain('<link rel="icon" href="/sitio/1/favicon.ico" type="image/png">');
  });
});
