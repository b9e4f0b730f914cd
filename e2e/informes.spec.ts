import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

/*
 * Informes (issue 33) end to end: a property consigned today appears in Propiedades consignadas
 * under «Hoy», drills down to its record and exports to Excel with the screen's total; Citas por asesor
 * keeps its preset in the URL; the register takes the client-statistics filter, groups and exports a PDF.
 */

async function consignarHoy(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN.empresa, usuario: ADMIN.usuario, clave: ADMIN.clave },
  });
  const token = (await login.json()).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const idUsuario = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { idUsuario: number }).idUsuario;
  const municipios = await request.get('/api/maestros/municipios?q=medellin&pageSize=1', { headers });
  const idMunicipio = ((await municipios.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const r = await request.post('/api/inmuebles', {
    headers,
    data: {
      tipo: 'local',
      gestion: 'arriendo',
      direccion: `Carrera 70 # ${Date.now() % 1000}-15 Informe`,
      id_municipio: idMunicipio,
      canon: 3_450_000,
      fecha_consignacion: hoy,
      id_asesor_captador: idUsuario,
    },
  });
  const b = (await r.json()) as { code: number; message: string; data: { consecutivo: number } };
  expect(b.code, b.message).toBe(20000);
  return b.data.consecutivo;
}

test('two reports with a preset, drill-down to the record and the Excel export', async ({ page, request }) => {
  test.setTimeout(120_000);
  const consecutivo = await consignarHoy(request);

  await ingresar(page, ADMIN, '/informes/propiedadesconsignadas');
  await expect(page.getByText('Módulo en construcción')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Periodo' }).getByText('Hoy', { exact: true }).click();
  await expect(page).toHaveURL(/periodo=hoy/);
  await expect(page.getByRole('img', { name: 'Gráfico: Propiedades consignadas' })).toBeVisible();
  // The property's row, by its consecutivo's own cell (the totals row may hold the same digits).
  const fila = page.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: `${consecutivo}`, exact: true }) });
  await expect(fila).toBeVisible();
  // The totals row and the tile say the same canon as the rows.
  const total = page.locator('.informe-totales');
  await expect(total).toContainText('Total');
  const canonTotal = (await total.locator('td').nth(7).innerText()).trim();

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^informe-propiedadesconsignadas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await archivo.path())!);
  const hoja = libro.worksheets[0]!;
  const ultima = hoja.getRow(hoja.rowCount);
  expect(ultima.getCell(1).value).toBe('Total');
  const canonExcel = Number(ultima.getCell(8).value);
  expect(canonExcel.toLocaleString('es-CO')).toBe(canonTotal.replace(/[^\d.]/g, ''));
  expect(hoja.getColumn(2).values).toContain(consecutivo);

  // Drill down: the row's first cell leads to the property.
  await fila.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/propiedades/inmueble/${consecutivo}$`));

  await page.goto('/informes/citasporasesor');
  await page.getByRole('radiogroup', { name: 'Periodo' }).getByText('Mes anterior', { exact: true }).click();
  await expect(page).toHaveURL(/periodo=mes-anterior/);
  await expect(page.getByLabel('Resumen').getByText('Citas', { exact: true })).toBeVisible();
  // Another report and back through the menu: the preset comes back from the URL it left.
  const menu = page.getByRole('complementary', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Propiedades por asesor' }).click();
  await expect(
    page.getByRole('heading', { name: 'Propiedades por asesor' }).or(page.getByText('Asesor captador').first()),
  ).toBeVisible();
  await menu.getByRole('link', { name: 'Citas por asesor' }).click();
  await expect(page).toHaveURL(/\/informes\/citasporasesor\?periodo=mes-anterior/);
  await expect(page.locator('.ant-segmented-item-selected:visible')).toHaveText('Mes anterior');
});

test('Verificar disponibilidad: confirming a row takes it off the list; the other new reports open', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A property consigned 40 days ago and never confirmed is due under the default 30 days.
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN.empresa, usuario: ADMIN.usuario, clave: ADMIN.clave },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const municipios = await request.get('/api/maestros/municipios?q=medellin&pageSize=1', { headers });
  const idMunicipio = ((await municipios.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  const hace40 = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() - 40 * 86_400_000));
  const creado = await request.post('/api/inmuebles', {
    headers,
    data: {
      tipo: 'casa',
      gestion: 'arriendo',
      direccion: `Calle 10 # ${Date.now() % 1000}-20 Disponibilidad`,
      id_municipio: idMunicipio,
      canon: 2_100_000,
      fecha_consignacion: hace40,
    },
  });
  const { data, message } = (await creado.json()) as { message: string; data: { consecutivo: number } };
  expect(creado.status(), message).toBe(200);
  const disponible = await request.post(`/api/inmuebles/${data.consecutivo}/estado`, {
    headers,
    data: { estado: 'disponible', observacion: '' },
  });
  expect(disponible.status(), await disponible.text()).toBe(200);

  await ingresar(page, ADMIN, '/informes/verificar-disponibilidad');
  await expect(page.getByText('Módulo en construcción')).toHaveCount(0);
  const fila = page
    .locator('tr.ant-table-row')
    .filter({ has: page.getByRole('cell', { name: String(data.consecutivo), exact: true }) });
  await expect(fila).toContainText('40');
  await fila.getByRole('button', { name: 'Confirmar disponibilidad' }).click();
  await expect(page.getByText(`Inmueble ${data.consecutivo}: disponibilidad confirmada`)).toBeVisible();
  await expect(fila).toHaveCount(0);

  for (const [path, titulo, columna] of [
    ['gestion-comercial', 'Gestión comercial', 'Clientes nuevos'],
    ['clientesatendidosregistro', 'Registro de clientes atendidos', 'Requisitos'],
    ['cruceclientesinmuebles', 'Cruce de clientes e inmuebles', 'Puntaje (%)'],
  ] as const) {
    await page.goto(`/informes/${path}`);
    await expect(page.getByText(titulo, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: columna })).toBeVisible();
  }
});

