import { expect, test, type Page } from '@playwright/test';
import { asuntoDelMensaje, textoDelMensaje } from '../apps/api/src/test/smtp-sink.ts';
import { recibidosPara } from './correo.ts';
import { ADMIN, apiComo, elegir, ingresar } from './helpers.ts';

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

test('a survey with NPS and several options is e-mailed to a tercero, answered from the link in the message and filtered in the report', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sufijo = String(Date.now() % 1_000_000);
  const titulo = `Opinión arriendo ${sufijo}`;
  const correo = `lucia.${sufijo}@example.com`;
  const nombre = `Lucía Encuesta ${sufijo}`;
  const a = await apiComo(request, ADMIN);
  await a.post('/terceros', { nro_id: `74${sufijo}`, nombre1: 'Lucía', apellido1: `Encuesta ${sufijo}`, email: correo });

  // The builder: question 1 becomes NPS, a multiple-choice question is added, and a trigger chosen.
  await ingresar(page, ADMIN, '/paginaweb/encuestas');
  await aceptarAviso(page);
  await page.getByRole('button', { name: 'Nueva encuesta' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nueva encuesta' });
  await dialogo.getByLabel('Título', { exact: true }).fill(titulo);
  await elegir(page, dialogo.getByLabel('Envío automático'), 'Después de una visita realizada (cita con resultado)');
  await dialogo.getByLabel('Días de espera').fill('2');
  const p1 = dialogo.getByRole('group', { name: 'Pregunta 1' });
  await p1.getByLabel('Pregunta', { exact: true }).fill('¿Qué tan probable es que nos recomiende?');
  await elegir(page, p1.getByLabel('Tipo de pregunta'), 'NPS (0 a 10)');
  const p2 = dialogo.getByRole('group', { name: 'Pregunta 2' });
  await p2.getByLabel('Pregunta', { exact: true }).fill('¿Qué valoró más?');
  await elegir(page, p2.getByLabel('Tipo de pregunta'), 'Opción múltiple (varias)');
  const opciones = p2.getByLabel('Opciones');
  for (const o of ['La atención', 'El precio', 'La ubicación']) {
    await opciones.fill(o);
    await opciones.press('Enter');
  }
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: titulo });
  await expect(fila).toContainText('Tras visita + 2 d');

  // «Enviar»: nobody chosen is refused; then the tercero, found by name.
  await fila.getByRole('button', { name: `Enviar «${titulo}» por correo` }).click();
  const envio = page.getByRole('dialog', { name: `Enviar «${titulo}» por correo` });
  await envio.getByRole('button', { name: 'Enviar' }).click();
  await expect(envio.getByText('Elija al menos un tercero')).toBeVisible();
  await elegir(page, envio.getByLabel('Destinatarios'), nombre, { buscar: `Encuesta ${sufijo}` });
  await envio.getByRole('button', { name: 'Enviar' }).click();
  await expect(envio).toBeHidden();
  await expect(page.getByText(`Encuesta enviada a ${nombre}`)).toBeVisible();

  // The message reached the suite's SMTP server; its link is the person's own.
  await expect
    .poll(() => recibidosPara(correo).filter((r) => asuntoDelMensaje(r.data).startsWith(titulo)).length, { timeout: 30_000 })
    .toBe(1);
  const texto = textoDelMensaje(recibidosPara(correo).find((r) => asuntoDelMensaje(r.data).startsWith(titulo))!.data);
  expect(texto).toContain(`Hola, ${nombre}:`);
  const url = /(https?:\/\/\S+\/sitio\/1\/encuestas\/[A-Za-z0-9_-]{16,})/.exec(texto)![1]!;

  const sitio = await page.context().newPage();
  await sitio.goto(url);
  await expect(sitio.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  const nps = sitio.getByRole('group', { name: /1\. ¿Qué tan probable/ });
  await nps.getByLabel('10', { exact: true }).check();
  await sitio.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(sitio.getByText('La pregunta 2 («¿Qué valoró más?») es obligatoria: elija al menos una opción')).toBeVisible();
  const varias = sitio.getByRole('group', { name: /2\. ¿Qué valoró más\?/ });
  await varias.getByLabel('La atención').check();
  await varias.getByLabel('La ubicación').check();
  await sitio.getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(sitio.getByText('¡Gracias por responder!')).toBeVisible();
  await sitio.goto(url);
  await expect(sitio.getByText('Esta encuesta ya fue respondida desde este enlace')).toBeVisible();
  await sitio.close();

  // The link shows who it went to and that it was answered.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: titulo })
    .getByRole('button', { name: `Enlaces de «${titulo}»` })
    .click();
  const enlaces = page.getByRole('dialog', { name: `Enlaces de «${titulo}»` });
  const enlace = enlaces.getByRole('row').filter({ hasText: correo });
  await expect(enlace).toContainText('Enviada por correo');
  await expect(enlace).toContainText('Respondida');
  await enlaces
    .getByRole('button', { name: 'Close' })
    .or(enlaces.getByRole('button', { name: 'Cerrar' }))
    .first()
    .click();

  // The report, filtered by this survey and by e-mailed links: NPS +100, the options counted.
  await page.goto('/informes/encuestas');
  await elegir(page, page.getByRole('combobox', { name: 'Encuesta' }), titulo, { buscar: sufijo });
  await elegir(page, page.getByRole('combobox', { name: 'Origen del envío' }), 'Enviada por correo');
  const pregunta = page.getByRole('row').filter({ hasText: '1. ¿Qué tan probable es que nos recomiende?' });
  await expect(pregunta).toContainText('NPS +100');
  await expect(page.getByRole('row').filter({ hasText: '2. ¿Qué valoró más?' })).toContainText(
    'La atención: 1 · El precio: 0 · La ubicación: 1',
  );
  await elegir(page, page.getByRole('combobox', { name: 'Origen del envío' }), 'Después de una visita');
  await expect(page.getByRole('row').filter({ hasText: '1. ¿Qué tan probable' })).toHaveCount(0);
});
