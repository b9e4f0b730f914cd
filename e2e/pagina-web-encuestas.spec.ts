import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

/** Company 1's data-protection notice may open at any moment on a slow machine: accept it whenever it shows. */
async function aceptarAviso(page: Page) {
  const aviso = page.getByRole('dialog', { name: 'Informacion Importante' });
  await page.addLocatorHandler(aviso, () => aviso.getByRole('button', { name: 'Aceptar' }).click());
}

test('a survey built in Encuestas is answered once from its link and shows in its results and in informes/encuestas', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sufijo = Math.random().toString(36).slice(2, 8);
  const titulo = `Satisfacción visita ${sufijo}`;

  await ingresar(page, ADMIN, '/paginaweb/encuestas');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nueva encuesta' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva encuesta' });
  await dialogo.getByLabel('Título', { exact: true }).fill(titulo);
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: titulo });
  await expect(fila).toContainText('Activa');

  // A link for one person.
  await fila.getByRole('button', { name: `Enlaces de «${titulo}»` }).click();
  const enlaces = page.getByRole('dialog', { name: `Enlaces de «${titulo}»` });
  await enlaces.getByLabel('Destinatario').fill('Marta Ruiz');
  await enlaces.getByRole('button', { name: 'Crear enlaces' }).click();
  const enlace = enlaces.getByRole('row').filter({ hasText: 'Marta Ruiz' });
  await expect(enlace).toContainText('Sin responder');
  const url = await enlace.getByRole('link', { name: /Abrir el enlace/ }).getAttribute('href');
  expect(url).toMatch(/\/sitio\/1\/encuestas\/[A-Za-z0-9_-]{16,}$/);

  // The visitor answers: a mistake first, then the answer; the link then says it was answered.
  const sitio = await page.context().newPage();
  await sitio.goto(url!);
  await expect(sitio.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await sitio
    .getByRole('group', { name: /1\. ¿Qué tan satisfecho/ })
    .getByLabel('5')
    .check();
  await sitio.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(sitio.getByText('La pregunta 2 («¿Nos recomendaría a un amigo?») es obligatoria')).toBeVisible();
  await sitio
    .getByRole('group', { name: /2\. ¿Nos recomendaría/ })
    .getByLabel('Sí')
    .check();
  await sitio.getByLabel(/3\. ¿Qué podemos mejorar\?/).fill('Todo muy bien');
  await sitio.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(sitio.getByText('¡Gracias por responder!')).toBeVisible();
  await sitio.goto(url!);
  await expect(sitio.getByText('Esta encuesta ya fue respondida desde este enlace')).toBeVisible();
  await sitio.close();

  // Its results in the back-office.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: titulo })
    .getByRole('button', { name: `Resultados de «${titulo}»` })
    .click();
  const resultados = page.getByRole('dialog', { name: `Resultados de «${titulo}»` });
  await expect(resultados.getByText('1 respuestas de 1 enlaces.')).toBeVisible();
  await expect(resultados.getByRole('region', { name: 'Pregunta 1' })).toContainText('promedio 5 / 5');
  await expect(resultados.getByText('Todo muy bien')).toBeVisible();

  // The report: the survey's questions with their summary, and the chart.
  await page.goto('/informes/encuestas');
  await expect(page.getByText('Módulo en construcción')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Gráfico: Encuestas' })).toBeVisible({ timeout: 30_000 });
  const pregunta = page.getByRole('row').filter({ hasText: titulo }).filter({ hasText: '1. ¿Qué tan satisfecho' });
  await expect(pregunta).toContainText('5 / 5');
  await expect(pregunta).toContainText('100 %');
});
