import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_NORTE, abrirPorBusqueda, ingresar, elegirDelMenu } from './helpers.ts';

// A suffix keeps names unique if a retry runs against the data the first attempt left.
const n = String(Date.now()).slice(-5);

const fila = (page: Page, texto: string) => page.getByRole('row').filter({ hasText: texto });

test('barrios: create, find without accents, edit, URL state, export, import and delete', async ({ page }) => {
  test.setTimeout(90_000);
  const nombre = `Altos del Río ${n}`;
  const renombrado = `Altos del Río ${n} Norte`;

  await ingresar(page, ADMIN_NORTE);
  await abrirPorBusqueda(page, 'Barrios');
  await expect(page).toHaveURL(/\/maestros\/inmuebles\/barrios$/);
  await expect(page.getByRole('table', { name: 'Barrios' })).toBeVisible();
  // Visible only: the pinned Inicio tab stays mounted, and its agenda and tasks cards say so too.
  await expect(page.getByText('Módulo en construcción').filter({ visible: true })).toHaveCount(0);

  // Create under Barranquilla, found by typing part of its name.
  await page.getByRole('button', { name: 'Nuevo barrio' }).click();
  const nuevo = page.getByRole('dialog', { name: 'Nuevo barrio' });
  await nuevo.getByRole('button', { name: 'Guardar' }).click();
  await expect(nuevo.getByText('El campo Nombre es obligatorio')).toBeVisible();
  await expect(nuevo.getByText('El campo Municipio es obligatorio')).toBeVisible();
  await nuevo.getByLabel('Municipio').fill('barranq');
  await page.getByTitle('Barranquilla', { exact: true }).click();
  await expect(nuevo.getByText('Barranquilla (Atlántico)').filter({ visible: true })).toBeVisible();
  await nuevo.getByLabel('Nombre').fill(nombre);
  await nuevo.getByLabel('Estrato').fill('4');
  await nuevo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardado')).toBeVisible();
  await expect(nuevo).toBeHidden();

  // Search without accents or capitals.
  await page.getByLabel('Buscar barrios').fill(`altos del rio ${n}`);
  await expect(page).toHaveURL(new RegExp(`\\?q=altos\\+del\\+rio\\+${n}$`));
  await expect(page.getByText('1 barrio con el filtro actual')).toBeVisible();
  await expect(fila(page, nombre)).toContainText('Barranquilla');

  // Edit it: the list refreshes and the search stays in the URL.
  await page.getByRole('button', { name: `Editar «${nombre}»` }).click();
  const edicion = page.getByRole('dialog', { name: `Editar el barrio «${nombre}»` });
  await expect(edicion.getByLabel('Nombre')).toHaveValue(nombre);
  await edicion.getByLabel('Nombre').fill(renombrado);
  await edicion.getByLabel('Estrato').fill('5');
  await edicion.getByRole('button', { name: 'Guardar' }).click();
  await expect(edicion).toBeHidden();
  await expect(fila(page, renombrado)).toContainText('5');
  await expect(page).toHaveURL(new RegExp(`\\?q=altos\\+del\\+rio\\+${n}$`));

  // Search and page live in the URL: reload shows the same list, back returns to the previous one.
  await page.getByLabel('Buscar barrios').fill('a');
  await expect(page).toHaveURL(/\?q=a$/);
  await expect(page.getByText(/^\d+ barrios con el filtro actual$/)).toBeVisible();
  const primeraDePagina1 = (await page.getByRole('row').nth(1).textContent()) ?? '';
  await page.getByRole('listitem', { name: '2' }).click();
  await expect(page).toHaveURL(/\?q=a&page=2$/);
  await expect(page.getByRole('row').nth(1)).not.toHaveText(primeraDePagina1);
  const primeraDePagina2 = (await page.getByRole('row').nth(1).textContent()) ?? '';
  await page.reload();
  await expect(page.getByLabel('Buscar barrios')).toHaveValue('a');
  await expect(page.getByRole('row').nth(1)).toHaveText(primeraDePagina2);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=a$/);
  await expect(page.getByRole('row').nth(1)).toHaveText(primeraDePagina1);

  // Export the current filter as CSV.
  await page.getByLabel('Buscar barrios').fill(`rio ${n}`);
  await expect(page.getByText('1 barrio con el filtro actual')).toBeVisible();
  const descarga = page.waitForEvent('download');
  await elegirDelMenu(page, page.getByRole('button', { name: 'Exportar' }), 'CSV (.csv)');
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^barrios-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await archivo.path(), 'utf8');
  expect(csv).toContain('Municipio;Nombre;Estrato;Activo');
  expect(csv).toContain(`Barranquilla;${renombrado};5;Sí`);
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

  // The exported file imports back as is: nothing new, nothing changed, no errors.
  await page.getByRole('button', { name: 'Importar' }).click();
  const reimportar = page.getByRole('dialog', { name: 'Importar barrios' });
  const elegir = page.waitForEvent('filechooser');
  await reimportar.getByText('Haga clic o arrastre aquí el archivo').click();
  await (await elegir).setFiles({ name: archivo.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The chosen file's line pushes the buttons down: click once it is there, not while it appears.
  await expect(reimportar.getByText(archivo.suggestedFilename())).toBeVisible();
  await reimportar.getByRole('button', { name: 'Validar' }).click();
  await expect(
    reimportar.getByText('Validación: 0 nuevas, 0 actualizadas, 1 sin cambios. No se ha guardado nada.'),
  ).toBeVisible();
  await reimportar.getByRole('button', { name: 'Importar' }).click();
  await expect(reimportar.getByText('Importación terminada: 0 nuevas, 0 actualizadas, 1 sin cambios.')).toBeVisible();
  await reimportar.getByRole('button', { name: 'Terminar' }).click();

  // Import: the dry run reports the bad row by number and field; importing inserts the good one.
  await page.getByRole('button', { name: 'Importar' }).click();
  const importar = page.getByRole('dialog', { name: 'Importar barrios' });
  const selector = page.waitForEvent('filechooser');
  await importar.getByText('Haga clic o arrastre aquí el archivo').click();
  await (
    await selector
  ).setFiles({
    name: 'barrios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Municipio;Nombre;Estrato\nBarranquilla;Importado ${n};3\nBarranquilla;Malo ${n};9\n`),
  });
  await importar.getByRole('button', { name: 'Validar' }).click();
  await expect(importar.getByText('No se ha guardado nada')).toBeVisible();
  const errores = importar.getByRole('table', { name: 'Errores por fila' });
  await expect(errores.getByRole('row')).toHaveCount(2);
  await expect(errores.getByRole('row').nth(1)).toContainText('3');
  await expect(errores.getByRole('row').nth(1)).toContainText('Estrato');
  await expect(errores.getByRole('row').nth(1)).toContainText('El campo Estrato debe ser menor o igual a 6');
  await importar.getByRole('button', { name: 'Importar' }).click();
  await expect(importar.getByText('Importación terminada: 1 nueva')).toBeVisible();
  await importar.getByRole('button', { name: 'Terminar' }).click();
  await page.getByLabel('Buscar barrios').fill(`importado ${n}`);
  await expect(fila(page, `Importado ${n}`)).toContainText('Barranquilla');
  await page.getByLabel('Buscar barrios').fill(`malo ${n}`);
  await expect(page.getByText('Ningún registro de barrios coincide con la búsqueda o los filtros.')).toBeVisible();

  // Delete, after a confirmation that names the barrio.
  await page.getByLabel('Buscar barrios').fill(`rio ${n}`);
  await page.getByRole('button', { name: `Eliminar «${renombrado}»` }).click();
  const confirmar = page.getByRole('dialog', { name: `¿Eliminar el barrio «${renombrado}»?` });
  await expect(confirmar).toBeVisible();
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Barrio eliminado: «${renombrado}»`)).toBeVisible();
  await expect(page.getByText('Ningún registro de barrios coincide con la búsqueda o los filtros.')).toBeVisible();
});

test('categorías de agenda: a new one needs a colour and shows it', async ({ page }) => {
  const nombre = `Avalúo ${n}`;
  await ingresar(page, ADMIN_NORTE, '/maestros/agenda/categoriasagenda');
  await expect(page.getByRole('table', { name: 'Categorías de agenda' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva categoría de agenda' }).click();
  const nueva = page.getByRole('dialog', { name: 'Nueva categoría de agenda' });
  await nueva.getByLabel('Nombre').fill(nombre);
  await nueva.getByRole('button', { name: 'Guardar' }).click();
  await expect(nueva.getByText('El campo Color es obligatorio')).toBeVisible();
  await nueva.getByRole('textbox', { name: 'Color' }).fill('#12AB34');
  await nueva.getByRole('button', { name: 'Guardar' }).click();
  await expect(nueva).toBeHidden();
  await expect(fila(page, nombre)).toContainText('#12ab34');
});
