import { expect, test, type Page } from '@playwright/test';
import { ADMIN, elegir, ingresar } from './helpers.ts';

/** Company 1's data-protection notice may open at any moment on a slow machine: accept it whenever it shows. */
async function aceptarAviso(page: Page) {
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
}

test('a form built in Formularios shows on /sitio/1 and its submission becomes a solicitud listed with the form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const nombre = `Consigne su inmueble ${sufijo}`;
  const visitante = `Visitante Formulario ${sufijo}`;

  await ingresar(page, ADMIN, '/paginaweb/formularios');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nuevo formulario' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo formulario' });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('El campo Nombre es obligatorio')).toBeVisible();
  await dialogo.getByLabel('Nombre', { exact: true }).fill(nombre);
  await elegir(page, dialogo.getByRole('combobox', { name: 'Tipo de solicitud' }), 'Consignar un inmueble');
  // A fourth field: a required choice.
  await dialogo.getByRole('button', { name: 'Agregar campo' }).click();
  const campo = dialogo.getByRole('group', { name: 'Campo 4' });
  await campo.getByLabel('Etiqueta del campo').fill('Barrio');
  await elegir(page, campo.getByRole('combobox', { name: 'Tipo de campo' }), 'Lista de opciones');
  await campo.getByRole('checkbox', { name: 'Obligatorio' }).check();
  const opciones = campo.getByRole('combobox', { name: 'Opciones' });
  await opciones.fill('Laureles');
  await opciones.press('Enter');
  await opciones.fill('Envigado');
  await opciones.press('Enter');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText('Publicado');
  await expect(fila).toContainText('Consignar un inmueble');

  // The public site lists it; the visitor fills it in, forgets the consent first.
  const sitio = await page.context().newPage();
  await sitio.goto('/sitio/1');
  await sitio.getByRole('link', { name: nombre }).click();
  await expect(sitio.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
  await sitio.getByLabel('Nombre').fill(visitante);
  await sitio.getByLabel('Correo electrónico').fill(`visitante.${sufijo}@example.com`);
  await sitio.getByLabel('Barrio').selectOption('Laureles');
  await sitio.getByLabel('Mensaje').fill('Tengo una casa de tres pisos.');
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText('Debe autorizar el tratamiento de sus datos personales para enviar el formulario')).toBeVisible();
  await expect(sitio.getByLabel('Correo electrónico')).toHaveValue(`visitante.${sufijo}@example.com`);
  await sitio.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText(/Su número de solicitud es el \d+/)).toBeVisible();
  await sitio.close();

  // The back-office: the submission under the form, and the solicitud.
  // A loaded machine (two browsers, builds) took over 10 s to draw the list again.
  await page.reload();
  await expect(fila).toBeVisible({ timeout: 30_000 });
  await fila.getByRole('button', { name: `Envíos de «${nombre}»` }).click();
  const envios = page.getByRole('dialog', { name: `Envíos de «${nombre}»` });
  await expect(envios.getByRole('row').filter({ hasText: visitante })).toContainText('Laureles');
  await envios
    .getByRole('button', { name: 'Close' })
    .or(envios.getByRole('button', { name: 'Cerrar' }))
    .first()
    .click();

  await page.goto(`/propiedades/solicitudes?q=${encodeURIComponent(visitante)}`);
  const solicitud = page.getByRole('row').filter({ hasText: visitante });
  await expect(solicitud).toBeVisible({ timeout: 15_000 });
  await expect(solicitud).toContainText('Sitio web');
  await expect(solicitud).toContainText('Consignar');
});
