import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

/** Picks an option of an antd select by its visible text. */
async function elegir(page: Page, combobox: Locator, opcion: string | RegExp) {
  await combobox.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(opcion).first().click();
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
  await form.getByLabel('Título').fill('Visita e2e Laureles');
  await elegir(page, form.getByRole('combobox', { name: 'Categoría' }), 'Visita');
  await elegir(page, form.getByRole('combobox', { name: 'Asesores' }), 'Laura Marcela Ospina Rojas');
  await form.getByLabel('Lugar').fill('Carrera 76 # 35-20, Laureles, Medellín');
  await form.getByRole('button', { name: 'Agendar cita' }).click();
  await expect(page.getByText('Cita «Visita e2e Laureles» agendada')).toBeVisible();

  // In the week view, in Tuesday's column.
  const evento = page.getByRole('button', { name: /Visita e2e Laureles/ });
  await expect(evento).toBeVisible();
  expect(Math.abs((await centro(evento)).x - x)).toBeLessThan((await martes.boundingBox())!.width / 2);

  // Dragged to Thursday, same hour. A drag begun while the calendar redraws after the save is lost:
  // it is tried again until the move is confirmed.
  const destinoX = (await centro(jueves)).x;
  const movida = page.getByText(/«Visita e2e Laureles» movida al/);
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

  // Done: realizada, with a result and the client's interest.
  await evento.click();
  const editar = page.getByRole('dialog', { name: 'Cita: Visita e2e Laureles' });
  await expect(editar).toBeVisible();
  await expect(editar.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', /google\.com\/maps/);
  await elegir(page, editar.getByRole('combobox', { name: 'Estado' }), 'Realizada');
  await elegir(page, editar.getByRole('combobox', { name: 'Resultado' }), 'Interesado');
  await editar.getByLabel('Comentario del resultado').fill('Le gustó; pregunta por el parqueadero.');
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Cita «Visita e2e Laureles» guardada')).toBeVisible();

  // The list view shows it, and reopening it shows the result kept.
  await page.getByRole('button', { name: 'Lista' }).click();
  await page.getByRole('button', { name: /Visita e2e Laureles/ }).click();
  const otraVez = page.getByRole('dialog', { name: 'Cita: Visita e2e Laureles' });
  await expect(otraVez.getByRole('combobox', { name: 'Estado' })).toBeVisible();
  await expect(otraVez.getByText('Realizada', { exact: true })).toBeVisible();
  await expect(otraVez.getByText('Interesado', { exact: true })).toBeVisible();
  await expect(otraVez.getByLabel('Comentario del resultado')).toHaveValue('Le gustó; pregunta por el parqueadero.');
});
