import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): radicar an inbound letter with its PDF, find it by its number and open
// it. With SHOTS_DIR set, it leaves screenshots there for a person to look at.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};

const elegirEn = (page: Page, en: Locator, etiqueta: string, opcion: string | RegExp, buscar?: string) =>
  elegir(page, en.getByLabel(etiqueta, { exact: true }), opcion, { buscar });

test('an inbound letter is filed with its PDF, found by its radicado and opened', async ({ page }) => {
  test.setTimeout(120_000);
  const anio = new Date(Date.now() - 5 * 3_600_000).getUTCFullYear();
  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  // Other specs may have filed before this one (a signed contract is filed on its own): the list is
  // loaded when its button is there, and this letter's number is read from the screen below.
  await expect(page.getByRole('button', { name: 'Radicar documento' })).toBeVisible();
  await foto(page, 'gd-vacio');

  await page.getByRole('button', { name: 'Radicar documento' }).click();
  const cajon = page.getByRole('dialog', { name: 'Radicar documento' });
  // Bad input is named beside its field, and nothing is filed.
  await cajon.getByRole('button', { name: 'Radicar' }).click();
  await expect(cajon.getByText('El campo Asunto es obligatorio')).toBeVisible();
  await expect(cajon.getByText('El campo Área es obligatorio')).toBeVisible();

  await cajon.getByLabel('Asunto').fill('Derecho de petición sobre el canon de arrendamiento');
  await cajon.getByLabel('Folios').fill('2');
  await elegirEn(page, cajon, 'Remitente / destinatario', /Ospina/, 'ospina');
  await elegirEn(page, cajon, 'Área', 'Arrendamientos');
  await elegirEn(page, cajon, 'Serie', 'Correspondencia');
  await elegirEn(page, cajon, 'Subserie', 'Recibida');
  await elegirEn(page, cajon, 'Tipo documental', 'Derecho de petición');
  await foto(page, 'gd-radicar');
  await cajon.getByRole('button', { name: 'Radicar' }).click();

  const titulo = page.getByText(new RegExp(`^Radicado ${anio}-200-\\d{6}-2$`)).first();
  await expect(titulo).toBeVisible();
  const radicado = (await titulo.textContent())!.replace('Radicado ', '');
  const consecutivo = radicado.split('-')[2]!;
  const detalle = page.getByRole('dialog', { name: `Radicado ${radicado}` });
  await expect(detalle).toBeVisible();
  await expect(detalle.getByText('Derecho de petición sobre el canon de arrendamiento')).toBeVisible();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
  await detalle
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Derecho de peticion.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(detalle.getByRole('row').filter({ hasText: 'Derecho de peticion.pdf' })).toContainText('admin', {
    timeout: 15_000,
  });
  await foto(page, 'gd-detalle');
  await detalle
    .getByRole('button', { name: 'Close' })
    .or(detalle.getByRole('button', { name: 'Cerrar' }))
    .first()
    .click();

  await expect(page.getByRole('dialog')).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: radicado });
  await expect(fila).toContainText('Laura Marcela Ospina Rojas');
  await expect(fila).toContainText('Radicado');
  await expect(fila).toContainText('1');
  await foto(page, 'gd-lista');

  // Buscar gestión documental: by its number, then open it.
  await page.goto('/gestion-documental/buscar-gestion-documental');
  await page.getByRole('searchbox').first().fill(consecutivo);
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${consecutivo}`));
  await foto(page, 'gd-buscar');
  await page.getByRole('link', { name: radicado }).click();
  await expect(page).toHaveURL(new RegExp(`/gestion-documental/buscar-gestion-documental/${radicado}$`));
  await expect(page.getByText(`Radicado ${radicado}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Versiones de Derecho de peticion.pdf' })).toBeVisible();
  await foto(page, 'gd-buscar-uno');

  // A number that does not exist says so.
  await page.goto(`/gestion-documental/buscar-gestion-documental/${anio}-200-999999-2`);
  await expect(page.getByText(`No se pudo abrir el radicado ${anio}-200-999999-2`)).toBeVisible();

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/gestion-documental/gestion-documental');
    await expect(page.getByText(radicado)).toBeVisible();
    await foto(page, 'gd-lista');
    await page.goto(`/gestion-documental/buscar-gestion-documental/${radicado}`);
    await expect(page.getByRole('group', { name: 'Versiones de Derecho de peticion.pdf' })).toBeVisible();
    await foto(page, 'gd-buscar-uno');
  }
});
