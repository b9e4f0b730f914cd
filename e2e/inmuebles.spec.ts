import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, ADMIN_NORTE, ASESOR, ingresar, elegir, elegirDelMenu } from './helpers.ts';

const consecutivoDe = (page: Page) => Number(/\/inmueble\/(\d+)$/.exec(page.url())?.[1]);

test('a property is created with two owners, found by filters, locked for a second user, withdrawn with a causal, duplicated, and the copy deleted', async ({
  page,
  browser,
}) => {
  // One agency's whole journey through the property file: longer than the suite's default.
  test.setTimeout(180_000);
  const calle = `Carrera ${Date.now() % 100000} Sur`;
  await ingresar(page, ADMIN, '/propiedades/inmueble/nuevo');
  await expect(page.getByRole('heading', { name: 'Nuevo inmueble' })).toBeVisible();

  // General: a house for sale.
  await elegir(page, page.getByRole('combobox', { name: 'Tipo de inmueble' }), 'Casa', { exacto: true });
  await elegir(page, page.getByRole('combobox', { name: 'Gestión' }), 'Venta', { exacto: true });
  await page.getByLabel('Precio de venta').fill('480000000');
  await page.getByLabel('Descripción').fill('Casa esquinera con patio y piscina');

  // Saving without the address and municipio names the missing fields on their tab.
  await page.getByRole('button', { name: 'Crear inmueble' }).click();
  await expect(page.getByRole('tab', { name: 'Ubicación', selected: true })).toBeVisible();
  await expect(page.getByText('El campo Dirección es obligatorio')).toBeVisible();
  await expect(page.getByText('El campo Municipio es obligatorio')).toBeVisible();
  // The tab's title counts what it holds to fix, seen from any tab.
  await expect(page.getByRole('tab', { name: 'Ubicación 2 campos por revisar' })).toBeVisible();

  await page.getByLabel('Dirección').fill(calle);
  await elegir(page, page.getByRole('combobox', { name: 'Municipio' }), 'Medellín (Antioquia)', {
    buscar: 'medellin',
    exacto: true,
  });
  await elegir(page, page.getByRole('combobox', { name: 'Estrato' }), 'Estrato 5', { exacto: true });
  await expect(page.getByRole('tab', { name: 'Ubicación', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Detalles y características' }).click();
  await page.getByLabel('Habitaciones').fill('4');
  await page.getByLabel('Baños').fill('3');
  await page.getByRole('checkbox', { name: 'Piscina' }).check();
  await page.getByRole('checkbox', { name: 'Patio' }).check();

  // Two owners, 70 / 30: the sum is checked as it is typed, counting only rows with their tercero.
  await page.getByRole('tab', { name: /Propietarios/ }).click();
  await expect(page.getByText('Sin propietarios: elija el tercero de la primera fila')).toBeVisible();
  await elegir(page, page.getByRole('combobox', { name: 'Propietario 1' }), 'Carlos Andrés Restrepo Gómez (71650321)', {
    buscar: 'restrepo',
    exacto: true,
  });
  await page.getByLabel('Porcentaje del propietario 1').fill('70');
  await expect(page.getByText('Suma de porcentajes: 70 % — debe ser 100')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar propietario' }).click();
  await expect(page.getByText('Suma de porcentajes: 70 % — debe ser 100 % — falta el tercero de la fila 2')).toBeVisible();
  await elegir(page, page.getByRole('combobox', { name: 'Propietario 2' }), 'Laura Marcela Ospina Rojas (43876512)', {
    buscar: 'ospina',
    exacto: true,
  });
  await expect(page.getByLabel('Porcentaje del propietario 2')).toHaveValue('30,00');
  await expect(page.getByText('Suma de porcentajes: 100 %')).toBeVisible();

  await page.getByRole('button', { name: 'Crear inmueble' }).click();
  await expect(page).toHaveURL(/\/propiedades\/inmueble\/\d+$/);
  const n = consecutivoDe(page);
  await expect(page.getByText(`Inmueble ${n} creado`)).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(`^Inmueble ${n} · Casa`) })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Propietarios (2)' })).toBeVisible();

  // Captado → disponible, so the search offers it.
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  let dialogo = page.getByRole('dialog', { name: `Cambiar estado del inmueble ${n}` });
  await elegir(page, dialogo.getByRole('combobox', { name: 'Nuevo estado' }), 'Disponible', { exacto: true });
  await dialogo.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByText(`Inmueble ${n}: disponible`)).toBeVisible();

  // A second user opens it while the first one has it open: read-only, with who and since when.
  const otro = await browser.newPage();
  await ingresar(otro, ASESOR, `/propiedades/inmueble/${n}`);
  await expect(otro.getByText(/^Solo lectura: lo está editando admin desde \d{1,2}\/\d{1,2}\/\d{4}/)).toBeVisible();
  await expect(otro.getByLabel('Dirección')).toBeDisabled();
  await expect(otro.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);

  // Found in inmuebles-disponibles by its filters, which live in the URL.
  await page.goto('/propiedades/inmuebles-disponibles');
  await page.getByRole('radiogroup', { name: 'Gestión' }).getByText('Venta', { exact: true }).click();
  await page.getByLabel('Buscar inmuebles').fill(calle.toLowerCase());
  await page.getByRole('button', { name: 'Más filtros' }).click();
  await page.getByLabel('Habitaciones (mín.)').fill('4');
  await elegir(page, page.getByRole('combobox', { name: 'Características' }), 'Piscina', { buscar: 'piscina', exacto: true });
  await expect(page).toHaveURL(/gestion=venta/);
  await expect(page).toHaveURL(/habitaciones=4/);
  await expect(page.getByText('1 inmueble', { exact: true })).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: calle });
  await expect(fila).toContainText('$ 480.000.000');
  await expect(fila.getByRole('img', { name: 'Sin foto' })).toBeVisible();
  await page.reload();
  // The reload loads the shell, then the list with its filters: on a busy machine over 10 s.
  await expect(page.getByRole('row').filter({ hasText: calle })).toHaveCount(1, { timeout: 25_000 });
  await page.getByLabel('Habitaciones (mín.)').fill('5');
  await expect(page.getByText('Ningún inmueble cumple los filtros')).toBeVisible();

  // Leaving the form released the lock: the second user retries and edits.
  await otro.getByRole('button', { name: 'Reintentar' }).click();
  await expect(otro.getByText('Editando', { exact: true })).toBeVisible();
  await expect(otro.getByLabel('Dirección')).toBeEnabled();
  await otro.goto('/propiedades/inmuebles-disponibles');
  await otro.close();

  // Withdraw it with a causal.
  await page.goto(`/propiedades/inmueble/${n}`);
  await expect(page.getByText('Editando', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  dialogo = page.getByRole('dialog', { name: `Cambiar estado del inmueble ${n}` });
  await elegir(page, dialogo.getByRole('combobox', { name: 'Nuevo estado' }), 'Retirado', { exacto: true });
  await dialogo.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(dialogo.getByText('La causal es obligatoria para retirar el inmueble')).toBeVisible();
  await elegir(page, dialogo.getByRole('combobox', { name: 'Causal de retiro' }), 'Consignación vencida', {
    buscar: 'vencida',
    exacto: true,
  });
  await dialogo.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByText(`Inmueble ${n}: retirado`)).toBeVisible();
  await page.getByRole('tab', { name: 'Historial', exact: true }).click();
  await expect(page.getByText('Disponible → Retirado')).toBeVisible();
  await expect(page.getByText('Causal: Consignación vencida')).toBeVisible();
  // Beside the estados, its prices: the sale price it was registered with.
  await expect(page.getByText(/^Precio de venta: \$\s480\.000\.000$/)).toBeVisible();

  // Duplicate it into a new consecutivo.
  await elegirDelMenu(page, page.getByRole('button', { name: 'Más' }), 'Duplicar inmueble');
  await expect(page.getByText(`Copia del inmueble ${n}`)).toBeVisible();
  await expect(page.getByLabel('Precio de venta')).toHaveValue('480.000.000');
  await page.getByRole('button', { name: 'Crear inmueble' }).click();
  await expect(page).toHaveURL(/\/propiedades\/inmueble\/\d+$/);
  const copia = consecutivoDe(page);
  expect(copia).toBeGreaterThan(n);
  await expect(page.getByRole('heading', { name: new RegExp(`^Inmueble ${copia} · Casa`) })).toBeVisible();
  await expect(page.getByText('Editando', { exact: true })).toBeVisible();
  await expect(page.getByText('Captado', { exact: true })).toBeVisible();
  // The blank "Nuevo inmueble" stays open in its tab (hidden): read the visible form.
  await page.getByRole('tab', { name: 'Ubicación' }).filter({ visible: true }).click();
  await expect(page.getByLabel('Dirección').filter({ visible: true })).toHaveValue(calle);

  // The copy was a mistake: the administrator deletes it, giving the reason, and its history keeps it.
  await elegirDelMenu(page, page.getByRole('button', { name: 'Más' }), 'Eliminar inmueble');
  dialogo = page.getByRole('dialog', { name: `¿Eliminar el inmueble ${copia}?` });
  await expect(dialogo.getByRole('button', { name: 'Eliminar inmueble' })).toBeDisabled();
  const motivo = `Quedó repetido: es el mismo inmueble ${n}`;
  await dialogo.getByLabel('Motivo').fill(motivo);
  await dialogo.getByRole('button', { name: 'Eliminar inmueble' }).click();
  await expect(page.getByText(`Inmueble ${copia} eliminado`)).toBeVisible();
  await expect(page).toHaveURL(/\/propiedades\/inmuebles-disponibles/);
  await page.goto(`/propiedades/inmueble/${copia}`);
  await expect(page.getByText(`El inmueble ${copia} no existe`)).toBeVisible();
  await page.getByRole('button', { name: 'Ver su historial' }).click();
  await expect(page).toHaveURL(new RegExp(`modificaciones-inmuebles\\?consecutivo=${copia}`));
  await expect(page.getByText(motivo)).toBeVisible();
  await expect(page.getByText('Inmueble eliminado').first()).toBeVisible();
});

