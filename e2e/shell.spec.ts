import { expect, test } from '@playwright/test';
import { ADMIN_NORTE, abrirPorBusqueda, ingresar, elegirDelMenu } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await ingresar(page, ADMIN_NORTE);
});

test('header search opens a page by a fuzzy title', async ({ page }) => {
  await abrirPorBusqueda(page, 'terc');
  await expect(page).toHaveURL(/\/maestros\/terceros$/);
  await expect(page).toHaveTitle('Terceros - Predio Web 3');
});

test('tabs context menu: Cerrar los demas and Cerrar todos keep the pinned tabs', async ({ page }) => {
  const tabs = page.getByRole('navigation', { name: 'Páginas abiertas' });
  // Each page is seen before the next is opened: a page still loading when one leaves it gets no tab.
  await abrirPorBusqueda(page, 'Terceros');
  await expect(page).toHaveURL(/\/maestros\/terceros$/);
  await expect(tabs.getByRole('link', { name: /Terceros/ })).toBeVisible();
  await abrirPorBusqueda(page, 'Agenda');
  await expect(page).toHaveURL(/\/archivo\/agenda$/);
  await expect(tabs.getByRole('link', { name: /Agenda/ })).toBeVisible();
  await abrirPorBusqueda(page, 'Asignar tareas');
  await expect(page).toHaveURL(/\/tareas\/asignar-tareas$/);
  await expect(tabs.getByRole('link', { name: /Terceros/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Agenda/ })).toBeVisible();

  await elegirDelMenu(page, tabs.getByRole('link', { name: /Agenda/ }), 'Cerrar los demas', { derecho: true });
  await expect(tabs.getByRole('link', { name: /Terceros/ })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: /Asignar tareas/ })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: /Agenda/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Inicio/ })).toBeVisible();

  await elegirDelMenu(page, tabs.getByRole('link', { name: /Agenda/ }), 'Cerrar todos', { derecho: true });
  await expect(tabs.getByRole('link', { name: /Agenda/ })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: /Inicio/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /Soporte/ })).toBeVisible();

  // a pinned tab offers no 'Cerrar'
  await tabs.getByRole('link', { name: /Inicio/ }).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Recargar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Cerrar', exact: true })).toHaveCount(0);
});

test('size switch confirms and is remembered in the size cookie', async ({ page, context }) => {
  await elegirDelMenu(page, page.getByRole('button', { name: /tamaño/i }), 'Small');
  await expect(page.getByText('Switch Size Success')).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'size')?.value).toBe('small');
});

test('Inicio counts the day’s work and links to it, tasks and citas included', async ({ page }) => {
  const inicio = page.getByRole('main');
  await expect(inicio.getByText('Inmuebles disponibles')).toBeVisible();
  await expect(inicio.getByText('Mis consignaciones por vencer (30 días)')).toBeVisible();
  await expect(inicio.getByText('Mis clientes atendidos abiertos')).toBeVisible();
  await expect(inicio.getByText('Citas hoy')).toBeVisible();
  await expect(inicio.getByText('Tareas abiertas')).toBeVisible();
  // Every counter is real now: none says «Módulo en construcción».
  await expect(inicio.getByText('Módulo en construcción')).toHaveCount(0);
  await inicio.getByRole('link', { name: /Ver solicitudes/ }).click();
  await expect(page).toHaveURL(/\/propiedades\/solicitudes\?estado=nueva$/);
  await expect(page.getByRole('main').getByTitle('Nueva', { exact: true })).toBeVisible();
});
