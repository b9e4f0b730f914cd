import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { EstadoExtraccion } from '@predio/contract/gestion-documental-configuracion';
import { ADMIN, apiComo, ingresar } from './helpers.ts';

// Gestión documental (issue 28), Configuración › Texto de los documentos: the counts of the radicados' PDFs and
// images with and without text, and «Extraer texto de los documentos anteriores» (enabled only when some lack it).
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const antes = page.viewportSize()!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(antes);
  await page.waitForTimeout(400);
};

test('the configuration screen shows the documents’ text extraction and starts it', async ({ page, request }) => {
  const api = await apiComo(request, ADMIN);
  const e = await api.get<EstadoExtraccion>('/gestion-documental/configuracion/extraer-texto');
  await ingresar(page, ADMIN, '/gestion-documental/maestros/configuracion');
  const card = page.locator('.gd-extraccion');
  await expect(card).toContainText('Texto de los documentos');
  await expect(card).toContainText(`Documentos${e.documentos.toLocaleString('es-CO')}`);
  const boton = card.getByRole('button', { name: 'Extraer texto de los documentos anteriores' });
  if (e.sin_texto === 0) await expect(boton).toBeDisabled();
  else {
    await boton.click();
    await page
      .getByRole('dialog', { name: /¿Extraer el texto de/ })
      .getByRole('button', { name: 'Extraer texto' })
      .click();
    await expect(page.getByText(/en cola/).first()).toBeVisible();
  }
  await foto(page, 'gd-texto-anteriores');
});
