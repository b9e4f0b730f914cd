import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

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

test('a form that creates clientes atendidos: a known visitor becomes a lead linked from its envío', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const nombre = `Busco para comprar ${sufijo}`;
  const correo = `cliente.${sufijo}@example.com`;
  const api = await apiComo(request, { empresa: 1, usuario: ADMIN.usuario, clave: ADMIN.clave });
  await api.post('/api/terceros', {
    nro_id: `91${Date.now() % 1e8}`,
    nombre1: 'Clara',
    apellido1: `Web ${sufijo}`,
    email: correo,
  });

  await ingresar(page, ADMIN, '/paginaweb/formularios');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nuevo formulario' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo formulario' });
  await dialogo.getByLabel('Nombre', { exact: true }).fill(nombre);
  await elegir(page, dialogo.getByRole('combobox', { name: 'Cada envío crea' }), 'Un cliente atendido');
  await elegir(page, dialogo.getByRole('combobox', { name: 'Busca' }), 'Comprar');
  await expect(dialogo.getByText('Si ningún tercero tiene el correo o el teléfono del visitante')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText('Clientes atendidos (comprar)');

  const sitio = await page.context().newPage();
  await sitio.goto('/sitio/1');
  await sitio.getByRole('link', { name: nombre }).click();
  await sitio.getByLabel('Nombre').fill(`Clara ${sufijo}`);
  await sitio.getByLabel('Correo electrónico').fill(correo.toUpperCase());
  await sitio.getByLabel('Mensaje').fill('Apartamento de dos alcobas.');
  await sitio.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByRole('heading', { name: '¡Gracias!' })).toBeVisible();
  await sitio.close();

  await page.reload();
  await expect(fila).toBeVisible({ timeout: 30_000 });
  await fila.getByRole('button', { name: `Envíos de «${nombre}»` }).click();
  const envios = page.getByRole('dialog', { name: `Envíos de «${nombre}»` });
  const envio = envios.getByRole('row').filter({ hasText: `Clara ${sufijo}` });
  await expect(envio).toContainText(`Se reconoció al tercero Clara Web ${sufijo} por su correo electrónico.`);
  await envio.getByRole('link', { name: /Cliente atendido N\.º \d+/ }).click();
  await expect(page).toHaveURL(/\/propiedades\/clientes-atendidos\?abrir=\d+/);
  await expect(page.getByRole('dialog', { name: new RegExp(`Cliente atendido \\d+ · Clara Web ${sufijo}`) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(envios).toBeHidden();
});

test('a form with a file field: the visitor attaches a PDF on the site and staff open it from the envío', async ({ page }) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const nombre = `Envíe su certificado ${sufijo}`;
  const visitante = `Visitante Archivo ${sufijo}`;
  // Enough of a PDF for its bytes to say so.
  const pdf = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');

  await ingresar(page, ADMIN, '/paginaweb/formularios');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nuevo formulario' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo formulario' });
  await dialogo.getByLabel('Nombre', { exact: true }).fill(nombre);
  await dialogo.getByRole('button', { name: 'Agregar campo' }).click();
  const campo = dialogo.getByRole('group', { name: 'Campo 4' });
  await campo.getByLabel('Etiqueta del campo').fill('Certificado');
  await elegir(page, campo.getByRole('combobox', { name: 'Tipo de campo' }), 'Archivo (PDF, JPG o PNG)');
  await expect(campo.getByText('El visitante adjunta un PDF, JPG o PNG de máximo 5 MB')).toBeVisible();
  await campo.getByRole('checkbox', { name: 'Obligatorio' }).check();
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();

  const sitio = await page.context().newPage();
  await sitio.goto('/sitio/1');
  await sitio.getByRole('link', { name: nombre }).click();
  await sitio.getByLabel('Nombre').fill(visitante);
  await sitio.getByLabel('Correo electrónico').fill(`archivo.${sufijo}@example.com`);
  await sitio.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  // A text renamed .pdf comes back beside the field, with what was typed kept.
  await sitio
    .getByRole('button', { name: 'Certificado', exact: true })
    .setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: Buffer.from('solo texto') });
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText(/El campo Certificado: «certificado\.pdf» no es un PDF, JPG ni PNG/)).toBeVisible();
  await expect(sitio.getByLabel('Correo electrónico')).toHaveValue(`archivo.${sufijo}@example.com`);
  await sitio
    .getByRole('button', { name: 'Certificado', exact: true })
    .setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: pdf });
  await sitio.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }).check();
  await sitio.getByRole('button', { name: 'Enviar' }).click();
  await expect(sitio.getByText(/Su número de solicitud es el \d+/)).toBeVisible();
  await sitio.close();

  await page.reload();
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toBeVisible({ timeout: 30_000 });
  await fila.getByRole('button', { name: `Envíos de «${nombre}»` }).click();
  const envios = page.getByRole('dialog', { name: `Envíos de «${nombre}»` });
  const enlace = envios.getByRole('link', { name: `Archivo de ${visitante}: certificado.pdf` });
  await expect(enlace).toBeVisible();
  const leido = await page.request.get((await enlace.getAttribute('href'))!);
  expect(leido.status()).toBe(200);
  expect(Buffer.compare(await leido.body(), pdf)).toBe(0);
});