test('the property form places its pin with a click on the map, and the marker moves it', async ({ page }) => {
  await ingresar(page, ADMIN, '/propiedades/inmueble/nuevo');
  await page.getByRole('tab', { name: 'Ubicación' }).click();
  await expect(page.getByText('Haga clic en el mapa donde queda el inmueble para ubicarlo')).toBeVisible();
  const mapa = page.getByRole('region', { name: 'Mapa para ubicar el inmueble' });
  await expect(mapa).toBeVisible();
  await mapa.click({ position: { x: 200, y: 150 } });
  await expect(page.getByLabel('Latitud')).not.toHaveValue('');
  await expect(page.getByLabel('Longitud')).not.toHaveValue('');
  await expect(page.getByText('Arrastre el marcador o haga clic en el mapa para corregir la ubicación.')).toBeVisible();
  await expect(mapa.getByTitle('Ubicación del inmueble')).toBeVisible();
});

test('a property that does not exist is not locked', async ({ page }) => {
  const bloqueos: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/bloqueo')) bloqueos.push(`${r.method()} ${r.url()}`);
  });
  await ingresar(page, ADMIN, '/propiedades/inmueble/99999');
  await expect(page.getByText('El inmueble 99999 no existe')).toBeVisible();
  await page.getByRole('button', { name: 'Ir a inmuebles disponibles' }).click();
  await expect(page).toHaveURL(/inmuebles-disponibles/);
  expect(bloqueos).toEqual([]);
});

