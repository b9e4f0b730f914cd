import { spawn } from 'node:child_process';
import { TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import type { Database, Tx } from '../../db/client.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import * as repo from './texto.repo.ts';

/** Extracts the text of a PDF filed with a radicado (docs/gestion-documental.md, «Búsqueda en el texto»). */
export const TRABAJO_GD_EXTRAER_TEXTO = 'gestion-documental.extraer-texto';

/** Text kept per file: past this a document adds nothing a search box would ask for. */
const TEXTO_MAX = 1_000_000;
const PDFTOTEXT_MS = 60_000;

/**
 * Queues the extraction of a just-recorded file's text, in the transaction that recorded it: the job
 * exists only if the file does. Only PDFs carry text (scanned images would need OCR, not available here).
 */
export async function encolarExtraccion(tx: Tx, f: { id: number; contentType: string }, version?: number): Promise<void> {
  if (f.contentType !== 'application/pdf') return;
  // A new version of the same file is a new job (the key of the first one is taken for good).
  const clave = `gd-texto:${f.id}${version ? `:v${version}` : ''}`;
  await encolar(tx, { tipo: TRABAJO_GD_EXTRAER_TEXTO, datos: { id: f.id }, clave });
}

/** `pdftotext` (poppler) reading the PDF from stdin; its text in UTF-8, pages as form feeds. */
export function pdfATexto(pdf: Buffer, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn('pdftotext', ['-enc', 'UTF-8', '-q', '-', '-'], { signal, timeout: PDFTOTEXT_MS });
    const partes: Buffer[] = [];
    let bytes = 0;
    p.stdout.on('data', (c: Buffer) => {
      if (bytes < TEXTO_MAX * 4) partes.push(c);
      bytes += c.length;
    });
    p.stderr.resume();
    p.on('error', reject);
    p.on('close', (code) => {
      // Exit 1 is a PDF poppler cannot open, 3 one whose permissions forbid copying text: no text, no retry.
      if (code === 0 || code === 1 || code === 3) resolve(Buffer.concat(partes).toString('utf8'));
      else reject(new Error(`pdftotext terminó con el código ${code ?? 'desconocido'}`));
    });
    p.stdin.on('error', () => undefined);
    p.stdin.end(pdf);
  });
}

/**
 * The job: reads the file's row in one short transaction, runs pdftotext outside any (PGlite has one
 * connection), then stores the text. Running twice rewrites the same row; a file deleted meanwhile is
 * skipped (its text goes with it: on delete cascade).
 */
export async function extraerTexto(o: {
  db: Database;
  storage: Storage;
  idEmpresa: number;
  idArchivo: number;
  signal?: AbortSignal;
}): Promise<{ caracteres: number } | { omitido: string }> {
  const f = await o.db.tenant(o.idEmpresa, (tx) => repo.archivo(tx, o.idArchivo, TIPO_DUENO_RADICADO));
  if (!f) return { omitido: 'el archivo ya no existe' };
  if (f.content_type !== 'application/pdf') return { omitido: 'no es un PDF' };
  const pdf = await o.storage.get(f.clave);
  if (!pdf) throw new Error(`No se encontró el contenido guardado de «${f.nombre}»`);
  const texto = (await pdfATexto(pdf, o.signal))
    // eslint-disable-next-line no-control-regex -- form feeds and other control characters separate nothing a search needs
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TEXTO_MAX);
  await o.db.tenant(o.idEmpresa, async (tx) => {
    if (await repo.archivo(tx, o.idArchivo, TIPO_DUENO_RADICADO))
      await repo.guardar(tx, { idArchivo: f.id, idRadicado: f.id_radicado, texto });
  });
  return { caracteres: texto.length };
}
