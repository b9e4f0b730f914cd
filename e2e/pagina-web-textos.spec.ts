import { expect, test } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

test('a text block written in Sesión de texto shows as a page of /sitio/1 with its link', async ({ page }) => {
  test.setTimeout(120_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const titulo = `Quiénes somos ${sufijo}`;

  await ingresar(page, ADMIN, '/paginaweb/sesion-texto');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
  const panel = page.getByRole('tabpanel', { name: 'Quiénes somos' });
  await panel.getByLabel('Título').fill(titulo);
  await panel.getByRole('switch', { name: 'Publicado' }).check();
  await panel.getByRole('textbox', { name: 'Contenido de Quiénes somos' }).fill(`Somos una agencia de Medellín ${sufijo}.`);
  await panel.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se guardó «Quiénes somos»')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Quiénes somos' }).getByText('En el sitio', { exact: true })).toBeVisible();

  await page.goto('/sitio/1');
  await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: titulo }).click();
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(page.getByText(`Somos una agencia de Medellín ${sufijo}.`)).toBeVisible();
});
