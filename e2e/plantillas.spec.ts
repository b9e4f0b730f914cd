import { violacionesAxe } from './axe.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

// Configurar > Plantillas de documentos: the template editor (TipTap) with field chips, saved through the
// server's sanitiser and engine, previewed with a real tercero of the company as HTML and as a PDF.

const TERCERO = '71650321'; // the demo admin's own person in company 1

const cajon = (page: Page) => page.getByRole('dialog', { name: /plantilla/ });
const shots = process.env.SHOTS_DIR;

// axe's WCAG 2.1 AA rules on the open editor (the accessibility sweep visits Configurar closed).
async function sinViolaciones(page: Page): Promise<void> {
  expect(await violacionesAxe(page)).toEqual([]);
}

test('a template is written with the editor, a field inserted as a chip, saved and previewed with a tercero', async ({
  page,
}) => {
  // A long walk (write, save, preview, PDF, a mistake) on a machine shared by several suites.
  test.setTimeout(90_000);
  await ingresar(page, ADMIN, '/maestros/configurar');
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const c = cajon(page);
  const nombre = `Carta de bienvenida ${Date.now() % 1_000_000}`;
  await c.getByRole('textbox', { name: 'Nombre' }).fill(nombre);

  const texto = c.getByRole('textbox', { name: 'Contenido de la plantilla' });
  await texto.click();
  await page.keyboard.type('Estimado(a) ');
  await c.getByRole('button', { name: 'Insertar campo Tercero: Nombre' }).click();
  await expect(texto.locator('.campo-chip')).toHaveText('Tercero: Nombre');
  await page.keyboard.type('le damos la bienvenida. Su documento es ');
  await c.getByRole('button', { name: 'Insertar campo Tercero: Número de identificación' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Atentamente,');
  await expect(c.getByRole('button', { name: 'Negrita (Ctrl+B)' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  // The company's fields are folded away until asked for.
  await c.getByRole('button', { name: 'Empresa', exact: true }).click();
  await c.getByRole('button', { name: 'Insertar campo Empresa: Nombre de la empresa' }).click();
  if (shots) await page.screenshot({ path: `${shots}/editor-1440.png` });
  await sinViolaciones(page);

  // From the keyboard: a notice of another admin session starting (the suite's other worker) can sit
  // over the dialog's buttons, and it stays while the pointer rests on it.
  await c.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(page.getByText(`Plantilla «${nombre}» guardada`)).toBeVisible();
  // Saved, it is reloaded from the server: the chips come back as chips.
  await expect(page.getByText('Editar plantilla')).toBeVisible();
  await expect(texto.locator('.campo-chip')).toHaveText([
    'Tercero: Nombre',
    'Tercero: Número de identificación',
    'Empresa: Nombre de la empresa',
  ]);

  // Preview with a record the user names.
  await c.getByLabel('Documento del tercero').fill(TERCERO);
  await c.getByRole('button', { name: 'Vista previa' }).click();
  const previa = c.getByRole('region', { name: 'Vista previa' });
  await expect(previa).toContainText(/Estimado\(a\) Carlos .*Restrepo.* le damos la bienvenida\. Su documento es 71650321/);
  await expect(previa.locator('strong')).toHaveText('Atentamente,');
  if (shots) await page.screenshot({ path: `${shots}/vista-previa-1440.png` });

  // The PDF, with the letterhead and page numbers, read back by a real PDF reader when there is one.
  const descarga = page.waitForEvent('download');
  await c.getByRole('button', { name: 'Descargar PDF' }).click();
  const pdf = readFileSync((await (await descarga).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (existsSync('/usr/bin/pdftotext')) {
    const t = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    expect(t).toMatch(/Estimado\(a\) Carlos .*Restrepo/);
    expect(t).toContain('Página 1 de 1');
    expect(t).toContain(nombre);
  }

  // A field typed by hand that does not exist is refused with its name; nothing is lost.
  await texto.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('{{ tercero.apodo }}');
  await c.getByRole('button', { name: 'Revisar' }).click();
  await expect(c.getByRole('alert').filter({ hasText: 'La plantilla tiene un error' })).toContainText(
    'el campo «tercero.apodo» no existe',
  );
  if (shots) await page.screenshot({ path: `${shots}/revisar-1440.png` });
  await c.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(c.getByRole('alert').filter({ hasText: 'Error en la plantilla' })).toContainText(
    'el campo «tercero.apodo» no existe',
  );

  // The list shows the saved template.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('cell', { name: nombre, exact: true })).toBeVisible();
});

test('the editor fits a phone: toolbar, text and fields at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ingresar(page, ADMIN, '/maestros/configurar');
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const c = cajon(page);
  const texto = c.getByRole('textbox', { name: 'Contenido de la plantilla' });
  await texto.click();
  await page.keyboard.type('Hola ');
  await c.getByRole('button', { name: 'Insertar campo Tercero: Nombre' }).click();
  await expect(texto.locator('.campo-chip')).toHaveText('Tercero: Nombre');
  // Nothing wider than the screen.
  const ancho = await c.evaluate((el) => el.scrollWidth);
  expect(ancho).toBeLessThanOrEqual(390);
  await expect(c.getByRole('toolbar', { name: 'Formato del texto' })).toBeInViewport();
  if (shots) await page.screenshot({ path: `${shots}/editor-390.png` });
  await sinViolaciones(page);
});
