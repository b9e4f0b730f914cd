import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

/** Company 1's data-protection notice may open at any moment on a slow machine: accept it whenever it shows. */
async function aceptarAviso(page: Page) {
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
}

/** A small but complete PDF (header, catalog, page, text, cross-reference table and trailer). */
function pdfReal(texto: string): Buffer {
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const flujo = `BT /F1 18 Tf 60 780 Td (${texto}) Tj ET`;
  objetos[3] = `<< /Length ${flujo.length} >>\nstream\n${flujo}\nendstream`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objetos.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

test('staff publish a vacancy, a visitor applies with a CV, staff open the CV and change its estado', async ({ page }) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const titulo = `Asesor de arriendos ${sufijo}`;
  const postulante = `Postulante ${sufijo}`;
  const cierre = new Date(Date.now() + 30 * 86_400_000);
  const dd = (n: number) => String(n).padStart(2, '0');

  await ingresar(page, ADMIN, '/paginaweb/banco-de-trabajo');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nueva vacante' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva vacante' });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('El campo Título es obligatorio')).toBeVisible();
  await dialogo.getByLabel('Título').fill(titulo);
  await dialogo.getByLabel('Área').fill('Comercial');
  await dialogo
    .getByLabel('Fecha de cierre')
    .fill(`${dd(cierre.getDate())}/${dd(cierre.getMonth() + 1)}/${cierre.getFullYear()}`);
  await dialogo.getByLabel('Fecha de cierre').press('Enter');
  await elegir(page, dialogo.getByRole('combobox', { name: 'Estado' }), 'Publicada');
  await dialogo.getByLabel('Salario desde (COP)').fill('2000000');
  await dialogo.getByLabel('Salario hasta (COP)').fill('1000000');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('El campo Salario hasta no puede ser menor que Salario desde')).toBeVisible();
  await dialogo.getByLabel('Salario hasta (COP)').fill('3000000');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden({ timeout: 20_000 });
  const fila = page.getByRole('row').filter({ hasText: titulo });
  await expect(fila).toContainText('Publicada en el sitio');
  await expect(fila).toContainText('$ 2.000.000 – $ 3.000.000');

  // The public API lists it with its public fields only; a visitor applies with a PDF.
  const publicas = (await (await page.request.get('/api/publico/1/vacantes')).json()) as {
    data: { id: number; titulo: string }[];
  };
  const vacante = publicas.data.find((v) => v.titulo === titulo)!;
  expect(vacante).toBeTruthy();
  expect(Object.keys(vacante)).not.toContain('estado');
  const url = `/api/publico/1/vacantes/${vacante.id}/postulaciones`;
  const datos = {
    nombre: postulante,
    email: `postulante.${sufijo}@example.com`,
    telefono: '300 555 0101',
    mensaje: 'Tengo experiencia en arriendos.',
    autoriza_datos: 'true',
  };
  const falso = await page.request.post(url, {
    multipart: {
      ...datos,
      cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('solo texto renombrado .pdf') },
    },
  });
  expect(falso.status()).toBe(415);
  const pdf = pdfReal(`Hoja de vida ${postulante}`);
  const r = await page.request.post(url, {
    multipart: { ...datos, cv: { name: 'hoja-de-vida.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(r.status(), await r.text()).toBe(200);

  // Staff: the vacancy's applications, the CV opens as the same PDF, the estado changes.
  await page.reload();
  await fila.getByRole('button', { name: `Postulaciones a «${titulo}»` }).click();
  await expect(page).toHaveURL(/vista=postulaciones/);
  const postulacion = page.getByRole('row').filter({ hasText: postulante });
  await expect(postulacion).toContainText('Recibida');
  await expect(postulacion).toContainText(titulo);
  const enlace = postulacion.getByRole('link', { name: `Hoja de vida de ${postulante}` });
  const href = (await enlace.getAttribute('href'))!;
  const cv = await page.request.get(href);
  expect(cv.status()).toBe(200);
  expect(cv.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await cv.body(), pdf)).toBe(0);
  const [pestana] = await Promise.all([page.context().waitForEvent('page'), enlace.click()]);
  await pestana.close();

  await postulacion.getByRole('button', { name: `Editar «${postulante} — ${titulo}»` }).click();
  const revision = page.getByRole('dialog', { name: `Postulación de ${postulante}` });
  await expect(revision).toContainText('Autorizó el tratamiento de sus datos');
  await elegir(page, revision.getByRole('combobox', { name: 'Estado' }), 'Preseleccionada');
  await revision.getByLabel('Notas').fill('Llamar para entrevista');
  await revision.getByRole('button', { name: 'Guardar' }).click();
  await expect(revision).toBeHidden({ timeout: 20_000 });
  await expect(postulacion).toContainText('Preseleccionada');

  // The API agrees; then the vacancy is deleted after its confirmation.
  const api = await apiComo(page.request, ADMIN);
  const lista = await api.get<{ items: { nombre: string; estado: string; notas: string }[] }>(
    `/paginaweb/banco-de-trabajo/postulaciones?vacante=${vacante.id}`,
  );
  expect(lista.items[0]).toMatchObject({ nombre: postulante, estado: 'preseleccionada', notas: 'Llamar para entrevista' });
  await page.getByRole('tab', { name: 'Vacantes' }).click();
  await fila.getByRole('button', { name: `Eliminar «${titulo}»` }).click();
  const confirmar = page.getByRole('dialog').filter({ hasText: `¿Eliminar la vacante «${titulo}»?` });
  await expect(confirmar).toContainText('Se borra también su postulación con la hoja de vida');
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(fila).toBeHidden({ timeout: 20_000 });
});
