import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { OpcionesRadicado, Radicado } from '@predio/contract/gestion-documental';
import type { ExpedienteDetalle } from '@predio/contract/gestion-documental-expedientes';
import { ADMIN, apiComo, ingresar } from './helpers.ts';

// Gestión documental (issue 28), batch transfer: three expedientes of a subserie with no years in gestión are
// due the day they close. Selected together in «Por transferir», confirmed with their count; one of them is
// transferred by someone else meanwhile, so the result names two transferred and one refused with its reason.
// Everything carries a mark per attempt, so a retry works in its own data.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const antes = page.viewportSize()!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${nombre}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(antes);
  await page.waitForTimeout(400);
};

test('several expedientes due are transferred together, each one reported', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const marca = `${Date.now() % 1_000_000}${info.retry}`;
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const serie = op.series.find((s) => s.nombre === 'Correspondencia')!;
  const subserie = await api.post<{ id: number }>('/maestros/subseries-documentales', {
    id_serie: serie.id,
    codigo: `8.${marca}`.slice(0, 10),
    nombre: `Lote sin retención ${marca}`,
    anios_gestion: 0,
    anios_central: 5,
    disposicion_final: 'E',
  });
  const expedientes: ExpedienteDetalle[] = [];
  for (const n of [1, 2, 3]) {
    const r = await api.post<Radicado>('/gestion-documental/radicados', {
      tipo: 'entrada',
      fecha: new Date().toISOString().slice(0, 10),
      asunto: `Lote ${n} ${marca}`,
      id_area: area.id,
      id_serie: serie.id,
      id_subserie: subserie.id,
    });
    const e = await api.post<ExpedienteDetalle>('/gestion-documental/expedientes', {
      nombre: `Lote ${n} ${marca}`,
      agrupa: 'subserie',
      id_serie: serie.id,
      id_subserie: subserie.id,
    });
    await api.post(`/gestion-documental/expedientes/${e.id}/radicados`, { id_radicado: r.id });
    await api.post(`/gestion-documental/expedientes/${e.id}/cerrar`, {});
    expedientes.push(e);
  }

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental?pestana=retencion');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  const buscar = page.getByLabel('Buscar en retención');
  await buscar.fill(marca);
  await buscar.press('Enter');
  for (const e of expedientes) await expect(page.getByRole('row').filter({ hasText: e.numero })).toBeVisible();

  const boton = page.getByRole('button', { name: /Transferir seleccionados/ });
  await expect(boton).toBeDisabled();
  for (const e of expedientes) await page.getByLabel(`Seleccionar ${e.numero}`).check();
  await expect(boton).toHaveText('Transferir seleccionados (3)');
  await foto(page, 'gd-retencion-lote-seleccion');

  // Someone transfers the second one meanwhile: the batch reports it refused, with the reason.
  await api.post(`/gestion-documental/expedientes/${expedientes[1]!.id}/transferir`, {});
  await boton.click();
  const confirmar = page.getByRole('dialog', { name: '¿Transferir 3 expedientes al archivo central?' });
  await expect(confirmar).toContainText(expedientes.map((e) => e.numero).join(', '));
  await foto(page, 'gd-retencion-lote-confirmar');
  await confirmar.getByRole('button', { name: 'Transferir 3' }).click();

  const resultado = page.getByRole('dialog', { name: 'Resultado de la transferencia' });
  await expect(resultado).toContainText('2 expedientes transferidos al archivo central; 1 no se pudo transferir.');
  const item = (numero: string) => resultado.getByRole('listitem').filter({ hasText: numero });
  await expect(item(expedientes[0]!.numero)).toContainText('Transferido');
  await expect(item(expedientes[2]!.numero)).toContainText('Transferido');
  await expect(item(expedientes[1]!.numero)).toContainText('No transferido');
  await expect(item(expedientes[1]!.numero)).toContainText(
    `El expediente ${expedientes[1]!.numero} ya no está en el archivo de gestión (Archivo central).`,
  );
  await foto(page, 'gd-retencion-lote-resultado');
  await resultado.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(resultado).toBeHidden();
  await expect(page.getByText('Ningún expediente coincide.')).toBeVisible();
  await expect(boton).toHaveText('Transferir seleccionados');

  // All three are in the central now, each with its own transfer written.
  for (const e of expedientes) {
    const d = await api.get<ExpedienteDetalle>(`/gestion-documental/expedientes/${e.id}`);
    expect(d.fase).toBe('central');
    expect(d.transferido_por).toBe(ADMIN.usuario);
  }
});

