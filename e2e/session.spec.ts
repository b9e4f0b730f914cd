import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ADMIN_NORTE,
  ADMIN_SIN_NOMBRE,
  ASESOR,
  SOPORTE,
  cerrarAvisos,
  ingresar,
  llenarLogin,
  menuLateral,
  elegirDelMenu,
} from './helpers.ts';

test('an unauthenticated visit goes to /login with the redirect, and login returns there', async ({ page }) => {
  await page.goto('/propiedades/portales/metrocuadrado');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpropiedades%2Fportales%2Fmetrocuadrado$/);
  await expect(page).toHaveTitle(/ - Predio Web 3$/);
  await llenarLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/propiedades\/portales\/metrocuadrado$/);
  await cerrarAvisos(page);
  await expect(page).toHaveTitle('Metrocuadrado - Predio Web 3');
  // The screen asked for, not Inicio: the portal's configuration.
  await expect(page.getByRole('form', { name: 'Configuración de Metrocuadrado' })).toBeVisible();
});

test('a wrong password shows the server message and stays on login', async ({ page }) => {
  await page.goto('/login');
  await llenarLogin(page, { ...ADMIN_NORTE, clave: 'equivocada' });
  await expect(page.getByText('Empresa, usuario o contraseña incorrectos.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('login lands on Inicio with the user, the company and the title', async ({ page }) => {
  await ingresar(page, ADMIN_NORTE);
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page).toHaveTitle('Inicio - Predio Web 3');
  await expect(page.getByRole('button', { name: /Cuenta de Juan Pablo Martínez Duarte/ })).toBeVisible();
  await expect(page.getByText('Inmobiliaria del Norte').first()).toBeVisible();
  // /login with a token goes back to the root
  await page.goto('/login');
  await expect(page).toHaveURL(/\/inicio$/);
});

test("a company without a name shows 'Sin nombre de empresa'", async ({ page }) => {
  await ingresar(page, ADMIN_SIN_NOMBRE);
  await expect(page.getByText('Sin nombre de empresa').first()).toBeVisible();
});

test("the support login shows 'Soporte de empatia' and sees every module", async ({ page }) => {
  await ingresar(page, { ...SOPORTE, empresa: 2 });
  await expect(page.getByText('Soporte de empatia').first()).toBeVisible();
  await expect(menuLateral(page).getByRole('menuitem', { name: /Gestión documental/ })).toBeVisible();
});

test("company 1 shows the 'Informacion Importante' notice once", async ({ page }) => {
  await page.goto('/login');
  await llenarLogin(page, SOPORTE);
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await expect(aviso).toBeVisible();
  await expect(aviso.getByText('Ley 1581 de 2012')).toBeVisible();
  await aviso.getByRole('button', { name: 'Aceptar' }).click();
  await expect(aviso).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: /Cuenta de/ })).toBeVisible();
  await expect(aviso).toBeHidden();
});

test('the asesor sees only the permitted menu and gets /404 on a forbidden URL', async ({ page }) => {
  await ingresar(page, ASESOR);
  const menu = menuLateral(page);
  for (const visible of ['Archivo', 'Maestros', 'Propiedades', 'Informes']) {
    await expect(menu.getByRole('menuitem', { name: new RegExp(`${visible}$`) })).toBeVisible();
  }
  for (const oculto of [
    'Tareas',
    'Gestión documental',
    'Página web',
    'Firmas electrónicas',
    'Inventarios',
    'Correos',
    'Zona clientes',
  ]) {
    await expect(menu.getByRole('menuitem', { name: new RegExp(`${oculto}$`) })).toHaveCount(0);
  }
  // inside Propiedades only the permitted pages, no portal synchronisers
  await menu.getByRole('menuitem', { name: /Propiedades$/ }).click();
  await expect(menu.getByRole('link', { name: 'Inmuebles disponibles' })).toBeVisible();
  await expect(menu.getByText('Sincronizadores de portales')).toHaveCount(0);
  await page.goto('/tareas/asignar-tareas');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/ruta/que/no/existe');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/propiedades/inmueble/abc');
  await expect(page).toHaveURL(/\/404$/);
});

test('logout returns to /login with a redirect to the page it left', async ({ page }) => {
  await ingresar(page, ADMIN_NORTE, '/soporte');
  await expect(page).toHaveURL(/\/soporte$/);
  await elegirDelMenu(page, page.getByRole('button', { name: /Cuenta de/ }), 'Salir');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsoporte$/);
  // the closed session no longer opens pages
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/login\?redirect=%2Finicio$/);
});

test.describe('without notification permission', () => {
  test.use({ permissions: [] });
  test('warns that notifications are disabled in the browser, and the warning can be closed', async ({ page }) => {
    await ingresar(page, ADMIN_SIN_NOMBRE);
    const aviso = page.getByText(
      'Parece que tienes las notificaciones deshabilitadas. Te recomendamos habilitarlas para no perderte ninguna actualización importante.',
    );
    await expect(aviso).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Se requiere permiso para notificaciones' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(aviso).toBeHidden();
  });
});
