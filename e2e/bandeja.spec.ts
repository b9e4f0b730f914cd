import { violacionesAxe } from './axe.ts';
import { expect, test } from '@playwright/test';
import { CLAVE_DOVECOT, Dovecot, mensajeRaw, sinDovecot } from '../apps/api/src/test/dovecot.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

// Bandeja de correos (issue 27): a real IMAP server (dovecot) holds a client's message; the admin
// connects the box, the job syncs it, the message is read and answered, and the answer reaches the
// suite's SMTP server threaded under the original.

const dovecot = new Dovecot();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const shots = process.env.SHOTS_DIR;

test.skip(sinDovecot !== null, sinDovecot ?? '');
test.beforeAll(async () => {
  await dovecot.start();
});
test.afterAll(async () => {
  await dovecot.stop();
});

test('the box is connected, a message read and answered', async ({ page, request }) => {
  test.setTimeout(120_000);
  const marca = `B${Date.now() % 1_000_000}`;
  const remitente = `cliente.${marca.toLowerCase()}@correo.test`;
  await dovecot.entregar(
    'admin',
    mensajeRaw({
      de: `Marta Cliente <${remitente}>`,
      para: 'admin@inmobiliariademo.test',
      asunto: `Consulta ${marca}`,
      messageId: `<${marca}@correo.test>`,
      texto: 'Hola',
      html: `<p>¿Sigue disponible la casa ${marca}?</p><img src="https://imagenes.test/${marca}.png" alt="foto">`,
      adjuntos: [{ nombre: 'requisitos.pdf', tipo: 'application/pdf', contenido: PDF }],
    }),
  );

  await ingresar(page, ADMIN, '/emails/bandeja-correos');
  // A free message of Configurar mensajes to start the reply from.
  await (
    await apiComo(request, ADMIN)
  ).post('/mensajes/plantillas', {
    nombre: `Disponible ${marca}`,
    tipo: 'ninguno',
    asunto: 'Disponible',
    html: '<p>Le confirmamos que el inmueble sigue disponible en {{ empresa.nombre }}.</p>',
  });
  // A retry finds the box already configured: its settings are in a dialog then.
  const configurar = page.getByRole('button', { name: 'Configurar cuenta' });
  const primera = page.getByRole('form', { name: 'Cuenta de correo' });
  await expect(configurar.or(primera).first()).toBeVisible();
  if (await configurar.isVisible()) await configurar.click();
  const form = page.getByRole('dialog', { name: 'Cuenta de correo' }).or(primera).first();
  await form.getByLabel('Correo').fill('admin@inmobiliariademo.test');
  await form.getByLabel('Servidor IMAP').fill('127.0.0.1');
  await form.getByLabel('Puerto').fill(String(dovecot.port));
  const tls = form.getByRole('switch', { name: 'TLS' });
  if ((await tls.getAttribute('aria-checked')) === 'true') await tls.click();
  await form.getByLabel('Usuario').fill('admin');
  await form.getByLabel('Contraseña').fill(CLAVE_DOVECOT);
  await form.getByRole('button', { name: 'Guardar y sincronizar' }).click();

  await expect(page.getByText(/Última sincronización:/)).toBeVisible({ timeout: 30_000 });
  const hilo = page.getByRole('button', { name: new RegExp(`^Marta Cliente .*Consulta ${marca}$`) });
  await expect(hilo).toBeVisible({ timeout: 15_000 });
  await hilo.click();

  const lector = page.getByRole('article', { name: `Consulta ${marca}` });
  const cuerpo = page.frameLocator(`iframe[title="Contenido del mensaje de Marta Cliente <${remitente}>"]`);
  await expect(cuerpo.getByText(`¿Sigue disponible la casa ${marca}?`)).toBeVisible();
  // The remote image stays out until asked for.
  await expect(cuerpo.locator('img')).toHaveCount(0);
  await lector.getByRole('button', { name: 'Mostrar imágenes' }).click();
  await expect(cuerpo.locator('img')).toHaveCount(1);
  await expect(lector.getByRole('button', { name: 'Crear tercero' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/bandeja-1440.png`, fullPage: true });
  expect(await violacionesAxe(page)).toEqual([]);

  // The received attachment downloads from the box; the reply carries a file of its own.
  const descarga = page.waitForEvent('download');
  await lector.getByRole('link', { name: /^Descargar requisitos\.pdf/ }).click();
  const bajado = await descarga;
  expect(bajado.suggestedFilename()).toBe('requisitos.pdf');
  const ruta = await bajado.path();
  expect((await import('node:fs')).readFileSync(ruta).equals(PDF)).toBe(true);

  // Starting from a template fills the message with the company's data; what is written is then edited.
  await elegir(page, lector.getByLabel('Plantilla'), `Disponible ${marca}`, { comprobar: false });
  await expect(lector.getByLabel('Mensaje', { exact: true })).toHaveValue(/sigue disponible en Inmobiliaria Demo/);
  await lector.getByLabel('Mensaje', { exact: true }).fill(`Sí, sigue disponible (${marca}).`);
  await lector
    .getByLabel('Archivo para adjuntar')
    .setInputFiles({ name: 'ficha-casa.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(lector.getByText(/^ficha-casa\.pdf \(/)).toBeVisible();
  // A program renamed to .pdf is refused, saying why.
  await lector.getByLabel('Archivo para adjuntar').setInputFiles({
    name: 'virus.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]),
  });
  await expect(lector.getByRole('alert')).toContainText('«virus.pdf» no es un tipo de archivo que se pueda adjuntar');
  if (shots) await page.screenshot({ path: `${shots}/bandeja-adjuntos-1440.png`, fullPage: true });
  await lector.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(page.getByText(`Respuesta enviada a ${remitente}`)).toBeVisible();
  await expect.poll(() => recibidosPara(remitente).length, { timeout: 30_000 }).toBe(1);
  const [respuesta] = recibidosPara(remitente);
  expect(respuesta!.data).toMatch(new RegExp(`^In-Reply-To: <${marca}@correo\\.test>$`, 'im'));
  expect(respuesta!.data).toMatch(new RegExp(`^Subject: Re: Consulta ${marca}$`, 'im'));
  expect(respuesta!.data).toMatch(/^Content-Type: application\/pdf; name=ficha-casa\.pdf$/im);

  // Read in Predio means \Seen on the server (the job writes it back); «Marcar como no leído» undoes it.
  const visto = async () => {
    const c = await dovecot.cliente('admin');
    const lock = await c.getMailboxLock('INBOX');
    try {
      const m = (await c.fetchAll('1:*', { flags: true, envelope: true })).find(
        (x) => x.envelope?.messageId === `<${marca}@correo.test>`,
      );
      return m?.flags?.has('\\Seen') ?? false;
    } finally {
      lock.release();
      await c.logout();
    }
  };
  await expect.poll(visto, { timeout: 30_000 }).toBe(true);
  await lector.getByRole('button', { name: 'Marcar como no leído' }).click();
  await expect(page.getByText('Conversación marcada como no leída')).toBeVisible();
  await expect(lector).toBeHidden();
  await expect.poll(visto, { timeout: 30_000 }).toBe(false);
  await hilo.click();
  await expect(lector).toBeVisible();

  // The sender becomes a tercero; its screen lists what it wrote, and the message opens from there.
  await lector.getByRole('button', { name: 'Crear tercero' }).click();
  const crear = page.getByRole('dialog', { name: `Crear tercero con ${remitente}` });
  await crear.getByLabel('Número de identificación').fill(String(Date.now() % 1_000_000_000));
  await crear.getByRole('button', { name: 'Crear tercero' }).click();
  await expect(page.getByText(`Tercero Marta Cliente creado con ${remitente}`)).toBeVisible();

  // The message becomes a solicitud of that tercero, received by e-mail; the message shows its number.
  await lector.getByRole('button', { name: 'Crear solicitud' }).click();
  const sol = page.getByRole('dialog', { name: `Crear solicitud con el correo de ${remitente}` });
  await expect(sol.getByText('Solicitante: Marta Cliente')).toBeVisible();
  await elegir(page, sol.getByRole('combobox', { name: 'Tipo' }), 'Arrendar un inmueble');
  if (shots) await page.screenshot({ path: `${shots}/bandeja-solicitud-1440.png` });
  await sol.getByRole('button', { name: 'Crear solicitud' }).click();
  const creada = page.getByText(new RegExp(`^Solicitud (\\d+) creada con el correo de ${remitente.replace(/\./g, '\\.')}$`));
  await expect(creada).toBeVisible();
  const numero = /Solicitud (\d+)/.exec((await creada.textContent()) ?? '')![1];
  await expect(lector.getByRole('link', { name: `Solicitud ${numero}` })).toBeVisible();
  await expect(lector.getByRole('button', { name: 'Crear solicitud' })).toHaveCount(0);
  await lector.getByRole('link', { name: 'Tercero: Marta Cliente' }).click();
  const ficha = page.getByRole('dialog', { name: 'Tercero: Marta Cliente' });
  await ficha.getByRole('tab', { name: 'Correos y SMS' }).click();
  await expect(ficha.getByRole('heading', { name: 'Correos recibidos' })).toBeVisible();
  if (shots) {
    await page.screenshot({ path: `${shots}/tercero-recibidos-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(ficha.getByRole('link', { name: `Consulta ${marca}` })).toBeInViewport();
    await page.screenshot({ path: `${shots}/tercero-recibidos-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await ficha.getByRole('link', { name: `Consulta ${marca}` }).click();
  await expect(page).toHaveURL(/\/emails\/bandeja-correos\?mensaje=\d+/);
  await expect(page.getByRole('article', { name: `Consulta ${marca}` })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/bandeja-desde-tercero-1440.png`, fullPage: true });

  // On a phone: the folders in a select, the message open in a drawer over the list.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article', { name: `Consulta ${marca}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article', { name: `Consulta ${marca}` })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Carpeta' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Marta Cliente .*Consulta ${marca}$`) }).click();
  await expect(page.getByRole('article', { name: `Consulta ${marca}` })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/bandeja-390.png` });
  expect(await violacionesAxe(page)).toEqual([]);

  // Informes › Correos enviados lists the reply, sent to the client.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/informes/emails-enviados?para=${encodeURIComponent(remitente)}`);
  const enviado = page.getByRole('row', { name: new RegExp(`Re: Consulta ${marca}`) });
  // The report's first load waits on a busy machine: more than the default 10 s.
  await expect(enviado).toContainText('Enviado', { timeout: 30_000 });
  await expect(enviado).toContainText(remitente);
});
