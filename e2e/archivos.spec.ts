import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

// The generic files component (components/archivos) on a property's documents, and the company's
// storage total in Compañía. With SHOTS_DIR set, it leaves screenshots there for a person to look at.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string, fullPage = true) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage });
};

test('a document is uploaded with progress, downloaded, deleted after confirming; Compañía shows the space used', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN.empresa, usuario: ADMIN.usuario, clave: ADMIN.clave },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const municipios = await request.get('/api/maestros/municipios?q=medellin&pageSize=1', { headers });
  const r = await request.post('/api/inmuebles', {
    headers,
    data: {
      tipo: 'apartamento',
      gestion: 'arriendo',
      canon: 1_800_000,
      direccion: 'Calle 5 Sur # 12-40',
      id_municipio: (await municipios.json()).data.items[0].id,
    },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const consecutivo = (await r.json()).data.consecutivo as number;

  await ingresar(page, ADMIN, `/propiedades/inmueble/${consecutivo}`);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Documentos' });
  await expect(panel.getByText('Aún no hay documentos')).toBeVisible();
  await foto(page, 'documentos-vacio');

  // A file the browser already knows is refused says why, and is not sent.
  await panel
    .locator('input[type="file"]')
    .setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(panel.getByText('«virus.exe» no es un tipo permitido')).toBeVisible();

  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(300 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
  await panel.locator('input[type="file"]').setInputFiles([
    { name: 'Certificado de libertad.pdf', mimeType: 'application/pdf', buffer: pdf },
    {
      name: 'Plano.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108020000009077053e0000000c4944415408d763f8ffff3f0005fe02fea7d6a4bd0000000049454e44ae426082',
        'hex',
      ),
    },
  ]);
  const fila = panel.getByRole('row').filter({ hasText: 'Certificado de libertad.pdf' });
  await expect(fila).toContainText('300 KB', { timeout: 15_000 });
  await expect(fila).toContainText('admin');
  await expect(panel.getByRole('row').filter({ hasText: 'Plano.png' })).toContainText('Imagen');
  await foto(page, 'documentos');

  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    fila.getByRole('button', { name: 'Descargar el documento Certificado de libertad.pdf' }).click(),
  ]);
  expect(descarga.suggestedFilename()).toBe('Certificado de libertad.pdf');

  await panel.getByRole('button', { name: 'Eliminar el documento Plano.png' }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: '¿Eliminar el documento «Plano.png»?' });
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'Plano.png' })).toHaveCount(0);

  await page.goto('/archivo/empresa');
  const espacio = page.locator('.ant-card').filter({ hasText: 'Espacio de archivos' });
  await expect(espacio).toContainText(/\d+(,\d)? (KB|MB|GB) en \d+ archivos?/);
  await espacio.scrollIntoViewIfNeeded();
  await foto(page, 'compania-espacio', false);

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/propiedades/inmueble/${consecutivo}`);
    // On a phone the sections are a list to choose from.
    await page.locator('.ant-select').filter({ hasText: 'General' }).first().click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Documentos' }).click();
    await expect(page.getByText('Certificado de libertad.pdf')).toBeVisible();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await foto(page, 'documentos');
    await page.goto('/archivo/empresa');
    await espacio.scrollIntoViewIfNeeded();
    await foto(page, 'compania-espacio', false);
  }
});
