import { mkdirSync } from 'node:fs';
import { expect as esperar, test, type APIRequestContext, type Page } from '@playwright/test';
import { textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, cerrarAvisos, ingresar, selectDe } from './helpers.ts';
import { violacionesAxe } from './axe.ts';

/*
 * Zona clientes (issue 31), a maintenance quote: staff send it from the request (amount, supplier, PDF);
 * the owner, on a phone, reads it and approves it with a comment; staff see the decision; the tenant
 * sees the request approved, without the amount.
 */

const expect = esperar.configure({ timeout: 20_000 });
const sufijo = Date.now() % 1e6;
const DUENA = { email: `olga.${sufijo}@example.com`, nombre1: 'Olga', apellido1: `Dueña ${sufijo}` };
const INQUILINO = { email: `tomas.c.${sufijo}@example.com`, nombre1: 'Tomás', apellido1: `Arrendatario ${sufijo}` };
const PROVEEDOR = `Plomería El Chorro ${sufijo}`;
const DIRECCION = `Carrera 43A # 1-${sufijo % 100} Apto 802`;
const CLAVE = 'Mi-clave-del-portal-1';
const SHOTS = process.env.SHOTS_DIR;
let numeroContrato = '';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function foto(page: Page, nombre: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}.png`, fullPage: true });
}

async function axe(page: Page): Promise<string[]> {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  return violacionesAxe(page);
}

/** Redeems the invitation e-mailed to `email` and accepts the policy, through the portal's API. */
async function activarCliente(request: APIRequestContext, email: string): Promise<string> {
  // The invitation, among whatever else reached the address (the contract's signing link).
  const invitacion = () =>
    recibidosPara(email)
      .map((m) => textoDelMensaje(m.data))
      .find((x) => /activar#t=/.test(x));
  await expect.poll(invitacion, { timeout: 30_000 }).toBeTruthy();
  const secreto = /activar#t=([A-Za-z0-9_-]+)/.exec(invitacion()!)![1]!;
  const r = await request.post('/api/portal/1/activar', { data: { token: secreto, clave: CLAVE } });
  const token = ((await r.json()) as { token: string }).token;
  const ok = await request.post('/api/portal/autorizacion', {
    data: { acepto: true },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ok.status()).toBe(200);
  return token;
}

/** The property with its owner, the tenant, a supplier; both clients invited and a leak reported. */
async function preparar(request: APIRequestContext): Promise<{ numero: number }> {
  const a = await apiComo(request, ADMIN);
  await a.call('PUT', '/zona-clientes/config', {
    activo: true,
    titulo: 'Zona clientes',
    bienvenida: '',
    politica: 'Inmobiliaria Demo S.A.S. trata sus datos personales para administrar sus contratos (Ley 1581 de 2012).',
  });
  const duena = await a.post<{ tercero: { id: number } }>('/terceros', { nro_id: `73${sufijo}`, ...DUENA });
  const inquilino = await a.post<{ tercero: { id: number } }>('/terceros', { nro_id: `74${sufijo}`, ...INQUILINO });
  await a.post('/terceros', { nro_id: `75${sufijo}`, nombre1: 'Plomería', apellido1: `El Chorro ${sufijo}` });
  const municipios = await a.get<{ items: { id: number }[] }>('/maestros/municipios?q=medellin&pageSize=1');
  const inm = await a.post<{ consecutivo: number; id: number }>('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: DIRECCION,
    id_municipio: municipios.items[0]!.id,
    canon: 2_400_000,
    propietarios: [{ id_tercero: duena.tercero.id, porcentaje: 100 }],
    publicar: { sitio_web: true },
  });
  await a.post('/zona-clientes/invitaciones', { id_tercero: duena.tercero.id, email: DUENA.email });
  await a.post('/zona-clientes/invitaciones', {
    id_tercero: inquilino.tercero.id,
    email: INQUILINO.email,
    inmueble_arrendado: inm.consecutivo,
  });
  // A lease between them, sent to sign: both see it in the portal (a draft they would not).
  const plantillas = await a.get<{ id: number; clase: string }[]>('/firmas/plantillas-contratos');
  const contrato = await a.post<{ id: number; numero: string }>('/firmas/contratos', {
    id_plantilla: plantillas.find((p) => p.clase === 'arrendamiento_vivienda')!.id,
    clase: 'arrendamiento_vivienda',
    inmueble: inm.consecutivo,
    id_arrendatario: inquilino.tercero.id,
    codeudores: [],
    canon: 2_400_000,
    fecha_inicio: '2027-02-01',
    duracion_meses: 12,
    dia_pago: 5,
    incremento: 'ipc',
    clausulas: '',
  });
  await a.post(`/firmas/contratos/${contrato.id}/enviar`, { mensaje: '' });
  numeroContrato = contrato.numero;
  await activarCliente(request, DUENA.email);
  const tInq = await activarCliente(request, INQUILINO.email);
  const r = await request.post('/api/portal/solicitudes', {
    headers: { authorization: `Bearer ${tInq}` },
    data: {
      id_inmueble: inm.id,
      categoria: 'plomeria',
      descripcion: 'Gotea el sifón del lavaplatos',
      urgencia: 'alta',
      permiso_ingreso: true,
      disponibilidad: '',
    },
  });
  const b = (await r.json()) as { data: { consecutivo: number } };
  return { numero: b.data.consecutivo };
}

async function entrarPortal(page: Page, email: string) {
  await page.goto('/zona-clientes/1');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña').fill(CLAVE);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText(DIRECCION).first()).toBeVisible();
}

test('staff send a quote, the owner approves it on a phone, the tenant sees it approved without the amount', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { numero } = await preparar(request);

  // Staff write the quote on the request, with its PDF.
  // The company's data notice first, on the list: an open drawer would cover it.
  await ingresar(page, ADMIN, '/zonaclientes/solicitudesmantenimiento');
  await cerrarAvisos(page);
  await page.goto(`/zonaclientes/solicitudesmantenimiento?abrir=${numero}`);
  const cajon = page.getByRole('dialog', { name: `Solicitud de mantenimiento ${numero}` });
  await cajon.getByRole('tab', { name: 'Cotizaciones' }).click();
  const panel = cajon.getByRole('tabpanel', { name: 'Cotizaciones' });
  await panel.getByRole('button', { name: 'Enviar al propietario' }).click();
  await expect(panel.getByText('El campo Valor es obligatorio')).toBeVisible();
  await panel.getByLabel('Valor').fill('350000');
  const proveedor = panel.getByLabel('Proveedor');
  await expect(async () => {
    await proveedor.click();
    await proveedor.fill(PROVEEDOR);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: PROVEEDOR })
      .first()
      .click({ timeout: 10_000 });
    await expect(selectDe(proveedor)).toContainText(PROVEEDOR, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await panel.getByLabel('Descripción').fill('Cambio del sifón y sellado con silicona');
  await panel.getByRole('button', { name: 'Enviar al propietario' }).click();
  await expect(page.getByText('Cotización enviada al propietario', { exact: true })).toBeVisible();
  await expect(panel.getByText('$ 350.000')).toBeVisible();
  await expect(panel.getByText('Pendiente del propietario')).toBeVisible();
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'cotizacion-sifon.pdf', mimeType: 'application/pdf', buffer: PDF });
  // The stored file's download link (the upload queue may still show the same name for a moment).
  await expect(panel.getByLabel('Descargar cotizacion-sifon.pdf')).toBeVisible();
  await foto(page, 'zona-cotizacion-staff-1440');

  // The owner is told by e-mail, with the amount and where to decide.
  const cotizacion = () =>
    recibidosPara(DUENA.email)
      .map((m) => textoDelMensaje(m.data))
      .find((x) => x.includes(`solicitud de mantenimiento N.º ${numero}`));
  await expect.poll(cotizacion, { timeout: 30_000 }).toBeTruthy();
  const aviso = cotizacion()!;
  expect(aviso).toContain('$ 350.000');
  expect(aviso).toContain(PROVEEDOR);

  // The owner, on a phone, approves it with a comment.
  const movil = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const cel = await movil.newPage();
  await entrarPortal(cel, DUENA.email);
  // The owner's view: where the property is published (the website here) and its visits.
  const promocion = cel.getByRole('region', { name: DIRECCION });
  await expect(cel.getByRole('heading', { name: 'Promoción de sus inmuebles' })).toBeVisible();
  await expect(promocion.getByText('Sitio web')).toBeVisible();
  await expect(promocion.getByText('Aún no hay visitas.')).toBeVisible();
  const tarjeta = cel.getByRole('article', { name: `Solicitud N.º ${numero} · Plomería` });
  await expect(cel.getByRole('heading', { name: 'Cotizaciones por aprobar (1)' })).toBeVisible();
  await expect(tarjeta.getByText('$ 350.000')).toBeVisible();
  await expect(tarjeta.getByText(PROVEEDOR)).toBeVisible();
  await expect(tarjeta.getByRole('button', { name: 'Ver PDF de la cotización' })).toBeVisible();
  // Rejecting needs a comment.
  await tarjeta.getByRole('button', { name: 'Rechazar' }).click();
  await expect(tarjeta.getByText(/Para rechazar, escriba en el comentario por qué/)).toBeVisible();
  await tarjeta.getByLabel(/Comentario para la inmobiliaria/).fill('Adelante, que sea esta semana');
  const hallazgos = (await axe(cel)).map((h) => `cotización: ${h}`);
  await foto(cel, 'zona-cotizacion-portal-390');
  await tarjeta.getByRole('button', { name: 'Aprobar' }).click();
  await expect(cel.getByText('Cotización aprobada')).toBeVisible();
  await expect(tarjeta.getByText('Aprobada', { exact: true })).toBeVisible();
  await expect(tarjeta.getByText(/Su comentario: «Adelante, que sea esta semana»/)).toBeVisible();
  await foto(cel, 'zona-cotizacion-aprobada-390');

  // Staff see the decision and the owner's comment.
  await page.reload();
  await cajon.getByRole('tab', { name: /Cotizaciones/ }).click();
  await expect(panel.getByText('Adelante, que sea esta semana')).toBeVisible();
  await expect(panel.getByText('Aprobada', { exact: true })).toBeVisible();
  await cajon.getByRole('tab', { name: 'Datos' }).click();
  await expect(cajon.getByText('Aprobada por el propietario').first()).toBeVisible();
  await foto(page, 'zona-cotizacion-decidida-1440');

  // The tenant sees the step, and no amount.
  await cel.getByRole('button', { name: 'Salir' }).click();
  await entrarPortal(cel, INQUILINO.email);
  await expect(cel.getByRole('heading', { name: /Cotizaciones/ })).toHaveCount(0);
  const contrato = cel.getByRole('article', { name: new RegExp(numeroContrato) });
  await expect(contrato.getByText('Enviado a firma')).toBeVisible();
  await expect(contrato.getByText(/usted es arrendatario/)).toBeVisible();
  await expect(contrato.getByText('El PDF firmado estará aquí cuando todas las partes firmen.')).toBeVisible();
  await cel.getByText(`N.º ${numero} · Plomería`).click();
  await expect(cel.getByText('El propietario aprobó la cotización')).toBeVisible();
  await expect(cel.getByText('Cotización enviada al propietario para su aprobación')).toBeVisible();
  await expect(cel.getByText(/350\.000/)).toHaveCount(0);
  hallazgos.push(...(await axe(cel)).map((h) => `inquilino: ${h}`));
  await foto(cel, 'zona-cotizacion-inquilino-390');
  expect(hallazgos).toEqual([]);
  await movil.close();
});
