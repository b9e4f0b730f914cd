import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import type { ExpedienteDetalle } from '@predio/contract/gestion-documental-expedientes';
import { ADMIN, apiComo, ingresar } from './helpers.ts';

// Gestión documental (issue 28), retention: an expediente of a subserie with no years in gestión or
// central is due the day it closes. It shows «Por transferir», is transferred, shows «Por disponer»; a legal
// hold blocks its elimination; once lifted, it is eliminated with its reason and the acta is downloaded.
// The subserie, radicado and expediente carry a mark per attempt, so a retry works in its own data.
const SHOTS = process.env.SHOTS_DIR;
/** Desktop and phone, then back to the desktop the spec runs in. */
const foto = async (page: Page, nombre: string, telefono = true) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const antes = page.viewportSize()!;
  for (const width of telefono ? [1440, 390] : [1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(antes);
  await page.waitForTimeout(400);
};

test('an expediente due is transferred, held, released and eliminated with its acta', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const marca = `${Date.now() % 1_000_000}${info.retry}`;
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const serie = op.series.find((s) => s.nombre === 'Correspondencia')!;
  const subserie = await api.post<{ id: number }>('/maestros/subseries-documentales', {
    id_serie: serie.id,
    codigo: `9.${marca}`.slice(0, 10),
    nombre: `Avisos sin retención ${marca}`,
    anios_gestion: 0,
    anios_central: 0,
    disposicion_final: 'E',
  });
  const r = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: new Date().toISOString().slice(0, 10),
    asunto: `Aviso para eliminar ${marca}`,
    id_area: area.id,
    id_serie: serie.id,
    id_subserie: subserie.id,
  });
  const nombre = `Avisos vencidos ${marca}`;
  const e = await api.post<ExpedienteDetalle>('/gestion-documental/expedientes', {
    nombre,
    agrupa: 'subserie',
    id_serie: serie.id,
    id_subserie: subserie.id,
  });
  await api.post(`/gestion-documental/expedientes/${e.id}/radicados`, { id_radicado: r.id });
  await api.post(`/gestion-documental/expedientes/${e.id}/cerrar`, {});

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  await page.getByRole('tab', { name: 'Retención' }).click();
  await expect(page).toHaveURL(/pestana=retencion/);
  const buscar = page.getByLabel('Buscar en retención');
  await buscar.fill(marca);
  await buscar.press('Enter');

  // Por transferir: closed today with 0 years in gestión.
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText(e.numero);
  await expect(fila).toContainText('Eliminación');
  await foto(page, 'gd-retencion');
  await fila.getByRole('button', { name: `Transferir ${e.numero} al archivo central` }).click();
  const confirmar = page.getByRole('dialog', { name: /¿Transferir el expediente/ });
  await confirmar.getByRole('button', { name: 'Transferir' }).click();
  await expect(
    page.getByText('No hay expedientes por transferir').or(page.getByText('Ningún expediente coincide.')),
  ).toBeVisible();

  // Por disponer: 0 years in central, so due at once. A legal hold blocks eliminating it.
  await page.getByText('Por disponer', { exact: true }).click();
  await expect(fila).toContainText(e.numero);
  await fila.getByRole('button', { name: e.numero, exact: true }).click();
  const cajon = page.getByRole('dialog', { name: 'Expediente' });
  await expect(cajon).toContainText('Archivo central');
  await cajon.getByRole('button', { name: 'Activar retención legal' }).click();
  const hold = page.getByRole('dialog', { name: `Retención legal del expediente ${e.numero}` });
  await hold.getByRole('button', { name: 'Activar retención' }).click();
  await expect(hold.getByText('El campo Motivo de la retención es obligatorio')).toBeVisible();
  await hold.getByLabel('Motivo de la retención').fill(`Proceso judicial ${marca}`);
  await hold.getByRole('button', { name: 'Activar retención' }).click();
  await expect(hold).toBeHidden();
  await expect(cajon).toContainText(`Proceso judicial ${marca}`);
  await cajon
    .getByRole('button', { name: /Close|Cerrar$/ })
    .first()
    .click();
  await expect(fila).toContainText('Retención legal');
  await expect(fila.getByRole('button', { name: `Eliminar ${e.numero}` })).toBeDisabled();
  const refusal = await request.post(`/api/gestion-documental/expedientes/${e.id}/eliminar`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: { motivo: 'Intento con retención' },
  });
  expect(refusal.status()).toBe(409);
  expect(((await refusal.json()) as { message: string }).message).toContain('retención legal');
  await foto(page, 'gd-retencion-disponer');

  // Lifting the hold, then eliminating with the reason: the acta is generated and downloaded.
  await fila.getByRole('button', { name: e.numero, exact: true }).click();
  await cajon.getByRole('button', { name: 'Levantar retención legal' }).click();
  await page
    .getByRole('dialog', { name: /¿Levantar la retención legal/ })
    .getByRole('button', { name: 'Levantar retención' })
    .click();
  await expect(cajon.getByRole('button', { name: 'Activar retención legal' })).toBeVisible();
  await cajon
    .getByRole('button', { name: /Close|Cerrar$/ })
    .first()
    .click();
  await fila.getByRole('button', { name: `Eliminar ${e.numero}` }).click();
  const eliminar = page.getByRole('dialog', { name: `Eliminar el expediente ${e.numero}` });
  await expect(eliminar).toContainText('acta de eliminación documental');
  await eliminar.getByRole('button', { name: 'Eliminar y generar acta' }).click();
  await expect(eliminar.getByText('El campo Motivo es obligatorio')).toBeVisible();
  await eliminar.getByLabel('Motivo').fill(`Cumplió su retención ${marca}`);
  await foto(page, 'gd-retencion-eliminar', false);
  await eliminar.getByRole('button', { name: 'Eliminar y generar acta' }).click();
  await expect(eliminar).toBeHidden();
  await expect(cajon).toContainText('Eliminado');
  await expect(cajon).toContainText(`Cumplió su retención ${marca}`);
  const descarga = page.waitForEvent('download');
  await cajon.getByRole('button', { name: 'Descargar acta de eliminación' }).click();
  const d = await descarga;
  expect(d.suggestedFilename()).toBe(`acta-eliminacion-${e.numero}.pdf`);
  await foto(page, 'gd-retencion-eliminado', false);
  await cajon
    .getByRole('button', { name: /Close|Cerrar$/ })
    .first()
    .click();
  await expect(fila).toHaveCount(0);
});
