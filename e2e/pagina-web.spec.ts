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

  // The banner, with its image.
  await page.goto('/paginaweb/banners');
  await page.getByRole('button', { name: 'Nuevo banner' }).click();
  const banner = page.getByRole('dialog', { name: 'Nuevo banner' });
  await banner.getByLabel('Título', { exact: true }).fill(tituloBanner);
  await banner.getByLabel('Enlace').fill('https://ejemplo.co/arriendos');
  await banner.getByRole('button', { name: 'Guardar' }).click();
  const editarBanner = page.getByRole('dialog', { name: `Banner «${tituloBanner}»` });
  await expect(editarBanner).toBeVisible();
  await editarBanner
    .locator('input[name="file"]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1600, 600) });
  await expect(editarBanner.getByRole('row').filter({ hasText: 'banner.png' })).toBeVisible({ timeout: 20_000 });
  await editarBanner.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('row').filter({ hasText: tituloBanner })).toContainText('En el sitio');

  // The public site shows both, and the property.
  const sitio = await page.context().newPage();
  await sitio.goto('/sitio/1');
  await expect(sitio.getByText(tituloBanner)).toBeVisible();
  await expect(sitio.getByRole('link', { name: titulo })).toBeVisible();
  await sitio.getByRole('link', { name: titulo }).click();
  await expect(sitio.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(sitio.getByText('Llegaron tres apartamentos a Laureles.')).toBeVisible();

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
