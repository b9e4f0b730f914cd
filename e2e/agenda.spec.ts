import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { asuntoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, ASESOR, apiComo, ingresar, elegir, elegirDelMenu } from './helpers.ts';

/**
 * Saving asks first when a cita clashes with another (a retry finds the first attempt's cita in the same
 * slot), falls on a holiday (Holy Week) or outside office hours (a run at night books «in an hour»): go
 * ahead, as a person would.
 */
async function aceptarAvisos(page: Page) {
  const aviso = page.getByRole('dialog', { name: /^(Cruce de citas|Día festivo|Fuera del horario de la oficina)$/ });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: /de todos modos/ }).click());
}

const centro = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

test('a cita is created on an empty slot, seen in the week, dragged to another day and marked realizada with a result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await ingresar(page, ADMIN, '/archivo/agenda');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
  await aceptarAvisos(page);
  const titulo = `Visita e2e Laureles ${Date.now() % 100_000}`;
  await expect(page.getByRole('button', { name: 'Semana' })).toBeVisible({ timeout: 15_000 });

  // Tuesday of this week (weeks start on Monday), 10:00 a. m.: click the empty slot.
  const martes = page.getByRole('columnheader', { name: /^mar/ });
  const jueves = page.getByRole('columnheader', { name: /^jue/ });
  const diezAm = page.getByText('10:00 a. m.', { exact: true }).first();
  await diezAm.scrollIntoViewIfNeeded();
  const x = (await centro(martes)).x;
  const y = (await diezAm.boundingBox())!.y + 30; // in the 10:00 row, below the label
  await page.mouse.click(x, y);

  const form = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(form.getByText('El campo Título es obligatorio')).toBeVisible();
  await form.getByLabel('Título').fill(titulo);
  await elegir(page, form.getByRole('combobox', { name: 'Categoría' }), 'Visita');
  await elegir(page, form.getByRole('combobox', { name: 'Asesores' }), 'Laura Marcela Ospina Rojas');
  await form.getByLabel('Lugar').fill('Carrera 76 # 35-20, Laureles, Medellín');
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page.getByText(`Cita «${titulo}» agendada`)).toBeVisible();

  // In the week view, in Tuesday's column.
  const evento = page.getByRole('button', { name: new RegExp(`${titulo}(?!\\d)`) });
  await expect(evento).toBeVisible();
  expect(Math.abs((await centro(evento)).x - x)).toBeLessThan((await martes.boundingBox())!.width / 2);

  // Dragged to Thursday, same hour. A drag begun while the calendar redraws after the save is lost:
  // it is tried again until the move is confirmed.
  const destinoX = (await centro(jueves)).x;
  const movida = page.getByText(`«${titulo}» movida al`);
  await expect(async () => {
    const desde = await centro(evento);
    await page.mouse.move(desde.x, desde.y);
    await page.mouse.down();
    await page.mouse.move(desde.x + 20, desde.y, { steps: 5 });
    await page.mouse.move(destinoX, desde.y, { steps: 15 });
    await page.mouse.up();
    await expect(movida).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    expect(Math.abs((await centro(evento)).x - destinoX)).toBeLessThan((await jueves.boundingBox())!.width / 2);
  }).toPass();

  // Modificaciones de agenda shows who moved it, from when to when.
  const agenda = page.url();
  await page.goto('/archivo/utilidades/modificaciones-agenda');
  const fila = page
    .getByRole('row')
    .filter({ hasText: titulo })
    .filter({ hasText: 'Inicio' })
    .filter({ hasText: 'Modificación' });
  await expect(fila).toBeVisible({ timeout: 15_000 });
  await expect(fila).toContainText('admin');
  await page.goto(agenda);

  // Done: realizada, with a result and the client's interest.
  await evento.click();
  const editar = page.getByRole('dialog', { name: `Cita: ${titulo}` });
  await expect(editar).toBeVisible();
  await expect(editar.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', /google\.com\/maps/);
  await elegir(page, editar.getByRole('combobox', { name: 'Estado' }), 'Realizada');
  await elegir(page, editar.getByRole('combobox', { name: 'Resultado' }), 'Interesado');
  await editar.getByLabel('Comentario del resultado').fill('Le gustó; pregunta por el parqueadero.');
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText(`Cita «${titulo}» guardada`)).toBeVisible();

  // The list view shows it, and reopening it shows the result kept.
  await page.getByRole('button', { name: 'Lista' }).click();
  await page.getByRole('button', { name: new RegExp(`${titulo}(?!\\d)`) }).click();
  const otraVez = page.getByRole('dialog', { name: `Cita: ${titulo}` });
  await expect(otraVez.getByRole('combobox', { name: 'Estado' })).toBeVisible();
  await expect(otraVez.getByText('Realizada', { exact: true })).toBeVisible();
  await expect(otraVez.getByText('Interesado', { exact: true })).toBeVisible();
  await expect(otraVez.getByLabel('Comentario del resultado')).toHaveValue('Le gustó; pregunta por el parqueadero.');
  await otraVez
    .getByRole('button', { name: /^(Close|Cerrar)$/ })
    .first()
    .click();

  // What the calendar shows goes out as an .ics another calendar imports.
  await page.getByRole('button', { name: 'Semana' }).click();
  const descarga = page.waitForEvent('download');
  await elegirDelMenu(page, page.getByRole('button', { name: 'Exportar lo que muestra el calendario' }), 'Calendario (.ics)');
  const ics = readFileSync(await (await descarga).path(), 'utf8');
  expect(ics).toContain(`SUMMARY:${titulo}`);
});

