import { expect, test, type APIRequestContext } from '@playwright/test';
import { recibidosPara } from './correo.ts';
import { ADMIN_SIN_NOMBRE, apiComo, ingresar, menuLateral } from './helpers.ts';

/** The API as company 3's admin: the property side is prepared and read through it. */
const api = (request: APIRequestContext) => apiComo(request, ADMIN_SIN_NOMBRE);

test('a lead whose requirements fit a property sees it among its matches, and the property sees the lead', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await api(request);
  const [municipio] = (await a.get('/maestros/municipios/opciones?q=cali')) as { id: number; label: string; detalle: string }[];
  const inmueble = (await a.post('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: 'Avenida 6N # 25-40',
    id_municipio: municipio!.id,
    canon: 1_800_000,
    habitaciones: 3,
    banos: 2,
    parqueaderos: 1,
    estrato: 4,
  })) as { consecutivo: number };
  await a.post(`/inmuebles/${inmueble.consecutivo}/estado`, { estado: 'disponible' });

  await ingresar(page, ADMIN_SIN_NOMBRE, '/propiedades/clientes-atendidos');
  await expect(page.getByText('Aún no hay clientes atendidos')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Nuevo cliente atendido' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo cliente atendido' });

  // The tercero is created inline.
  await drawer.getByRole('button', { name: 'Nuevo tercero' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo tercero' });
  await modal.getByLabel('Número de documento').fill('1144556677');
  await modal.getByLabel('Primer nombre').fill('Mariana');
  await modal.getByLabel('Primer apellido').fill('Lozano');
  await modal.getByLabel('Celular').fill('3187654321');
  await modal.getByRole('button', { name: 'Crear tercero' }).click();
  await expect(page.getByText('Tercero «Mariana Lozano» creado')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(drawer.getByText('Mariana Lozano · 1144556677')).toBeVisible();

  // Requirements that the property fits.
  await drawer.getByRole('combobox', { name: 'Tipos de inmueble' }).click();
  await page.getByTitle('Apartamento', { exact: true }).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('combobox', { name: 'Municipios' }).fill('cali');
  await page.getByTitle(`${municipio!.label} (${municipio!.detalle})`).click();
  await page.keyboard.press('Escape');
  await drawer.getByLabel('Precio mínimo').fill('1500000');
  await drawer.getByLabel('Precio máximo').fill('2000000');
  await drawer.getByLabel('Habitaciones', { exact: true }).fill('3');
  await drawer.getByRole('button', { name: 'Crear cliente atendido' }).click();
  await expect(page.getByText('Cliente atendido 1 creado')).toBeVisible();

  // On the lead: the property, at 100 %, with its reasons and a link to the property page.
  const lead = page.getByRole('dialog', { name: 'Cliente atendido 1 · Mariana Lozano' });
  await lead.getByRole('tab', { name: 'Inmuebles que coinciden' }).click();
  const enlace = lead.getByRole('link', { name: `Inmueble ${inmueble.consecutivo} · Apartamento · Arriendo` });
  await expect(enlace).toHaveAttribute('href', `/propiedades/inmueble/${inmueble.consecutivo}`);
  await expect(lead.getByText('100 %', { exact: true })).toBeVisible();
  await expect(lead.getByText('Precio dentro del rango')).toBeVisible();
  await expect(lead.getByText('Habitaciones suficientes (3)')).toBeVisible();

  // Its ficha goes to the lead by e-mail: chosen, the address typed (the tercero has none), sent over SMTP.
  await lead.getByRole('checkbox', { name: `Elegir inmueble ${inmueble.consecutivo} para enviar` }).check();
  await lead.getByRole('button', { name: 'Enviar por correo' }).click();
  const envio = page.getByRole('dialog', { name: /^Enviar por correo a / });
  await expect(envio.getByText('Mariana Lozano no tiene correo en Terceros: escríbalo aquí.')).toBeVisible();
  await expect(envio.getByLabel('Mensaje')).toHaveValue(/^Hola Mariana:/);
  await envio.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(envio.getByText('El campo Para es obligatorio')).toBeVisible();
  await envio.getByLabel('Para').fill('mariana.lozano@example.com');
  await envio.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(
    page.getByText('Correo para mariana.lozano@example.com en la bandeja de salida, con la ficha en PDF'),
  ).toBeVisible();
  await expect(envio).toBeHidden();
  await expect(lead.getByText(/^Enviado el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect.poll(() => recibidosPara('mariana.lozano@example.com').length, { timeout: 30_000 }).toBe(1);
  const [correo] = recibidosPara('mariana.lozano@example.com');
  expect(correo!.data).toMatch(new RegExp(`filename="?ficha-inmueble-${inmueble.consecutivo}\\.pdf`));
  await lead.getByRole('tab', { name: /Seguimiento/ }).click();
  await expect(
    lead.getByText(`Se envió por correo a mariana.lozano@example.com la ficha del inmueble ${inmueble.consecutivo}.`),
  ).toBeVisible();

  // On the property (what its page shows): the lead, with the same score.
  const coincidentes = (await a.get(`/inmuebles/${inmueble.consecutivo}/clientes-coincidentes`)) as {
    consecutivo: number;
    nombre: string;
    puntaje: number;
    motivos: { texto: string }[];
  }[];
  expect(coincidentes.map((c) => [c.consecutivo, c.nombre, c.puntaje])).toEqual([[1, 'Mariana Lozano', 100]]);
  expect(coincidentes[0]!.motivos.map((m) => m.texto)).toEqual(['Precio dentro del rango', 'Habitaciones suficientes (3)']);

  // Follow-up: a note moves it to en seguimiento.
  await lead.getByRole('tab', { name: /Seguimiento/ }).click();
  await lead.getByLabel('Nueva nota de seguimiento').fill('Quiere visitarlo el jueves a las 5');
  await lead.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(lead.getByLabel('Nueva nota de seguimiento')).toHaveValue('');
  await expect(lead.getByText('Quiere visitarlo el jueves a las 5')).toBeVisible();
  await expect(lead.getByRole('tabpanel', { name: /Seguimiento/ }).getByText('En seguimiento', { exact: true })).toBeVisible();
  await lead.getByRole('button', { name: /^(Close|Cerrar)$/ }).click();

  // The list shows it, and a deep link (clienteAbrir) opens its form from anywhere.
  await expect(page.getByRole('row').filter({ hasText: 'Mariana Lozano' })).toContainText('En seguimiento');
  await page.getByRole('link', { name: 'Mariana Lozano' }).click();
  await expect(page).toHaveURL(/abrir=1/);
  await expect(lead).toBeVisible();
  await lead.getByRole('button', { name: /^(Close|Cerrar)$/ }).click();
  await expect(lead).toBeHidden();
  await page.getByLabel('Buscar clientes').fill('lozano');
  await expect(page).toHaveURL(/q=lozano/);
  await page.goto('/propiedades/clientes-atendidos?abrir=1');
  await expect(page.getByRole('dialog', { name: 'Cliente atendido 1 · Mariana Lozano' })).toBeVisible({ timeout: 20_000 });

  // The property's page shows the lead among its matches, with the same score, linking back to it.
  await page.goto(`/propiedades/inmueble/${inmueble.consecutivo}`);
  await page.getByRole('tab', { name: 'Clientes que coinciden' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Clientes que coinciden' });
  await expect(panel.getByText('1 cliente coincide', { exact: false })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Mariana Lozano' })).toHaveAttribute(
    'href',
    '/propiedades/clientes-atendidos?abrir=1',
  );
  await expect(panel.getByLabel('Puntaje 100 de 100')).toBeVisible();
  await expect(panel.getByText('Precio dentro del rango')).toBeVisible();
  await expect(panel.getByText(/^Ficha enviada el /)).toBeVisible();

  // From the property's side, its ficha goes to the lead as well: a second message arrives.
  await panel.getByRole('button', { name: 'Enviar ficha a Mariana Lozano' }).click();
  const desdeInmueble = page.getByRole('dialog', { name: 'Enviar por correo a Mariana Lozano' });
  await expect(desdeInmueble.getByLabel('Mensaje')).toHaveValue(/un inmueble que coincide/);
  await desdeInmueble.getByLabel('Para').fill('mariana.lozano@example.com');
  await desdeInmueble.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(desdeInmueble).toBeHidden();
  await expect.poll(() => recibidosPara('mariana.lozano@example.com').length, { timeout: 30_000 }).toBe(2);

  // A second lead, whose tercero has an e-mail, fits too. Ticking «Todos con correo» takes only leads
  // with an e-mail in Terceros (Mariana has none); each gets a message of their own, greeted by name.
  const t = (await a.post('/terceros', {
    nro_id: '1144556688',
    nombre1: 'Julián',
    apellido1: 'Ortiz',
    email: 'julian.ortiz@example.com',
  })) as { tercero: { id: number } };
  await a.post('/clientes-atendidos', {
    id_tercero: t.tercero.id,
    gestion: 'arriendo',
    tipos: ['apartamento'],
    municipios: [municipio!.id],
    precio_max: 2_000_000,
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Clientes que coinciden' }).click();
  await expect(panel.getByText('2 clientes coinciden', { exact: false })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Marcar a Mariana Lozano para enviarle la ficha' })).toBeDisabled();
  await panel.getByRole('checkbox', { name: 'Todos con correo' }).check();
  await expect(panel.getByRole('checkbox', { name: 'Marcar a Julián Ortiz para enviarle la ficha' })).toBeChecked();
  await panel.getByRole('button', { name: 'Enviar ficha a 1 cliente' }).click();
  const varios = page.getByRole('dialog', { name: 'Enviar la ficha a 1 cliente' });
  await expect(varios.getByLabel('Destinatarios')).toHaveText('Julián Ortiz · julian.ortiz@example.com');
  await expect(varios.getByLabel('Mensaje')).toHaveValue(/^Hola \{nombre\}:/);
  await varios.getByRole('button', { name: 'Enviar 1 correo' }).click();
  await expect(page.getByText('Correo para julian.ortiz@example.com en la bandeja de salida, con la ficha en PDF')).toBeVisible();
  await expect(varios).toBeHidden();
  await expect.poll(() => recibidosPara('julian.ortiz@example.com').length, { timeout: 30_000 }).toBe(1);
  const [aJulian] = recibidosPara('julian.ortiz@example.com');
  expect(aJulian!.data).toMatch(new RegExp(`filename="?ficha-inmueble-${inmueble.consecutivo}\\.pdf`));
  expect(aJulian!.data).toContain('Hola Juli');
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: 'Julián Ortiz' })
      .getByText(/^Ficha enviada el /),
  ).toBeVisible();
});

test('the buscador keeps its filter when one comes back, and old leads are closed in cascade after a preview', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const a = await api(request);
  // A retry works a year earlier, with other numbers: the first attempt's leads, closed or not, stay
  // out of its cascade.
  const anio = 2019 - testInfo.retry;
  const viejos: number[] = [];
  for (const [nro, nombre] of [
    [`22334455${testInfo.retry}1`, 'Olga Antigua'],
    [`22334455${testInfo.retry}2`, 'Pedro Antiguo'],
  ] as const) {
    const [n1, a1] = nombre.split(' ');
    const t = (await a.post('/terceros', { nro_id: nro, nombre1: n1, apellido1: a1 })) as { tercero: { id: number } };
    const c = (await a.post('/clientes-atendidos', {
      id_tercero: t.tercero.id,
      gestion: 'venta',
      fecha_ingreso: `${anio}-05-02`,
    })) as {
      consecutivo: number;
    };
    viejos.push(c.consecutivo);
  }

  // Buscador: the N.º de cliente filter goes to the URL and survives leaving the screen.
  await ingresar(page, ADMIN_SIN_NOMBRE, '/propiedades/buscador-clientes-atendidos');
  await page.getByLabel('N.º de cliente').fill(String(viejos[0]));
  await expect(page).toHaveURL(new RegExp(`consecutivo=${viejos[0]}`));
  await expect(page.getByRole('link', { name: 'Olga Antigua' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Pedro Antiguo' })).toBeHidden();
  // Close its tab (the page unmounts) and come back through the menu, without reloading.
  await page.getByRole('button', { name: 'Cerrar Buscador de clientes atendidos' }).click();
  await expect(page).not.toHaveURL(/buscador-clientes-atendidos/);
  const menu = menuLateral(page);
  if (!(await menu.getByRole('menuitem', { name: /Buscador de clientes atendidos$/ }).isVisible()))
    await menu.getByRole('menuitem', { name: /Propiedades$/ }).click();
  await menu.getByRole('menuitem', { name: /Buscador de clientes atendidos$/ }).click();
  await expect(page).toHaveURL(new RegExp(`consecutivo=${viejos[0]}`), { timeout: 20_000 });
  // What a person sees before clearing: the restored filter in its field and the list it selects.
  await expect(page.getByLabel('N.º de cliente')).toHaveValue(String(viejos[0]));
  await expect(page.getByRole('link', { name: 'Olga Antigua' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/consecutivo=/);

  // Cerrar en cascada: criteria, preview with the count, result, confirmation naming the count.
  await page.goto('/archivo/utilidades/cerrar-clientes-en-cascada');
  await page.getByLabel('Ingresaron antes de').fill(`01/01/${anio + 1}`);
  await page.getByLabel('Ingresaron antes de').press('Enter');
  await expect(page.getByText('2 clientes abiertos cumplen los criterios')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('cell', { name: 'Olga Antigua' })).toBeVisible();
  // Each lead in the preview opens in its own screen (clienteAbrir).
  await expect(page.getByRole('link', { name: 'Olga Antigua' })).toHaveAttribute(
    'href',
    new RegExp(`/propiedades/clientes-atendidos\\?abrir=(${viejos.join('|')})$`),
  );
  await page.getByRole('combobox', { name: 'Resultado del cierre' }).click();
  await page.getByTitle('No contactable').click();
  await page.getByLabel('Observación').fill(`Depuración de ${anio}`);
  await page.getByRole('button', { name: 'Cerrar 2 clientes' }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: '¿Cerrar 2 clientes atendidos?' });
  await confirmar.getByRole('button', { name: 'Cerrar 2' }).click();
  await expect(page.getByText('2 clientes cerrados')).toBeVisible();
  await expect(page.getByText('Ningún cliente abierto cumple los criterios')).toBeVisible();
  const cerrado = (await a.get(`/clientes-atendidos/${viejos[1]}`)) as { estado: string; resultado: string };
  expect(cerrado).toMatchObject({ estado: 'cerrado', resultado: 'no_contactable' });
});

test('on a phone the list shows its search box and folds the other filters into «Filtros», with how many are in use', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ingresar(page, ADMIN_SIN_NOMBRE, '/propiedades/clientes-atendidos?gestion=venta&estado=activo');
  await expect(page.getByRole('searchbox', { name: 'Buscar clientes' })).toBeVisible();
  const filtros = page.getByRole('button', { name: 'Filtros (2)' });
  await expect(filtros).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Asesor' })).toHaveCount(0);
  await filtros.click();
  await expect(filtros).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Asesor' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Busca', exact: true })).toBeVisible();
});
