import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';
import { png } from './imagenes.ts';

/** Company 1's data-protection notice may open at any moment on a slow machine: accept it whenever it shows. */
async function aceptarAviso(page: Page) {
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
}

test('a news and a banner published in the back-office show on /sitio/1, and its contact form becomes a solicitud', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const titulo = `Nuevos arriendos en Laureles ${sufijo}`;
  const tituloBanner = `Temporada de vivienda ${sufijo}`;
  const visitante = `Visitante Sitio ${sufijo}`;

  // An available property with a photo, and the website form on (kept as it is when already on).
  const a = await apiComo(request, ADMIN);
  const municipios = await a.get<{ items: { id: number }[] }>('/api/maestros/municipios?q=medellin&pageSize=1');
  const { consecutivo } = await a.post<{ consecutivo: number }>('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: `Calle 33 # 76-${sufijo}`,
    id_municipio: municipios.items[0]!.id,
    canon: 1_900_000,
    habitaciones: 3,
    descripcion: 'Apartamento con balcón y buena luz',
    codigo_llaves: 'LLAVE-SECRETA',
  });
  await a.post(`/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' });
  const foto = await request.post(`/api/inmuebles/${consecutivo}/fotos`, {
    headers: { authorization: `Bearer ${a.token}` },
    multipart: { file: { name: 'sala.png', mimeType: 'image/png', buffer: png(800, 600) } },
  });
  expect(foto.status(), await foto.text()).toBe(200);
  const formulario = await a.get<{ activo: boolean }>('/api/empresa/formulario-web');
  if (!formulario.activo) await a.call('PUT', '/api/empresa/formulario-web', { activar: true });

  // The news: written, published, with its cover.
  await ingresar(page, ADMIN, '/paginaweb/noticias');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nueva noticia' }).click();
  const nueva = page.getByRole('dialog', { name: 'Nueva noticia' });
  await nueva.getByRole('button', { name: 'Guardar' }).click();
  await expect(nueva.getByText('El campo Título es obligatorio')).toBeVisible();
  await nueva.getByLabel('Título', { exact: true }).fill(titulo);
  await nueva.getByLabel('Resumen').fill('Tres apartamentos nuevos cerca al estadio.');
  await elegir(page, nueva.getByRole('combobox', { name: 'Estado' }), 'Publicada', { exacto: true });
  await nueva.getByRole('textbox', { name: 'Contenido de la noticia' }).fill('Llegaron tres apartamentos a Laureles.');
  // The author is a user of the company (the one writing, by default), shown by name on the site.
  const autores = await a.get<{ id: number; nombre: string }[]>('/api/paginaweb/noticias/autores');
  const autor = autores[0]!;
  await elegir(page, nueva.getByRole('combobox', { name: 'Autor' }), autor.nombre, { exacto: true });
  await nueva.getByRole('button', { name: 'Guardar' }).click();
  const editar = page.getByRole('dialog', { name: `Noticia «${titulo}»` });
  await expect(editar).toBeVisible();
  await editar
    .locator('input[name="file"]')
    .setInputFiles({ name: 'portada.png', mimeType: 'image/png', buffer: png(1200, 630) });
  await expect(editar.getByRole('row').filter({ hasText: 'portada.png' })).toBeVisible({ timeout: 20_000 });
  await editar.getByRole('button', { name: 'Cancelar' }).click();
  const fila = page.getByRole('row').filter({ hasText: titulo });
  await expect(fila).toContainText('Publicada');
  await expect(fila).toContainText('En el sitio');

  // The banner: its place on the site, its image and its image for phones.
  await page.goto('/paginaweb/banners');
  await page.getByRole('button', { name: 'Nuevo banner' }).click();
  const banner = page.getByRole('dialog', { name: 'Nuevo banner' });
  await banner.getByLabel('Título', { exact: true }).fill(tituloBanner);
  await banner.getByLabel('Enlace').fill('https://ejemplo.co/arriendos');
  await elegir(page, banner.getByRole('combobox', { name: 'Ubicación' }), 'Inicio: principal (arriba)', { exacto: true });
  await banner.getByRole('button', { name: 'Guardar' }).click();
  const editarBanner = page.getByRole('dialog', { name: `Banner «${tituloBanner}»` });
  await expect(editarBanner).toBeVisible();
  await editarBanner
    .locator('input[name="file"]')
    .nth(0)
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1600, 600) });
  await expect(editarBanner.getByRole('row').filter({ hasText: 'banner.png' })).toBeVisible({ timeout: 20_000 });
  await editarBanner
    .locator('input[name="file"]')
    .nth(1)
    .setInputFiles({ name: 'banner-celular.png', mimeType: 'image/png', buffer: png(800, 600) });
  await expect(editarBanner.getByRole('row').filter({ hasText: 'banner-celular.png' })).toBeVisible({ timeout: 20_000 });
  if (process.env.CAPTURAS)
    await page.screenshot({ path: `${process.env.CAPTURAS}/banner-dialogo-${page.viewportSize()!.width}.png` });
  await editarBanner.getByRole('button', { name: 'Cancelar' }).click();
  const filaBanner = page.getByRole('row').filter({ hasText: tituloBanner });
  await expect(filaBanner).toContainText('En el sitio');
  await expect(filaBanner).toContainText('Inicio principal');
  // The list filters by placement.
  await elegir(page, page.getByRole('combobox', { name: 'Ubicación' }), 'Búsqueda', { exacto: true });
  await expect(page.getByRole('row').filter({ hasText: tituloBanner })).toHaveCount(0);
  await page.goto('/paginaweb/banners?ubicacion=inicio_principal');
  await expect(page.getByRole('row').filter({ hasText: tituloBanner })).toBeVisible();

  // The public site shows both, and the property; a computer loads the banner's image, a phone its image for phones.
  const sitio = await page.context().newPage();
  await sitio.goto('/sitio/1');
  await expect(sitio.getByText(tituloBanner)).toBeVisible();
  const [pub] = await a
    .get<{ titulo: string; imagen: string; imagen_movil: string }[]>('/api/publico/1/banners?ubicacion=inicio_principal')
    .then((bs) => bs.filter((b) => b.titulo === tituloBanner));
  const imagenDe = () =>
    sitio
      .locator('.banner')
      .filter({ hasText: tituloBanner })
      .locator('img')
      .evaluate((i: HTMLImageElement) => new URL(i.currentSrc).pathname);
  await expect.poll(imagenDe).toBe(new URL(pub!.imagen).pathname);
  if (process.env.CAPTURAS) await sitio.screenshot({ path: `${process.env.CAPTURAS}/sitio-inicio-1440.png` });
  await sitio.setViewportSize({ width: 390, height: 844 });
  await sitio.reload();
  await expect.poll(imagenDe).toBe(new URL(pub!.imagen_movil).pathname);
  if (process.env.CAPTURAS) await sitio.screenshot({ path: `${process.env.CAPTURAS}/sitio-inicio-390.png` });
  await sitio.setViewportSize({ width: 1440, height: 900 });
  // The site's icon: linked from the page and served (the company's logo, else Predio's).
  const icono = await sitio.locator('link[rel="icon"]').getAttribute('href');
  expect(icono).toBe('/sitio/1/favicon.ico');
  const respuestaIcono = await request.get(icono!);
  expect(respuestaIcono.status()).toBe(200);
  expect(respuestaIcono.headers()['content-type']).toBe('image/png');
  await expect(sitio.getByRole('link', { name: titulo })).toBeVisible();
  await sitio.getByRole('link', { name: titulo }).click();
  await expect(sitio.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(sitio.getByText('Llegaron tres apartamentos a Laureles.')).toBeVisible();
  await expect(sitio.locator('.fecha').filter({ hasText: autor.nombre })).toBeVisible();

  // The property's page: its facts, never its keys; the contact form becomes a solicitud.
  await sitio.goto(`/sitio/1/inmuebles/${consecutivo}`);
  await expect(sitio.getByRole('heading', { level: 1 })).toContainText('Apartamento en arriendo');
  await expect(sitio.getByText('Apartamento con balcón y buena luz')).toBeVisible();
  await expect(sitio.getByText('LLAVE-SECRETA')).toHaveCount(0);
  await expect(sitio.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/api\/publico\/1\/archivos\/\d+$/);
  await sitio.getByLabel('Nombre').fill(visitante);
  await sitio.getByLabel('Teléfono').fill('3004567890');
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText('Debe autorizar el tratamiento de sus datos personales para enviar la solicitud')).toBeVisible();
  await sitio.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText(/Recibimos su solicitud N\.º \d+/)).toBeVisible();
  await sitio.close();

  await page.goto(`/propiedades/solicitudes?q=${encodeURIComponent(visitante)}`);
  const solicitud = page.getByRole('row').filter({ hasText: visitante });
  await expect(solicitud).toBeVisible({ timeout: 15_000 });
  await expect(solicitud).toContainText('Sitio web');
});
