import { expect, test } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, ingresar, SOPORTE } from './helpers.ts';

// Logs del sistema › Trabajos en segundo plano. At its start the server writes the day's programme (a
// turn missed while it was down runs a minute later): platform-wide jobs, which only support sees.

test('the company administrator opens the jobs tab; the platform’s jobs are not theirs', async ({ page }) => {
  // Company 3: the other specs give company 1 jobs of its own (the agenda's reminders).
  await ingresar(page, ADMIN_SIN_NOMBRE, '/archivo/utilidades/logs-sistema');
  await page.getByRole('tab', { name: 'Trabajos en segundo plano' }).click();
  await expect(page).toHaveURL(/vista=trabajos/);
  await expect(page.getByText('No hay trabajos recientes ni fallidos')).toBeVisible();
  await expect(page.getByText('Limpieza de adjuntos de correos enviados')).toHaveCount(0);
  // Back to the audit log, and the tab survives a reload through the URL.
  await page.getByRole('tab', { name: 'Auditoría' }).click();
  await expect(page.getByRole('columnheader', { name: 'Acción' })).toBeVisible();
  await page.goto('/archivo/utilidades/logs-sistema?vista=trabajos');
  await expect(page.getByRole('tab', { name: 'Trabajos en segundo plano', selected: true })).toBeVisible();
});

test('support sees the platform’s jobs with their state', async ({ page }) => {
  await ingresar(page, SOPORTE, '/archivo/utilidades/logs-sistema?vista=trabajos');
  const fila = page.getByRole('row', { name: /Limpieza de adjuntos de correos enviados/ });
  await expect(page.getByRole('columnheader', { name: 'Intentos' })).toBeVisible();
  // The day's programme is written at the server's start, so after the other specs' jobs (reminders,
  // filings, mailbox syncs) it sits on a later page of the newest-first list.
  const siguiente = page.locator('.ant-pagination-next');
  for (let i = 0; i < 10 && !(await fila.isVisible()); i++) {
    if ((await siguiente.count()) === 0 || (await siguiente.getAttribute('aria-disabled')) === 'true') break;
    await siguiente.click();
  }
  await expect(fila).toContainText('Plataforma');
  await expect(fila).toContainText(/Pendiente|En curso|Terminado/);
  await expect(page.getByRole('columnheader', { name: 'Intentos' })).toBeVisible();
});
