import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_NORTE, apiComo, ingresar, type Api } from './helpers.ts';

// Properties are created through the API (the property form is another screen); each test makes its own
// data with unique names, so it does not depend on what other suites leave in the company.

const api = (request: APIRequestContext) => apiComo(request, ADMIN_NORTE);

const unico = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function municipio(a: Api): Promise<number> {
  const ops = await a.call<{ id: number }[]>('GET', '/maestros/municipios/opciones?q=barranquilla');
  return ops[0]!.id;
}

async function crearInmueble(a: Api, cuerpo: Record<string, unknown>, disponible = false): Promise<number> {
  const d = await a.call<{ consecutivo: number }>('POST', '/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    canon: 1_900_000,
    habitaciones: 2,
    banos: 1,
    ...cuerpo,
  });
  if (disponible) await a.call('POST', `/inmuebles/${d.consecutivo}/estado`, { estado: 'disponible' });
  return d.consecutivo;
}

test('reassigns two of an asesor’s three properties to the admin after a preview', async ({ page, request }) => {
  test.setTimeout(60_000);
  const a = await api(request);
  const u = `vendedor${unico()}`;
  const origen = await a.call<{ id: number }>('POST', '/usuarios', {
    usuario: u,
    clave: 'Vivienda.Segura.2025',
    nombre: 'Vendedor de Prueba',
    permisos: '491',
  });
  const m = await municipio(a);
  const consecutivos: number[] = [];
  for (const n of [1, 2, 3])
    consecutivos.push(
      await crearInmueble(a, { direccion: `Calle ${n} reasignar ${u}`, id_municipio: m, id_asesor_comercial: origen.id }),
    );

  await ingresar(page, ADMIN_NORTE, '/archivo/utilidades/reasignarinmuebles');
  await expect(page.getByText('Elija el asesor de origen y el de destino')).toBeVisible();
  await page.getByLabel('Asesor de origen').fill(u);
  await page.keyboard.press('Enter');
  await page.getByLabel('Asesor de destino').fill('(admin)');
  await page.keyboard.press('Enter');
  await page.getByLabel('Asesor comercial').check();

  await expect(page.getByText(`3 inmuebles de Vendedor de Prueba (${u}) · 3 seleccionados`)).toBeVisible();
  const tabla = page.getByRole('table');
  for (const c of consecutivos) await expect(tabla.getByRole('link', { name: String(c), exact: true })).toBeVisible();
  await page.getByLabel(`Seleccionar inmueble ${consecutivos[2]}`).uncheck();
  await expect(page.getByText('· 2 seleccionados')).toBeVisible();

  await page.getByRole('button', { name: /Reasignar 2 seleccionados/ }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: '¿Reasignar 2 inmuebles?' });
  await expect(confirmar).toContainText(`Vendedor de Prueba (${u})`);
  await expect(confirmar).toContainText('(admin)');
  await confirmar.getByRole('button', { name: 'Reasignar' }).click();

  await expect(
    page.getByText(new RegExp(`Se reasignaron 2 inmuebles de Vendedor de Prueba \\(${u}\\) a .*\\(admin\\)`)),
  ).toBeVisible();
  await expect(page.getByText(`1 inmueble de Vendedor de Prueba (${u})`)).toBeVisible();
  await expect(tabla.getByRole('link', { name: String(consecutivos[2]), exact: true })).toBeVisible();

  const movido = await a.call<{ id_asesor_comercial: number }>('GET', `/inmuebles/${consecutivos[0]}`);
  expect(movido.id_asesor_comercial).not.toBe(origen.id);
});

test('places a property on the map: it leaves the list without coordinates and shows in its history', async ({
  page,
  request,
}) => {
  // One person's whole journey over two screens: longer than the suite's default.
  test.setTimeout(90_000);
  const a = await api(request);
  const direccion = `Carrera geo ${unico()}`;
  const c = await crearInmueble(a, { direccion, id_municipio: await municipio(a) });

  // The map's tile requests, from the start (they go out as soon as the map shows).
  const teselas: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'image' && !r.url().startsWith(new URL(page.url()).origin)) teselas.push(r.url());
  });
  await ingresar(page, ADMIN_NORTE, '/archivo/utilidades/geo-localizar-inmuebles');
  await expect(page.getByText(/sin coordenadas$/)).toBeVisible();
  await page.getByLabel('Buscar inmuebles').fill(direccion);
  await page.getByLabel('Buscar inmuebles').press('Enter');
  const lista = page.getByRole('table', { name: 'Inmuebles sin coordenadas' });
  const fila = lista.getByRole('row').filter({ hasText: direccion });
  await expect(fila).toContainText('Sin coordenadas');
  // Chosen from the keyboard: the Nº is a button (a click anywhere on the row does the same).
  await fila.getByRole('button', { name: `Ubicar inmueble ${c}` }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText(`Inmueble ${c} · Apartamento en arriendo`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mapa para ubicar inmuebles' })).toBeVisible();
  // No internet here: the map says its base layer is missing and still works; it stops asking for
  // tiles (each failure is a console error) until «Reintentar».
  await expect(page.getByText('No se pudo cargar el mapa base')).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => teselas.length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  const antes = teselas.length;
  const mapa = page.getByRole('region', { name: 'Mapa para ubicar inmuebles' });
  await mapa.getByRole('button', { name: 'Acercar' }).click();
  await mapa.getByRole('button', { name: 'Alejar' }).click();
  await page.waitForTimeout(1_000);
  expect(teselas.length).toBe(antes);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect.poll(() => teselas.length).toBeGreaterThan(antes);
  await expect(page.getByText('No se pudo cargar el mapa base')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Latitud').fill('10.98');
  await page.getByLabel('Longitud').fill('-74.79');
  await expect(page.getByTitle('Ubicación del inmueble')).toBeVisible();
  await page.getByRole('button', { name: /Guardar ubicación/ }).click();
  await expect(page.getByText(`Ubicación del inmueble ${c} guardada`)).toBeVisible();
  await expect(lista.getByRole('row').filter({ hasText: direccion })).toHaveCount(0);

  // The whole list still has it, located.
  await page.getByText('Ver también los ubicados').click();
  await expect(page.getByRole('table', { name: 'Inmuebles' }).getByRole('row').filter({ hasText: direccion })).toContainText(
    'Ubicado',
  );

  await page.goto(`/archivo/utilidades/modificaciones-inmuebles?consecutivo=${c}`);
  const historial = page.getByRole('table');
  await expect(historial.getByRole('row').filter({ hasText: 'Latitud' })).toContainText('10,98');
  await expect(historial.getByRole('row').filter({ hasText: 'Longitud' })).toContainText('-74,79');
  await expect(historial.getByRole('row').filter({ hasText: 'Latitud' })).toContainText('Geolocalización');
  await page.getByRole('combobox', { name: 'Campo' }).fill('Dirección');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/campo=direccion/);
  await expect(historial.getByRole('row')).toHaveCount(2);
  await expect(historial).toContainText(direccion);
});

