import { expect, test } from '@playwright/test';
import {
  FakeMetrocuadrado,
  M2_API_KEY,
  M2_CLAVE,
  M2_IDENTIFICACION,
  M2_USUARIO,
} from '../apps/api/src/test/fake-metrocuadrado.ts';
import { ADMIN, apiComo, cerrarAvisos, elegir, ingresar } from './helpers.ts';

// Portales › Metrocuadrado (issue 34): configured on its screen against a local Metrocuadrado started
// here, a property is published from the screen; the portal refuses it on its own and «Conciliar ahora»
// brings that back to the health panel with the portal's reason; a bodega is taken off in bulk from the
// bulk screen's «Despublicar» tab, after its preview and a confirmation.

const m2 = new FakeMetrocuadrado();
test.beforeAll(async () => {
  await m2.start();
});
test.afterAll(async () => {
  await m2.stop();
});

test('Metrocuadrado: configure, publish, reconcile a refusal, unpublish in bulk', async ({ page, request }) => {
  test.setTimeout(240_000);
  const api = await apiComo(request, ADMIN);
  const [municipio] = await api.get<{ id: number }[]>('/maestros/municipios/opciones?q=medellin');
  const sufijo = Math.floor(Math.random() * 9000 + 1000);
  const nuevo = async (tipo: string) => {
    const { consecutivo } = await api.post<{ consecutivo: number }>('/inmuebles', {
      tipo,
      gestion: 'arriendo',
      direccion: `Calle ${sufijo} # 43-20`,
      id_municipio: municipio!.id,
      estrato: 4,
      area_construida: 180,
      habitaciones: tipo === 'bodega' ? 0 : 3,
      banos: 2,
      canon: 3_100_000,
      descripcion: 'Inmueble amplio e iluminado, cerca de la avenida',
    });
    await api.post(`/inmuebles/${consecutivo}/estado`, { estado: 'disponible' });
    return consecutivo;
  };
  const apto = await nuevo('apartamento');
  const bodega = await nuevo('bodega');

  await ingresar(page, ADMIN, '/propiedades/portales/metrocuadrado');
  await cerrarAvisos(page);
  const form = page.getByRole('form', { name: 'Configuración de Metrocuadrado' });
  await form.getByLabel('Usuario (username)').fill(M2_USUARIO);
  await form.getByLabel('Identificación (identification)').fill(M2_IDENTIFICACION);
  await form.getByLabel('Dirección de la API').fill(m2.url);
  await form.getByLabel('Contraseña (password)').fill(M2_CLAVE);
  await form.getByLabel('Clave de la API (x-api-key)').fill(M2_API_KEY);
  await form.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración de Metrocuadrado guardada')).toBeVisible();
  await expect(form.getByText('Guardada. Déjela vacía para conservarla.')).toBeVisible();
  await form.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(form.getByText('Metrocuadrado aceptó las credenciales')).toBeVisible();

  // Publish from the screen, with confirmation.
  await page.getByLabel('Consecutivo del inmueble a publicar').fill(String(apto));
  await page.getByRole('button', { name: 'Publicar otro' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Publicar en Metrocuadrado' });
  const publicar = dialogo.getByRole('button', { name: 'Publicar' });
  await expect(async () => {
    if ((await publicar.isVisible()) && !/ant-btn-loading/.test((await publicar.getAttribute('class')) ?? ''))
      await publicar.click({ timeout: 2_000 });
    await expect(dialogo).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  const fila = (n: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  await expect(fila(apto).getByText('Publicado')).toBeVisible({ timeout: 30_000 });
  const id = [...m2.inmuebles.entries()].find(([, i]) => i.externalCode === String(apto))![0];

  // Metrocuadrado's moderators refuse it; «Conciliar ahora» brings the refusal and its reason here.
  m2.cambiarEstado(id, 'REJECTED', 'Las fotos tienen marca de agua');
  const conciliacion = page.getByRole('region', { name: 'Conciliación con Metrocuadrado' });
  await conciliacion.getByRole('button', { name: 'Conciliar ahora' }).click();
  await expect(page.getByText('La conciliación con Metrocuadrado quedó en cola')).toBeVisible();
  // The job runs in the server: wait for it through the API, then look at the panel once.
  await expect
    .poll(
      async () =>
        (
          await api.get<{ conciliacion: { diferencias: { consecutivo: number }[] } }>('/portales/metrocuadrado/salud')
        ).conciliacion.diferencias.some((d) => d.consecutivo === apto),
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.reload();
  await cerrarAvisos(page);
  await expect(page.getByRole('list', { name: 'Diferencias con Metrocuadrado' }).getByText(`Inmueble ${apto}`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('region', { name: 'Inmuebles con error en Metrocuadrado' }).getByText(/Las fotos tienen marca de agua/),
  ).toBeVisible();

  // The bodega, published through the API, is taken off from the bulk screen's «Despublicar» tab.
  await api.post(`/portales/metrocuadrado/inmuebles/${bodega}/publicar`, {});
  await expect
    .poll(() => [...m2.inmuebles.values()].some((i) => i.externalCode === String(bodega) && i.status === 'PUBLISHED'), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.getByRole('tab', { name: 'Despublicar' }).click();
  const masivo = page.getByRole('form', { name: 'Despublicación masiva en Metrocuadrado' });
  await elegir(page, masivo.getByRole('combobox', { name: 'Tipo de inmueble' }), 'Bodega');
  await masivo.getByRole('button', { name: 'Vista previa' }).click();
  const previa = page.getByRole('region', { name: 'Vista previa de la despublicación masiva' });
  await expect(previa.getByText(new RegExp(`Inmueble ${bodega} \\(`))).toBeVisible();
  await masivo.getByRole('button', { name: /Despublicar \d+ de Metrocuadrado$/ }).click();
  const confirmar = page.getByRole('dialog', { name: 'Despublicación masiva en Metrocuadrado' });
  await expect(confirmar.getByText(/dejarán de estar marcados «Publicar en Metrocuadrado»/)).toBeVisible();
  await confirmar.getByRole('button', { name: /Despublicar \d+$/ }).click();
  await expect(page.getByText(/en cola para despublicar de Metrocuadrado/)).toBeVisible();
  await expect
    .poll(() => [...m2.inmuebles.values()].find((i) => i.externalCode === String(bodega))?.status, { timeout: 30_000 })
    .toBe('INACTIVE');
  await page.reload();
  await cerrarAvisos(page);
  await expect(fila(bodega).getByText('Despublicado')).toBeVisible({ timeout: 30_000 });
});
