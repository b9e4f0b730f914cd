import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import { ADMIN, ASESOR, apiComo, elegir, ingresar } from './helpers.ts';

// Gestión documental (issue 28): a radicado's lifecycle. The transitions screen, then a radicado moved
// along them from its detail (with its history), its metadata corrected, and annulled with a reason.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};

test('a radicado moves along the allowed transitions, is corrected and annulled with its reason', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sufijo = Date.now().toString(36);
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const id = (nombre: string) => op.estados.find((e) => e.nombre === nombre)!.id;
  const nuevoEstado = `Devuelto ${sufijo}`;
  await api.post('/maestros/estado-gestion-documental', { nombre: nuevoEstado, color: '#722ed1', activo: true });
  const r = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: '2026-11-20',
    asunto: `Solicitud de reparación ${sufijo}`,
    id_area: op.areas.find((a) => a.codigo === '200')!.id,
    id_estado: id('Radicado'),
    folios: 1,
  });

  // Estados de gestión documental › Transiciones permitidas: the seeded path, and a new rule.
  await ingresar(page, ADMIN, '/gestion-documental/maestros/estado-gestion-documental');
  await page.getByRole('tab', { name: 'Transiciones permitidas' }).click();
  const tabla = page.getByRole('table', { name: 'Transiciones permitidas' });
  await expect(tabla.getByRole('row').filter({ hasText: 'Cualquier estado' })).toContainText('Anulado');
  await page.getByRole('button', { name: 'Nueva transición' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva transición' });
  await elegir(page, dialogo.getByLabel('Desde', { exact: true }), 'Radicado', { exacto: true });
  await elegir(page, dialogo.getByLabel('Hacia', { exact: true }), nuevoEstado);
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  await expect(tabla.getByRole('row').filter({ hasText: nuevoEstado })).toContainText('Radicado');
  await foto(page, 'gd-transiciones');

  // The radicado: only allowed estados are offered; each change goes to its history.
  await page.goto(`/gestion-documental/gestion-documental?abrir=${r.id}`);
  const detalle = page.getByRole('dialog', { name: `Radicado ${r.radicado}` });
  await expect(detalle.getByText(`Solicitud de reparación ${sufijo}`)).toBeVisible();
  await detalle.getByRole('button', { name: 'Cambiar estado' }).click();
  const cambio = page.getByRole('dialog', { name: `Cambiar estado del radicado ${r.radicado}` });
  const nuevo = cambio.getByLabel('Nuevo estado', { exact: true });
  await nuevo.click();
  const opciones = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(opciones).toHaveText(['Anulado', nuevoEstado, 'En trámite'].sort((a, b) => a.localeCompare(b, 'es')));
  await nuevo.press('Escape');
  await elegir(page, nuevo, 'En trámite');
  await cambio.getByLabel('Nota').fill('Se pidió visita técnica');
  await cambio.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(cambio).toBeHidden();
  const historial = detalle.getByRole('region', { name: 'Historial de estados' });
  await expect(historial).toContainText('Radicado → En trámite');
  await expect(historial).toContainText('Se pidió visita técnica');

  // Correcting its metadata keeps its number.
  await detalle.getByRole('button', { name: 'Editar datos' }).click();
  await detalle.getByLabel('Asunto').fill(`Solicitud de reparación del baño ${sufijo}`);
  await detalle.getByLabel('Folios').fill('3');
  await detalle.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(detalle.getByText(`Solicitud de reparación del baño ${sufijo}`)).toBeVisible();
  await expect(detalle.getByText(r.radicado, { exact: true })).toBeVisible();
  await foto(page, 'gd-radicado-estados');

  // Annulling asks for the reason, and an annulled radicado is no longer edited.
  await detalle.getByRole('button', { name: 'Cambiar estado' }).click();
  await elegir(page, nuevo, 'Anulado');
  await cambio.getByRole('button', { name: 'Anular radicado' }).click();
  await expect(cambio.getByText('Escriba el motivo de la anulación')).toBeVisible();
  await foto(page, 'gd-anular');
  await cambio.getByLabel('Motivo de la anulación').fill('Radicado dos veces por error');
  await cambio.getByRole('button', { name: 'Anular radicado' }).click();
  await expect(cambio).toBeHidden();
  await expect(historial).toContainText('En trámite → Anulado');
  await expect(historial).toContainText('Radicado dos veces por error');
  await expect(detalle.getByRole('button', { name: 'Editar datos' })).toBeDisabled();
  await expect(detalle.getByRole('button', { name: 'Cambiar estado' })).toBeDisabled();

  const leido = await api.get<Radicado>(`/gestion-documental/radicados/${r.id}`);
  expect(leido).toMatchObject({ radicado: r.radicado, folios: 3, estado: { nombre: 'Anulado' } });
});