test('the search view (list, cards) is remembered for the user', async ({ page }) => {
  // Company 2's admin: the preference is per user, and the other test reads admin@1's list.
  await ingresar(page, ADMIN_NORTE, '/propiedades/inmuebles-disponibles');
  const vista = page.getByRole('radiogroup', { name: 'Vista' });
  await vista.getByText('Tarjetas', { exact: true }).click();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(vista.getByRole('radio', { name: 'Tarjetas' })).toBeChecked();
  await page.reload();
  await expect(vista.getByRole('radio', { name: 'Tarjetas' })).toBeChecked();
  await vista.getByText('Lista', { exact: true }).click();
  await expect(vista.getByRole('radio', { name: 'Lista' })).toBeChecked();
  await page.reload();
  await expect(vista.getByRole('radio', { name: 'Lista' })).toBeChecked();
  // On a phone the views show icons only, and keep their names for screen readers.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(vista.getByText('Mapa', { exact: true })).toHaveClass('visually-hidden');
  await expect(vista.getByRole('radio', { name: 'Mapa' })).toHaveCount(1);
});

test('on a phone the property file chooses its section from a select that counts the fields to fix', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ingresar(page, ADMIN_NORTE, '/propiedades/inmueble/nuevo');
  const seccion = page.getByRole('combobox', { name: 'Sección' });
  await expect(seccion).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ubicación' })).toBeHidden();
  await page.getByRole('button', { name: 'Crear inmueble' }).click();
  await expect(page.getByText('El campo Tipo de inmueble es obligatorio')).toBeVisible();
  await seccion.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ has: page.getByLabel('2 campos por revisar') })
    .filter({ hasText: 'Ubicación' })
    .click();
  const ubicacion = page.getByRole('tabpanel', { name: /Ubicación/ });
  await expect(ubicacion.getByText('El campo Municipio es obligatorio')).toBeVisible();
  await expect(ubicacion.getByText('El campo Dirección es obligatorio')).toBeVisible();
});

