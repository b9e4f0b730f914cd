import { violacionesAxe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { asuntoDelMensaje, textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, cerrarAvisos, ingresar } from './helpers.ts';

// Issue 27 «Sending»: an e-mail written from a tercero's screen, with the ficha of a property it owns,
// read back from the suite's SMTP server and seen in the tercero's history with its state.

const shots = process.env.SHOTS_DIR;
// axe-core through the devtools protocol, as e2e/accesibilidad.spec.ts runs it (the CSP refuses an
// inline script), with the same rules: WCAG 2.1 A/AA without color-contrast (the theme's product decision).

const foto = async (page: Page, nombre: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${nombre}.png`, fullPage: true });
};

test('an e-mail to a tercero goes with a property’s ficha and stays in its history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sufijo = String(Date.now() % 1_000_000);
  const correo = `marta.${sufijo}@example.com`;
  const nombre = `Marta Duarte ${sufijo}`;
  const a = await apiComo(request, ADMIN);
  const t = await a.post<{ tercero: { id: number } }>('/terceros', {
    nro_id: `73${sufijo}`,
    nombre1: 'Marta',
    apellido1: `Duarte ${sufijo}`,
    email: correo,
  });
  const municipios = await a.get<{ items: { id: number }[] }>('/maestros/municipios?q=medellin&pageSize=1');
  const { consecutivo } = await a.post<{ consecutivo: number }>('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    canon: 2_300_000,
    direccion: `Calle 33 # 70-${sufijo.slice(-2)}`,
    id_municipio: municipios.items[0]!.id,
    habitaciones: 3,
    banos: 2,
    propietarios: [{ id_tercero: t.tercero.id, porcentaje: 100 }],
  });

  await ingresar(page, ADMIN, `/maestros/terceros?q=${encodeURIComponent(`Duarte ${sufijo}`)}`);
  await cerrarAvisos(page);
  await page.getByRole('link', { name: nombre }).click();
  const ficha = page.getByRole('dialog', { name: `Tercero: ${nombre}` });
  await ficha.getByRole('tab', { name: 'Correos y SMS' }).click();
  await expect(ficha.getByText('Aún no se le han enviado correos ni SMS')).toBeVisible();
  await ficha.getByRole('button', { name: 'Enviar correo' }).click();

  const d = page.getByRole('dialog', { name: `Enviar correo · ${nombre}` });
  // The tercero's address is already there; the subject and the body are required.
  await expect(d.getByText(correo)).toBeVisible();
  await d.getByRole('button', { name: 'Enviar' }).click();
  await expect(d.getByText('El campo Asunto es obligatorio')).toBeVisible();
  await expect(d.getByText('El campo Mensaje es obligatorio')).toBeVisible();

  const marca = `REF${sufijo}`;
  await d.getByLabel('Asunto').fill(`Su apartamento ${marca}`);
  const cuerpo = d.getByRole('textbox', { name: 'Mensaje' });
  await cuerpo.click();
  await page.keyboard.type('Hola {{ tercero.nombre }}, le enviamos la ficha de su inmueble.');
  // The preview fills the field with the tercero's name before anything is sent.
  await d.getByRole('button', { name: 'Vista previa' }).click();
  await expect(d.getByRole('region', { name: 'Vista previa' })).toContainText(
    `Hola ${nombre}, le enviamos la ficha de su inmueble.`,
  );
  await d.getByRole('checkbox', { name: new RegExp(`^Inmueble ${consecutivo} · Apartamento`) }).check();
  await foto(page, 'redactar-correo-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await foto(page, 'redactar-correo-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await d.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText(new RegExp(`^Correo para ${correo.replace(/\./g, '\\.')} con 1 adjunto`))).toBeVisible();
  await expect(d).toBeHidden();

  await expect
    .poll(() => recibidosPara(correo).filter((r) => asuntoDelMensaje(r.data) === `Su apartamento ${marca}`).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const m = recibidosPara(correo).find((r) => asuntoDelMensaje(r.data) === `Su apartamento ${marca}`)!;
  expect(textoDelMensaje(m.data)).toContain(`Hola ${nombre}, le enviamos la ficha de su inmueble.`);
  expect(m.data).toMatch(new RegExp(`filename="?ficha-inmueble-${consecutivo}\\.pdf`));

  // The history says it left (it is asked again while a message waits).
  const fila = ficha.getByRole('listitem').filter({ hasText: `Su apartamento ${marca}` });
  await expect(fila).toBeVisible();
  await expect(fila.getByText('Enviado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(fila).toContainText(`para ${correo}`);
  expect(await violacionesAxe(page)).toEqual([]);
  await foto(page, 'redactar-historial-1440');

  // Informes › Correos enviados lists it too, sent, to the tercero's address.
  await page.goto(`/informes/emails-enviados?para=${encodeURIComponent(correo)}`);
  const enviado = page.getByRole('row', { name: new RegExp(`Su apartamento ${marca}`) });
  // The report's first load waits on a busy machine: more than the default 10 s.
  await expect(enviado).toContainText('Enviado', { timeout: 30_000 });
  await expect(enviado).toContainText(correo);
});

test('from a property, the dialog offers its owner and its ficha checked, and passes axe', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sufijo = String(Date.now() % 1_000_000);
  const correo = `jorge.${sufijo}@example.com`;
  const a = await apiComo(request, ADMIN);
  const t = await a.post<{ tercero: { id: number } }>('/terceros', {
    nro_id: `74${sufijo}`,
    nombre1: 'Jorge',
    apellido1: `Salazar ${sufijo}`,
    email: correo,
  });
  const municipios = await a.get<{ items: { id: number }[] }>('/maestros/municipios?q=medellin&pageSize=1');
  const { consecutivo } = await a.post<{ consecutivo: number }>('/inmuebles', {
    tipo: 'local',
    gestion: 'arriendo',
    canon: 5_000_000,
    direccion: `Carrera 43A # 10-${sufijo.slice(-2)}`,
    id_municipio: municipios.items[0]!.id,
    propietarios: [{ id_tercero: t.tercero.id, porcentaje: 100 }],
  });

  await ingresar(page, ADMIN, `/propiedades/inmueble/${consecutivo}`);
  await cerrarAvisos(page);
  await page.getByRole('tab', { name: 'Correos' }).click();
  await page.getByRole('button', { name: 'Enviar correo' }).click();
  const d = page.getByRole('dialog', { name: new RegExp(`^Enviar correo · Inmueble ${consecutivo} · Local`) });
  await expect(d.getByText(correo)).toBeVisible();
  await expect(d.getByRole('checkbox', { name: new RegExp(`^Inmueble ${consecutivo} · Local`) })).toBeChecked();
  expect(await violacionesAxe(page)).toEqual([]);
  await foto(page, 'redactar-inmueble-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await violacionesAxe(page)).toEqual([]);
  await foto(page, 'redactar-inmueble-390');
});
