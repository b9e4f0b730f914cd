import { mkdirSync } from 'node:fs';
import { expect as esperar, test, type APIRequestContext, type Page } from '@playwright/test';
import { textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, cerrarAvisos, elegir as elegirOpcion, ingresar, selectDe } from './helpers.ts';
import { violacionesAxe } from './axe.ts';
import { png } from './imagenes.ts';

/*
 * Zona clientes (issue 31) end to end: staff invite a tenant, the tenant sets a password on a phone
 * (390×844), accepts the data policy, sees the property they rent and reports a leak with a photo; staff
 * change its estado; the tenant sees the step.
 */

// Three lazily loaded screens and a phone context on a machine others share: generous waits.
const expect = esperar.configure({ timeout: 20_000 });
const sufijo = Date.now() % 1e6;
const EMAIL = `tomas.${sufijo}@example.com`;
const NOMBRE = `Tomás Inquilino ${sufijo}`;
const DIRECCION = `Calle 33 # 70-${sufijo % 100} Apto 301`;
const SHOTS = process.env.SHOTS_DIR;

async function foto(page: Page, nombre: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}.png`, fullPage: true });
}

async function axe(page: Page): Promise<string[]> {
  // A dropdown still closing would be checked with its list: the screen is checked once it has closed.
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  return violacionesAxe(page);
}

async function activarPortal(a: Awaited<ReturnType<typeof apiComo>>): Promise<void> {
  await a.call('PUT', '/zona-clientes/config', {
    activo: true,
    titulo: 'Zona clientes',
    bienvenida: 'Consulte sus inmuebles y reporte daños.',
    politica: 'Inmobiliaria Demo S.A.S. trata sus datos personales para administrar sus contratos (Ley 1581 de 2012).',
  });
}

async function preparar(request: APIRequestContext): Promise<{ consecutivo: number }> {
  const a = await apiComo(request, ADMIN);
  await activarPortal(a);
  await a.post('/terceros', { nro_id: `71${sufijo}`, nombre1: 'Tomás', apellido1: `Inquilino ${sufijo}` });
  const municipios = await a.get<{ items: { id: number }[] }>('/maestros/municipios?q=medellin&pageSize=1');
  const inm = await a.post<{ consecutivo: number }>('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: DIRECCION,
    id_municipio: municipios.items[0]!.id,
    canon: 1_900_000,
  });
  return { consecutivo: inm.consecutivo };
}

/** Waits for an e-mail to `para` carrying a link that matches, and answers the link. */
async function enlaceRecibido(para: string, patron: RegExp): Promise<string> {
  let enlace: string | undefined;
  await expect
    .poll(
      () => {
        enlace = recibidosPara(para)
          .map((m) => patron.exec(textoDelMensaje(m.data))?.[0])
          .filter(Boolean)
          .at(-1);
        return Boolean(enlace);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return enlace!;
}

/**
 * Types in a remote select and picks the option, then checks the select shows it: a pick that lands
 * while the dropdown moves can close it without choosing, so it is tried again.
 */
async function elegir(page: Page, etiqueta: string, escribir: string, opcion: string | RegExp) {
  const combo = page.getByLabel(etiqueta);
  const select = selectDe(combo);
  await expect(async () => {
    await combo.click();
    await combo.fill(escribir);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: opcion })
      .first()
      .click({ timeout: 10_000 });
    await expect(select).toContainText(opcion, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
}

test('staff invite a tenant, who reports a leak with a photo on a phone and follows it', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const { consecutivo } = await preparar(request);

  // Staff invite the tenant from Configurar zona clientes, naming the property they rent.
  await ingresar(page, ADMIN, '/zonaclientes/configurarzonaclientes');
  await expect(page.getByLabel('Zona clientes activa')).toBeChecked();
  await foto(page, 'configurar-1440');
  // Under load the company's data notice can open after ingresar stopped waiting for it.
  await cerrarAvisos(page);
  await page.getByRole('button', { name: 'Invitar cliente' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Invitar cliente' });
  await elegir(page, 'Tercero', `Inquilino ${sufijo}`, NOMBRE);
  await dialogo.getByLabel('Correo').fill(EMAIL);
  await elegir(page, 'Arrendatario del inmueble', String(consecutivo), DIRECCION);
  await dialogo.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Invitación enviada a ${EMAIL}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: EMAIL })).toBeVisible();

  // An announcement for tenants (Información zona clientes), written with the rich-text editor.
  const ANUNCIO = `Corte de agua ${sufijo}`;
  await page.goto('/zonaclientes/informacionzonaclientes');
  await cerrarAvisos(page);
  await page.getByRole('button', { name: 'Nuevo anuncio' }).click();
  const anuncio = page.getByRole('dialog', { name: 'Nuevo anuncio' });
  await anuncio.getByLabel('Título').fill(ANUNCIO);
  await elegirOpcion(page, anuncio.getByLabel('Para'), 'Arrendatarios');
  const contenido = anuncio.getByRole('textbox', { name: 'Contenido del anuncio' });
  await contenido.click();
  await page.keyboard.press('Control+b');
  await page.keyboard.type('El martes');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' no habrá agua de 8 a 12.');
  await anuncio.getByLabel('Publicado').click();
  await foto(page, 'anuncio-1440');
  await anuncio.getByRole('button', { name: 'Guardar' }).click();
  await esperar(anuncio).toBeHidden();
  await esperar(page.getByRole('row', { name: new RegExp(ANUNCIO) }).getByText('En el portal')).toBeVisible();

  // The link arrives by e-mail (the suite's SMTP sink).
  await expect.poll(() => recibidosPara(EMAIL).length, { timeout: 30_000 }).toBe(1);
  const texto = textoDelMensaje(recibidosPara(EMAIL)[0]!.data);
  const enlace = /https?:\/\/\S+\/zona-clientes\/1\/activar#t=[A-Za-z0-9_-]+/.exec(texto)?.[0];
  expect(enlace, texto).toBeTruthy();
  const ruta = enlace!.replace(/^https?:\/\/[^/]+/, '');

  // The tenant, on a phone, sets a password.
  const movil = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const cel = await movil.newPage();
  await cel.goto(ruta);
  await expect(cel.getByRole('heading', { name: 'Cree su contraseña' })).toBeVisible();
  await expect(cel.getByText('Inmobiliaria Demo')).toBeVisible();
  const hallazgos = (await axe(cel)).map((h) => `activar: ${h}`);
  await foto(cel, 'portal-activar-390');
  await cel.getByLabel('Contraseña', { exact: true }).fill('Mi-clave-del-portal-1');
  await cel.getByLabel('Repita la contraseña').fill('Mi-clave-del-portal-1');
  await cel.getByRole('button', { name: 'Crear contraseña' }).click();

  // Ley 1581: the policy first, then the portal.
  await expect(cel.getByRole('region', { name: 'Política de tratamiento de datos' })).toContainText('Ley 1581');
  hallazgos.push(...(await axe(cel)).map((h) => `política: ${h}`));
  await foto(cel, 'portal-politica-390');
  await cel.getByText('Autorizo el tratamiento de mis datos personales').click();
  await cel.getByRole('button', { name: 'Aceptar y continuar' }).click();
  await expect(cel.getByText(DIRECCION)).toBeVisible();
  await expect(cel.getByText(/Arrendatario · N\.º/)).toBeVisible();
  // The announcement for tenants, with its bold words.
  await expect(cel.getByRole('heading', { name: ANUNCIO })).toBeVisible();
  await expect(cel.locator('.portal-anuncio strong')).toHaveText('El martes');

  // Reports a leak with a photo.
  await cel.getByRole('button', { name: 'Reportar un problema' }).click();
  await elegirOpcion(cel, cel.getByLabel('Categoría'), 'Plomería');
  await cel.getByLabel('Descripción').fill('Hay una fuga de agua debajo del lavaplatos de la cocina.');
  await cel.getByText('Alta', { exact: true }).click();
  await cel.getByText('Autorizo el ingreso al inmueble').click();
  await cel.getByLabel('Foto (opcional)').setInputFiles({ name: 'fuga.png', mimeType: 'image/png', buffer: png(64, 48) });
  hallazgos.push(...(await axe(cel)).map((h) => `reportar: ${h}`));
  await foto(cel, 'portal-reportar-390');
  await cel.getByRole('button', { name: 'Enviar solicitud' }).click();
  const enviada = cel.getByText(/Solicitud N\.º \d+ enviada/);
  await expect(enviada).toBeVisible();
  const numero = Number(/N\.º (\d+)/.exec((await enviada.textContent()) ?? '')![1]);
  await expect(cel.getByText(`N.º ${numero} · Plomería`)).toBeVisible();

  // Staff see it, with its photo, and put it in execution with a note for the client.
  await page.goto(`/zonaclientes/solicitudesmantenimiento?estado=recibida`);
  await expect(page.getByRole('link', { name: String(numero), exact: true })).toBeVisible();
  await foto(page, 'mantenimiento-1440');
  await page.getByRole('link', { name: String(numero), exact: true }).click();
  const cajon = page.getByRole('dialog', { name: `Solicitud de mantenimiento ${numero}` });
  await expect(cajon.getByText('Hay una fuga de agua')).toBeVisible();
  await cajon.getByRole('tab', { name: 'Fotos' }).click();
  await expect(cajon.getByText('fuga.png')).toBeVisible();
  await cajon.getByRole('tab', { name: 'Datos' }).click();
  await elegirOpcion(page, cajon.getByLabel('Nuevo estado'), 'En ejecución');
  await cajon.getByLabel('Nota para el cliente').fill('El plomero irá el martes en la mañana.');
  await cajon.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByText('Estado cambiado')).toBeVisible();
  // The repair's cost, paid by the tenant this time.
  await cajon.getByLabel('Costo', { exact: true }).fill('120000');
  await elegirOpcion(page, cajon.getByLabel('Quién paga'), 'El arrendatario');
  await cajon.getByRole('button', { name: 'Guardar costo' }).click();
  await expect(page.getByText('Costo guardado')).toBeVisible();
  await foto(page, 'mantenimiento-detalle-1440');

  // The tenant gets the step by e-mail too (Configurar: «Avisar al cliente por correo»).
  await expect
    .poll(() => recibidosPara(EMAIL).some((m) => textoDelMensaje(m.data).includes('El plomero irá el martes')), {
      timeout: 30_000,
    })
    .toBe(true);

  // The tenant sees the step.
  await cel.reload();
  await cel.getByText(`N.º ${numero} · Plomería`).click();
  await expect(cel.getByText('En ejecución: El plomero irá el martes en la mañana.')).toBeVisible();
  await expect(cel.getByText(/El arrendatario · \$\s?120\.000/)).toBeVisible();
  await expect(cel.getByRole('img', { name: 'Foto fuga.png' })).toBeVisible();
  hallazgos.push(...(await axe(cel)).map((h) => `inicio: ${h}`));
  await foto(cel, 'portal-inicio-390');

  // A portal token opens nothing of the staff's.
  const token = await cel.evaluate(() => localStorage.getItem('predio-zona-clientes-1'));
  const r = await request.get('/api/solicitudes-mantenimiento', { headers: { authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(401);

  // Logged out, the login page under the company's name.
  await cel.getByRole('button', { name: 'Salir' }).click();
  await expect(cel.getByRole('heading', { name: 'Ingresar' })).toBeVisible();
  hallazgos.push(...(await axe(cel)).map((h) => `ingresar: ${h}`));
  await foto(cel, 'portal-ingresar-390');
  await cel.getByLabel('Correo').fill(EMAIL);
  await cel.getByLabel('Contraseña').fill('Mi-clave-del-portal-1');
  await cel.getByRole('button', { name: 'Ingresar' }).click();
  await expect(cel.getByText(DIRECCION)).toBeVisible();

  // Forgotten: a new password from a link by e-mail.
  await cel.getByRole('button', { name: 'Salir' }).click();
  await cel.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(cel.getByRole('heading', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  hallazgos.push(...(await axe(cel)).map((h) => `recuperar: ${h}`));
  await foto(cel, 'portal-recuperar-390');
  await cel.getByLabel('Correo').fill(EMAIL);
  await cel.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(cel.getByText('Revise su correo', { exact: true })).toBeVisible();
  const enlace2 = await enlaceRecibido(EMAIL, /https?:\/\/\S+\/zona-clientes\/1\/activar\?nueva=1#t=[A-Za-z0-9_-]+/);
  await cel.goto(enlace2!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(cel.getByRole('heading', { name: 'Cree una contraseña nueva' })).toBeVisible();
  await cel.getByLabel('Contraseña', { exact: true }).fill('Otra-clave-del-portal-2');
  await cel.getByLabel('Repita la contraseña').fill('Otra-clave-del-portal-2');
  await cel.getByRole('button', { name: 'Guardar contraseña nueva' }).click();
  await expect(cel.getByText(DIRECCION)).toBeVisible();

  // Without the password: a login link by e-mail, good once.
  await cel.getByRole('button', { name: 'Salir' }).click();
  await cel.getByRole('link', { name: 'Ingresar con un enlace a mi correo' }).click();
  await expect(cel.getByRole('heading', { name: 'Ingresar con un enlace' })).toBeVisible();
  hallazgos.push(...(await axe(cel)).map((h) => `enlace: ${h}`));
  await foto(cel, 'portal-enlace-390');
  await cel.getByLabel('Correo').fill(EMAIL);
  await cel.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(cel.getByText('Revise su correo', { exact: true })).toBeVisible();
  const enlace3 = await enlaceRecibido(EMAIL, /https?:\/\/\S+\/zona-clientes\/1\/entrar#t=[A-Za-z0-9_-]+/);
  await cel.goto(enlace3.replace(/^https?:\/\/[^/]+/, ''));
  await expect(cel.getByText(DIRECCION)).toBeVisible();
  await cel.getByRole('button', { name: 'Salir' }).click();
  await cel.goto(enlace3.replace(/^https?:\/\/[^/]+/, ''));
  await expect(cel.getByText('No pudimos abrir su sesión')).toBeVisible();
  await expect(cel.getByText(/ya se usó o venció/)).toBeVisible();
  hallazgos.push(...(await axe(cel)).map((h) => `entrar: ${h}`));
  await foto(cel, 'portal-entrar-usado-390');
  expect(hallazgos).toEqual([]);
  await movil.close();
});

test('a tercero is invited from its own form, with its name and e-mail already there', async ({ page, request }) => {
  const a = await apiComo(request, ADMIN);
  await activarPortal(a);
  const correo = `lucia.${sufijo}@example.com`;
  const nombre = `Lucía Propietaria ${sufijo}`;
  await a.post('/terceros', { nro_id: `72${sufijo}`, nombre1: 'Lucía', apellido1: `Propietaria ${sufijo}`, email: correo });

  await ingresar(page, ADMIN, `/maestros/terceros?q=${encodeURIComponent(`Propietaria ${sufijo}`)}`);
  await cerrarAvisos(page);
  await page.getByRole('link', { name: nombre }).click();
  const ficha = page.getByRole('dialog', { name: `Tercero: ${nombre}` });
  await ficha.getByRole('button', { name: 'Invitar a la zona clientes' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Invitar cliente' });
  await expect(dialogo.getByLabel('Correo')).toHaveValue(correo);
  await expect(selectDe(dialogo.getByLabel('Tercero'))).toContainText(nombre);
  await foto(page, 'invitar-desde-tercero-1440');
  await dialogo.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Invitación enviada a ${correo}`)).toBeVisible();
  await expect(dialogo).toBeHidden();
  // The tercero's form is still there, unchanged.
  await expect(ficha).toBeVisible();
  await expect.poll(() => recibidosPara(correo).length, { timeout: 30_000 }).toBe(1);
  expect(textoDelMensaje(recibidosPara(correo)[0]!.data)).toMatch(/\/zona-clientes\/1\/activar#t=/);

  // Staff turn her access off from Configurar zona clientes, after confirming, and on again.
  await page.goto('/zonaclientes/configurarzonaclientes');
  await cerrarAvisos(page);
  const fila = page.getByRole('row').filter({ hasText: correo });
  await fila.getByRole('button', { name: `Desactivar ${nombre}` }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: `¿Desactivar el acceso de ${nombre}?` });
  await confirmar.getByRole('button', { name: 'Desactivar' }).click();
  await expect(fila.getByText('Inactivo')).toBeVisible();
  await fila.getByRole('button', { name: `Activar ${nombre}` }).click();
  await expect(fila.getByText('Invitado')).toBeVisible();
});
