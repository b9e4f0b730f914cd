import { spawn } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import type { PaginaFirma } from '@predio/contract/firmas';
import { CODES } from '@predio/contract/codes';
import { AppError } from '../../platform/errors/app-error.ts';

/** Each page's size as shown (a page turned 90° or 270° shows its width as its height). */
export async function tamanosPaginas(pdf: Buffer): Promise<PaginaFirma[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    const girada = Math.abs(p.getRotation().angle % 180) === 90;
    return { ancho: Math.round(girada ? height : width), alto: Math.round(girada ? width : height) };
  });
}

/** Long side of a rendered page: sharp enough to read on a desktop, light enough for a phone (~100 KB). */
const LADO_PX = 1200;
const TIEMPO_MS = 20_000;

/**
 * One page of the PDF as a PNG, drawn by poppler's pdftoppm on the server. The browser then needs no PDF
 * engine (pdf.js would add ~130 kB gzip to the signing page a phone loads), and every phone sees the same
 * picture the fields were placed on. The PDF goes in by stdin and the PNG comes back by stdout.
 */
export function imagenPagina(pdf: Buffer, pagina: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      'pdftoppm',
      ['-png', '-f', String(pagina), '-l', String(pagina), '-scale-to', String(LADO_PX), '-singlefile', '-'],
      { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIEMPO_MS, ...(signal ? { signal } : {}) },
    );
    const trozos: Buffer[] = [];
    let err = '';
    p.stdout.on('data', (b: Buffer) => trozos.push(b));
    p.stderr.on('data', (b: Buffer) => (err += b.toString()));
    p.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'ENOENT'
          ? new AppError(CODES.ERROR_INTERNO, 'El servidor no tiene pdftoppm (poppler-utils) para mostrar las páginas del PDF.')
          : e,
      ),
    );
    p.on('close', (codigo) => {
      const png = Buffer.concat(trozos);
      if (codigo === 0 && png.length > 8) resolve(png);
      else reject(new Error(`pdftoppm no pudo dibujar la página ${pagina}: ${err.trim().slice(0, 200) || `código ${codigo}`}`));
    });
    p.stdin.on('error', () => {}); // pdftoppm may stop reading early on a broken PDF; its exit code tells.
    p.stdin.end(pdf);
  });
}
