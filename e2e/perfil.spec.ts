import { expect, test } from '@playwright/test';
import { ADMIN_NORTE, ingresar, elegirDelMenu } from './helpers.ts';
import { png } from './imagenes.ts';

test('photo change rejects a non-image and a too-small image, and accepts a good one', async ({ page }) => {
  await ingresar(page, ADMIN_NORTE);
  await elegirDelMenu(page, page.getByRole('button', { name: /Cuenta de/ }), 'Mi perfil');
  await expect(page).toHaveURL(/\/perfil$/);
  await page.getByRole('button', { name: 'Cambiar foto' }).click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type=file]');

  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una imagen') });
  await expect(page.getByText('Image only')).toBeVisible();

  await input.setInputFiles({ name: 'pequena.png', mimeType: 'image/png', buffer: png(50, 50) });
  await expect(page.getByText(/Image's size is too low\. Expected at least: \d+\*\d+/)).toBeVisible();

  await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(640, 480) });
  const subida = page.waitForResponse((r) => /\/api\/terceros\/SubirFoto/i.test(r.url()));
  await dialog
    .getByRole('button', { name: /Subir|Guardar|Aceptar/ })
    .last()
    .click();
  expect((await subida).status()).toBe(200);
  await expect(page.getByText('Upload success')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cuenta de/ }).locator('img')).toHaveAttribute('src', /\/api\/terceros\/foto\//);
});
