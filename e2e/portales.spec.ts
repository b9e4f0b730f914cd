import { expect, test } from '@playwright/test';
import { FakeWasi, WASI_EMPRESA, WASI_TOKEN } from '../apps/api/src/test/fake-wasi.ts';
import { ADMIN, apiComo, ingresar } from './helpers.ts';

// Portales › Wasi (issue 34): configured to point at a local Wasi started here, a property is published
// from the screen, its new price reaches Wasi when the property form is saved, and withdrawing it takes
// it off Wasi. Every step waits on what a person (or Wasi) would see.

const wasi = new FakeWasi();
test.beforeAll(async () => {
  await wasi.start();
});
test.afterAll(async () => {
  await wasi.stop();
});

test('Wasi: configure, publish, update the price, withdraw → unpublished', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await apiComo(request, ADMIN);
  const [municipio] = await api.get<{ id: number }[]>('/maestros/municipios/opciones?q=medellin');
  const sufijo = Math.floor(Math.random() * 9000 + 1000);
  const inm = await api.post<{ consecutivo: number }>('/inmuebles', {
    tipo: 'apartamento',
    gestion: 'arriendo',
    direccion: `Calle ${sufijo} # 43-20 Apto 501`,
    id_municipio: municipio!.id,
    area_construida: 72,
    habitaciones: 3,
    banos: 2,
    canon: 2_500_000,
    descripcion: 'Apartamento con balcón, cerca del metro',
  });
  const n = inm.consecutivo;
  await api.post(`/inmuebles/${n}/estado`, { estado: 'disponible' });

  await ingresar(page, ADMIN, '/propiedades/portales/wasi');
  const form = page.getByRole('form', { name: 'Configuración de Wasi' });
  await form.getByLabel('Identificador de la empresa (id_company)').fill(WASI_EMPRESA);
  await form.getByLabel('Departamento en Wasi (id_region)').fill('2');
  await form.getByLabel('Ciudad en Wasi (id_city)').fill('698');
  await form.getByLabel('Dirección de la API').fill(wasi.url);
  await form.getByLabel('Token (wasi_token)').fill(WASI_TOKEN);
  await form.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración de Wasi guardada')).toBeVisible();
  await expect(form.getByText('Guardado. Déjelo vacío para conservarlo.')).toBeVisible();
  await form.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(form.getByText('Wasi aceptó las credenciales')).toBeVisible();

  // Publish it from the screen, with confirmation.
  await page.getByLabel('Consecutivo del inmueble a publicar').fill(String(n));
  await page.getByRole('button', { name: 'Publicar otro' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Publicar en Wasi' });
  await expect(dialogo.getByText(`El inmueble ${n} se enviará a Wasi`)).toBeVisible();
  await dialogo.getByRole('button', { name: 'Publicar' }).click();
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  await expect(fila.getByText('Publicado')).toBeVisible({ timeout: 30_000 });
  const publicado = wasi.eventos.find((e) => e.accion === 'add' && e.datos.reference === String(n));
  expect(publicado?.datos).toMatchObject({ rent_price: '2500000', for_rent: 'true', id_city: '698' });
  const idWasi = publicado!.id;
  await expect(fila.getByRole('cell', { name: idWasi, exact: true })).toBeVisible();

  // A new price saved in the property's form reaches Wasi.
  await page.goto(`/propiedades/inmueble/${n}`);
  await expect(page.getByText('Editando', { exact: true })).toBeVisible();
  await page.getByLabel('Canon de arrendamiento').fill('2300000');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect.poll(() => wasi.propiedades.get(idWasi)?.rent_price, { timeout: 30_000 }).toBe('2300000');
  expect(wasi.eventos.filter((e) => e.accion === 'add' && e.datos.reference === String(n))).toHaveLength(1);

  // Withdrawn → off Wasi, and the screen says so.
  const [causal] = await api.get<{ id: number }[]>('/maestros/causales/opciones');
  await api.post(`/inmuebles/${n}/estado`, { estado: 'retirado', causal: causal!.id });
  await expect.poll(() => wasi.propiedades.has(idWasi), { timeout: 30_000 }).toBe(false);
  await page.goto('/propiedades/portales/wasi');
  await expect(fila.getByText('Despublicado')).toBeVisible({ timeout: 30_000 });
  await expect(fila.getByRole('button', { name: `Publicar el inmueble ${n}` })).toBeVisible();
});
