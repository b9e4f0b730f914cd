import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { asuntoDelMensaje, textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): a letter template written with the editor, a letter generated for a
// tercero and filed as a radicado de salida with its PDF; a rule of subseries automáticas, then a
// document signed through Firmas, filed by its job where the rule says. The database may hold other
// specs' (or an earlier attempt's) templates, letters and rules: names carry a mark and numbers are read
// from the screen. With SHOTS_DIR set, it leaves screenshots there.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};
const lento = expect.configure({ timeout: 25_000 });
const marca = Date.now() % 1_000_000;

test('a letter template is written, a letter generated for a tercero and its radicado de salida opened', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await ingresar(page, ADMIN, '/gestion-documental/plantillas-cartas');
  // The seeded models are there.
  await lento(page.getByRole('row').filter({ hasText: 'Paz y salvo' })).toBeVisible();
  await foto(page, 'gd-cartas');

  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const d = page.getByRole('dialog', { name: 'Nueva plantilla de carta' });
  const nombre = `Carta de prueba ${marca}`;
  await d.getByLabel('Nombre', { exact: true }).fill(nombre);
  await d.getByLabel('Asunto', { exact: true }).fill(`Comunicación de prueba ${marca}`);
  const texto = d.getByRole('textbox', { name: 'Contenido de la carta' });
  await lento(texto).toBeVisible();
  await texto.click();
  await page.keyboard.type('Señor(a) ');
  await d.getByRole('button', { name: 'Insertar campo Tercero: Nombre' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Radicado ');
  const insertar = async (grupo: string, campo: string) => {
    const boton = d.getByRole('button', { name: `Insertar campo ${grupo}: ${campo}` });
    if (!(await boton.isVisible())) await d.getByRole('button', { name: grupo, exact: true }).click();
    await boton.click();
  };
  await insertar('Radicado de la carta', 'Número de radicado');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Medellín, ');
  await insertar('Radicado de la carta', 'Fecha en letras');
  await d.getByRole('button', { name: 'Revisar campos' }).click();
  await expect(d.getByText('La plantilla no tiene errores.')).toBeVisible();
  await foto(page, 'gd-cartas-editor');
  await d.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(d).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toBeVisible();

  await fila.getByRole('button', { name: `Generar carta con ${nombre}` }).click();
  const g = page.getByRole('dialog', { name: 'Generar carta' });
  await expect(g.getByLabel('Plantilla')).toBeVisible();
  // Bad input is named beside its field.
  await g.getByRole('button', { name: 'Generar y radicar' }).click();
  await expect(g.getByText('El campo Destinatario es obligatorio')).toBeVisible();
  await elegir(page, g.getByLabel('Destinatario', { exact: true }), /Ospina/, { buscar: 'ospina' });
  await elegir(page, g.getByLabel('Área', { exact: true }), 'Arrendamientos');
  await elegir(page, g.getByLabel('Serie', { exact: true }), 'Correspondencia');
  await foto(page, 'gd-cartas-generar');
  await g.getByRole('button', { name: 'Generar y radicar' }).click();
  await lento(g).toBeHidden();

  const aviso = page.getByRole('alert').filter({ hasText: 'Carta radicada con el número' });
  await expect(aviso).toBeVisible();
  const radicado = (await aviso.getByRole('link').textContent())!;
  expect(radicado).toMatch(/^\d{4}-200-\d{6}-1$/);
  const carta = page.getByRole('table', { name: 'Cartas generadas' }).getByRole('row').filter({ hasText: radicado });
  await expect(carta).toContainText('Ospina');
  await expect(carta).toContainText(`Comunicación de prueba ${marca}`);
  await foto(page, 'gd-cartas-generada');

  // Its radicado: a salida with the letter's PDF.
  await aviso.getByRole('link', { name: radicado }).click();
  const detalle = page.getByRole('dialog', { name: `Radicado ${radicado}` });
  await lento(detalle).toBeVisible();
  await expect(detalle.getByRole('group', { name: `Versiones de carta-${radicado}.pdf` })).toBeVisible();
  await expect(detalle.getByText('Correspondencia').first()).toBeVisible();

  // The PDF itself, read back by a real PDF reader when there is one.
  const api = await apiComo(request, ADMIN);
  const [r] = await api
    .get<{ id: number; radicado: { id: number } }[]>(`/gestion-documental/cartas`)
    .then((cs) => cs.filter((c) => (c as unknown as { radicado: { radicado: string } }).radicado.radicado === radicado));
  const [archivo] = await api.get<{ id: number }[]>(`/archivos/radicado/${r!.radicado.id}`);
  const pdf = await (
    await request.get(`/api/archivos/radicado/${r!.radicado.id}/${archivo!.id}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
  ).body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (existsSync('/usr/bin/pdftotext')) {
    const t = execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    expect(t).toContain(`Radicado ${radicado}`);
    expect(t).toMatch(/Señor\(a\) Laura Marcela Ospina Rojas/);
    expect(t).toMatch(/Medellín, \S+ \(\d+\) de \S+ de dos mil/);
  }
});

test('a rule of subseries automáticas files a signed document where it says', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await apiComo(request, ADMIN);
  // An earlier attempt's rule for this origen is removed: each origen has one rule.
  const antes = await api.get<{ reglas: { id: number; origen: string }[] }>('/gestion-documental/subseries-automaticas');
  for (const r of antes.reglas.filter((x) => x.origen === 'firma_documento'))
    await api.call('DELETE', `/gestion-documental/subseries-automaticas/${r.id}`);

  await ingresar(page, ADMIN, '/gestion-documental/maestros/subseries-documentales-automaticos');
  await lento(page.getByRole('button', { name: 'Nueva regla' })).toBeEnabled();
  await page.getByRole('button', { name: 'Nueva regla' }).click();
  const d = page.getByRole('dialog', { name: 'Nueva regla' });
  await elegir(page, d.getByLabel('Origen', { exact: true }), /Documento firmado electrónicamente/);
  await elegir(page, d.getByLabel('Área', { exact: true }), 'Arrendamientos');
  await elegir(page, d.getByLabel('Serie', { exact: true }), 'Correspondencia');
  await foto(page, 'gd-automaticas-regla');
  await d.getByRole('button', { name: 'Guardar' }).press('Enter');
  await expect(d).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: 'Documento firmado electrónicamente' });
  await expect(fila).toContainText('Correspondencia');

  // The origen: a PDF sent through Firmas and signed from the link in the e-mail.
  const email = `regla${marca}@ejemplo.co`;
  const doc = await api.post<{ id: number }>('/firmas/documentos', {
    titulo: `Documento con regla ${marca}`,
    mensaje: 'Por favor firme.',
    vence_dias: 15,
    firmantes: [{ nombre: 'Rita Regla', documento: '52999111', email }],
  });
  const p = await PDFDocument.create();
  p.addPage().drawText('Documento para radicar por regla', { x: 50, y: 700 });
  const subida = await request.post(`/api/archivos/firma_documento/${doc.id}?categoria=original`, {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'regla.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await p.save()) } },
  });
  expect(subida.ok(), await subida.text()).toBe(true);
  await api.post(`/firmas/documentos/${doc.id}/enviar`, {});
  let token = '';
  await expect
    .poll(
      () =>
        (token =
          recibidosPara(email)
            .map((r) => /\/firmar\/([A-Za-z0-9_-]{43})/.exec(textoDelMensaje(r.data))?.[1])
            .find(Boolean) ?? ''),
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect((await request.post(`/api/firmar/${token}/codigo`)).ok()).toBe(true);
  let codigo = '';
  await expect
    .poll(
      () => {
        const r = recibidosPara(email).find((x) => asuntoDelMensaje(x.data).startsWith('Su código para firmar'));
        return (codigo = r ? /(\d{6})/.exec(asuntoDelMensaje(r.data))![1]! : '');
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect((await request.post(`/api/firmar/${token}/verificar`, { data: { codigo } })).ok()).toBe(true);
  expect((await request.get(`/api/firmar/${token}/pdf`)).ok()).toBe(true);
  const firma = await request.post(`/api/firmar/${token}/firmar`, {
    data: { tipo: 'escrita', texto: 'Rita Regla', acepto: true },
  });
  expect(firma.ok(), await firma.text()).toBe(true);

  // The filing job runs on its own; the rule's row then names its last radicado.
  let radicado = '';
  await expect
    .poll(
      async () =>
        (radicado =
          (await api.get<{ radicado: { radicado: string } | null }>(`/firmas/documentos/${doc.id}`)).radicado?.radicado ?? ''),
      { timeout: 90_000, intervals: [2_000] },
    )
    .not.toBe('');
  await page.reload();
  await expect(fila).toContainText(radicado);
  await foto(page, 'gd-automaticas');
  await fila.getByRole('link', { name: radicado }).click();
  const detalle = page.getByRole('dialog', { name: `Radicado ${radicado}` });
  await lento(detalle).toBeVisible();
  await expect(detalle.getByText(`Documento firmado: Documento con regla ${marca}`).first()).toBeVisible();
  await expect(detalle.getByText('Correspondencia').first()).toBeVisible();
  await expect(detalle.getByText('Arrendamientos').first()).toBeVisible();
});
