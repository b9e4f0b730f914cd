import { expect, test, type Page } from '@playwright/test';
import { ADMIN_NORTE, ingresar } from './helpers.ts';
import { png } from './imagenes.ts';

/** Closes the tercero's drawer with its close button. */
async function cerrar(page: Page, nombre: string): Promise<void> {
  const drawer = page.getByRole('dialog', { name: nombre });
  await drawer.getByRole('button', { name: /^(Close|Cerrar)$/ }).click();
  await expect(drawer).toBeHidden();
}

const formulario = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: /Identificación/ }) });

test('a tercero is created with its municipio, found without accents, edited, given a photo, and its e-mail warned as repeated', async ({
  page,
}) => {
  // One person's whole journey through the screen: longer than the suite's default.
  test.setTimeout(90_000);
  await ingresar(page, ADMIN_NORTE, '/maestros/terceros');
  await expect(page.getByRole('table')).toBeVisible();

  // Create a person.
  await page.getByRole('button', { name: 'Nuevo tercero' }).click();
  let form = formulario(page);
  await form.getByLabel('Número de identificación', { exact: true }).fill('1099888777');
  await form.getByLabel('Primer nombre').fill('Ramón');
  await form.getByLabel('Primer apellido').fill('Muñoz');
  await form.getByLabel('Segundo apellido').fill('Peña');
  await form.getByRole('tab', { name: /Contacto/ }).click();
  await form.getByLabel('Celular', { exact: true }).fill('311 666 7788');
  await form.getByLabel('Correo electrónico', { exact: true }).fill('ramon.munoz@correo.co');
  await form.getByRole('combobox', { name: 'Municipio' }).fill('barranquilla');
  await page.getByTitle('Barranquilla (Atlántico)').click();
  await form.getByRole('button', { name: 'Crear tercero' }).click();
  await expect(page.getByText('Tercero creado')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Tercero: Ramón Muñoz Peña' })).toBeVisible();
  await cerrar(page, 'Tercero: Ramón Muñoz Peña');

  // Find it by a fragment typed without accents.
  await page.getByLabel('Buscar terceros').fill('munoz pen');
  await expect(page).toHaveURL(/q=munoz\+pen/);
  const filas = page.getByRole('table').getByRole('row');
  await expect(filas.filter({ hasText: 'Ramón Muñoz Peña' })).toHaveCount(1);
  await expect(filas).toHaveCount(2);
  await expect(filas.filter({ hasText: 'Barranquilla' }).or(filas.filter({ hasText: '311 666 7788' }))).toHaveCount(1);

  // Edit it.
  await page.getByRole('link', { name: 'Ramón Muñoz Peña' }).click();
  form = page.getByRole('dialog', { name: 'Tercero: Ramón Muñoz Peña' });
  await expect(form.getByLabel('Primer nombre')).toHaveValue('Ramón');
  await form.getByLabel('Segundo nombre').fill('Antonio');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Tercero guardado')).toBeVisible();
  form = page.getByRole('dialog', { name: 'Tercero: Ramón Antonio Muñoz Peña' });
  await expect(form).toBeVisible();

  // Change its photo with the cropper.
  await form.getByRole('button', { name: 'Cambiar foto' }).click();
  const cropper = page.getByRole('dialog', { name: 'Cambiar foto' });
  await cropper.locator('input[type=file]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(640, 480) });
  const subida = page.waitForResponse((r) => /\/api\/terceros\/SubirFoto/i.test(r.url()));
  await cropper
    .getByRole('button', { name: /Subir|Guardar|Aceptar/ })
    .last()
    .click();
  expect((await subida).status()).toBe(200);
  await expect(page.getByText('Upload success')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Foto de Ramón Antonio Muñoz Peña' })).toHaveAttribute(
    'src',
    /\/api\/terceros\/foto\//,
  );
  await expect(cropper).toBeHidden();
  await cerrar(page, 'Tercero: Ramón Antonio Muñoz Peña');
  await expect(page.getByRole('table').getByRole('link', { name: 'Ramón Antonio Muñoz Peña' })).toBeVisible();

  // A second tercero with the same e-mail: warned while typing, with a link to the first.
  await page.getByRole('button', { name: 'Nuevo tercero' }).click();
  form = formulario(page);
  await form.getByLabel('Número de identificación', { exact: true }).fill('1099888778');
  await form.getByRole('tab', { name: /Contacto/ }).click();
  await form.getByLabel('Correo electrónico', { exact: true }).fill('ramon.munoz@correo.co');
  await expect(form.getByText('Posible tercero repetido')).toBeVisible();
  await expect(form.getByText('El correo electrónico ya lo tiene Ramón Antonio Muñoz Peña (1099888777).')).toBeVisible();
  await form.getByText('Abrir Ramón Antonio Muñoz Peña').click();
  await expect(page.getByRole('dialog', { name: 'Tercero: Ramón Antonio Muñoz Peña' })).toBeVisible();
});
