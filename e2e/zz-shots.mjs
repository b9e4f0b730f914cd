import { chromium } from '@playwright/test';
const base = process.argv[2];
const rutas = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h, tag] of [[1440, 900, 'd'], [390, 844, 'm']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'es-CO', permissions: ['notifications'] });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel(/Empresa/).fill('1');
  await page.getByLabel(/Usuario/).fill('admin');
  await page.getByLabel(/Contraseña/).fill('demo1234');
  await page.getByRole('button', { name: /Ingresar/ }).click();
  await page.waitForURL(/inicio/);
  const ok = page.getByRole('button', { name: 'Aceptar' });
  if (await ok.isVisible({ timeout: 4000 }).catch(() => false)) await ok.click();
  await page.waitForTimeout(500);
  if (await ok.isVisible().catch(() => false)) await ok.click();
  for (const r of rutas) {
    await page.goto(base + r);
    await page.waitForTimeout(2500);
    const name = r.replace(/[^a-z0-9]+/gi, '_').slice(0, 60);
    await page.screenshot({ path: `/tmp/shots-lista/${tag}${name}.png` });
  }
  await ctx.close();
}
await browser.close();
