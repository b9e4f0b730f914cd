import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';
import { png } from './imagenes.ts';

/** A property to work on, created through the API (the form itself has its own spec). */
async function crearInmueble(request: APIRequestContext): Promise<{ consecutivo: number; conLogo: boolean }> {
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN.empresa, usuario: ADMIN.usuario, clave: ADMIN.clave },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const municipios = await request.get('/api/maestros/municipios?q=medellin&pageSize=1', { headers });
  const idMunicipio = (await municipios.json()).data.items[0].id as number;
  const r = await request.post('/api/inmuebles', {
    headers,
    data: {
      tipo: 'casa',
      gestion: 'venta',
      direccion: 'Carrera 80 # 30-15',
      id_municipio: idMunicipio,
      habitaciones: 4,
      banos: 3,
      precio_venta: 780_000_000,
      descripcion: 'Casa de dos plantas con patio',
    },
  });
  expect(r.ok()).toBe(true);
  const empresa = await request.get('/api/Empresa/GetEmpresa', { headers });
  return { consecutivo: (await r.json()).data.consecutivo as number, conLogo: Boolean((await empresa.json()).data.logo) };
}

const fotos = (page: Page) => page.getByRole('list', { name: 'Fotos del inmueble' }).getByRole('listitem');
const nombresEnOrden = (page: Page) => fotos(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));

test('photos are uploaded, reordered, given a cover and deleted; a document is attached; the ficha downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { consecutivo, conLogo } = await crearInmueble(request);
  await ingresar(page, ADMIN, `/propiedades/inmueble/${consecutivo}`);

  // Three photos in one selection, each with its own progress.
  await page.getByRole('tab', { name: 'Fotos' }).click();
  const panelFotos = page.getByRole('tabpanel', { name: 'Fotos' });
  await expect(panelFotos.getByText('aún no tiene fotos')).toBeVisible();
  await panelFotos.locator('input[type="file"]').setInputFiles([
    { name: 'fachada.png', mimeType: 'image/png', buffer: png(640, 480) },
    { name: 'sala.png', mimeType: 'image/png', buffer: png(800, 600) },
    // As an iPhone takes it: HEIC (HEVC), which the server decodes itself.
    {
      name: 'patio.heic',
      mimeType: 'image/heic',
      buffer: readFileSync(new URL('../apps/api/src/test/fixtures/mitades.heic', import.meta.url)),
    },
  ]);
  await expect(fotos(page)).toHaveCount(3, { timeout: 20_000 });
  expect(await nombresEnOrden(page)).toEqual(['Foto 1 (portada): fachada.png', 'Foto 2: sala.png', 'Foto 3: patio.heic']);
  // The thumbnail really loads (the image route accepts the session cookie).
  await expect
    .poll(() => page.getByAltText('Foto 1 (portada): fachada.png').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(400);
  await expect
    .poll(() => page.getByAltText('Foto 3: patio.heic').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(400);

  // A file that is not an image is refused with its name, and the others are untouched.
  await panelFotos
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('no es una imagen') }]);
  await expect(panelFotos.getByRole('alert').filter({ hasText: '«notas.png» no es una imagen válida' })).toBeVisible();
  await panelFotos.getByRole('button', { name: 'Quitar notas.png de la lista' }).click();
  await expect(fotos(page)).toHaveCount(3);

  // Reorder with the buttons, then by dragging the handle.
  await page.getByRole('button', { name: 'Mover la foto 1 a la derecha' }).click();
  await expect(fotos(page).first()).toHaveAttribute('aria-label', 'Foto 1: sala.png');
  const asa = page.getByRole('button', { name: 'Arrastrar la foto 3 para ordenarla' });
  const destino = fotos(page).first();
  const a = (await asa.boundingBox())!;
  const d = (await destino.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 - 20, a.y + a.height / 2, { steps: 5 });
  await page.mouse.move(d.x + d.width / 3, d.y + d.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(fotos(page).first()).toHaveAttribute('aria-label', 'Foto 1: patio.heic');
  // The order is the server's, not only the screen's.
  await page.reload();
  await page.getByRole('tab', { name: 'Fotos' }).click();
  await expect(fotos(page)).toHaveCount(3);
  expect(await nombresEnOrden(page)).toEqual(['Foto 1: patio.heic', 'Foto 2: sala.png', 'Foto 3 (portada): fachada.png']);

  // Cover.
  await page.getByRole('button', { name: 'Usar como portada la foto 2' }).click();
  await expect(fotos(page).nth(1)).toHaveAttribute('aria-label', 'Foto 2 (portada): sala.png');
  await expect(fotos(page).filter({ hasText: 'Portada' })).toHaveCount(1);

  // Delete one, confirming by its name.
  await page.getByRole('button', { name: 'Eliminar la foto 3' }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: '¿Eliminar la foto 3 «fachada.png»?' });
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(fotos(page)).toHaveCount(2);
  expect(await nombresEnOrden(page)).toEqual(['Foto 1: patio.heic', 'Foto 2 (portada): sala.png']);

  // A PDF document, listed and downloaded.
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const panelDocs = page.getByRole('tabpanel', { name: 'Documentos' });
  await panelDocs.getByLabel('Descripción del documento').fill('Firmado por el propietario');
  await panelDocs.locator('input[type="file"]').setInputFiles({
    name: 'Contrato de consignación.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'),
  });
  await expect(panelDocs.getByText('Firmado por el propietario')).toBeVisible({ timeout: 15_000 });
  const fila = panelDocs.getByRole('row').filter({ hasText: 'Contrato de consignación.pdf' });
  await expect(fila).toContainText('PDF');
  await expect(fila).toContainText('admin');
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    fila.getByRole('button', { name: 'Descargar el documento Contrato de consignación.pdf' }).click(),
  ]);
  expect(
    readFileSync((await descarga.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The property sheet.
  const [ficha] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Descargar la ficha PDF del inmueble ${consecutivo}` }).click(),
  ]);
  expect(ficha.suggestedFilename()).toBe(`ficha-inmueble-${consecutivo}.pdf`);
  const pdf = readFileSync((await ficha.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The cover and the other photo, plus the company's logo when it has one.
  expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(conLogo ? 3 : 2);

  // The search list shows the cover in its small size (sala.png, 800×600, as 400×300).
  await page.goto(`/propiedades/inmuebles-disponibles?estado=captado&q=${encodeURIComponent('Carrera 80 # 30-15')}`);
  const enLista = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(consecutivo), exact: true }) });
  await expect
    .poll(() => enLista.getByAltText(`Foto del inmueble ${consecutivo}`).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(400);
});
