import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): an expediente of a tercero is opened in the Expedientes tab, a radicado
// of its serie is added, and closing it (after confirming) shows when its time in gestión and central
// ends. Names carry a mark, so earlier attempts do not answer. With SHOTS_DIR set, it leaves screenshots.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};
const marca = Date.now() % 1_000_000;

test('an expediente is opened, gets a radicado and is closed with its retention dates', async ({ page, request }) => {
  test.setTimeout(150_000);
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const serie = op.series.find((s) => s.nombre === 'Correspondencia')!;
  const subserie = op.subseries.find((s) => s.id_serie === serie.id && s.nombre === 'Recibida')!;
  const r = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: new Date().toISOString().slice(0, 10),
    asunto: `Solicitud para el expediente ${marca}`,
    id_area: area.id,
    id_serie: serie.id,
    id_subserie: subserie.id,
  });

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  // The company's notice may open late on a loaded machine: accept it whenever it covers the page.
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  await page.getByRole('tab', { name: 'Expedientes' }).click();
  await expect(page).toHaveURL(/pestana=expedientes/);
  await page.getByRole('button', { name: 'Abrir expediente' }).click();
  const d = page.getByRole('dialog', { name: 'Abrir expediente' });
  // Bad input is named beside its field.
  await d.getByRole('button', { name: 'Abrir' }).click();
  await expect(d.getByText('El campo Nombre es obligatorio')).toBeVisible();
  await d.getByLabel('Nombre', { exact: true }).fill(`Correspondencia de Ospina ${marca}`);
  await elegir(page, d.getByLabel('Agrupa por', { exact: true }), 'Tercero');
  await elegir(page, d.getByLabel('Serie', { exact: true }), 'Correspondencia', { buscar: 'Corresp' });
  await elegir(page, d.getByLabel('Subserie', { exact: true }), 'Recibida');
  await elegir(page, d.getByLabel('Tercero', { exact: true }), /Ospina/, { buscar: 'ospina' });
  await foto(page, 'gd-expediente-nuevo');
  await d.getByRole('button', { name: 'Abrir' }).click();
  await expect(d).toBeHidden();

  const cajon = page.getByRole('dialog', { name: 'Expediente' });
  await expect(cajon.getByText(`Correspondencia de Ospina ${marca}`)).toBeVisible();
  await expect(cajon.getByText('Aún no tiene radicados')).toBeVisible();
  await elegir(page, cajon.getByLabel('Radicado para agregar'), new RegExp(r.radicado), { buscar: String(marca) });
  await cajon.getByRole('button', { name: 'Agregar' }).click();
  await expect(cajon.getByRole('link', { name: r.radicado })).toBeVisible();
  await expect(cajon.getByText('Radicados (1)')).toBeVisible();
  await foto(page, 'gd-expediente');

  // Closing asks first, then shows its retention dates.
  await cajon.getByRole('button', { name: 'Cerrar expediente' }).click();
  const confirmar = page.getByRole('dialog', { name: /¿Cerrar el expediente/ });
  await expect(confirmar).toContainText('Empieza su retención');
  await confirmar.getByRole('button', { name: 'Cerrar expediente' }).click();
  await expect(cajon.getByText('Fin en archivo de gestión')).toBeVisible();
  await expect(cajon.getByText('Fin en archivo central')).toBeVisible();
  await expect(cajon.getByRole('button', { name: 'Abrir de nuevo' })).toBeVisible();
  await expect(cajon.getByLabel('Radicado para agregar')).toBeHidden();
  await foto(page, 'gd-expediente-cerrado');
  await cajon
    .getByRole('button', { name: /Close|Cerrar$/ })
    .first()
    .click();

  const fila = page.getByRole('row').filter({ hasText: `Correspondencia de Ospina ${marca}` });
  await expect(fila).toContainText('Cerrado');
  await expect(fila).toContainText('1');
  await foto(page, 'gd-expedientes');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByText(`Correspondencia de Ospina ${marca}`)).toBeVisible();
    await foto(page, 'gd-expedientes');
    await page.getByRole('button', { name: /EXP/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Expediente' })).toBeVisible();
    await foto(page, 'gd-expediente');
  }
});
