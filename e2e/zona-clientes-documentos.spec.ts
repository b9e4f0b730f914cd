import { mkdirSync } from 'node:fs';
import { expect as esperar, test, type Locator, type Page } from '@playwright/test';
import { textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, cerrarAvisos, elegir as elegirOpcion, ingresar, selectDe } from './helpers.ts';
import { violacionesAxe } from './axe.ts';

/*
 * Zona clientes (issue 31), categorías de documentos (10525): staff share a document with a tenant; the
 * tenant, on a phone (390×844), sees and downloads it and uploads one of their own; staff see it.
 */

const expect = esperar.configure({ timeout: 20_000 });
const sufijo = Date.now() % 1e6;
const EMAIL = `ines.${sufijo}@example.com`;
const NOMBRE = `Inés Arrendataria ${sufijo}`;
const DIRECCION = `Carrera 43A # 1-${sufijo % 100} Apto 802`;
const CLAVE = 'Clave-del-portal-2026';
const CONTRATO = `Contrato de arrendamiento ${sufijo}`;
const SOPORTE = `Soporte de pago ${sufijo}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SHOTS = process.env.SHOTS_DIR;

async function foto(page: Page, nombre: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}.png`, fullPage: true });
}

async function axe(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  return violacionesAxe(page);
}

/** Types in a remote select and picks the option (tried again when the dropdown moved under the click). */
async function elegir(page: Page, combo: Locator, escribir: string, opcion: string | RegExp) {
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

test('staff share a document with a tenant, who downloads it and uploads one on a phone; staff see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // The portal on, a tenant with a password (the invitation's link from the SMTP sink) and the policy accepted.
  const a = await apiComo(request, ADMIN);
  await a.call('PUT', '/zona-clientes/config', {
    activo: true,
    titulo: 'Zona clientes',
    bienvenida: '',
    politica: 'Inmobiliaria Demo S.A.S. trata sus datos personales para administrar sus contratos (Ley 1581 de 2012).',
  });
  const t = await a.post<{ tercero: { id: number } }>('/terceros', {
    nro_id: `73${sufijo}`,
    nombre1: 'Inés',
    apellido1: `Arrendataria ${sufijo}`,
  });
  const municipios = await a.get<{ items: { id: number }[] }>('/maestros/municipios?q=medellin&pageSize=1');
  const inm = await a.post<{ consecutivo: number }>('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: DIRECCION,
    id_municipio: municipios.items[0]!.id,
    canon: 2_100_000,
  });
  await a.post('/zona-clientes/invitaciones', { id_tercero: t.tercero.id, email: EMAIL, inmueble_arrendado: inm.consecutivo });
  await expect.poll(() => recibidosPara(EMAIL).length, { timeout: 30_000 }).toBe(1);
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(textoDelMensaje(recibidosPara(EMAIL)[0]!.data))![1]!;
  const activado = await request.post('/api/portal/1/activar', { data: { token: secreto, clave: CLAVE } });
  expect(activado.status()).toBe(200);
  const tokenPortal = ((await activado.json()) as { token: string }).token;
  const acepto = await request.post('/api/portal/autorizacion', {
    data: { acepto: true },
    headers: { authorization: `Bearer ${tokenPortal}` },
  });
  expect(acepto.status()).toBe(200);

  // Staff: the categories (the master, with «El cliente puede subir»), then the documents' tab.
  await ingresar(page, ADMIN, '/zonaclientes/categoriasdocumentosclientes');
  await cerrarAvisos(page);
  await expect(page.getByRole('tab', { name: 'Categorías' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'El cliente puede subir documentos a «Documentos del cliente»' })).toBeChecked();
  const staff = (await axe(page)).map((h) => `categorías: ${h}`);
  await foto(page, 'documentos-categorias-1440');
  await page.getByRole('tab', { name: 'Documentos compartidos' }).click();
  await page.getByRole('button', { name: 'Compartir documento' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Compartir documento' });
  await elegirOpcion(page, dialogo.getByLabel('Categoría'), /^Contratos/);
  await dialogo.getByLabel('Título').fill(CONTRATO);
  await elegir(page, dialogo.getByRole('combobox', { name: /Cliente$/ }), `Arrendataria ${sufijo}`, NOMBRE);
  await dialogo.getByLabel('Archivo').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF });
  await foto(page, 'documentos-compartir-1440');
  await dialogo.getByRole('button', { name: 'Compartir' }).click();
  await esperar(dialogo).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(CONTRATO) })).toContainText(NOMBRE);
  staff.push(...(await axe(page)).map((h) => `documentos compartidos: ${h}`));
  await foto(page, 'documentos-compartidos-1440');

  // The tenant, on a phone, logs in, sees and downloads it, and uploads a payment receipt.
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
  await expect(cel.getByRole('heading', { name: 'Documentos', exact: true })).toBeVisible();
  await expect(cel.getByRole('heading', { name: 'Contratos', exact: true })).toBeVisible();
  await expect(cel.getByText(CONTRATO)).toBeVisible();
  const hallazgos = (await axe(cel)).map((h) => `documentos: ${h}`);
  const bajada = cel.waitForEvent('download');
  await cel.getByRole('button', { name: `Descargar «${CONTRATO}»` }).click();
  expect((await bajada).suggestedFilename()).toBe('contrato.pdf');
  await cel.getByRole('heading', { name: 'Documentos', exact: true }).scrollIntoViewIfNeeded();
  await foto(cel, 'portal-documentos-390');

  await cel.getByRole('button', { name: 'Subir un documento' }).click();
  await expect(selectDe(cel.getByLabel('Categoría'))).toContainText('Documentos del cliente');
  await cel.getByLabel('Título').fill(SOPORTE);
  await elegirOpcion(cel, cel.getByLabel('Inmueble (opcional)'), DIRECCION);
  await cel.getByLabel('Archivo').setInputFiles({ name: 'pago.pdf', mimeType: 'application/pdf', buffer: PDF });
  hallazgos.push(...(await axe(cel)).map((h) => `subir: ${h}`));
  await foto(cel, 'portal-documentos-subir-390');
  await cel.getByRole('button', { name: 'Subir documento' }).click();
  await expect(cel.getByText(`«${SOPORTE}» enviado a la inmobiliaria`)).toBeVisible();
  await expect(cel.getByRole('heading', { name: 'Documentos del cliente', exact: true })).toBeVisible();
  await expect(cel.getByRole('heading', { name: `${SOPORTE} Subido por usted` })).toBeVisible();
  expect(hallazgos).toEqual([]);
  await cel.setViewportSize({ width: 1440, height: 900 });
  await foto(cel, 'portal-documentos-1440');

  // Staff see the client's upload among the clients' documents.
  await page.goto('/zonaclientes/categoriasdocumentosclientes?pestana=documentos&origen=cliente');
  const fila = page.getByRole('row', { name: new RegExp(SOPORTE) });
  await expect(fila).toContainText('Subido por el cliente');
  await expect(fila).toContainText(NOMBRE);
  await expect(page.getByRole('row', { name: new RegExp(CONTRATO) })).toHaveCount(0);
  await foto(page, 'documentos-de-clientes-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(SOPORTE).first()).toBeVisible();
  staff.push(...(await axe(page)).map((h) => `documentos compartidos (390): ${h}`));
  await foto(page, 'documentos-de-clientes-390');
  await page.goto('/zonaclientes/categoriasdocumentosclientes');
  await expect(page.getByRole('switch', { name: 'El cliente puede subir documentos a «Documentos del cliente»' })).toBeVisible();
  staff.push(...(await axe(page)).map((h) => `categorías (390): ${h}`));
  await foto(page, 'documentos-categorias-390');
  expect(staff).toEqual([]);
  await movil.close();
});
