import { mkdirSync } from 'node:fs';
import { expect as esperar, test, type Page } from '@playwright/test';
import { textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, cerrarAvisos, ingresar } from './helpers.ts';
import { violacionesAxe } from './axe.ts';

/*
 * Zona clientes (issue 31), habeas data (Ley 1581 de 2012): a client, on a phone, asks to correct their
 * data; staff see it with its legal deadline and answer; the client reads the answer in the portal and
 * gets it by e-mail.
 */

const expect = esperar.configure({ timeout: 20_000 });
const sufijo = Date.now() % 1e6;
const EMAIL = `rosa.hd.${sufijo}@example.com`;
const NOMBRE = `Rosa Datos ${sufijo}`;
const CLAVE = 'Mi-clave-del-portal-1';
const SHOTS = process.env.SHOTS_DIR;

async function foto(page: Page, nombre: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}.png`, fullPage: true });
}

test('a client asks to correct their data on a phone; staff answer within the deadline; the client reads it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const a = await apiComo(request, ADMIN);
  await a.call('PUT', '/zona-clientes/config', {
    activo: true,
    titulo: 'Zona clientes',
    bienvenida: '',
    politica: 'Inmobiliaria Demo S.A.S. trata sus datos personales para administrar sus contratos (Ley 1581 de 2012).',
  });
  const t = await a.post<{ tercero: { id: number } }>('/terceros', {
    nro_id: `76${sufijo}`,
    nombre1: 'Rosa',
    apellido1: `Datos ${sufijo}`,
  });
  await a.post('/zona-clientes/invitaciones', { id_tercero: t.tercero.id, email: EMAIL });
  await expect.poll(() => recibidosPara(EMAIL).length, { timeout: 30_000 }).toBe(1);
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(textoDelMensaje(recibidosPara(EMAIL)[0]!.data))![1]!;
  expect((await request.post('/api/portal/1/activar', { data: { token: secreto, clave: CLAVE } })).status()).toBe(200);

  // The client, on a phone, accepts the policy and asks to correct their data.
  const movil = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const cel = await movil.newPage();
  await cel.goto('/zona-clientes/1');
  await cel.getByLabel('Correo').fill(EMAIL);
  await cel.getByLabel('Contraseña').fill(CLAVE);
  await cel.getByRole('button', { name: 'Ingresar' }).click();
  await expect(cel.getByRole('heading', { name: 'Tratamiento de sus datos personales' })).toBeVisible();
  await cel.getByText('Autorizo el tratamiento de mis datos personales').click();
  await cel.getByRole('button', { name: 'Aceptar y continuar' }).click();
  await expect(cel.getByRole('heading', { name: 'Mis datos personales' })).toBeVisible();
  await cel.getByRole('button', { name: 'Hacer una solicitud sobre mis datos' }).click();
  await cel.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(cel.getByText('Elija qué quiere hacer')).toBeVisible();
  await cel.getByText('Actualizar o corregir mis datos').click();
  await cel.getByLabel('Detalle de su solicitud').fill(`Mi celular cambió: el nuevo es 300 555 ${sufijo}`);
  const hallazgos = (await violacionesAxe(cel)).map((h) => `pedir: ${h}`);
  await foto(cel, 'zona-habeas-pedir-390');
  await cel.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(cel.getByText(/Solicitud enviada: le responderemos a más tardar el/)).toBeVisible();
  const tramite = cel.getByRole('article', { name: /Actualizar o corregir mis datos/ });
  await expect(tramite.getByText('En trámite')).toBeVisible();
  await expect(tramite.getByText(/respuesta a más tardar el/)).toBeVisible();

  // Staff see it with its deadline (15 business days: a reclamo) and answer it.
  await ingresar(page, ADMIN, '/zonaclientes/configurarzonaclientes');
  await cerrarAvisos(page);
  const fila = page.getByRole('row', { name: new RegExp(NOMBRE) }).filter({ hasText: 'Actualizar o corregir mis datos' });
  await expect(fila.getByText(/faltan \d+ días/)).toBeVisible();
  await fila.getByRole('button', { name: `Responder la solicitud de ${NOMBRE}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Actualizar o corregir mis datos: ${NOMBRE}` });
  await expect(dialogo.getByText(`300 555 ${sufijo}`)).toBeVisible();
  await dialogo.getByLabel('Respuesta').fill('Actualizamos su celular en nuestros registros. Gracias por avisarnos.');
  await foto(page, 'zona-habeas-staff-1440');
  await dialogo.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText(`Respuesta enviada a ${EMAIL}`)).toBeVisible();
  await expect(fila.getByRole('button', { name: 'Respondida' })).toBeVisible();

  // The client reads it in the portal and gets it by e-mail.
  await cel.reload();
  const respondida = cel.getByRole('article', { name: /Actualizar o corregir mis datos/ });
  await expect(respondida.getByText('Respondida')).toBeVisible();
  await expect(respondida.getByText('Actualizamos su celular en nuestros registros.', { exact: false })).toBeVisible();
  hallazgos.push(...(await violacionesAxe(cel)).map((h) => `respondida: ${h}`));
  await foto(cel, 'zona-habeas-respuesta-390');
  await expect.poll(() => recibidosPara(EMAIL).length, { timeout: 30_000 }).toBe(2);
  expect(textoDelMensaje(recibidosPara(EMAIL)[1]!.data)).toContain('Actualizamos su celular');
  // The same portal on a desktop screen.
  await page.goto('/zona-clientes/1');
  await page.getByLabel('Correo').fill(EMAIL);
  await page.getByLabel('Contraseña').fill(CLAVE);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('article', { name: /Actualizar o corregir mis datos/ }).getByText('Respondida')).toBeVisible();
  hallazgos.push(...(await violacionesAxe(page)).map((h) => `escritorio: ${h}`));
  await foto(page, 'zona-habeas-portal-1440');
  expect(hallazgos).toEqual([]);
  await movil.close();
});