test('Registro de clientes atendidos: the client filter comes back from the lead, grouping and the PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiComo(request, ADMIN);
  const documento = `77${Date.now() % 100_000_000}`;
  const { tercero } = await api.post<{ tercero: { id: number } }>('/terceros', {
    nro_id: documento,
    nombre1: 'Gabriela',
    apellido1: 'Registro',
  });
  const { consecutivo } = await api.post<{ consecutivo: number }>('/clientes-atendidos', {
    id_tercero: tercero.id,
    gestion: 'arriendo',
  });

  await ingresar(page, ADMIN, '/informes/clientesatendidosregistro');
  await expect(page.getByRole('columnheader', { name: 'Requisitos' })).toBeVisible();
  // One client, by its number: the register shows that lead alone.
  await elegir(page, page.getByRole('combobox', { name: 'Cliente' }), `${consecutivo} · Gabriela Registro`, {
    buscar: String(consecutivo),
  });
  await expect(page).toHaveURL(new RegExp(`cliente=${consecutivo}`));
  const filas = page.locator('tr.ant-table-row');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Gabriela Registro');
  // «Fecha de cierre»: the lead is open, so nothing closed this month is this client.
  await elegir(page, page.getByRole('combobox', { name: 'Fecha' }), 'Fecha de cierre');
  await expect(page.getByText('Sin datos para estos filtros')).toBeVisible();
  await elegir(page, page.getByRole('combobox', { name: 'Fecha' }), 'Fecha de ingreso');
  await expect(filas).toHaveCount(1);

  // Drill down to the lead, then back to the register from the menu: within 5 minutes the filter is kept.
  await filas.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/propiedades/clientes-atendidos\\?abrir=${consecutivo}`));
  // (The store lives in the tab: a full reload starts afresh, so the way back is the menu.)
  const menu = page.getByRole('complementary', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Registro de clientes atendidos' }).click();
  await expect(page).toHaveURL(new RegExp(`cliente=${consecutivo}`));
  await expect(filas).toHaveCount(1);
  await expect(
    page.getByRole('combobox', { name: 'Cliente' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
  ).toContainText(`${consecutivo} · Gabriela Registro`);

  // Every client again, grouped by asesor: a heading row per asesor with its count, the lead under it.
  await page.getByRole('combobox', { name: 'Cliente' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').hover();
  await page.locator('.informe-filtros .ant-select-clear').first().click();
  await expect(page).not.toHaveURL(/cliente=/);
  await elegir(page, page.getByRole('combobox', { name: 'Agrupar por' }), 'Agrupar por asesor');
  await expect(page).toHaveURL(/agrupar=asesor/);
  await expect(page.locator('tr.ant-table-row-level-0').first()).toContainText(/\(\d+\)/);
  await expect(
    page.locator('tr.ant-table-row-level-1').filter({ has: page.getByRole('cell', { name: String(consecutivo), exact: true }) }),
  ).toBeVisible();

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^informe-clientesatendidosregistro-\d{4}-\d{2}-\d{2}\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await archivo.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});
