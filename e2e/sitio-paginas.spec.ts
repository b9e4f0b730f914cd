import { expect, test } from '@playwright/test';
import { ADMIN, apiComo } from './helpers.ts';

// The public site's own pages (issue 32): search a property by gestión and price, open it, then the news
// list and Contacto, all through the menu. The data are made through the staff API with a suffix per
// attempt, so a retry finds its own.
test('a visitor searches /sitio/1 by arriendo and price, opens the property, the news and Contacto', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const sufijo = `${Date.now().toString(36)}${testInfo.retry}`;
  // A canon of its own (3.1–3.2 millones) so the search finds few besides this one.
  const canon = 3_100_000 + (Date.now() % 99_000);
  const a = await apiComo(request, ADMIN);
  const municipios = await a.get<{ items: { id: number }[] }>('/api/maestros/municipios?q=medellin&pageSize=1');
  const { consecutivo } = await a.post<{ consecutivo: number }>('/api/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: `Carrera 70 # 1-${sufijo}`,
    id_municipio: municipios.items[0]!.id,
    canon,
    habitaciones: 2,
    banos: 1,
    area_construida: 64,
    descripcion: `Apartamento del buscador ${sufijo}`,
    codigo_llaves: `LLAVE-${sufijo}`,
  });
  await a.post(`/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' });
  const titulo = `Noticia del sitio ${sufijo}`;
  await a.post('/api/paginaweb/noticias', {
    titulo,
    resumen: 'Abrimos nueva oficina.',
    cuerpo: '<p>Abrimos una oficina nueva en Laureles.</p>',
    estado: 'publicada',
    etiquetas: [`Sede${sufijo}`],
  });
  const formulario = await a.get<{ activo: boolean }>('/api/empresa/formulario-web');
  if (!formulario.activo) await a.call('PUT', '/api/empresa/formulario-web', { activar: true });

  await page.goto('/sitio/1');
  const menu = page.getByRole('navigation', { name: 'Secciones' });
  await menu.getByRole('link', { name: 'Inmuebles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inmuebles en arriendo y venta' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Inmuebles', exact: true })).toHaveAttribute('aria-current', 'page');

  // A plain GET form: the filters travel in the address.
  await page.getByLabel('Gestión').selectOption('arriendo');
  await page.getByLabel('Precio desde').fill(String(canon));
  await page.getByLabel('Precio hasta').fill(canon.toLocaleString('es-CO'));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`gestion=arriendo.*precio_min=${canon}`));
  await expect(page.getByText(/inmuebles? encontrados?/)).toBeVisible();
  await expect(page.getByLabel('Precio hasta')).toHaveValue(String(canon));
  const tarjeta = page.locator(`a[href="/sitio/1/inmuebles/${consecutivo}"]`);
  await expect(tarjeta).toBeVisible();
  await expect(page.locator('li.tarjeta', { has: tarjeta })).toContainText(`$ ${canon.toLocaleString('es-CO')}`);
  await expect(page.locator('body')).not.toContainText(`LLAVE-${sufijo}`);
  await tarjeta.click();
  await expect(page).toHaveURL(new RegExp(`/sitio/1/inmuebles/${consecutivo}$`));
  await expect(page.getByText(`Apartamento del buscador ${sufijo}`)).toBeVisible();

  // A search that finds nothing says so.
  await page.goto('/sitio/1/inmuebles?precio_min=900000000000');
  await expect(page.getByText('No encontramos inmuebles con esos filtros.')).toBeVisible();

  // By its code, typed as the page shows it («#»): that property alone.
  await page.goto('/sitio/1/inmuebles');
  await page.getByLabel('Código', { exact: true }).fill(`#${consecutivo}`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('1 inmueble encontrado')).toBeVisible();
  await expect(page.locator(`a[href="/sitio/1/inmuebles/${consecutivo}"]`)).toBeVisible();

  await menu.getByRole('link', { name: 'Noticias', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noticias' })).toBeVisible();
  await page.getByRole('link', { name: titulo }).click();
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(page.getByText('Abrimos una oficina nueva en Laureles.')).toBeVisible();
  // Its tag leads to the news that carry it.
  await page.getByRole('link', { name: `#Sede${sufijo}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Noticias: #Sede${sufijo}` })).toBeVisible();
  await expect(page.getByRole('link', { name: titulo })).toBeVisible();

  await menu.getByRole('link', { name: 'Contacto', exact: true }).click();
  await expect(page).toHaveURL(/\/sitio\/1\/contacto$/);
  await expect(menu.getByRole('link', { name: 'Contacto', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('region', { name: 'Envíenos un mensaje' })).toBeVisible();
});
