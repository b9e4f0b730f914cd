import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_SIN_NOMBRE, ingresar, llenarLogin, SOPORTE, type Credenciales, elegirDelMenu } from './helpers.ts';

// A throwaway user of company 3, made through the API: other suites log in as the demo users with demo1234.
async function usuarioDesechable(request: APIRequestContext): Promise<Credenciales> {
  const login = await request.post('/api/usuarios/login', {
    data: { idEmpresa: ADMIN_SIN_NOMBRE.empresa, usuario: ADMIN_SIN_NOMBRE.usuario, clave: ADMIN_SIN_NOMBRE.clave },
  });
  const { token } = (await login.json()) as { token: string };
  const c = { empresa: ADMIN_SIN_NOMBRE.empresa, usuario: `clave.${Date.now()}`, clave: 'Vivienda.Segura.2025' };
  const r = await request.post('/api/usuarios', {
    data: { usuario: c.usuario, clave: c.clave, permisos: '59' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(r.status(), await r.text()).toBe(200);
  return c;
}

test('a user changes their own password on Mi perfil, then logs in with the new one only', async ({ page, request }) => {
  test.setTimeout(60_000);
  const yo = await usuarioDesechable(request);
  const nueva = 'Casa.En.El.Campo.7';
  await ingresar(page, yo);
  await elegirDelMenu(page, page.getByRole('button', { name: /Cuenta de/ }), 'Mi perfil');
  await expect(page).toHaveURL(/\/perfil$/);

  const actual = page.getByLabel('Contraseña actual');
  const nuevaCampo = page.getByLabel('Contraseña nueva', { exact: true });
  const repetir = page.getByLabel('Confirme la contraseña nueva');
  const enviar = page.getByRole('button', { name: 'Cambiar contraseña' });

  // The browser checks with the contract's rules before sending.
  await actual.fill(yo.clave);
  await nuevaCampo.fill('colombia123');
  await repetir.fill('otra cosa');
  await enviar.click();
  await expect(page.getByText('La contraseña nueva es demasiado común')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

  // The server's answer when the current password is wrong.
  await actual.fill('no.es.la.mia.2025');
  await nuevaCampo.fill(nueva);
  await repetir.fill(nueva);
  await enviar.click();
  await expect(page.getByText('no es su contraseña actual')).toBeVisible();

  await actual.fill(yo.clave);
  await enviar.click();
  await expect(page.getByText('Su contraseña se cambió. Las demás sesiones se cerraron.')).toBeVisible();
  await expect(actual).toHaveValue('');

  await elegirDelMenu(page, page.getByRole('button', { name: /Cuenta de/ }), 'Salir');
  // Logging out is two requests (release locks, close the session); on a loaded machine it took over 7 s.
  await expect(page).toHaveURL(/\/login/, { timeout: 20_000 });
  await llenarLogin(page, yo);
  await expect(page.getByText('Empresa, usuario o contraseña incorrectos.')).toBeVisible();
  await ingresar(page, { ...yo, clave: nueva });
});

test('the support user has no password of its own to change', async ({ page }) => {
  // Company 2: company 1's notice belongs to session.spec, which checks it is shown once.
  await ingresar(page, { ...SOPORTE, empresa: 2 }, '/perfil');
  await expect(page.getByText('Mi perfil', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCount(0);
  await expect(page.getByLabel('Contraseña actual')).toHaveCount(0);
});