test('several expedientes due in the central are eliminated with their actas, or conserved', async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const marca = `${Date.now() % 1_000_000}${info.retry}`;
  const api = await apiComo(request, ADMIN);
  const op = await api.get<OpcionesRadicado>('/gestion-documental/radicados/opciones');
  const area = op.areas.find((a) => a.nombre === 'Arrendamientos')!;
  const serie = op.series.find((s) => s.nombre === 'Correspondencia')!;
  // No years in gestión nor in central: due for transfer the day it closes, and for disposition once transferred.
  const subserie = await api.post<{ id: number }>('/maestros/subseries-documentales', {
    id_serie: serie.id,
    codigo: `9.${marca}`.slice(0, 10),
    nombre: `Disposición sin retención ${marca}`,
    anios_gestion: 0,
    anios_central: 0,
    disposicion_final: 'E',
  });
  const expedientes: ExpedienteDetalle[] = [];
  for (const n of [1, 2, 3]) {
    const r = await api.post<Radicado>('/gestion-documental/radicados', {
      tipo: 'entrada',
      fecha: new Date().toISOString().slice(0, 10),
      asunto: `Disposición ${n} ${marca}`,
      id_area: area.id,
      id_serie: serie.id,
      id_subserie: subserie.id,
    });
    const e = await api.post<ExpedienteDetalle>('/gestion-documental/expedientes', {
      nombre: `Disposición ${n} ${marca}`,
      agrupa: 'subserie',
      id_serie: serie.id,
      id_subserie: subserie.id,
    });
    await api.post(`/gestion-documental/expedientes/${e.id}/radicados`, { id_radicado: r.id });
    await api.post(`/gestion-documental/expedientes/${e.id}/cerrar`, {});
    await api.post(`/gestion-documental/expedientes/${e.id}/transferir`, {});
    expedientes.push(e);
  }
  const [uno, retenido, tres] = expedientes as [ExpedienteDetalle, ExpedienteDetalle, ExpedienteDetalle];
  await api.post(`/gestion-documental/expedientes/${retenido.id}/retencion-legal`, {
    activa: true,
    motivo: `Tutela ${marca}`,
  });

  await ingresar(page, ADMIN, '/gestion-documental/gestion-documental?pestana=retencion');
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click(), { noWaitAfter: true });
  await page.getByText('Por disponer', { exact: true }).click();
  const buscar = page.getByLabel('Buscar en retención');
  await buscar.fill(marca);
  await buscar.press('Enter');
  for (const e of expedientes) await expect(page.getByRole('row').filter({ hasText: e.numero })).toBeVisible();

  const eliminar = page.getByRole('button', { name: /Eliminar seleccionados/ });
  const conservar = page.getByRole('button', { name: /Conservar seleccionados/ });
  await expect(eliminar).toBeDisabled();
  await expect(conservar).toBeDisabled();
  for (const e of expedientes) await page.getByLabel(`Seleccionar ${e.numero}`).check();
  await expect(eliminar).toHaveText('Eliminar seleccionados (3)');
  await eliminar.click();

  const dialogo = page.getByRole('dialog', { name: 'Eliminar 3 expedientes' });
  await expect(dialogo).toContainText(expedientes.map((e) => e.numero).join(', '));
  await expect(dialogo).toContainText(`1 expediente no se eliminará: ${retenido.numero} (tiene retención legal`);
  await dialogo.getByRole('button', { name: 'Eliminar 3 y generar sus actas' }).click();
  await expect(dialogo.getByText('El campo Motivo es obligatorio')).toBeVisible();
  await dialogo.getByLabel('Motivo').fill(`Comité de archivo ${marca}: cumplieron su retención`);
  await foto(page, 'gd-disposicion-lote-eliminar');
  await dialogo.getByRole('button', { name: 'Eliminar 3 y generar sus actas' }).click();

  const resultado = page.getByRole('dialog', { name: 'Resultado de la eliminación' });
  await expect(resultado).toContainText('2 expedientes eliminados, cada uno con su acta; 1 no se pudo eliminar.');
  const item = (numero: string) => resultado.getByRole('listitem').filter({ hasText: numero });
  await expect(item(uno.numero)).toContainText('Eliminado');
  await expect(item(tres.numero)).toContainText('Eliminado');
  await expect(item(retenido.numero)).toContainText('No eliminado');
  await expect(item(retenido.numero)).toContainText(
    `El expediente ${retenido.numero} tiene retención legal (Tutela ${marca}): no se puede eliminar hasta levantarla.`,
  );
  await foto(page, 'gd-disposicion-lote-resultado');
  await resultado.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(resultado).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: uno.numero })).toBeHidden();

  // The held one is kept for good instead.
  await page.getByLabel(`Seleccionar ${retenido.numero}`).check();
  await conservar.click();
  const confirmar = page.getByRole('dialog', { name: '¿Conservar 1 expediente de forma permanente?' });
  await confirmar.getByRole('button', { name: 'Conservar 1' }).click();
  const conservado = page.getByRole('dialog', { name: 'Resultado de la conservación' });
  await expect(conservado).toContainText('1 expediente conservado.');
  await conservado.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(page.getByText('Ningún expediente coincide.')).toBeVisible();

  for (const e of [uno, tres]) {
    const d = await api.get<ExpedienteDetalle>(`/gestion-documental/expedientes/${e.id}`);
    expect(d).toMatchObject({ fase: 'eliminado', tiene_acta: true, dispuesto_por: ADMIN.usuario });
  }
  expect((await api.get<ExpedienteDetalle>(`/gestion-documental/expedientes/${retenido.id}`)).fase).toBe('conservado');
});