test('the TV presentation shows the selected properties and advances by itself', async ({ page, request }) => {
  const a = await api(request);
  const m = await municipio(a);
  await a.call('PUT', '/inmuebles-utilidades/tv/config', {
    gestion: null,
    tipos: ['consultorio'],
    municipios: [],
    soloConFotos: false,
    maxItems: 10,
    intervaloSegundos: 5,
  });
  const marca = unico();
  for (const n of [1, 2])
    await crearInmueble(
      a,
      { tipo: 'consultorio', direccion: `Consultorio ${n} ${marca}`, id_municipio: m, area_construida: 30 + n },
      true,
    );

  await ingresar(page, ADMIN_NORTE, '/configurartv/index');
  await expect(page.getByLabel('Segundos por inmueble')).toHaveValue('5');
  await expect(page.getByText(/se muestran \d+ inmuebles/)).toBeVisible();
  await page.getByRole('button', { name: 'Ver en esta ventana' }).click();

  const tv = page.getByRole('dialog', { name: 'Presentación de inmuebles' });
  await expect(tv).toBeVisible();
  await expect(tv.getByText(/^1 \/ \d+$/)).toBeVisible();
  await expect(tv.getByRole('heading', { name: 'Consultorio' })).toBeVisible();
  await expect(tv.getByRole('img', { name: 'Inmueble sin foto' })).toBeVisible();
  await expect(tv.getByText(/^2 \/ \d+$/)).toBeVisible({ timeout: 9_000 });

  await page.keyboard.press('ArrowLeft');
  await expect(tv.getByText(/^1 \/ \d+$/)).toBeVisible();
  await page.keyboard.press(' ');
  await expect(tv.getByRole('button', { name: 'Reanudar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tv).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ver en esta ventana' })).toBeVisible();
});

test('a property’s asesor is told it was captado, sees its consignment about to end, and finds it by that filter', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const a = await api(request);
  const u = `captador${unico()}`;
  const clave = 'Vivienda.Segura.2025';
  const asesor = await a.call<{ id: number }>('POST', '/usuarios', {
    usuario: u,
    clave,
    nombre: 'Captadora de Prueba',
    permisos: '490,491',
  });
  // Five days from today in Bogotá.
  const vigencia = new Date(Date.now() - 5 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const n = await crearInmueble(
    a,
    {
      direccion: `Calle 80 consignación ${u}`,
      id_municipio: await municipio(a),
      id_asesor_captador: asesor.id,
      fecha_consignacion: '2026-01-15',
      vigencia_consignacion: vigencia,
    },
    true,
  );

  await ingresar(page, { empresa: ADMIN_NORTE.empresa, usuario: u, clave });
  await page.getByRole('button', { name: /Notificaciones/ }).click();
  const cajon = page.getByRole('dialog', { name: /Notificaciones/ });
  await expect(cajon.getByText(`Inmueble ${n} captado`)).toBeVisible();
  await expect(cajon.getByText(/Usted es su asesor captador\./)).toBeVisible();
  await cajon.getByText(`Inmueble ${n} captado`).click();
  await expect(page).toHaveURL(new RegExp(`/propiedades/inmueble/${n}$`));
  await expect(page.getByText('La consignación vence en 5 días')).toBeVisible();

  await page.goto(`/propiedades/inmuebles-disponibles?q=${encodeURIComponent(u)}`);
  await expect(page.getByRole('link', { name: String(n), exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Más filtros/ }).click();
  await page.getByRole('combobox', { name: 'Consignación' }).click();
  await page.getByTitle('Consignación vencida').click();
  await expect(page.getByText('Ningún inmueble cumple los filtros')).toBeVisible();
  await expect(page).toHaveURL(/consignacion=vencida/);
  await page.getByRole('combobox', { name: 'Consignación' }).click();
  await page.getByTitle(/Consignación por vencer/).click();
  await expect(page.getByRole('link', { name: String(n), exact: true })).toBeVisible();
  await expect(page).toHaveURL(/consignacion=por_vencer/);
});
