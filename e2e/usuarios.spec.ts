import { expect, test } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, ingresar, menuLateral } from './helpers.ts';

// Company 3: users created here change nothing other suites look at.
// Its own name on each attempt: a retry must not find the first attempt's user.
const RECEPCION = { empresa: 3, usuario: `recepcion${Date.now() % 100_000}`, clave: 'Recepcion.Segura.2025' };

test('a user with only Terceros sees only that page, and disabling them ends their session', async ({ page, browser }) => {
  // Two sessions and the system log: on a busy shared machine this took over a minute.
  test.setTimeout(120_000);
  await ingresar(page, ADMIN_SIN_NOMBRE, '/archivo/usuarios');
  await expect(page).toHaveTitle('Usuarios - Predio Web 3');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo usuario' });
  await form.getByLabel('Usuario', { exact: true }).fill(RECEPCION.usuario);
  // The password policy answers in the form before anything is sent.
  await form.getByLabel('Contraseña').fill('colombia123');
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(form.getByText('La contraseña es demasiado común')).toBeVisible();
  await form.getByLabel('Contraseña').fill(RECEPCION.clave);

  await form.getByRole('tab', { name: 'Permisos del menú' }).click();
  await form.getByRole('checkbox', { name: 'Terceros (59)' }).click();
  await expect(form.getByLabel('Cadena de permisos')).toHaveText('59');
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText(`Usuario «${RECEPCION.usuario}» creado`)).toBeVisible();
  const fila = page.getByRole('row', { name: new RegExp(RECEPCION.usuario) });
  await expect(fila).toContainText('1 permiso');

  const otro = await browser.newContext();
  const suya = await otro.newPage();
  await ingresar(suya, RECEPCION);
  const menu = menuLateral(suya);
  await expect(menu.getByRole('menuitem', { name: /Maestros$/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Archivo$/ })).toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /Propiedades$/ })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: /Maestros$/ }).click();
  await expect(menu.getByRole('menuitem', { name: /Terceros$/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Configurar$/ })).toHaveCount(0);
  await suya.goto('/archivo/usuarios');
  await expect(suya).toHaveURL(/\/404$/);

  await fila.getByRole('button', { name: `Desactivar «${RECEPCION.usuario}»` }).click();
  const confirmar = page.getByRole('dialog', { name: `¿Desactivar el usuario «${RECEPCION.usuario}»?` });
  await expect(confirmar).toContainText('sus sesiones abiertas se cerrarán');
  await confirmar.getByRole('button', { name: 'Desactivar' }).click();
  await expect(fila).toContainText('Inactivo');

  await suya.goto('/inicio');
  await expect(suya).toHaveURL(/\/login/);
  await otro.close();

  // Logs del sistema shows the logins and the change.
  await page.goto(`/archivo/utilidades/logs-sistema?usuario=${RECEPCION.usuario}`);
  const logs = page.getByRole('table');
  await expect(logs.getByRole('row', { name: new RegExp(`${RECEPCION.usuario}.*Inicio de sesión`) }).first()).toBeVisible();
  await page.goto('/archivo/utilidades/logs-sistema?entidad=usuarios&accion=desactivar');
  // The newest first: a retry finds the first attempt's deactivation below its own.
  const desactivado = page.getByRole('row', { name: /admin.*Desactivación.*usuarios/ }).first();
  await expect(desactivado).toBeVisible();
  await desactivado.getByRole('button', { name: /Expandir|Expand/ }).click();
  await expect(page.getByText('sesiones_cerradas')).toBeVisible();
});
