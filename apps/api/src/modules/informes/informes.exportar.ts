import sharp from 'sharp';
import {
  agruparInforme,
  columnasAgrupables,
  type ColumnaInforme,
  type FilaInforme,
  type GrupoInforme,
  type RespuestaInforme,
} from '@predio/contract/informes';
import { empresaDocumento, type EmpresaDocumento } from '../../platform/documentos/contextos.ts';
import { htmlAPdf } from '../../platform/documentos/pdf.ts';
import { invalido } from '../../platform/errors/app-error.ts';
import type { Archivo } from '../../platform/http/archivo.ts';
import type { Celda } from '../../platform/tabular/celdas.ts';
import { exportarHoja } from '../../platform/tabular/exportar.ts';
import type { Tx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { membreteConLogo } from '../empresa/empresa.service.ts';

// Excel and PDF of a report: the same rows and totals the screen shows (informes.ts `ejecutar`).

/** A PDF past this many rows would run past the renderer's page limit; Excel has no such limit. */
export const MAX_FILAS_PDF = 2000;

const celda = (c: ColumnaInforme, f: FilaInforme): Celda => {
  const v = f[c.clave];
  if (v === null || v === undefined) return null;
  if (c.tipo === 'fecha' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(`${v}T00:00:00Z`);
  return v;
};

/**
 * The «Agrupar por» of the screen, for an export: the groups, or null without one. A column the report
 * cannot be grouped by is a 400 naming `agrupar` and the columns it can.
 */
export function gruposExportados(r: RespuestaInforme, agrupar: string | undefined): GrupoInforme[] | null {
  if (!agrupar) return null;
  const grupos = agruparInforme(r.columnas, r.filas, agrupar);
  if (grupos) return grupos;
  const validas = columnasAgrupables(r.columnas).map((c) => c.clave);
  throw invalido(
    'agrupar',
    validas.length
      ? `agrupar debe ser una columna de texto del informe: ${validas.join(', ')}`
      : 'este informe no tiene columnas por las que agrupar',
  );
}

/** A group's heading row: its value and count in the first column, its subtotals under their columns. */
const encabezadoGrupo = (r: RespuestaInforme, g: GrupoInforme): Celda[] =>
  r.columnas.map((c, i) =>
    i === 0 ? `${g.valor} (${g.filas.length})` : c.clave in g.subtotales ? g.subtotales[c.clave]! : null,
  );

/**
 * The table with a last «Total» row, grouped as on the screen when `grupos` is given (each group's heading
 * row, then its rows); the platform writer escapes text that a spreadsheet would run as a formula.
 */
export function xlsx(r: RespuestaInforme, grupos: GrupoInforme[] | null = null): Promise<Archivo> {
  const total: Celda[] = r.columnas.map((c, i) => (i === 0 ? 'Total' : c.clave in r.totales ? r.totales[c.clave]! : null));
  const fila = (f: FilaInforme) => r.columnas.map((c) => celda(c, f));
  const filas = grupos ? grupos.flatMap((g) => [encabezadoGrupo(r, g), ...g.filas.map(fila)]) : r.filas.map(fila);
  return exportarHoja({
    hoja: {
      encabezados: r.columnas.map((c) => c.titulo),
      filas: [...filas, total],
    },
    base: `informe-${r.informe}`,
    titulo: r.titulo,
    formato: 'xlsx',
  });
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (n: number) => n.toLocaleString('es-CO', { maximumFractionDigits: 0 });
const fmt = (c: ColumnaInforme, v: string | number | null | undefined) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? c.tipo === 'dinero'
        ? `$ ${num(v)}`
        : c.tipo === 'porcentaje'
          ? `${num(v)} %`
          : num(v)
      : String(v);

const COLORES = ['#96be0e', '#1677ff', '#fa8c16', '#cf1322', '#722ed1', '#13c2c2'];

/** The chart drawn as SVG and turned into a PNG (the PDF renderer takes images, not SVG). */
export async function graficoPng(s: RespuestaInforme['serie']): Promise<Buffer | null> {
  const n = s.etiquetas.length;
  if (n === 0 || s.series.length === 0) return null;
  const W = 1000;
  const H = 420;
  const izq = 60;
  const abajo = 110;
  const alto = H - abajo - 40;
  const max = Math.max(1, ...s.series.flatMap((x) => x.valores));
  const paso = (W - izq - 20) / n;
  const y = (v: number) => 20 + alto - (v / max) * alto;
  const partes: string[] = [];
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    partes.push(
      `<line x1="${izq}" x2="${W - 20}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/><text x="${izq - 6}" y="${y(v) + 5}" font-size="14" text-anchor="end">${esc(num(v))}</text>`,
    );
  }
  s.series.forEach((serie, j) => {
    const color = COLORES[j % COLORES.length]!;
    if (s.tipo === 'linea') {
      const pts = serie.valores.map((v, i) => `${izq + paso * (i + 0.5)},${y(v)}`).join(' ');
      partes.push(`<polyline points="${pts}" fill="none" stroke="${color}" stroke-width="3"/>`);
    } else {
      const ancho = (paso * 0.8) / s.series.length;
      serie.valores.forEach((v, i) => {
        const x = izq + paso * i + paso * 0.1 + ancho * j;
        partes.push(`<rect x="${x}" y="${y(v)}" width="${ancho}" height="${20 + alto - y(v)}" fill="${color}"/>`);
      });
    }
    partes.push(
      `<rect x="${izq + j * 190}" y="${H - 24}" width="14" height="14" fill="${color}"/><text x="${izq + j * 190 + 20}" y="${H - 12}" font-size="14">${esc(serie.nombre.slice(0, 22))}</text>`,
    );
  });
  s.etiquetas.forEach((e, i) => {
    const x = izq + paso * (i + 0.5);
    partes.push(
      `<text x="${x}" y="${H - abajo + 30}" font-size="13" text-anchor="end" transform="rotate(-35 ${x} ${H - abajo + 30})">${esc(e.slice(0, 24))}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${partes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const FILTRO: Record<string, string> = { desde: 'Desde', hasta: 'Hasta', asesor: 'Asesor (id)', dias: 'Días' };

/** The HTML the platform renderer lays out: filters, summary with the period before, chart, table with totals. */
export async function pdfHtml(r: RespuestaInforme, grupos: GrupoInforme[] | null = null): Promise<string> {
  if (r.filas.length > MAX_FILAS_PDF)
    throw invalido(
      'formato',
      `el PDF admite máximo ${num(MAX_FILAS_PDF)} filas y el informe tiene ${num(r.filas.length)}: exporte a Excel o acote los filtros`,
    );
  const filtros = Object.entries(r.filtros)
    .filter(([k, v]) => k in FILTRO && v !== undefined)
    .map(([k, v]) => `${FILTRO[k]}: ${esc(String(v))}`)
    .join(' · ');
  const resumen = r.resumen
    .map(
      (i) =>
        `<tr><td>${esc(i.titulo)}</td><td>${num(i.valor)}</td>${r.anterior ? `<td>${i.anterior === null ? '' : num(i.anterior)}</td>` : ''}</tr>`,
    )
    .join('');
  const png = await graficoPng(r.serie);
  const fila = (f: FilaInforme) => `<tr>${r.columnas.map((c) => `<td>${esc(fmt(c, f[c.clave]))}</td>`).join('')}</tr>`;
  // A group's heading spans the table, so its value reads on one line; its subtotals close the group.
  const encabezado = (g: GrupoInforme) =>
    `<tr><td colspan="${r.columnas.length}"><strong>${esc(`${g.valor} (${g.filas.length})`)}</strong></td></tr>`;
  const subtotal = (g: GrupoInforme) =>
    Object.keys(g.subtotales).length === 0
      ? ''
      : `<tr>${r.columnas
          .map(
            (c, i) =>
              `<td><em>${i === 0 ? 'Subtotal' : c.clave in g.subtotales ? esc(fmt(c, g.subtotales[c.clave])) : ''}</em></td>`,
          )
          .join('')}</tr>`;
  const filas = grupos
    ? grupos.map((g) => encabezado(g) + g.filas.map(fila).join('') + subtotal(g)).join('')
    : r.filas.map(fila).join('');
  const total = r.columnas
    .map((c, i) => `<td><strong>${i === 0 ? 'Total' : c.clave in r.totales ? esc(fmt(c, r.totales[c.clave])) : ''}</strong></td>`)
    .join('');
  return [
    `<h1>${esc(r.titulo)}</h1>`,
    `<p>${filtros || 'Sin filtros'}</p>`,
    `<table><tr><th>Resumen</th><th>Periodo</th>${r.anterior ? `<th>Periodo anterior (${r.anterior.desde} a ${r.anterior.hasta})</th>` : ''}</tr>${resumen}</table>`,
    png ? `<p><img src="data:image/png;base64,${png.toString('base64')}" width="500"></p>` : '',
    `<table><tr>${r.columnas.map((c) => `<th>${esc(c.titulo)}</th>`).join('')}</tr>${filas}<tr>${total}</tr></table>`,
  ].join('\n');
}

/** The company's details for the letterhead, read inside the report's transaction. */
export const empresaDe = (tx: Tx) => empresaDocumento(tx);

/** The PDF, laid out after the transaction: the letterhead's logo is read from storage then. */
export async function pdf(
  html: string,
  o: { empresa: EmpresaDocumento; idEmpresa: number; storage: Storage },
  r: RespuestaInforme,
): Promise<Archivo> {
  const membrete = await membreteConLogo(o);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  return {
    nombre: `informe-${r.informe}-${hoy}.pdf`,
    contentType: 'application/pdf',
    contenido: await htmlAPdf({ html, membrete, titulo: r.titulo }),
  };
}
