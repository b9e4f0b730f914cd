import { expect, test } from '@playwright/test';
import { ADMIN, apiComo } from './helpers.ts';

// The public site's maps (issue 32): Leaflet comes from Predio only when the map nears the screen, draws a
// price pill per located property of the results, each opening a popup that links to the property; the
// property's page shows its approximate area. Tiles cannot load here (no internet): the test judges the
// points and links Leaflet draws, not the base map. A second property without coordinates has no pill.
test('the search map and the property map draw the located properties, lazily, with price and link', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const sufijo = `${Date.now().toString(36)}${testInfo.retry}`;
  // Canons of their own (5.4 millones and some pesos) so the search finds just these two.
  const canon = 5_400_000 + (Date.now() % 90_000) * 2;
  const a = await apiComo(request, ADMIN);
  const municipios = await a.get<{ items: { id: number }[] }>('/api/maestros/municipios?q=medellin&pageSize=1');
  const crear = async (datos: Record<string, unknown>) => {
    const { consecutivo } = await a.post<{ consecutivo: number }>('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: `Calle 10 # 43-${sufijo}`,
      id_municipio: municipios.items[0]!.id,
      habitaciones: 2,
      descripcion: `Apartamento del mapa ${sufijo}`,
      ...datos,
    });
    await a.post(`/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' });
    return consecutivo;
  };
  const ubicado = await crear({ canon, lat: 6.208765, lng: -75.567891 });
  await crear({ canon: canon + 1 });

  const leaflet: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/sitio/leaflet-')) leaflet.push(r.url());
  });
  await page.goto(`/sitio/1/inmuebles?gestion=arriendo&precio_min=${canon}&precio_max=${canon + 1}`);
  await expect(page.getByText('2 inmuebles encontrados')).toBeVisible();
  const mapa = page.locator('#mapa');
  await expect(mapa).toHaveAttribute('role', 'region');
  // Nothing of Leaflet before the map comes near the screen (the page is what Lighthouse measures).
  await page.waitForLoadState('load');
  if ((await mapa.boundingBox())!.y > page.viewportSize()!.height + 300) expect(leaflet).toEqual([]);

  await page.getByRole('link', { name: 'Ver en el mapa' }).click();
  await expect(mapa).toHaveAttribute('data-estado', 'listo');
  expect(leaflet.some((u) => u.endsWith('/leaflet.js'))).toBe(true);
  const pildoras = mapa.locator('.leaflet-marker-icon');
  await expect(pildoras).toHaveCount(1);
  const precio = `$ ${canon.toLocaleString('es-CO')} / mes`;
  await expect(pildoras.first()).toHaveAttribute(
    'title',
    new RegExp(`Apartamento en arriendo.*${precio.replace(/[$.]/g, '\\$&')}`),
  );
  await expect(pildoras.first()).toContainText(/\$ 5,\d\s?M/);
  await pildoras.first().click();
  const enlace = mapa.locator('.leaflet-popup-content a');
  await expect(enlace).toHaveAttribute('href', `/sitio/1/inmuebles/${ubicado}`);
  await expect(mapa.locator('.leaflet-popup-content')).toContainText(precio);
  // The rounded point only: the exact coordinates typed by staff are nowhere in the page.
  expect(await page.content()).not.toContain('6.208765');
  await enlace.click();

  await expect(page).toHaveURL(new RegExp(`/sitio/1/inmuebles/${ubicado}$`));
  await page.getByRole('heading', { name: 'Ubicación' }).scrollIntoViewIfNeeded();
  await expect(mapa).toHaveAttribute('data-estado', 'listo');
  await expect(mapa.locator('path.leaflet-interactive')).toHaveCount(1);
  await expect(page.getByText('La ubicación es aproximada')).toBeVisible();
  await expect(mapa.getByText('© colaboradores de OpenStreetMap')).toBeVisible();
});

// More results than a page (12): the map fetches every located match and groups the pills that would
// overlap («N inmuebles»); a group in one spot lists its properties.
test('the search map shows the whole result set, grouping pills in the same spot with their count', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = 7_100_000 + (Date.now() % 9_000) * 100 + testInfo.retry * 50;
  const a = await apiComo(request, ADMIN);
  const municipios = await a.get<{ items: { id: number }[] }>('/api/maestros/municipios?q=medellin&pageSize=1');
  const creados: number[] = [];
  for (let n = 0; n < 15; n++) {
    const { consecutivo } = await a.post<{ consecutivo: number }>('/api/inmuebles', {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: `Carrera 80 # 12-${n}`,
      id_municipio: municipios.items[0]!.id,
      canon: base + n,
      // Three in one spot; the rest some 40 km north, a few kilometres apart (grouped by zoom).
      lat: n < 3 ? 6.25 : 6.6 + n * 0.03,
      lng: n < 3 ? -75.58 : -75.4 - n * 0.03,
    });
    await a.post(`/api/inmuebles/${consecutivo}/estado`, { estado: 'disponible' });
    creados.push(consecutivo);
  }
  await page.goto(`/sitio/1/inmuebles?gestion=arriendo&precio_min=${base}&precio_max=${base + 14}`);
  await expect(page.getByText('15 inmuebles encontrados')).toBeVisible();
  await page.getByRole('link', { name: 'Ver en el mapa' }).click();
  const mapa = page.locator('#mapa');
  await expect(mapa).toHaveAttribute('data-estado', 'listo');
  // All 15, not the 12 of the page.
  await expect(mapa).toHaveAttribute('data-puntos-dibujados', '15');
  const grupos = mapa.locator('.mapa-grupo');
  await expect(grupos.first()).toBeVisible();
  const contar = async () => {
    const solos = await mapa.locator('.leaflet-marker-icon:not(.mapa-grupo)').count();
    const enGrupos = (await grupos.allTextContents()).reduce((s, t) => s + Number(/\d+/.exec(t)![0]), 0);
    return solos + enGrupos;
  };
  expect(await contar()).toBe(15);
  if (process.env.CAPTURAS) {
    await mapa.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.CAPTURAS}/sitio-mapa-grupos-${page.viewportSize()!.width}.png` });
  }
  // The three in one spot: one pill «3 inmuebles» that lists them, each a link.
  const tres = mapa.locator('.mapa-grupo[title="3 inmuebles en el mismo lugar"]');
  await expect(tres).toHaveCount(1);
  await expect(tres).toHaveText('3 inmuebles');
  await tres.click();
  const lista = mapa.locator('.mapa-lista a');
  await expect(lista).toHaveCount(3);
  const enlaces = await lista.evaluateAll((as) => as.map((x) => x.getAttribute('href')));
  expect(enlaces.sort()).toEqual(
    creados
      .slice(0, 3)
      .map((c) => `/sitio/1/inmuebles/${c}`)
      .sort(),
  );
  if (process.env.CAPTURAS)
    await page.screenshot({ path: `${process.env.CAPTURAS}/sitio-mapa-lista-${page.viewportSize()!.width}.png` });
});
