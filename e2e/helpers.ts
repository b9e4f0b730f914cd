import { expect, type Page } from '@playwright/test';

export type Credenciales = { empresa: number; usuario: string; clave: string };

export const ADMIN: Credenciales = { empresa: 1, usuario: 'admin', clave: 'demo1234' };
export const ASESOR: Credenciales = { empresa: 1, usuario: 'asesor', clave: 'demo1234' };
export const ADMIN_NORTE: Credenciales = { empresa: 2, usuario: 'admin', clave: 'demo1234' };
export const ADMIN_SIN_NOMBRE: Credenciales = { empresa: 3, usuario: 'admin', clave: 'demo1234' };
export const SOPORTE: Credenciales = { empresa: 1, usuario: 'EMPATIA', clave: 'soporte1234' };

/** Fills the login form the way a person does, by its labels. */
export async function llenarLogin(page: Page, c: Credenciales): Promise<void> {
  await page.getByLabel('Empresa').fill(String(c.empresa));
  await page.getByLabel('Usuario').fill(c.usuario);
  await page.getByLabel('Contraseña').fill(c.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

export async function ingresar(page: Page, c: Credenciales, ruta = '/'): Promise<void> {
  await page.goto(ruta === '/' ? '/login' : `/login?redirect=${encodeURIComponent(ruta)}`);
  // The shell asks for pending notices after login; on a loaded machine the answer can take a while.
  const avisos = page.waitForResponse(/consultar_acepto_bitacora/, { timeout: 20_000 }).catch(() => null);
  await llenarLogin(page, c);
  // Checking the password is deliberately slow; with two workers on a loaded machine it took over 7 s.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  const respuesta = await avisos;
  const pendiente = respuesta ? ((await respuesta.json().catch(() => ({}))) as { data?: unknown }).data : null;
  // A notice is pending: wait for its dialog (it renders a moment after the answer) and accept it.
  if (typeof pendiente === 'string' && pendiente !== '') {
    const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await expect(aviso).toBeHidden();
  } else await cerrarAvisos(page);
}

/** Accepts the 'Informacion Importante' notice when the company shows one. */
export async function cerrarAvisos(page: Page): Promise<void> {
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  if (await aviso.isVisible({ timeout: 2_000 }).catch(() => false)) {
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await expect(aviso).toBeHidden();
  }
}

/** Opens a page the way a person does without the mouse: header search, type, Enter. */
export async function abrirPorBusqueda(page: Page, texto: string): Promise<void> {
  const buscar = page.getByRole('combobox', { name: 'Buscar' });
  await buscar.fill(texto);
  await expect(page.getByRole('option').first()).toBeAttached();
  await buscar.press('Enter');
}

export const menuLateral = (page: Page) => page.getByRole('complementary', { name: 'Menú principal' });
