import { violacionesAxe } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { asuntoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, elegir, ingresar } from './helpers.ts';

// Correos y SMS (issue 27): the «Nueva cita asignada» template edited with a merge field, previewed,
// sent as a test through the outbox to the suite's real SMTP server, and read back from it.

const CORREO_ADMIN = 'carlos.restrepo@inmobiliariademo.com.co';
const shots = process.env.SHOTS_DIR;
const cajon = (page: Page) => page.getByRole('dialog', { name: /plantilla de mensaje/ });

test('the «Nueva cita asignada» template is edited with a field, previewed and sent as a test', async ({ page }) => {
  test.setTimeout(90_000);
  await ingresar(page, ADMIN, '/emails/configurar-mensajes');
  const fila = page.getByRole('row', { name: /Nueva cita asignada/ });
  // «Propia» when a first attempt of this test already saved it (a retry starts from there).
  await expect(fila.getByText(/^(Predeterminada|Propia)$/)).toBeVisible();
  await fila.getByRole('button', { name: 'Editar Nueva cita asignada' }).click();
  const c = cajon(page);
  const marca = `REF${Date.now() % 1_000_000}`;
  await c.getByLabel('Asunto').fill(`Agenda ${marca}: {{ notificacion.titulo }}`);

  const cuerpo = c.getByRole('textbox', { name: 'Cuerpo del correo' });
  await cuerpo.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Destinatario: ');
  await c.getByRole('button', { name: 'Insertar campo Destinatario: Nombre' }).click();
  // The chip follows the text typed before it (the chip reads «Destinatario: Nombre»).
  await expect(cuerpo).toContainText('Destinatario: Destinatario: Nombre');

  // The SMS counter follows the text: an «í» turns it into UCS-2.
  const sms = c.getByLabel('Texto del SMS');
  await sms.fill('{{ empresa.nombre }}: cita nueva');
  await expect(c.getByText(/^GSM-7 · /)).toBeVisible();
  await sms.fill('{{ empresa.nombre }}: cita asignada, revísela');
  await expect(c.getByText(/^UCS-2 · .*fuera de GSM-7: í/)).toBeVisible();

  // A field that does not exist is named, nothing is saved.
  await c.getByLabel('Asunto').fill('Hola {{ destinatario.apodo }}');
  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(c.getByRole('alert')).toContainText('Asunto: el campo «destinatario.apodo» no existe.');
  await c.getByLabel('Asunto').fill(`Agenda ${marca}: {{ notificacion.titulo }}`);

  await c.getByRole('button', { name: 'Vista previa' }).click();
  const previa = c.getByRole('region', { name: 'Vista previa' });
  await expect(previa).toContainText(`Agenda ${marca}: Nueva cita asignada: visita al apartamento 501`);
  await expect(previa).toContainText('Destinatario: Carlos Restrepo');
  if (shots) await page.screenshot({ path: `${shots}/configurar-mensajes-editor-1440.png`, fullPage: true });

  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plantilla «Nueva cita asignada» guardada')).toBeVisible();

  await c.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(page.getByText(`Prueba enviada a ${CORREO_ADMIN}`)).toBeVisible();
  await expect
    .poll(() => recibidosPara(CORREO_ADMIN).filter((r) => asuntoDelMensaje(r.data).includes(marca)).length, { timeout: 30_000 })
    .toBe(1);
  const m = recibidosPara(CORREO_ADMIN).find((r) => asuntoDelMensaje(r.data).includes(marca))!;
  expect(asuntoDelMensaje(m.data)).toBe(`[Prueba] Agenda ${marca}: Nueva cita asignada: visita al apartamento 501`);
  // The HTML part, quoted-printable undone and the field's span dropped, reads as the preview did.
  const html = m.data
    .replace(/=\r\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/<[^>]+>/g, '');
  expect(html).toContain('Destinatario: Carlos Restrepo');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Nueva cita asignada/ }).getByText('Propia')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/configurar-mensajes-1440.png`, fullPage: true });

  // The SMS provider: a generic gateway; its credential is kept and never shown again.
  const proveedorSms = page.getByRole('form', { name: 'Proveedor de SMS' });
  await elegir(page, proveedorSms.getByRole('combobox', { name: 'Proveedor' }), 'HTTP genérico');
  await proveedorSms.getByLabel('Dirección (POST)').fill('https://sms.example.co/enviar');
  await proveedorSms.getByLabel('Cabecera de la credencial').fill('X-Api-Key');
  await proveedorSms.getByLabel('Credencial', { exact: true }).fill('clave-secreta-e2e');
  await proveedorSms.getByRole('button', { name: 'Guardar SMS' }).click();
  await expect(page.getByText('Proveedor de SMS guardado')).toBeVisible();
  await expect(proveedorSms.getByText('Guardada. Déjela vacía para conservarla.')).toBeVisible();
  await expect(proveedorSms.getByLabel('Credencial', { exact: true })).toHaveValue('');
  await page.reload();
  // After a reload the whole page loads again: on a loaded machine that took over ten seconds.
  await expect(page.getByRole('form', { name: 'Proveedor de SMS' }).getByText('Activo', { exact: true }).first()).toBeVisible({
    timeout: 25_000,
  });

  // Informes › Correos enviados: the test is there, sent, by its user, filterable by state.
  await page.goto('/informes/emails-enviados');
  const enviado = page.getByRole('row', { name: new RegExp(marca) });
  await expect(enviado).toContainText('Prueba de plantilla');
  await expect(enviado).toContainText('Enviado');
  await expect(enviado).toContainText(CORREO_ADMIN);
  await expect(page.getByRole('region', { name: 'Por usuario' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/emails-enviados-1440.png`, fullPage: true });
  await elegir(page, page.getByRole('combobox', { name: 'Estado' }), 'Fallido');
  await expect(page).toHaveURL(/estado=fallido/);
  await expect(page.getByRole('row', { name: new RegExp(marca) })).toHaveCount(0);
});

test('the message screens pass axe at desktop and phone sizes', async ({ page }) => {
  test.setTimeout(120_000);
  await ingresar(page, ADMIN, '/emails/configurar-mensajes');
  const hallazgos: string[] = [];
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const ruta of ['/emails/configurar-mensajes', '/informes/emails-enviados', '/informes/sms-enviados']) {
      await page.goto(ruta);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      for (const v of await violacionesAxe(page)) hallazgos.push(`${viewport.width} ${ruta} ${v}`);
    }
  }
  expect(hallazgos).toEqual([]);
});
