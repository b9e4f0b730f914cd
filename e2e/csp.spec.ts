import { expect, test, type Page } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, ingresar } from './helpers.ts';

/**
 * What the browser refused under the server's Content-Security-Policy: its violation events and its
 * console messages about the policy. A policy that breaks a page shows here first.
 */
async function vigilar(page: Page): Promise<() => Promise<string[]>> {
  const consola: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consola.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { violacionesCsp: string[] };
    w.violacionesCsp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.violacionesCsp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...consola,
    ...(await page.evaluate(() => (window as unknown as { violacionesCsp?: string[] }).violacionesCsp ?? [])),
  ];
}

test('the app runs under its Content-Security-Policy: login, home, the map, a form, the API docs', async ({ page }) => {
  test.setTimeout(60_000);
  const violaciones = await vigilar(page);
  const respuesta = await page.goto('/login');
  expect(respuesta?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(await violaciones()).toEqual([]);

  // The view chosen is remembered per user: company 3's admin, whose list no other test reads, and
  // back to the list after.
  await ingresar(page, ADMIN_SIN_NOMBRE, '/propiedades/inmuebles-disponibles');
  const vista = page.getByRole('radiogroup', { name: 'Vista' });
  await vista.getByText('Mapa', { exact: true }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await vista.getByText('Lista', { exact: true }).click();
  await expect(vista.getByRole('radio', { name: 'Lista' })).toBeChecked();
  expect(await violaciones()).toEqual([]);

  await page.goto('/archivo/empresa');
  await expect(page.getByLabel('Nombre de la empresa')).toBeVisible();
  expect(await violaciones()).toEqual([]);

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Predio API/ })).toBeVisible();
  expect(await violaciones()).toEqual([]);
});