test('«Agendar visita» from a property opens the form with the property, and the property lists the visit', async ({ page }) => {
  test.setTimeout(90_000);
  // A property to visit, made through the API as the admin.
  const login = await page.request.post('/api/usuarios/login', { data: { idEmpresa: 1, usuario: 'admin', clave: 'demo1234' } });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  const municipios = (await (await page.request.get('/api/maestros/municipios/opciones?q=Medellín', { headers })).json()) as {
    data: { id: number }[];
  };
  const creado = await page.request.post('/api/inmuebles', {
    headers,
    data: {
      tipo: 'apartamento',
      gestion: 'arriendo',
      direccion: 'Calle 10 # 43-12 Apto 301',
      id_municipio: municipios.data[0]!.id,
      canon: 2_000_000,
    },
  });
  const consecutivo = ((await creado.json()) as { data: { consecutivo: number } }).data.consecutivo;

  await ingresar(page, ADMIN, `/propiedades/inmueble/${consecutivo}`);
  await aceptarAvisos(page);
  await page.getByRole('tab', { name: 'Citas' }).click();
  await expect(page.getByText('Sin citas próximas')).toBeVisible();
  await page.getByRole('button', { name: 'Agendar visita' }).click();
  await expect(page).toHaveURL(/\/archivo\/agenda\?visita=/);
  const form = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(form.getByLabel('Inmueble')).toHaveValue(String(consecutivo));
  await expect(form.getByText('Visita', { exact: true })).toBeVisible();
  await form.getByLabel('Título').fill('Visita con la familia Gómez');
  await elegir(page, form.getByRole('combobox', { name: 'Asesores' }), 'Carlos Andrés Restrepo Gómez');
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page.getByText('Cita «Visita con la familia Gómez» agendada')).toBeVisible();

  await page.goto(`/propiedades/inmueble/${consecutivo}`);
  await page.getByRole('tab', { name: 'Citas' }).click();
  await expect(page.getByRole('link', { name: 'Visita con la familia Gómez' })).toBeVisible();
  // Its place is the property's address.
  await page.getByRole('link', { name: 'Visita con la familia Gómez' }).click();
  await expect(page.getByRole('dialog', { name: 'Cita: Visita con la familia Gómez' }).getByLabel('Lugar')).toHaveValue(
    'Calle 10 # 43-12 Apto 301',
  );

  // The admin's private calendar URL carries the visit, for Google Calendar or Outlook.
  await page.goto('/archivo/agenda');
  await page.getByRole('button', { name: 'Mi calendario' }).click();
  const mio = page.getByRole('dialog', { name: 'Mi calendario' });
  // A retry finds the first attempt's address: a new one replaces it.
  await mio.getByRole('button', { name: /^Crear (la|una) dirección/ }).click();
  const url = (await mio.locator('code').textContent())!;
  expect(url).toMatch(/\/api\/agenda\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
  const ics = await (await page.request.get(url)).text();
  expect(ics).toContain('SUMMARY:Visita con la familia Gómez');
  expect(ics).toContain('LOCATION:Calle 10 # 43-12 Apto 301');
});

