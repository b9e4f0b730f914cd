import { expect, test } from '@playwright/test';
import { ADMIN, ingresar, menuLateral } from './helpers.ts';

// The one list shell (components/lista): a list's search, filters, sort and page live in its URL, survive a
// reload and the back button, and come back when the list is reopened from the menu.
test('a list keeps its search, filter and sort in the URL, through a reload, the menu and the back button', async ({ page }) => {
  test.setTimeout(60_000);
  await ingresar(page, ADMIN, '/maestros/terceros');
  const tabla = page.getByRole('table');
  await expect(tabla).toBeVisible();

  await page.getByLabel('Buscar terceros').fill('a');
  await expect(page).toHaveURL(/[?&]q=a(&|$)/);
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByTitle('Solo activos').click();
  await expect(page).toHaveURL(/activo=true/);
  await tabla.getByRole('columnheader', { name: 'Correo' }).click();
  await expect(page).toHaveURL(/sort=email&order=asc/);
  await expect(tabla.getByRole('columnheader', { name: 'Correo' })).toHaveAttribute('aria-sort', 'ascending');

  // A reload reads it all back from the URL.
  await page.reload();
  await expect(page.getByLabel('Buscar terceros')).toHaveValue('a');
  await expect(page.getByRole('combobox', { name: 'Estado' }).locator('..').locator('..')).toContainText('Solo activos');
  await expect(page.getByRole('table').getByRole('columnheader', { name: 'Correo' })).toHaveAttribute('aria-sort', 'ascending');

  // Another page and its tab closed, then Terceros again from the menu: the list as it was left.
  const menu = menuLateral(page);
  await page.getByRole('button', { name: 'Cerrar Terceros' }).click();
  await expect(page).not.toHaveURL(/maestros\/terceros/);
  if (!(await menu.getByRole('menuitem', { name: /^Terceros$/ }).isVisible()))
    await menu.getByRole('menuitem', { name: /Maestros$/ }).click();
  await menu.getByRole('menuitem', { name: /^Terceros$/ }).click();
  await expect(page).toHaveURL(/\/maestros\/terceros\?q=a&activo=true&sort=email&order=asc$/);
  await expect(page.getByLabel('Buscar terceros')).toHaveValue('a');

  // «Limpiar filtros» keeps the sort; the back button brings the filters back.
  await page.getByRole('button', { name: 'Limpiar filtros', exact: true }).click();
  await expect(page).toHaveURL(/\/maestros\/terceros\?sort=email&order=asc$/);
  await expect(page.getByLabel('Buscar terceros')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/q=a&activo=true/);
  await expect(page.getByLabel('Buscar terceros')).toHaveValue('a');
});
