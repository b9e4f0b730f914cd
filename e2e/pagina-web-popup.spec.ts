import { expect, test, type Browser } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, elegir, ingresar } from './helpers.ts';
import { png } from './imagenes.ts';

// Company 3's site: no other spec visits it, so the pop-up made here covers no one else's home.

/** A visitor with no cookies: what the home of company 3 shows them. */
async function visitante(browser: Browser) {
  const contexto = await browser.newContext();
  const page = await contexto.newPage();
  await page.goto('/sitio/3');
  return { contexto, page };
}

test('a pop-up saved in Popup de inicio opens on the home once per visitor, and leaves when deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const titulo = `Feria de arriendos ${sufijo}`;

  await ingresar(page, ADMIN_SIN_NOMBRE, '/paginaweb/popupinicio');
  await page.getByRole('button', { name: 'Nuevo popup' }).click();
  const nuevo = page.getByRole('dialog', { name: 'Nuevo popup' });
  await nuevo.getByRole('button', { name: 'Guardar' }).click();
  await expect(nuevo.getByText('El campo Título es obligatorio')).toBeVisible();
  await nuevo.getByLabel('Título', { exact: true }).fill(titulo);
  await nuevo.getByRole('textbox', { name: 'Contenido del popup' }).fill('Este sábado, apartamentos con el primer mes gratis.');
  await nuevo.getByRole('textbox', { name: 'Enlace' }).fill('/sitio/3/inmuebles');
  await nuevo.getByRole('textbox', { name: 'Texto del botón' }).fill('Ver los inmuebles');
  await elegir(page, nuevo.getByRole('combobox', { name: 'Frecuencia' }), 'Una sola vez', { exacto: true });
  await nuevo.getByRole('spinbutton', { name: 'Prioridad' }).fill('9999');
  await nuevo.getByRole('button', { name: 'Guardar' }).click();

  // Saved, it opens again as itself to take its image.
  const editar = page.getByRole('dialog', { name: `Popup «${titulo}»` });
  await expect(editar).toBeVisible();
  await editar.locator('input[name="file"]').setInputFiles({ name: 'feria.png', mimeType: 'image/png', buffer: png(1120, 630) });
  await expect(editar.getByRole('row').filter({ hasText: 'feria.png' })).toBeVisible({ timeout: 20_000 });
  await editar.getByRole('button', { name: 'Cancelar' }).click();
  const fila = page.getByRole('row').filter({ hasText: titulo });
  await expect(fila).toContainText('En el sitio');
  await expect(fila).toContainText('Una sola vez');

  // A visitor sees it open over the home, with its image and button, and closes it.
  const uno = await visitante(browser);
  const dialogo = uno.page.getByRole('dialog', { name: titulo });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByText('Este sábado, apartamentos con el primer mes gratis.')).toBeVisible();
  await expect(dialogo.getByRole('link', { name: 'Ver los inmuebles' })).toHaveAttribute('href', '/sitio/3/inmuebles');
  await expect(dialogo.locator('img')).toHaveJSProperty('complete', true);
  expect(await dialogo.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await dialogo.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialogo).toBeHidden();
  // «Una sola vez»: the same visitor does not get it again; another one does.
  await uno.page.reload();
  await expect(uno.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(uno.page.getByRole('dialog', { name: titulo })).toHaveCount(0);
  await uno.contexto.close();
  const dos = await visitante(browser);
  await expect(dos.page.getByRole('dialog', { name: titulo })).toBeVisible();
  await dos.contexto.close();

  // Deleted after a confirmation naming it: gone from the list and from the site.
  await fila.getByRole('button', { name: `Eliminar «${titulo}»` }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: `¿Eliminar el popup «${titulo}»?` });
  await expect(confirmar).toContainText('Se borra con su imagen y deja de verse en el sitio.');
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('row').filter({ hasText: titulo })).toHaveCount(0);
  const tres = await visitante(browser);
  await expect(tres.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tres.page.getByRole('dialog', { name: titulo })).toHaveCount(0);
  await tres.contexto.close();
});