test('an owner not yet in terceros is created from the property file and takes the empty owner row', async ({
  page,
  request,
}) => {
  // Creates a property and a tercero through the UI: slower than the default on a loaded machine.
  test.setTimeout(60_000);
  const documento = `8${Date.now() % 1e9}`;
  await ingresar(page, ADMIN_NORTE, '/propiedades/inmueble/nuevo');
  await elegir(page, page.getByRole('combobox', { name: 'Tipo de inmueble' }), 'Apartamento', { exacto: true });
  await elegir(page, page.getByRole('combobox', { name: 'Gestión' }), 'Arriendo', { exacto: true });
  await page.getByLabel('Canon de arrendamiento').fill('1900000');
  await page.getByRole('tab', { name: 'Ubicación' }).click();
  await page.getByLabel('Dirección').fill(`Calle ${documento.slice(-4)} # 45-10`);
  await elegir(page, page.getByRole('combobox', { name: 'Municipio' }), 'Barranquilla (Atlántico)', {
    buscar: 'barranquilla',
    exacto: true,
  });

  await page.getByRole('tab', { name: /Propietarios/ }).click();
  await page.getByRole('button', { name: 'Nuevo propietario' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo propietario' });
  await dialogo.getByLabel('Número de documento').fill(documento);
  await dialogo.getByLabel('Primer nombre').fill('Marta');
  await dialogo.getByLabel('Primer apellido').fill('Quintero');
  await dialogo.getByRole('button', { name: 'Crear tercero' }).click();
  await expect(page.getByText('Tercero «Marta Quintero» creado')).toBeVisible();
  await expect(dialogo).toBeHidden();
  // The new form's one empty row takes her, with its 100 %.
  await expect(page.getByRole('combobox', { name: 'Propietario 2' })).toHaveCount(0);
  await expect(page.locator('.inm-propietario').first()).toContainText('Marta Quintero');
  await expect(page.getByText('Suma de porcentajes: 100 %')).toBeVisible();

  await page.getByRole('button', { name: 'Crear inmueble' }).click();
  await expect(page).toHaveURL(/\/propiedades\/inmueble\/\d+$/);
  const n = consecutivoDe(page);
  await expect(page.getByRole('tab', { name: 'Propietarios (1)' })).toBeVisible();

  // Saved as the owner, and the tercero is marked as one.
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN_NORTE.empresa, usuario: ADMIN_NORTE.usuario, clave: ADMIN_NORTE.clave },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token as string}` };
  const inmueble = (await (await request.get(`/api/inmuebles/${n}`, { headers })).json()).data as {
    propietarios: { id_tercero: number; nro_id: string; porcentaje: number }[];
  };
  expect(inmueble.propietarios).toMatchObject([{ nro_id: documento, porcentaje: 100 }]);
  const tercero = (await (await request.get(`/api/terceros/${inmueble.propietarios[0]!.id_tercero}`, { headers })).json())
    .data as { propietario: boolean; cliente: boolean };
  expect(tercero).toMatchObject({ propietario: true, cliente: false });
});

test('the search exports what it finds, in the order it shows it', async ({ page }) => {
  // Two properties of this attempt, made through the API, found by a word of their address.
  const palabra = `Exporta${Date.now().toString(36)}${test.info().retry}`;
  const login = await page.request.post('/api/usuarios/login', { data: { idEmpresa: 1, usuario: 'admin', clave: 'demo1234' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const municipios = (await (await page.request.get('/api/maestros/municipios/opciones?q=Medellín', { headers })).json()) as {
    data: { id: number }[];
  };
  const consecutivos: number[] = [];
  for (const n of [1, 2]) {
    const r = await page.request.post('/api/inmuebles', {
      headers,
      data: {
        tipo: 'casa',
        gestion: 'venta',
        direccion: `Carrera ${n} # 10-20 ${palabra}`,
        id_municipio: municipios.data[0]!.id,
        precio_venta: 300_000_000 + n,
      },
    });
    expect(r.status(), await r.text()).toBe(200);
    consecutivos.push(((await r.json()) as { data: { consecutivo: number } }).data.consecutivo);
  }

  // A new property is «Captado»: the search is asked for those, by the URL a person could share.
  await ingresar(page, ADMIN, `/propiedades/inmuebles-disponibles?q=${palabra}&estado=captado`);
  await expect(page.getByText('2 inmuebles')).toBeVisible();
  const descarga = page.waitForEvent('download');
  await elegirDelMenu(page, page.getByRole('button', { name: 'Exportar' }), 'CSV (.csv)');
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^inmuebles-\d{4}-\d{2}-\d{2}\.csv$/);
  const lineas = (await readFile(await archivo.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lineas[0]).toMatch(/^Consecutivo;Tipo;Gestión;Estado;Dirección;Municipio;Barrio/);
  // Newest first, as the list shows them.
  expect(lineas.slice(1).map((l) => Number(l.split(';')[0]))).toEqual([...consecutivos].reverse());
  expect(lineas[1]).toContain(`Carrera 2 # 10-20 ${palabra}`);
});
