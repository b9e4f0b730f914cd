import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { asuntoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import type { ProgramacionInforme, RespuestaInforme } from '@predio/contract/informes';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

/*
 * Informes «Programar envío» (issue 33) end to end: a weekly Excel of Propiedades consignadas scheduled
 * from the report's page, sent with «Enviar ahora», read from the run's SMTP server (its subject names
 * the previous complete week, its attachment's «Total» equals the report's), then paused and deleted.
 */

const CORREO = 'carlos.restrepo@inmobiliariademo.com.co';
const URL = '/informes/propiedadesconsignadas/programaciones';

/** The previous complete Monday–Sunday week, as of today in Bogotá. */
function semanaAnterior(): { desde: string; hasta: string } {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const d = new Date(`${hoy}T00:00:00Z`);
  const hasta = new Date(d.getTime() - (((d.getUTCDay() + 6) % 7) + 1) * 86_400_000);
  const desde = new Date(hasta.getTime() - 6 * 86_400_000);
  return { desde: desde.toISOString().slice(0, 10), hasta: hasta.toISOString().slice(0, 10) };
}
const corta = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The attachment of a raw message, decoded from its base64 part. */
function adjunto(data: string): { nombre: string; contenido: Buffer } {
  const parte = data.split(/\r\n--/).find((p) => /content-disposition: attachment/i.test(p))!;
  return {
    nombre: /filename="?([^"\r\n;]+)/i.exec(parte)?.[1] ?? '',
    contenido: Buffer.from(parte.slice(parte.indexOf('\r\n\r\n') + 4).replace(/\s+/g, ''), 'base64'),
  };
}

test('a report scheduled from its page is e-mailed with «Enviar ahora» as an Excel file', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await apiComo(request, ADMIN);
  // A retry starts from no schedules of this report.
  for (const p of await api.get<ProgramacionInforme[]>(URL)) await api.call('DELETE', `${URL}/${p.id}`);
  const semana = semanaAnterior();
  const asunto = `Informe semanal: Propiedades consignadas (${corta(semana.desde)} – ${corta(semana.hasta)})`;
  const antes = recibidosPara(CORREO).filter((m) => asuntoDelMensaje(m.data) === asunto).length;

  await ingresar(page, ADMIN, '/informes/propiedadesconsignadas');
  await page.getByRole('button', { name: 'Programar envío' }).click();
  const cajon = page.getByRole('dialog', { name: 'Programar envío: Propiedades consignadas' });
  await expect(cajon.getByText('Este informe no tiene envíos programados')).toBeVisible();

  await cajon.getByRole('button', { name: 'Nuevo envío programado' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo envío programado' });
  // Without recipients the form says so, naming the field.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('El campo Destinatarios es obligatorio: elija al menos un usuario')).toBeVisible();
  await expect(form.getByLabel('Semanal')).toBeChecked();
  await form.getByLabel('Excel').check();
  await elegir(page, form.getByLabel('Destinatarios'), /Carlos/);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();

  const tarjeta = cajon.getByRole('listitem').filter({ hasText: 'Semanal · cada lunes a las 07:00' });
  await expect(tarjeta).toBeVisible();
  await expect(tarjeta.getByText(/Para: Carlos/)).toBeVisible();
  await expect(tarjeta.getByText(/^Próximo envío: /)).toBeVisible();
  await tarjeta.getByRole('button', { name: 'Enviar ahora' }).click();
  await expect(page.getByText(/^Envío en curso: el informe del /)).toBeVisible();

  // The message arrives at the SMTP server with the week in its subject and the Excel attached.
  await expect
    .poll(() => recibidosPara(CORREO).filter((m) => asuntoDelMensaje(m.data) === asunto).length, { timeout: 45_000 })
    .toBe(antes + 1);
  const correo = recibidosPara(CORREO)
    .filter((m) => asuntoDelMensaje(m.data) === asunto)
    .at(-1)!;
  const archivo = adjunto(correo.data);
  expect(archivo.nombre).toBe(`informe-propiedadesconsignadas-${semana.desde}-a-${semana.hasta}.xlsx`);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(archivo.contenido as unknown as ArrayBuffer);
  const hoja = libro.worksheets[0]!;
  const encabezados = (hoja.getRow(1).values as unknown[]).slice(1);
  const ultima = (hoja.getRow(hoja.rowCount).values as unknown[]).slice(1);
  expect(ultima[0]).toBe('Total');
  // The attachment's total canon is the report's for that week.
  const informe = await api.get<RespuestaInforme>(
    `/informes/propiedadesconsignadas/datos?desde=${semana.desde}&hasta=${semana.hasta}`,
  );
  expect(Number(ultima[encabezados.indexOf('Canon')] ?? 0)).toBe(informe.totales.canon);
  await expect(tarjeta.getByText(/Último envío: /)).toBeVisible({ timeout: 15_000 });

  // Paused, then deleted after a confirmation that names it.
  await tarjeta.getByRole('switch', { name: 'Activo' }).click();
  await expect(tarjeta.getByText(/^Desactivado: no se enviará/)).toBeVisible();
  await tarjeta.getByRole('button', { name: 'Eliminar «Semanal · cada lunes a las 07:00»' }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: '¿Eliminar este envío programado?' });
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(cajon.getByText('Este informe no tiene envíos programados')).toBeVisible();
});
