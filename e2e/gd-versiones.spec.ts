import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import { ADMIN, apiComo, ingresar } from './helpers.ts';

// Gestión documental (issue 28): a radicado's document gets a second version with its motivo; the detail
// lists both versions (each downloadable) and the history of who saw, downloaded and changed them.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};
const pdf = (texto: string) =>
  Buffer.from(`%PDF-1.4\n% ${texto}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

test('a new version keeps the previous one, both download, and the history shows who did what', async ({ page, request }) => {
  test.setTimeout(120_000);
  const marca = `${Date.now() % 1_000_000}-${test.info().retry}-${test.info().repeatEachIndex}`;
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const r = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: new Date().toISOString().slice(0, 10),
    asunto: `Contrato para versionar ${marca}`,
    id_area: area.id,
  });

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  await page.goto(`/gestion-documental/gestion-documental?abrir=${r.id}`);
  const detalle = page.getByRole('dialog', { name: `Radicado ${r.radicado}` });
  await detalle
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: 'contrato-borrador.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('borrador'),
    });
  const versiones = detalle.getByRole('region', { name: 'Versiones de los documentos' });
  const grupo = versiones.getByRole('group', { name: 'Versiones de contrato-borrador.pdf' });
  await expect(grupo.getByRole('listitem', { name: 'Versión 1' })).toContainText('contrato-borrador.pdf', { timeout: 15_000 });

  // «Nueva versión»: the motivo is asked first (named beside its field), then the file goes up.
  await grupo.getByRole('button', { name: 'Nueva versión' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva versión de «contrato-borrador.pdf»' });
  await dialogo.getByRole('button', { name: 'Subir versión' }).click();
  await expect(dialogo.getByText('El campo Motivo del cambio es obligatorio')).toBeVisible();
  await expect(dialogo.getByText('Elija el archivo de la nueva versión')).toBeVisible();
  await dialogo.locator('input[type="file"]').setInputFiles({
    name: 'contrato-firmado.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('firmado por las partes'),
  });
  await dialogo.getByLabel('Motivo del cambio').fill('Llegó la copia firmada por las partes');
  await foto(page, 'gd-nueva-version');
  await dialogo.getByRole('button', { name: 'Subir versión' }).click();
  await expect(dialogo).toBeHidden();

  const nuevo = versiones.getByRole('group', { name: 'Versiones de contrato-firmado.pdf' });
  await expect(nuevo.getByRole('listitem', { name: 'Versión 2' })).toContainText('Llegó la copia firmada por las partes');
  await expect(nuevo.getByRole('listitem', { name: 'Versión 2' })).toContainText('vigente');
  await expect(nuevo.getByRole('listitem', { name: 'Versión 1' })).toContainText('contrato-borrador.pdf');

  // The previous version downloads with its own bytes and name.
  const bajada = page.waitForEvent('download');
  await nuevo.getByRole('button', { name: 'Descargar versión 1 de contrato-firmado.pdf' }).click();
  expect((await bajada).suggestedFilename()).toBe('contrato-borrador.pdf');

  const historial = detalle.getByRole('region', { name: 'Historial de los documentos' });
  await expect(historial).toContainText('Descargó «contrato-borrador.pdf» — versión anterior');
  await expect(historial).toContainText(
    'Subió una nueva versión de «contrato-firmado.pdf» — Versión 2: Llegó la copia firmada por las partes',
  );
  await expect(historial).toContainText('Adjuntó «contrato-borrador.pdf»');
  await expect(historial).toContainText('Consultó el radicado');
  await foto(page, 'gd-versiones');
});
