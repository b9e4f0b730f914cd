import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ingresar } from './helpers.ts';

// Importar parametrización (issue 28): upload a TRD workbook, read the per-row report, fix nothing when a
// row is wrong, then import a good one and see its series in the TRD and in the masters.
const SHOTS = process.env.SHOTS_DIR;
const foto = async (page: Page, nombre: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${nombre}-${page.viewportSize()!.width}.png`, fullPage: true });
};

const COLUMNAS = [
  'Código',
  'Dependencia',
  'Serie',
  'Subserie',
  'Tipo documental',
  'Años archivo de gestión',
  'Años archivo central',
  'Disposición final',
  'Soporte',
  'Procedimiento',
];

async function libro(filas: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TRD');
  ws.addRow(COLUMNAS);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a TRD workbook is validated row by row, then imported whole, and its series appear', async ({ page }) => {
  test.setTimeout(120_000);
  const n = Math.floor(Math.random() * 9000 + 1000);
  const serie = `Peticiones ${n}`;
  const filas = [
    [
      `7${n}-9${n}.01`,
      `Correspondencia ${n}`,
      serie,
      `Derechos de petición ${n}`,
      `Petición ${n}`,
      1,
      4,
      'CT',
      'Electrónico',
      '',
    ],
    [
      `7${n}-9${n}.01`,
      `Correspondencia ${n}`,
      serie,
      `Derechos de petición ${n}`,
      `Respuesta ${n}`,
      1,
      4,
      'CT',
      'Electrónico',
      '',
    ],
    [
      `7${n}-9${n}.02`,
      `Correspondencia ${n}`,
      serie,
      `Quejas ${n}`,
      `Queja ${n}`,
      1,
      2,
      'E',
      'Papel',
      'Se elimina en el archivo central.',
    ],
  ];
  await ingresar(page, ADMIN, '/gestion-documental/maestros/importar-parametrizacion');
  await expect(page.getByText('Importar parametrización').first()).toBeVisible();

  // A bad row: the report names the field, and Importar stays off.
  const malo = [
    ...filas,
    [`7${n}-9${n}.02`, `Correspondencia ${n}`, serie, `Quejas ${n}`, `Queja grave ${n}`, 'dos', 2, 'quemar', 'Papel', ''],
  ];
  await page.locator('input[type="file"]').setInputFiles({
    name: 'trd-mala.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await libro(malo),
  });
  await page.getByRole('button', { name: 'Validar', exact: true }).click();
  await expect(page.getByText('1 de 4 filas tienen errores')).toBeVisible();
  const informe = page.getByRole('table', { name: 'Informe por fila' }).or(page.getByLabel('Informe por fila'));
  await expect(informe.getByText('El campo Años archivo de gestión debe ser un número entero')).toBeVisible();
  await expect(informe.getByText(/El campo Disposición final debe ser Conservación total/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await foto(page, 'trd-errores');

  // The good file: validate, confirm, import.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'trd.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await libro(filas),
  });
  await page.getByRole('button', { name: 'Validar', exact: true }).click();
  await expect(page.getByText('Las 3 filas están correctas')).toBeVisible();
  await expect(page.getByText('Series: 1 nueva, 0 actualizadas')).toBeVisible();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText('TRD importada: 3 filas.')).toBeVisible();
  const actual = page.getByLabel('TRD actual');
  await expect(actual.getByRole('row').filter({ hasText: `Respuesta ${n}` })).toContainText(`7${n}-9${n}.01`);
  await expect(actual.getByRole('row').filter({ hasText: `Queja ${n}` })).toContainText('Eliminación');
  await foto(page, 'trd-importada');

  // The import created the serie in its master.
  await page.goto(`/gestion-documental/maestros/series-documentales?q=${encodeURIComponent(serie)}`);
  await expect(page.getByRole('row').filter({ hasText: serie })).toContainText(`9${n}`);
});
