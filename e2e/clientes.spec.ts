import { expect, test, type APIRequestContext } from '@playwright/test';
import { recibidosPara } from './correo.ts';
import { ADMIN_SIN_NOMBRE, apiComo, ingresar, menuLateral } from './helpers.ts';

/** The API as company 3's admin: the property side is prepared and read through it. */
const api = (request: APIRequestContext) => apiComo(request, ADMIN_SIN_NOMBRE);

test('a lead whose requirements fit a property sees it among its matches, and the property sees the lead', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const a = await api(request);
  // Each attempt (a retry, or --repeat-each) has its own people, addresses and town, so the leads an
  // earlier attempt left neither match its property nor share its names.
  const k = (testInfo.retry + testInfo.repeatEachIndex) % 4;
  const apellido = ['Lozano', 'Lemus', 'Luna', 'Leal'][k]!;
  const mariana = `Mariana ${apellido}`;
  const correoMariana = `mariana.${apellido.toLowerCase()}@example.com`;
  const julian = `Julián ${['Ortiz', 'Osorio', 'Ortega', 'Olaya'][k]!}`;
  const correoJulian = `julian.${julian.split(' ')[1]!.toLowerCase()}@example.com`;
  const pueblo = ['cali', 'palmira', 'buga', 'tulua'][k]!;
  const [municipio] = (await a.get(`/maestros/municipios/opciones?q=${pueblo}`)) as {
    id: number;
    label: string;
    detalle: string;
  }[];
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
  await expect(page.getByRole('button', { name: 'Nuevo cliente atendido' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Nuevo cliente atendido' }).click();
  const drawer = page.getByRole('dialog', { name: 'Nuevo cliente atendido' });

  // The tercero is created inline.
  await drawer.getByRole('button', { name: 'Nuevo tercero' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo tercero' });
  await modal.getByLabel('Número de documento').fill(`11445566${k}7`);
  await modal.getByLabel('Primer nombre').fill('Mariana');
  await modal.getByLabel('Primer apellido').fill(apellido);
  await modal.getByLabel('Celular').fill(`318765432${k}`);
  await modal.getByRole('button', { name: 'Crear tercero' }).click();
  await expect(page.getByText(`Tercero «${mariana}» creado`)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(drawer.getByText(`${mariana} · 11445566${k}7`)).toBeVisible();

  // Requirements that the property fits.
  await drawer.getByRole('combobox', { name: 'Tipos de inmueble' }).click();
  await page.getByTitle('Apartamento', { exact: true }).click();
  await page.keyboard.press('Escape');
  await drawer.getByRole('combobox', { name: 'Municipios' }).fill(pueblo);
  await page.getByTitle(`${municipio!.label} (${municipio!.detalle})`).click();
  await page.keyboard.press('Escape');
  await drawer.getByLabel('Precio mínimo').fill('1500000');
  await drawer.getByLabel('Precio máximo').fill('2000000');
  await drawer.getByLabel('Habitaciones', { exact: true }).fill('3');
  await drawer.getByRole('button', { name: 'Crear cliente atendido' }).click();
  const creado = page.getByText(/^Cliente atendido \d+ creado$/);
  await expect(creado).toBeVisible();
  const n = Number(/\d+/.exec((await creado.textContent()) ?? '')![0]);

  // On the lead: the property, at 100 %, with its reasons and a link to the property page.
  const lead = page.getByRole('dialog', { name: `Cliente atendido ${n} · ${mariana}` });
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
  await expect(envio.getByText(`${mariana} no tiene correo en Terceros: escríbalo aquí.`)).toBeVisible();
  await expect(envio.getByLabel('Mensaje')).toHaveValue(/^Hola Mariana:/);
  await envio.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(envio.getByText('El campo Para es obligatorio')).toBeVisible();
  await envio.getByLabel('Para').fill(correoMariana);
  await envio.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(page.getByText(`Correo para ${correoMariana} en la bandeja de salida, con la ficha en PDF`)).toBeVisible();
  await expect(envio).toBeHidden();
  await expect(lead.getByText(/^Enviado el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect.poll(() => recibidosPara(correoMariana).length, { timeout: 30_000 }).toBe(1);
  const [correo] = recibidosPara(correoMariana);
  expect(correo!.data).toMatch(new RegExp(`filename="?ficha-inmueble-${inmueble.consecutivo}\\.pdf`));
  await lead.getByRole('tab', { name: /Seguimiento/ }).click();
  await expect(
    lead.getByText(`Se envió por correo a ${correoMariana} la ficha del inmueble ${inmueble.consecutivo}.`),
  ).toBeVisible();

  // On the property (what its page shows): the lead, with the same score.
  const coincidentes = (await a.get(`/inmuebles/${inmueble.consecutivo}/clientes-coincidentes`)) as {
    consecutivo: number;
    nombre: string;
    puntaje: number;
    motivos: { texto: string }[];
  }[];
  expect(coincidentes.map((c) => [c.consecutivo, c.nombre, c.puntaje])).toEqual([[n, mariana, 100]]);
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
  await expect(page.getByRole('row').filter({ hasText: mariana })).toContainText('En seguimiento');
  await page.getByRole('link', { name: mariana }).click();
  await expect(page).toHaveURL(new RegExp(`abrir=${n}$`));
  await expect(lead).toBeVisible();
  await lead.getByRole('button', { name: /^(Close|Cerrar)$/ }).click();
  await expect(lead).toBeHidden();
  await page.getByLabel('Buscar clientes').fill('lozano');
  await expect(page).toHaveURL(/q=lozano/);
  await page.goto(`/propiedades/clientes-atendidos?abrir=${n}`);
  await expect(page.getByRole('dialog', { name: `Cliente atendido ${n} · ${mariana}` })).toBeVisible({ timeout: 20_000 });

  // The property's page shows the lead among its matches, with the same score, linking back to it.
  await page.goto(`/propiedades/inmueble/${inmueble.consecutivo}`);
  await page.getByRole('tab', { name: 'Clientes que coinciden' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Clientes que coinciden' });
  await expect(panel.getByText('1 cliente coincide', { exact: false })).toBeVisible();
  await expect(panel.getByRole('link', { name: mariana })).toHaveAttribute('href', `/propiedades/clientes-atendidos?abrir=${n}`);
  await expect(panel.getByLabel('Puntaje 100 de 100')).toBeVisible();
  await expect(panel.getByText('Precio dentro del rango')).toBeVisible();
  await expect(panel.getByText(/^Ficha enviada el /)).toBeVisible();

  // From the property's side, its ficha goes to the lead as well: a second message arrives.
  await panel.getByRole('button', { name: `Enviar ficha a ${mariana}` }).click();
  const desdeInmueble = page.getByRole('dialog', { name: `Enviar por correo a ${mariana}` });
  await expect(desdeInmueble.getByLabel('Mensaje')).toHaveValue(/un inmueble que coincide/);
  await desdeInmueble.getByLabel('Para').fill(correoMariana);
  await desdeInmueble.getByRole('button', { name: 'Enviar ficha' }).click();
  await expect(desdeInmueble).toBeHidden();
  await expect.poll(() => recibidosPara(correoMariana).length, { timeout: 30_000 }).toBe(2);

  // A second lead, whose tercero has an e-mail, fits too. Ticking «Todos con correo» takes only leads
  // with an e-mail in Terceros (Mariana has none); each gets a message of their own, greeted by name.
  const t = (await a.post('/terceros', {
    nro_id: `11445566${k}8`,
    nombre1: 'Julián',
    apellido1: julian.split(' ')[1],
    email: correoJulian,
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
  await expect(panel.getByRole('checkbox', { name: `Marcar a ${mariana} para enviarle la ficha` })).toBeDisabled();
  await panel.getByRole('checkbox', { name: 'Todos con correo' }).check();
  await expect(panel.getByRole('checkbox', { name: `Marcar a ${julian} para enviarle la ficha` })).toBeChecked();
  await panel.getByRole('button', { name: 'Enviar ficha a 1 cliente' }).click();
  const varios = page.getByRole('dialog', { name: 'Enviar la ficha a 1 cliente' });
  await expect(varios.getByLabel('Destinatarios')).toHaveText(`${julian} · ${correoJulian}`);
  await expect(varios.getByLabel('Mensaje')).toHaveValue(/^Hola \{nombre\}:/);
  await varios.getByRole('button', { name: 'Enviar 1 correo' }).click();
  await expect(page.getByText(`Correo para ${correoJulian} en la bandeja de salida, con la ficha en PDF`)).toBeVisible();
  await expect(varios).toBeHidden();
  await expect.poll(() => recibidosPara(correoJulian).length, { timeout: 30_000 }).toBe(1);
  const [aJulian] = recibidosPara(correoJulian);
  expect(aJulian!.data).toMatch(new RegExp(`filename="?ficha-inmueble-${inmueble.consecutivo}\\.pdf`));
  expect(aJulian!.data).toContain('Hola Juli');
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: julian })
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
  const intento = testInfo.retry + testInfo.repeatEachIndex;
  const anio = 2019 - intento;
  const olga = `Olga ${['Antigua', 'Anterior', 'Pasada', 'Remota'][intento % 4]!}`;
  const pedro = `Pedro ${['Antiguo', 'Anterior', 'Pasado', 'Remoto'][intento % 4]!}`;
  const viejos: number[] = [];
  for (const [nro, nombre] of [
    [`22334455${intento}1`, olga],
    [`22334455${intento}2`, pedro],
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
  await expect(page.getByRole('link', { name: olga })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: pedro })).toBeHidden();
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
  await expect(page.getByRole('link', { name: olga })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect(page).not.toHaveURL(/consecutivo=/);

  // Cerrar en cascada: criteria, preview with the count, result, confirmation naming the count.
  await page.goto('/archivo/utilidades/cerrar-clientes-en-cascada');
  await page.getByLabel('Ingresaron antes de').fill(`01/01/${anio + 1}`);
  await page.getByLabel('Ingresaron antes de').press('Enter');
  await expect(page.getByText('2 clientes abiertos cumplen los criterios')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('cell', { name: olga })).toBeVisible();
  // Each lead in the preview opens in its own screen (clienteAbrir).
  await expect(page.getByRole('link', { name: olga })).toHaveAttribute(
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
