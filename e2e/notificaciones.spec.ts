import { expect, test } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, ingresar, elegirDelMenu } from './helpers.ts';

test('notification preferences: read-only until Modificar, Guardar persists, Cancelar reverts', async ({ page }) => {
  // Twenty steps with a reload: on a busy 2-core CI machine they took just over the default 30 s.
  test.setTimeout(60_000);
  await ingresar(page, ADMIN_SIN_NOMBRE);
  await elegirDelMenu(page, page.getByRole('button', { name: /Cuenta de/ }), 'Mis notificaciones');
  await expect(page).toHaveURL(/\/mis-notificaciones$/);

  const sw = page.getByRole('switch', { name: 'Nueva cita asignada - SMS' });
  await expect(sw).toBeDisabled();
  // Relative to what is saved: a retry after a first attempt that saved starts from the switched value.
  const antes = await sw.isChecked();

  await page.getByRole('button', { name: 'Modificar' }).click();
  await expect(sw).toBeEnabled();
  await sw.click();
  await expect(sw).toBeChecked({ checked: !antes });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La configuración se guardó correctamente')).toBeVisible();
  await expect(sw).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Nueva cita asignada - SMS' })).toBeChecked({ checked: !antes });

  await page.getByRole('button', { name: 'Modificar' }).click();
  const sw2 = page.getByRole('switch', { name: 'Nueva cita asignada - SMS' });
  await sw2.click();
  await expect(sw2).toBeChecked({ checked: antes });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(sw2).toBeChecked({ checked: !antes });
  await expect(sw2).toBeDisabled();
});

test('a notification arrives live: a 4 s toast and the bell count, then it can be read', async ({ page }) => {
  await ingresar(page, ADMIN_SIN_NOMBRE, '/mis-notificaciones');
  const campana = page.getByRole('button', { name: /Notificaciones/ });
  await expect(campana).toBeVisible();
  await page.getByRole('button', { name: 'Enviar notificación de prueba' }).click();
  const toast = page.getByText('Si ve este mensaje, las notificaciones en la aplicación funcionan.');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 8_000 });
  await campana.click();
  const cajon = page.getByRole('dialog', { name: /Notificaciones/ });
  await expect(cajon.getByText('Notificación de prueba').first()).toBeVisible();
});
