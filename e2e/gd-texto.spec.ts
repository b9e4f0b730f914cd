import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): a PDF attached to a radicado is read by a job, and the search finds the
// radicado by a word that is only inside the PDF, then narrows by serie and subserie. The word carries a
// mark, so earlier attempts' radicados do not answer. With SHOTS_DIR set, it leaves screenshots there.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};
const marca = Date.now() % 1_000_000;

test('a word inside a radicado’s PDF finds it in Buscar gestión documental, filtered by serie and subserie', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const serie = op.series.find((s) => s.nombre === 'Correspondencia')!;
  const subserie = op.subseries.find((s) => s.id_serie === serie.id && s.nombre === 'Recibida')!;
  const r = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: new Date().toISOString().slice(0, 10),
    asunto: `Queja de un vecino ${marca}`,
    id_area: area.id,
    id_serie: serie.id,
    id_subserie: subserie.id,
  });
  const palabra = `Zapotillo${marca}`;
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  d.addPage().drawText(`El vecino del ${palabra} reporta humedad en el muro.`, { x: 50, y: 700, size: 12, font: f });
  const pdf = Buffer.from(await d.save());

  // Logged in first: the company's notice would open under the drawer.
  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  await page.goto(`/gestion-documental/gestion-documental?abrir=${r.id}`);
  const detalle = page.getByRole('dialog', { name: `Radicado ${r.radicado}` });
  await detalle.locator('input[type="file"]').setInputFiles({ name: 'queja.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(detalle.getByRole('row').filter({ hasText: 'queja.pdf' })).toContainText('admin', { timeout: 15_000 });

  // The text is read by a job after the upload: wait until the search answers it (a few seconds), then
  // search on the screen as a person does.
  await expect
    .poll(async () => (await api.get<{ items: Radicado[] }>(`/gestion-documental/buscar?q=${palabra}`)).items.map((x) => x.id), {
      timeout: 60_000,
      intervals: [1_000],
    })
    .toEqual([r.id]);
  await page.goto('/gestion-documental/buscar-gestion-documental');
  await page.getByRole('searchbox').first().fill(palabra.toLowerCase());
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByRole('link', { name: r.radicado })).toBeVisible({ timeout: 20_000 });
  await foto(page, 'gd-buscar-texto');

  // Serie and subserie narrow it: its own keep it, another subserie of the serie hides it.
  await elegir(page, page.getByLabel('Serie', { exact: true }), 'Correspondencia', { buscar: 'Corresp' });
  await expect(page).toHaveURL(new RegExp(`id_serie=${serie.id}`));
  await expect(page.getByRole('link', { name: r.radicado })).toBeVisible();
  const otra = op.subseries.find((s) => s.id_serie === serie.id && s.id !== subserie.id);
  if (otra) {
    await elegir(page, page.getByLabel('Subserie', { exact: true }), otra.nombre);
    await expect(page.getByText('Ningún registro de radicados coincide con la búsqueda o los filtros.')).toBeVisible();
  }
  await elegir(page, page.getByLabel('Subserie', { exact: true }), subserie.nombre);
  await expect(page.getByRole('link', { name: r.radicado })).toBeVisible();
  await foto(page, 'gd-buscar-filtros');
  await page.getByRole('link', { name: r.radicado }).click();
  await expect(page.getByRole('group', { name: 'Versiones de queja.pdf' })).toBeVisible();
});
