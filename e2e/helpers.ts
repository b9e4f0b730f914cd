import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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

/** Opens a section of a record: its tab, or the «Sección» select that stands in when the tabs do not fit. */
export async function abrirSeccion(page: Page, nombre: string | RegExp): Promise<void> {
  const pestana = page.getByRole('tab', { name: nombre }).filter({ visible: true });
  const selector = page.getByRole('combobox', { name: 'Sección' }).filter({ visible: true });
  await expect(pestana.or(selector).first()).toBeVisible();
  // On a slow machine the tabs may show for a moment before they turn into the select: a click that
  // finds no tab any more falls back to the select.
  if (await pestana.count()) {
    const hecho = await pestana
      .first()
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (hecho) return;
  }
  await selector.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: nombre }).click();
  // The section is open once its dropdown has closed (a check run while it fades out sees its list).
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The antd select around a combobox: what it shows once an option is chosen. */
export const selectDe = (combobox: Locator): Locator =>
  combobox.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');

/**
 * Picks an option of an antd select the way a person does: open it, type to search (when given), click
 * the option; then checks the select shows it. A click that lands while the dropdown is still moving
 * (the dialog scrolled to bring it into view) can close it without choosing, so the pick is tried again.
 * `comprobar: false` for a choice the server may refuse and undo (the test checks the refusal).
 */
export async function elegir(
  page: Page,
  combobox: Locator,
  opcion: string | RegExp,
  { buscar, exacto = false, comprobar = true }: { buscar?: string; exacto?: boolean; comprobar?: boolean } = {},
): Promise<void> {
  const select = selectDe(combobox);
  const muestra = async () => {
    const texto = (await select.textContent()) ?? '';
    return typeof opcion === 'string' ? texto.includes(opcion) : opcion.test(texto);
  };
  const intentar = async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    if (buscar !== undefined) await combobox.fill(buscar);
    // The open dropdown only: a closed select's options stay in the page, hidden. An option whose label
    // is not plain text has no title, so its text is looked at too.
    const abierto = page.locator('.ant-select-dropdown:visible');
    const porTitulo = abierto.getByTitle(opcion, { exact: exacto });
    const candidatas = exacto ? porTitulo : porTitulo.or(abierto.locator('.ant-select-item-option').filter({ hasText: opcion }));
    await candidatas.first().click({ timeout: 10_000 });
  };
  if (!comprobar) return intentar();
  await expect(async () => {
    if (!(await muestra())) await intentar();
    await expect.poll(muestra, { timeout: 3_000 }).toBe(true);
  }).toPass({ timeout: 40_000 });
}

/**
 * Opens a dropdown menu (a button, or a right click on a tab) and clicks one of its items. A menu still
 * opening, or closing from a previous one, can move or close under the click: it is opened again until
 * the click lands.
 */
export async function elegirDelMenu(
  page: Page,
  abridor: Locator,
  item: string | RegExp,
  { derecho = false }: { derecho?: boolean } = {},
): Promise<void> {
  const opcion = page.getByRole('menuitem', { name: item }).filter({ visible: true });
  await expect(async () => {
    if (!(await opcion.count())) await abridor.click(derecho ? { button: 'right' } : {});
    await opcion.first().click({ timeout: 3_000 });
    // A menu closes once its item is chosen: still open means the click fell elsewhere (CI once saw the
    // pointer end on the item above «Salir», the menu open and nothing chosen), so it is clicked again.
    await expect(opcion).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

export type Api = {
  token: string;
  /** Any method; the answer's data, after checking the envelope said 20000 (else the test fails with its message). */
  call: <T = unknown>(method: string, ruta: string, data?: unknown) => Promise<T>;
  get: <T = unknown>(ruta: string) => Promise<T>;
  post: <T = unknown>(ruta: string, data: unknown) => Promise<T>;
};

/**
 * The API as one user, to prepare a test's data and read it back beside the screens. `ruta` may name
 * the endpoint with or without its `/api` prefix.
 */
export async function apiComo(request: APIRequestContext, c: Credenciales): Promise<Api> {
  const r = await request.post('/api/usuarios/login', { data: { idEmpresa: c.empresa, usuario: c.usuario, clave: c.clave } });
  const token = ((await r.json()) as { token: string }).token;
  const call = async <T>(method: string, ruta: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(ruta.startsWith('/api/') ? ruta : `/api${ruta}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    const b = (await res.json()) as { code: number; message: string; data: T };
    expect(b.code, `${method} ${ruta}: ${b.message}`).toBe(20000);
    return b.data;
  };
  return {
    token,
    call,
    get: (ruta) => call('GET', ruta),
    post: (ruta, data) => call('POST', ruta, data),
  };
}