test('a lead schedules a cita from its Citas tab: linked, with its tercero, and listed there', async ({ page }) => {
  test.setTimeout(90_000);
  const login = await page.request.post('/api/usuarios/login', { data: { idEmpresa: 1, usuario: 'admin', clave: 'demo1234' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const documento = String(1_000_000_000 + (Date.now() % 100_000_000));
  const correo = `valentina.${documento}@example.com`;
  const t = await page.request.post('/api/terceros', {
    headers,
    data: {
      nro_id: documento,
      nombre1: 'Valentina',
      apellido1: 'Cárdenas',
      celular: '3001234567',
      email: correo,
    },
  });
  const idTercero = ((await t.json()) as { data: { tercero: { id: number } } }).data.tercero.id;
  const lead = await page.request.post('/api/clientes-atendidos', {
    headers,
    data: { id_tercero: idTercero, gestion: 'arriendo' },
  });
  const consecutivo = ((await lead.json()) as { data: { consecutivo: number } }).data.consecutivo;

  await ingresar(page, ADMIN, '/propiedades/clientes-atendidos');
  await aceptarAvisos(page);
  await page.goto(`/propiedades/clientes-atendidos?abrir=${consecutivo}`);
  const ficha = page.getByRole('dialog', { name: `Cliente atendido ${consecutivo} · Valentina Cárdenas` });
  await ficha.getByRole('tab', { name: 'Citas' }).click();
  await expect(ficha.getByText('Sin citas próximas')).toBeVisible();
  await ficha.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page).toHaveURL(/\/archivo\/agenda\?cliente=/);
  const form = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(form.getByText(`Cita de: Cliente atendido ${consecutivo}`)).toBeVisible();
  await expect(form.getByText('Valentina Cárdenas')).toBeVisible();
  await form.getByLabel('Título').fill('Recorrido con Valentina');
  await elegir(page, form.getByRole('combobox', { name: 'Asesores' }), 'Laura Marcela Ospina Rojas');
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page.getByText('Cita «Recorrido con Valentina» agendada')).toBeVisible();

  await page.goto(`/propiedades/clientes-atendidos?abrir=${consecutivo}`);
  await ficha.getByRole('tab', { name: 'Citas' }).click();
  await expect(ficha.getByRole('link', { name: 'Recorrido con Valentina' })).toBeVisible();

  // Sent to her by e-mail, with an .ics her calendar adds: it arrives at the SMTP server.
  await ficha.getByRole('link', { name: 'Recorrido con Valentina' }).click();
  await page.getByRole('button', { name: 'Enviar a los participantes' }).click();
  const envio = page.getByRole('dialog', { name: 'Enviar «Recorrido con Valentina» por correo' });
  await expect(envio.getByText(`Se envía a Valentina Cárdenas (${correo})`)).toBeVisible();
  await envio.getByLabel('Mensaje para los participantes').fill('La esperamos en la portería.');
  await envio.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Cita para Valentina Cárdenas en la bandeja de salida')).toBeVisible();
  await expect.poll(() => recibidosPara(correo).length, { timeout: 30_000 }).toBe(1);
  const mensaje = recibidosPara(correo)[0]!.data;
  expect(asuntoDelMensaje(mensaje)).toMatch(/^Cita: Recorrido con Valentina — /);
  expect(mensaje).toMatch(/filename="?cita\.ics/);
});

test('an asesor sees a cita assigned to them arrive live, and the notice opens it', async ({ page, request }) => {
  await ingresar(page, ASESOR, '/inicio');
  const campana = page.getByRole('button', { name: /Notificaciones/ });
  await expect(campana).toBeVisible();

  // Booked by the administrator from elsewhere (the API), while the asesor's screen stays open.
  const admin = await apiComo(request, ADMIN);
  const asesor = await apiComo(request, ASESOR);
  const idAsesor = (JSON.parse(Buffer.from(asesor.token.split('.')[1]!, 'base64url').toString()) as { idUsuario: number })
    .idUsuario;
  const titulo = `Avalúo en vivo ${Date.now().toString(36)}`;
  const inicio = new Date(Date.now() + 3 * 86_400_000);
  inicio.setUTCHours(15, 0, 0, 0); // 10:00 in Bogotá
  await admin.post('/citas', {
    titulo,
    inicio: inicio.toISOString(),
    fin: new Date(inicio.getTime() + 3_600_000).toISOString(),
    asesores: [idAsesor],
    // A weekend or a holiday three days out only asks to confirm.
    confirmar: true,
  });

  await expect(page.getByText(new RegExp(`le asignó «${titulo}»`)).first()).toBeVisible({ timeout: 15_000 });
  await campana.click();
  const cajon = page.getByRole('dialog', { name: /Notificaciones/ });
  await cajon.getByText(`Nueva cita: ${titulo}`).first().click();
  await expect(page).toHaveURL(/\/archivo\/agenda/);
  await expect(page.getByRole('dialog').getByLabel('Título')).toHaveValue(titulo, { timeout: 15_000 });
});

test('a weekly cita repeats on its days in the week and month views; one occurrence is changed alone', async ({ page }) => {
  test.setTimeout(120_000);
  await ingresar(page, ADMIN, '/archivo/agenda');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
  await aceptarAvisos(page);
  const titulo = `Comité e2e ${Date.now() % 100_000}`;
  await expect(page.getByRole('button', { name: 'Semana' })).toBeVisible({ timeout: 15_000 });

  // Tuesday of this week, 3:00 p. m.: an empty slot.
  const martes = page.getByRole('columnheader', { name: /^mar/ });
  const jueves = page.getByRole('columnheader', { name: /^jue/ });
  const tresPm = page.getByText('3:00 p. m.', { exact: true }).first();
  await tresPm.scrollIntoViewIfNeeded();
  await page.mouse.click((await centro(martes)).x, (await tresPm.boundingBox())!.y + 30);

  const form = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(form).toBeVisible();
  await form.getByLabel('Título').fill(titulo);
  await elegir(page, form.getByRole('combobox', { name: 'Asesores' }), 'Laura Marcela Ospina Rojas');
  // Cada semana: Tuesday (the cita's own day) is ticked already; Thursday too, four times.
  await elegir(page, form.getByRole('combobox', { name: 'Repetir' }), 'Cada semana');
  await expect(form.getByRole('checkbox', { name: 'Mar' })).toBeChecked();
  await form.getByRole('checkbox', { name: 'Jue' }).check();
  await form.getByLabel('Número de veces').fill('4');
  await expect(form.getByRole('status')).toContainText('Cada semana los martes y jueves, 4 veces: 4 citas');
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page.getByText(`Cita «${titulo}» agendada`)).toBeVisible();

  // This week: Tuesday and Thursday, each marked as a series.
  const eventos = page.getByRole('button', { name: new RegExp(`${titulo}(?!\\d)`) });
  await expect(eventos).toHaveCount(2);
  const enJueves = eventos.nth(1);
  expect(Math.abs((await centro(enJueves)).x - (await centro(jueves)).x)).toBeLessThan((await jueves.boundingBox())!.width / 2);
  await expect(eventos.first()).toHaveAccessibleName(/Se repite/);
  // Next week: two more.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(eventos).toHaveCount(2);
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(eventos).toHaveCount(2);

  // Thursday's alone: renamed, «Solo esta cita».
  await enJueves.click();
  const editar = page.getByRole('dialog', { name: `Cita: ${titulo}` });
  await expect(editar.getByText('Se repite: Cada semana los martes y jueves, 4 veces')).toBeVisible();
  await editar.getByLabel('Título').fill(`${titulo} con gerencia`);
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  const pregunta = page.getByRole('dialog', { name: '¿Cambiar solo esta cita o toda la serie?' });
  await pregunta.getByRole('button', { name: 'Solo esta cita' }).click();
  await expect(page.getByText(`Cita «${titulo} con gerencia» guardada`)).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`${titulo} con gerencia`) })).toHaveCount(1);
  await expect(eventos).toHaveCount(2);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${titulo}(?! con)(?!\\d)`) })).toHaveCount(2);

  // The month view shows the series too (next week's may fall in the next month).
  await page.getByRole('button', { name: 'Anterior' }).click();
  await page.getByRole('button', { name: 'Mes' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${titulo} con gerencia`) })).toHaveCount(1);
  expect(await eventos.count()).toBeGreaterThanOrEqual(2);
});
