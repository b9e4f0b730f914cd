import { expect, test } from '@playwright/test';
import { ADMIN } from './helpers.ts';

// The login form login.html draws before the app's JavaScript has arrived (issue 35 §7): a person on a slow
// phone types and presses «Ingresar» while the app loads; the app takes over what was typed and logs in. The
// app's files are held back by the test until the form is filled, as a slow network would.

test('what is typed in the form shown before the app loads is carried over, and «Ingresar» is kept', async ({ page }) => {
  test.setTimeout(60_000);
  let soltar!: () => void;
  const llegaron = new Promise<void>((r) => (soltar = r));
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(f.url());
  });
  await page.route('**/assets/*.js', async (route) => {
    await llegaron;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  // The page's own form, before any of the app's modules ran.
  const tarjeta = page.locator('#arranque');
  await expect(tarjeta).toBeVisible();
  await expect(tarjeta.getByRole('heading', { name: 'Predio Web 3' })).toBeVisible();
  await expect(page.locator('#root')).toBeEmpty();
  await tarjeta.getByLabel('Empresa').fill(String(ADMIN.empresa));
  await tarjeta.getByLabel('Usuario').fill(ADMIN.usuario);
  await tarjeta.getByLabel('Contraseña').fill(ADMIN.clave);
  await tarjeta.getByRole('button', { name: 'Ingresar' }).click();
  await expect(tarjeta.getByRole('button', { name: 'Ingresando…' })).toBeVisible();
  // Nothing was sent by the browser itself: still on /login, no field in the address.
  expect(page.url()).toMatch(/\/login$/);

  soltar();
  // The app takes over and sends the login it was asked for.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await expect(page.locator('#arranque')).toHaveCount(0);
  for (const u of urls) expect(u).not.toContain(ADMIN.clave);
});

test('typed but not sent: the app keeps the values and the focus, and waits for «Ingresar»', async ({ page }) => {
  test.setTimeout(60_000);
  let soltar!: () => void;
  const llegaron = new Promise<void>((r) => (soltar = r));
  await page.route('**/assets/*.js', async (route) => {
    await llegaron;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const tarjeta = page.locator('#arranque');
  await tarjeta.getByLabel('Empresa').fill('2');
  await tarjeta.getByLabel('Usuario').fill('admin');
  await tarjeta.getByLabel('Usuario').focus();
  soltar();

  await expect(page.locator('#arranque')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByLabel('Empresa')).toHaveValue('2');
  await expect(page.getByLabel('Usuario')).toHaveValue('admin');
  await expect(page.getByLabel('Usuario')).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });

  // With a session the page is the app's alone: no login form drawn in it.
  const r = await page.request.get('/login');
  expect(await r.text()).not.toContain('class="arranque-login"');
});
