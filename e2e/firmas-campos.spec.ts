import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { asuntoDelMensaje, textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { violacionesAxe } from './axe.ts';
import { ADMIN, ingresar } from './helpers.ts';

// Firmas electrónicas (issue 29): the sender drags a signer's fields onto the PDF's page (a signature by
// mouse, a text field by keyboard and the numeric inputs), sends it; the signer, on a phone, sees them on
// the page, fills them and signs; the sealed PDF carries the values at their place and its seal verifies.

const shots = process.env.SHOTS_DIR;
const lento = expect.configure({ timeout: 25_000 });
const marca = Date.now() % 1_000_000;
const FIRMANTE = { nombre: 'Lucía Llenacampos', documento: '1020304050', email: `lucia${marca}@ejemplo.co` };

test('fields dragged onto the page are filled on a phone and stamped in the sealed PDF', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'firmas-campos-e2e-'));
  const doc = await PDFDocument.create();
  const hoja = doc.addPage([612, 792]);
  hoja.drawText('Contrato de mandato - prueba de campos', { x: 50, y: 720, size: 14 });
  hoja.drawText('Firma del propietario:', { x: 50, y: 300, size: 11 });
  const original = join(dir, 'mandato.pdf');
  writeFileSync(original, await doc.save());

  await page.setViewportSize({ width: 1440, height: 900 });
  await ingresar(page, ADMIN, '/firmas-electronicas/firmar-electronicamente-documentos-pdf');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  await page.locator('input[type=file][accept="application/pdf,.pdf"]').setInputFiles(original);
  await lento(page.getByLabel('Título')).toHaveValue('mandato');
  await page.getByLabel('Título').fill(`Mandato con campos ${marca}`);
  await page.getByLabel('Nombre del firmante 1').fill(FIRMANTE.nombre);
  await page.getByLabel('Documento del firmante 1').fill(FIRMANTE.documento);
  await page.getByLabel('Correo del firmante 1').fill(FIRMANTE.email);
  await page.getByRole('button', { name: 'Ubicar campos en el PDF' }).click();
  await expect(page).toHaveURL(/firmar-electronicamente-documentos-pdf\/\d+$/, { timeout: 25_000 });

  const pagina = page.getByRole('group', { name: 'Página 1 de 1' });
  await lento(pagina).toBeVisible();
  await lento(pagina.locator('img')).toHaveJSProperty('complete', true);
  // Dragged from the palette onto the page, where the signature goes.
  // Dropped where the viewport shows the page (the palette, above, is scrolled into view for the drag).
  await page.getByRole('button', { name: 'Agregar Firma' }).dragTo(pagina, { targetPosition: { x: 450, y: 480 } });
  const firma = page.getByRole('button', { name: `Firma · 1 de ${FIRMANTE.nombre}, página 1` });
  await lento(firma).toBeVisible();
  // Then moved by mouse: a little to the left.
  const caja = (await firma.boundingBox())!;
  await page.mouse.move(caja.x + caja.width / 2, caja.y + caja.height / 2);
  await page.mouse.down();
  await page.mouse.move(caja.x + caja.width / 2 - 150, caja.y + caja.height / 2, { steps: 8 });
  await page.mouse.up();
  expect((await firma.boundingBox())!.x).toBeLessThan(caja.x - 100);

  // By keyboard: the palette button adds a text field, the inputs place it, the arrows nudge it.
  await page.getByRole('button', { name: 'Agregar Texto' }).focus();
  await page.keyboard.press('Enter');
  const texto = page.getByRole('button', { name: `Texto · 1 de ${FIRMANTE.nombre}, página 1` });
  await lento(texto).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Horizontal (%)' }).fill('10');
  await page.getByRole('spinbutton', { name: 'Vertical (%)' }).fill('25');
  await page.getByRole('spinbutton', { name: 'Vertical (%)' }).press('Tab');
  await texto.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('spinbutton', { name: 'Horizontal (%)' })).toHaveValue('12');
  await page.getByRole('button', { name: 'Agregar Casilla' }).click();
  await page.getByRole('switch', { name: 'Obligatorio' }).click();
  await expect(page.getByRole('switch', { name: 'Obligatorio' })).toBeChecked();
  await expect(page.getByText(`3 campos: ${FIRMANTE.nombre} 3`)).toBeVisible();
  expect(await violacionesAxe(page)).toEqual([]);
  if (shots) {
    await page.screenshot({ path: `${shots}/ubicar-campos-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/ubicar-campos-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await page.getByRole('button', { name: 'Enviar a firmar' }).click();
  await expect(page).toHaveURL(/detalle-documento\/\d+/, { timeout: 25_000 });
  await lento(page.getByText('3 en 1 página(s)')).toBeVisible();

  let enlace = '';
  await expect
    .poll(
      () => {
        enlace =
          recibidosPara(FIRMANTE.email)
            .map((r) => /(http:\/\/\S+\/firmar\/[A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1])
            .find(Boolean) ?? '';
        return enlace;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-CO',
    isMobile: true,
    hasTouch: true,
  });
  const tel = await ctx.newPage();
  await tel.goto(enlace);
  await tel.getByRole('button', { name: 'Enviarme el código' }).click();
  let codigo = '';
  await expect
    .poll(
      () => {
        const r = recibidosPara(FIRMANTE.email).find((x) => asuntoDelMensaje(x.data).startsWith('Su código para firmar'));
        codigo = r ? /(\d{6})/.exec(asuntoDelMensaje(r.data))![1]! : '';
        return codigo;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await tel.getByLabel('Código').fill(codigo);
  await tel.getByRole('button', { name: 'Confirmar código' }).click();
  await lento(tel.getByRole('heading', { name: 'Lea el documento' })).toBeVisible();
  // The page with her three fields on it.
  const suya = tel.getByRole('group', { name: 'Página 1 de 1' });
  await lento(suya.locator('img')).toHaveJSProperty('complete', true);
  await expect(suya.getByRole('button')).toHaveCount(3);
  await lento(tel.getByRole('link', { name: 'Abrir el documento' })).toBeVisible();
  // Tapping a field on the page takes her to its input.
  await suya.getByRole('button', { name: 'Texto, página 1' }).click();
  await expect(tel.getByLabel(/Campo \d: Texto \(página 1\)/)).toBeFocused();
  await tel.getByLabel(/Campo \d: Texto \(página 1\)/).fill('Apartamento 502');
  await tel.getByRole('checkbox', { name: /casilla de la página 1/ }).check();
  const lienzo = tel.getByRole('img', { name: 'Espacio para dibujar su firma' });
  await lienzo.scrollIntoViewIfNeeded();
  const l = (await lienzo.boundingBox())!;
  await tel.mouse.move(l.x + 20, l.y + 100);
  await tel.mouse.down();
  for (let i = 1; i <= 12; i++) await tel.mouse.move(l.x + 20 + i * 22, l.y + 100 - (i % 2) * 50, { steps: 3 });
  await tel.mouse.up();
  await tel.getByRole('checkbox', { name: /acepto firmarlo electrónicamente/ }).check();
  await expect(suya.getByRole('button', { name: 'Texto, página 1' })).toContainText('Apartamento 502');
  expect(await violacionesAxe(tel)).toEqual([]);
  if (shots) {
    await suya.scrollIntoViewIfNeeded();
    await tel.screenshot({ path: `${shots}/firmar-campos-390.png`, fullPage: true });
  }
  if (shots) {
    // The same link at desktop size, for the screenshot (the code was verified for this signer).
    const escritorio = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-CO' });
    const ancha = await escritorio.newPage();
    await ancha.goto(enlace);
    await lento(ancha.getByRole('group', { name: 'Página 1 de 1' }).locator('img')).toHaveJSProperty('complete', true);
    await ancha.screenshot({ path: `${shots}/firmar-campos-1440.png`, fullPage: true });
    await escritorio.close();
  }
  await tel.getByRole('button', { name: 'Firmar documento' }).click();
  await lento(tel.getByText('Documento firmado')).toBeVisible();
  await ctx.close();

  await page.reload();
  await lento(page.getByText('Firmado', { exact: true })).toBeVisible();
  // The seal job's PDF: the detail asks again until it is there.
  await lento(page.getByRole('button', { name: 'Descargar PDF firmado' })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/detalle-campos-1440.png`, fullPage: true });
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF firmado' }).click();
  const firmado = join(dir, 'firmado.pdf');
  await (await descarga).saveAs(firmado);
  expect(execFileSync('pdfsig', [firmado]).toString()).toContain('Signature is Valid.');
  const pag1 = execFileSync('pdftotext', ['-f', '1', '-l', '1', firmado, '-']).toString();
  expect(pag1).toContain('Apartamento 502');
});
