import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import type { CampoFirma } from '@predio/contract/firmas';
import { estamparCampos } from './firmas-pdf.ts';

// Scanned contracts often come with turned pages (/Rotate). The placement screen shows a page turned, so
// a field placed at the top left of what the sender saw must be stamped there, reading upright.

const campo = (pagina: number, valor: string): CampoFirma =>
  ({
    id: pagina,
    firmante: 1,
    tipo: 'texto',
    pagina,
    x: 0.1,
    y: 0.5,
    ancho: 0.3,
    alto: 0.04,
    obligatorio: true,
    valor,
  }) as CampoFirma;

describe('fields on turned pages', () => {
  it('lands where it was placed on the page as shown, at 0°, 90°, 180° and 270°', async () => {
    const doc = await PDFDocument.create();
    const giros = [0, 90, 180, 270];
    for (const g of giros) doc.addPage([612, 792]).setRotation(degrees(g));
    const fuentes = {
      normal: await doc.embedFont(StandardFonts.Helvetica),
      negrita: await doc.embedFont(StandardFonts.HelveticaBold),
      cursiva: await doc.embedFont(StandardFonts.HelveticaOblique),
    };
    await estamparCampos(
      doc,
      [
        {
          nombre: 'Carla Campos',
          firmaTipo: 'escrita',
          firmaImagen: null,
          firmaTexto: null,
          campos: giros.map((g, i) => campo(i + 1, `Giro${g}`)),
        },
      ],
      fuentes,
    );
    const dir = mkdtempSync(join(tmpdir(), 'firmas-giro-'));
    try {
      writeFileSync(join(dir, 'g.pdf'), await doc.save());
      giros.forEach((g, i) => {
        const n = String(i + 1);
        // pdftotext reads the page as shown: its boxes are in the turned frame, and a word found means
        // it runs left to right there.
        const cajas = execFileSync('pdftotext', ['-f', n, '-l', n, '-bbox', join(dir, 'g.pdf'), '-']).toString();
        const m = new RegExp(`<word xMin="([\\d.]+)" yMin="([\\d.]+)" xMax="([\\d.]+)" yMax="([\\d.]+)">Giro${g}</word>`).exec(
          cajas,
        );
        expect(m, `página girada ${g}°`).not.toBeNull();
        const [ancho, alto] = g % 180 ? [792, 612] : [612, 792];
        const [xMin, yMin, xMax, yMax] = m!.slice(1).map(Number);
        expect(xMin, `x en ${g}°`).toBeGreaterThan(ancho * 0.1 - 1);
        expect(xMin, `x en ${g}°`).toBeLessThan(ancho * 0.1 + 10);
        expect(yMin, `y en ${g}°`).toBeGreaterThan(alto * 0.5 - 1);
        expect(yMax, `y en ${g}°`).toBeLessThan(alto * 0.54 + 1);
        // Upright: wider than tall.
        expect(xMax! - xMin!).toBeGreaterThan(yMax! - yMin!);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
