import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { asuntoDelMensaje, textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, ingresar } from './helpers.ts';

// Firmas electrónicas (issue 29): a PDF sent to two signers in order; each opens the link from the e-mail in a
// fresh phone-sized browser, passes the code, signs (one draws, one types); the sealed PDF is
// downloaded and checked with poppler's pdfsig.

const shots = process.env.SHOTS_DIR;
// The machine is shared: a page that loads a lazy chunk and a PDF may take longer than the default.
const lento = expect.configure({ timeout: 25_000 });
const marca = Date.now() % 1_000_000;
const FIRMANTES = [
  { nombre: 'Ana Arrendataria', documento: '43111222', email: `ana${marca}@ejemplo.co` },
  { nombre: 'Pedro Propietario', documento: '71333444', email: `pedro${marca}@ejemplo.co` },
];

async function firmarDesdeElCorreo(browser: Browser, f: (typeof FIRMANTES)[number], modo: 'dibujada' | 'escrita', foto: string) {
  let enlace = '';
  await expect
    .poll(
      () => {
        const m = recibidosPara(f.email).map(
          (r) => /(http:\/\/\S+\/firmar\/[A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1],
        );
        enlace = m.find(Boolean) ?? '';
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
  const page = await ctx.newPage();
  await page.goto(enlace);
  await lento(page.getByRole('heading', { name: `Hola, ${f.nombre}` })).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/firmar-codigo-390-${foto}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enviarme el código' }).click();
  let codigo = '';
  await expect
    .poll(
      () => {
        const r = recibidosPara(f.email).find((x) => asuntoDelMensaje(x.data).startsWith('Su código para firmar'));
        codigo = r ? /(\d{6})/.exec(asuntoDelMensaje(r.data))![1]! : '';
        return codigo;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  await page.getByLabel('Código').fill(codigo);
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await lento(page.getByRole('heading', { name: 'Lea el documento' })).toBeVisible();
  await lento(page.getByRole('link', { name: 'Abrir el documento' })).toBeVisible();
  if (modo === 'dibujada') {
    const lienzo = page.getByRole('img', { name: 'Espacio para dibujar su firma' });
    await lienzo.scrollIntoViewIfNeeded();
    const caja = (await lienzo.boundingBox())!;
    await page.mouse.move(caja.x + 20, caja.y + 120);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(caja.x + 20 + i * 22, caja.y + 120 - (i % 2) * 60, { steps: 3 });
    await page.mouse.up();
  } else {
    await page.getByText('Escribirla', { exact: true }).click();
    await page.getByLabel('Firma escrita').fill(f.nombre);
  }
  await page.getByRole('checkbox', { name: /acepto firmarlo electrónicamente/ }).check();
  if (shots) await page.screenshot({ path: `${shots}/firmar-firma-390-${foto}.png`, fullPage: true });
  await lento(page.getByRole('button', { name: 'Firmar documento' })).toBeEnabled();
  await page.getByRole('button', { name: 'Firmar documento' }).click();
  await lento(page.getByText('Documento firmado')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/firmar-listo-390-${foto}.png`, fullPage: true });
  // The link is used up.
  await page.reload();
  await lento(page.getByText('Documento firmado')).toBeVisible();
  await ctx.close();
}

test('a PDF is sent in order, signed by two people from their phones and its seal verifies with pdfsig', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'firmas-e2e-'));
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Contrato de arrendamiento de vivienda urbana - prueba', { x: 50, y: 700, size: 14 });
  const original = join(dir, 'contrato-arrendamiento.pdf');
  writeFileSync(original, await doc.save());

  await ingresar(page, ADMIN, '/firmas-electronicas/firmar-electronicamente-documentos-pdf');
  // On a loaded machine the data-protection notice may open after the login helper looked for it (added after it, whose own click it would take).
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  // The list has loaded: empty, or with what other specs (contratos) or a first attempt sent.
  await lento(
    page
      .getByText('Aún no ha enviado documentos a firmar')
      .or(page.getByRole('row').filter({ has: page.getByRole('cell') }))
      .first(),
  ).toBeVisible();
  // The PDF's own input: the seal certificate's card below has another.
  await page.locator('input[type=file][accept="application/pdf,.pdf"]').setInputFiles(original);
  await lento(page.getByLabel('Título')).toHaveValue('contrato-arrendamiento');
  await page.getByLabel('Título').fill(`Contrato de arrendamiento ${marca}`);
  await page.getByLabel('Mensaje para los firmantes').fill('Por favor revise y firme el contrato.');
  // The owner signs after the tenant: his link leaves when she has signed.
  await page.getByRole('switch', { name: 'Firmar en orden' }).click();
  await page.getByRole('button', { name: 'Agregar firmante' }).click();
  for (const [i, f] of FIRMANTES.entries()) {
    await page.getByLabel(`Nombre del firmante ${i + 1}`).fill(f.nombre);
    await page.getByLabel(`Documento del firmante ${i + 1}`).fill(f.documento);
    await page.getByLabel(`Correo del firmante ${i + 1}`).fill(f.email);
  }
  if (shots) await page.screenshot({ path: `${shots}/firmar-documentos-1440.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enviar a firmar' }).click();
  await expect(page).toHaveURL(/detalle-documento\/\d+/, { timeout: 25_000 });
  await lento(page.getByText(/^Enviado a firma por admin, en orden/)).toBeVisible();
  await expect(page.getByText('En espera de su turno: recibirá el enlace cuando firme el anterior.')).toBeVisible();

  await firmarDesdeElCorreo(browser, FIRMANTES[0]!, 'dibujada', 'ana');
  await firmarDesdeElCorreo(browser, FIRMANTES[1]!, 'escrita', 'pedro');

  await page.reload();
  await lento(page.getByText('Firmado', { exact: true })).toBeVisible();
  await lento(page.getByText('2 de 2')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/detalle-documento-1440.png`, fullPage: true });
  // Sealed by a job (firmas.sellar): the detail asks again until the PDF is there.
  await lento(page.getByRole('button', { name: 'Descargar PDF firmado' })).toBeVisible();
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF firmado' }).click();
  const firmado = join(dir, 'firmado.pdf');
  await (await descarga).saveAs(firmado);
  const pdfsig = execFileSync('pdfsig', [firmado]).toString();
  expect(pdfsig).toContain('Signature is Valid.');

  // Both signers got their signed copy.
  for (const f of FIRMANTES)
    await expect
      .poll(() => recibidosPara(f.email).some((r) => asuntoDelMensaje(r.data).startsWith('Su copia firmada')), {
        timeout: 30_000,
      })
      .toBe(true);

  if (shots) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/detalle-documento-390.png`, fullPage: true });
    await page.goto('/firmas-electronicas/firmar-electronicamente-documentos-pdf');
    await lento(page.getByText(`Contrato de arrendamiento ${marca}`).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/firmar-documentos-390.png`, fullPage: true });
  }
});