test('an entrada filed with a responsable shows it and tells them (notice 501)', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const sufijo = Date.now().toString(36);
  const api = await apiComo(request, ADMIN);
  const asesor = await apiComo(request, ASESOR);
  const idAsesor = (JSON.parse(Buffer.from(asesor.token.split('.')[1]!, 'base64url').toString()) as { idUsuario: number })
    .idUsuario;
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const nombre = op.usuarios.find((u) => u.id === idAsesor)!.nombre;

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental?abrir=nuevo');
  const cajon = page.getByRole('dialog', { name: 'Radicar documento' });
  await cajon.getByLabel('Asunto').fill(`Reclamo por filtración ${sufijo}`);
  await elegir(page, cajon.getByLabel('Área', { exact: true }), 'Arrendamientos');
  await elegir(page, cajon.getByLabel('Responsable', { exact: true }), nombre, { buscar: nombre.split(' ')[0]! });
  await foto(page, 'gd-radicar-responsable');
  await cajon.getByRole('button', { name: 'Radicar' }).click();
  const detalle = page.getByRole('dialog', { name: /^Radicado \d{4}-200-\d{6}-2$/ });
  await expect(detalle.getByText(`Reclamo por filtración ${sufijo}`)).toBeVisible();
  await expect(detalle.getByRole('row').filter({ hasText: 'Responsable' })).toContainText(nombre);
  const titulo = page.getByText(/^Radicado \d{4}-200-\d{6}-2$/).first();
  const radicado = (await titulo.textContent())!.replace('Radicado ', '');
  await expect(detalle.getByText('Responder a más tardar')).toBeVisible();

  // The asesor finds the notice in the bell.
  const otra = await browser.newPage();
  await ingresar(otra, ASESOR, '/inicio');
  await otra.getByRole('button', { name: /Notificaciones/ }).click();
  const avisos = otra.getByRole('dialog', { name: /Notificaciones/ });
  await expect(avisos.getByText(`Documento radicado ${radicado}`)).toBeVisible();
  await expect(avisos.getByText(`A su cargo: «Reclamo por filtración ${sufijo}».`)).toBeVisible();
  await foto(otra, 'gd-aviso-501');
  await otra.close();
});

test('a letter generated as the answer links both radicados, the entrada becomes «Respondido», its label prints', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sufijo = Date.now().toString(36);
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const [tercero] = await api.get<{ id: number }[]>('/gestion-documental/radicados/terceros?q=ospina');
  const e = await api.post<Radicado>('/gestion-documental/radicados', {
    tipo: 'entrada',
    fecha: '2026-11-21',
    asunto: `Solicitud de paz y salvo ${sufijo}`,
    id_area: op.areas.find((a) => a.codigo === '200')!.id,
    id_tercero: tercero!.id,
    id_estado: op.estados.find((x) => x.nombre === 'Radicado')!.id,
  });

  await ingresar(page, ADMIN, `/gestion-documental/gestion-documental?abrir=${e.id}`);
  const detalle = page.getByRole('dialog', { name: `Radicado ${e.radicado}` });
  await detalle.getByRole('button', { name: 'Responder con carta' }).click();
  const generar = page.getByRole('dialog', { name: 'Generar carta' });
  await expect(generar.getByText(`Responde al radicado: ${e.radicado}`)).toBeVisible();
  await expect(
    generar.getByLabel('Plantilla', { exact: true }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]'),
  ).toContainText('Respuesta a comunicación recibida');
  await foto(page, 'gd-responder');
  await generar.getByRole('button', { name: 'Generar y radicar' }).click();
  await expect(generar).toBeHidden({ timeout: 30_000 });
  const aviso = page.getByText(/^Carta radicada con el número/);
  await expect(aviso).toBeVisible();
  const salida = (await aviso.getByRole('link').textContent())!;
  const fila = page.getByRole('table', { name: 'Cartas generadas' }).getByRole('row').filter({ hasText: salida });
  await expect(fila).toContainText(e.radicado);

  // Each shows the other; the entrada is «Respondido», with the letter in its history.
  await fila.getByRole('link', { name: e.radicado }).click();
  const entrada = page.getByRole('dialog', { name: `Radicado ${e.radicado}` });
  await expect(entrada.getByRole('row').filter({ hasText: 'Estado' })).toContainText('Respondido');
  await expect(entrada.getByRole('region', { name: 'Historial de estados' })).toContainText(
    `Respondido con el radicado ${salida}`,
  );
  await foto(page, 'gd-respondido');
  // Its label prints as a PDF named after the number.
  const [etiqueta] = await Promise.all([
    page.waitForEvent('download'),
    entrada.getByRole('button', { name: 'Imprimir etiqueta' }).click(),
  ]);
  expect(etiqueta.suggestedFilename()).toBe(`etiqueta-${e.radicado}.pdf`);
  expect(
    readFileSync(await etiqueta.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await entrada.getByRole('link', { name: salida }).click();
  const carta = page.getByRole('dialog', { name: `Radicado ${salida}` });
  await expect(carta.getByRole('row').filter({ hasText: 'Responde a' })).toContainText(e.radicado);
  await expect(carta.getByRole('group', { name: `Versiones de carta-${salida}.pdf` })).toBeVisible();
});
