import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import type { Database, Tx } from '../../db/client.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { EstadoExtraccion, ExtraccionIniciada } from '@predio/contract/gestion-documental-configuracion';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import * as repo from './texto.repo.ts';

/** Extracts the text of a PDF or image filed with a radicado (docs/gestion-documental.md, «Búsqueda en el texto»). */
export const TRABAJO_GD_EXTRAER_TEXTO = 'gestion-documental.extraer-texto';

/** Text kept per file: past this a document adds nothing a search box would ask for. */
const TEXTO_MAX = 1_000_000;
const PDFTOTEXT_MS = 60_000;
/** One page's OCR: tesseract reads a 300 dpi letter page in 2–10 s on a busy machine. */
const OCR_MS = 60_000;
/** A scanned PDF is read by OCR up to this page: a letter or a contract's first pages say what a search asks. */
export const PAGINAS_OCR = 5;
const IMAGENES = new Set(['image/jpeg', 'image/png', 'image/tiff']);

/** Whether a file of this type gets its text extracted: PDFs (their text layer, else OCR) and scanned images (OCR). */
export const tieneTexto = (contentType: string): boolean => contentType === 'application/pdf' || IMAGENES.has(contentType);

/**
 * Queues the extraction of a just-recorded file's text, in the transaction that recorded it: the job
 * exists only if the file does.
 */
export async function encolarExtraccion(tx: Tx, f: { id: number; contentType: string }, version?: number): Promise<void> {
  if (!tieneTexto(f.contentType)) return;
  // A new version of the same file is a new job (the key of the first one is taken for good).
  const clave = `gd-texto:${f.id}${version ? `:v${version}` : ''}`;
  await encolar(tx, { tipo: TRABAJO_GD_EXTRAER_TEXTO, datos: { id: f.id }, clave });
}

/** The extraction's progress over the company's documents (Configuración). */
export const estadoExtraccion = (o: { tx: Tx }): Promise<EstadoExtraccion> =>
  repo.estadoExtraccion(o.tx, TRABAJO_GD_EXTRAER_TEXTO);

/**
 * «Extraer texto de los documentos anteriores»: one extraction job per current PDF or image of a radicado
 * that has no text (filed before the job existed, an image filed before OCR, or a job that failed its
 * attempts) and no job pending or running — so pressing it twice queues nothing new. The keys carry the
 * run's time: the first job's key of a file is taken for good (a job that only skipped an image keeps it).
 * Audited (`radicados`, `extraer_texto`, how many).
 */
export async function reextraer(o: { tx: Tx; user: Principal; ip: string }): Promise<ExtraccionIniciada> {
  const archivos = await repo.sinTextoNiTrabajo(o.tx, TRABAJO_GD_EXTRAER_TEXTO);
  const corrida = Date.now().toString(36);
  let encolados = 0;
  for (const f of archivos)
    if (await encolar(o.tx, { tipo: TRABAJO_GD_EXTRAER_TEXTO, datos: { id: f.id }, clave: `gd-texto:${f.id}:r${corrida}` }))
      encolados++;
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario || null,
    usuario: o.user.usuario,
    accion: 'extraer_texto',
    entidad: 'radicados',
    cambios: { documentos: { antes: null, despues: encolados } },
    ip: o.ip,
  });
  return { ...(await estadoExtraccion(o)), encolados };
}

/**
 * Runs a program with `entrada` on stdin and answers its stdout (kept up to 4 MB of text); `sinTexto` are
 * the exit codes meaning «no text here», answered as empty instead of failing the job.
 */
function ejecutar(
  programa: string,
  args: string[],
  entrada: Buffer | null,
  o: { timeout: number; sinTexto?: number[]; signal?: AbortSignal | undefined },
): Promise<string> {
  return new Promise((resolve, reject) => {
    // One thread: the OCR shares the machine with the requests (tesseract would take every core).
    const p = spawn(programa, args, { signal: o.signal, timeout: o.timeout, env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
    const partes: Buffer[] = [];
    let bytes = 0;
    p.stdout.on('data', (c: Buffer) => {
      if (bytes < TEXTO_MAX * 4) partes.push(c);
      bytes += c.length;
    });
    p.stderr.resume();
    p.on('error', reject);
    p.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(partes).toString('utf8'));
      else if (code !== null && o.sinTexto?.includes(code)) resolve('');
      else reject(new Error(`${programa} terminó con el código ${code ?? 'desconocido (tiempo agotado)'}`));
    });
    p.stdin.on('error', () => undefined);
    p.stdin.end(entrada ?? undefined);
  });
}

/** `pdftotext` (poppler) reading the PDF from stdin; its text in UTF-8, pages as form feeds. */
export function pdfATexto(pdf: Buffer, signal?: AbortSignal): Promise<string> {
  // Exit 1 is a PDF poppler cannot open, 3 one whose permissions forbid copying text: no text, no retry.
  return ejecutar('pdftotext', ['-enc', 'UTF-8', '-q', '-', '-'], pdf, { timeout: PDFTOTEXT_MS, sinTexto: [1, 3], signal });
}

/** OCR of a scanned image (JPEG, PNG, TIFF) with tesseract and its Spanish model, read from stdin. */
export function imagenATexto(imagen: Buffer, signal?: AbortSignal): Promise<string> {
  // Exit 1: leptonica could not read the image (a file that only claims to be one): no text, no retry.
  return ejecutar('tesseract', ['stdin', 'stdout', '-l', 'spa'], imagen, { timeout: OCR_MS, sinTexto: [1], signal });
}

/**
 * OCR of a PDF without a text layer (a scanner's pages as images): pdftoppm renders its first PAGINAS_OCR
 * pages at 300 dpi in grey into a temporary folder, tesseract reads each one.
 */
export async function pdfEscaneadoATexto(pdf: Buffer, signal?: AbortSignal): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'predio-ocr-'));
  try {
    await ejecutar('pdftoppm', ['-r', '300', '-gray', '-png', '-l', String(PAGINAS_OCR), '-', join(dir, 'p')], pdf, {
      timeout: PDFTOTEXT_MS,
      sinTexto: [1, 3],
      signal,
    });
    const paginas = (await readdir(dir)).filter((n) => n.endsWith('.png')).sort();
    const textos: string[] = [];
    for (const p of paginas)
      textos.push(
        await ejecutar('tesseract', [join(dir, p), 'stdout', '-l', 'spa'], null, { timeout: OCR_MS, sinTexto: [1], signal }),
      );
    return textos.join('\f');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether pdftotext found words: a scanned PDF gives only blanks and form feeds (or a stray character per page). */
const sinPalabras = (texto: string): boolean => !/\p{L}{3}/u.test(texto);

/**
 * The job: reads the file's row in one short transaction, runs pdftotext or the OCR outside any (PGlite has
 * one connection), then stores the text. Running twice rewrites the same row; a file deleted meanwhile is
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
  if (!tieneTexto(f.content_type)) return { omitido: 'no es un PDF ni una imagen' };
  const bytes = await o.storage.get(f.clave);
  if (!bytes) throw new Error(`No se encontró el contenido guardado de «${f.nombre}»`);
  let leido: string;
  if (f.content_type !== 'application/pdf') leido = await imagenATexto(bytes, o.signal);
  else {
    leido = await pdfATexto(bytes, o.signal);
    if (sinPalabras(leido)) leido = await pdfEscaneadoATexto(bytes, o.signal);
  }
  const texto = leido
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
