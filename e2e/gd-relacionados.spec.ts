import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): a radicado filed about an inmueble chosen in a searchable picker shows
// it, and Buscar gestión documental finds it by that inmueble. With SHOTS_DIR set, it leaves screenshots.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test('a radicado about an inmueble picked by its address is found by that inmueble', async ({ page, request }) => {
  test.setTimeout(120_000);
  const marca = `${Date.now() % 1_000_000}${test.info().retry}${test.info().repeatEachIndex}`;
  const api = await apiComo(request, ADMIN);
  const municipios = await api.get<{ items: { id: number }[] }>('/api/maestros/municipios?q=medellin&pageSize=1');
  const direccion = `Calle ${marca} # 10-20`;
  const inm = await api.post<{ consecutivo: number }>('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion,
    id_municipio: municipios.items[0]!.id,
    canon: 1_500_000,
  });

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental');
  await page.getByRole('button', { name: 'Radicar documento' }).click();
  const cajon = page.getByRole('dialog', { name: 'Radicar documento' });
  const asunto = `Reclamo por humedad ${marca}`;
  await cajon.getByLabel('Asunto').fill(asunto);
  await elegir(page, cajon.getByLabel('Inmueble', { exact: true }), `${inm.consecutivo} · ${direccion}`, {
    buscar: `calle ${marca}`,
  });
  await elegir(page, cajon.getByLabel('Área', { exact: true }), 'Arrendamientos');
  await foto(page, 'gd-radicar-inmueble');
  await cajon.getByRole('button', { name: 'Radicar' }).click();
  const detalle = page.getByRole('dialog', { name: /^Radicado / });
  await expect(detalle.getByText(`${inm.consecutivo} · ${direccion}`)).toBeVisible();

  await page.goto(`/gestion-documental/buscar-gestion-documental?inmueble=${inm.consecutivo}`);
  await expect(page.getByRole('row').filter({ hasText: asunto })).toBeVisible();
  await expect(page.getByText('1 radicado', { exact: true })).toBeVisible();
  await foto(page, 'gd-buscar-inmueble');
});
