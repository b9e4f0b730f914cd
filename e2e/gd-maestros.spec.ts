import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, elegir, ingresar } from './helpers.ts';

// Gestión documental's masters (issue 28): the radicado formats and deadlines of Configuración, and a
// document permission written and removed in Permisos. Each test leaves things as it found them, since
// the formats and rules change how every other spec files radicados.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test('configuración saves a radicado format with its live example and a response deadline', async ({ page }) => {
  const anio = new Date(Date.now() - 5 * 3_600_000).getUTCFullYear();
  await ingresar(page, ADMIN, '/gestion-documental/maestros/configuracion');
  const interna = page.getByLabel('Formato interna');
  await expect(interna).toHaveValue('{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}');
  await interna.fill('{AREA}-{CONSECUTIVO}');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El campo Formato interna debe incluir {AAAA} o {AA}')).toBeVisible();
  await interna.fill('{AAAA}-I-{CONSECUTIVO}');
  await expect(page.getByText(`Ejemplo (interna): ${anio}-I-000123`)).toBeVisible();
  await page.getByLabel('Días hábiles de respuesta de Paz y salvo').fill('10');
  await foto(page, 'gd-configuracion');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Formato interna')).toHaveValue('{AAAA}-I-{CONSECUTIVO}');
  await expect(page.getByLabel('Días hábiles de respuesta de Paz y salvo')).toHaveValue('10');
  await page.getByLabel('Formato interna').fill('{AAAA}-{AREA}-{CONSECUTIVO}-{TIPO}');
  await page.getByLabel('Días hábiles de respuesta de Paz y salvo').fill('');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada')).toBeVisible();
});

test('permisos: a rule for an área is written, shown and removed', async ({ page }) => {
  await ingresar(page, ADMIN, '/gestion-documental/maestros/permisos-gestion-documental');
  await expect(page.getByText('Sin reglas: todos los usuarios')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva regla' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva regla' });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('El campo Usuario es obligatorio')).toBeVisible();
  await dialogo.getByText('Los usuarios de un área').click();
  await elegir(page, dialogo.getByLabel('Área', { exact: true }), 'Gerencia');
  await elegir(page, dialogo.getByLabel('Serie', { exact: true }), 'Contratos');
  await elegir(page, dialogo.getByLabel('Subserie', { exact: true }), 'Contratos de arrendamiento');
  await dialogo.getByLabel('Radicar').check();
  await foto(page, 'gd-permisos-regla');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  const fila = page.getByRole('row').filter({ hasText: 'Gerencia' }).filter({ hasText: 'Contratos de arrendamiento' });
  await expect(fila).toContainText('Ver', { timeout: 20_000 });
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('Radicar');
  await foto(page, 'gd-permisos');
  await fila.getByRole('button', { name: /Eliminar/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Sin reglas: todos los usuarios')).toBeVisible();
});
