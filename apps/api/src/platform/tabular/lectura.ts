import type { Worker } from 'node:worker_threads';
import type { Celda, Limites } from './celdas.ts';
import { nuevoHilo } from './hilo.ts';

/**
 * Uploaded CSV and Excel files are read in a worker thread (hilo-lectura.ts): ExcelJS builds the whole
 * workbook at once, 10,000 rows held the thread half a second, and a file made to be slow held it for
 * minutes, while no other request of any company was answered. The worker has a heap limit and each
 * file a time limit: past either the worker is stopped and the file refused. It reads one file at a time
 * (the API's thread keeps the other core) with a few more waiting, and stays a while for the next one.
 */
export type Formato = 'csv' | 'xlsx';
export type Pedido = { id: number; formato: Formato; datos: Uint8Array; limites: Limites };
export type Respuesta = { id: number; lectura: { filas: Celda[][] } | { limite: string } | { invalido: true } };

export type Lectura =
  | { filas: Celda[][] }
  /** Past one of the Limites: the message says which. */
  | { limite: string }
  | { invalido: true }
  | { tiempo: true }
  | { memoria: true }
  /** Too many files already waiting. */
  | { ocupado: true };

const MEMORIA_MB = 384;
const EN_ESPERA = 4;
const INACTIVIDAD_MS = 30_000;

type Trabajo = {
  id: number;
  formato: Formato;
  datos: Buffer;
  limites: Limites;
  tiempoMs: number;
  listo: (r: Lectura) => void;
};

let hilo: Worker | null = null;
let actual: (Trabajo & { temporizador: NodeJS.Timeout }) | null = null;
const cola: Trabajo[] = [];
let siguienteId = 1;
let reposo: NodeJS.Timeout | null = null;

function iniciarHilo(): Worker {
  const w = nuevoHilo('hilo-lectura', MEMORIA_MB);
  w.on('message', (r: Respuesta) => {
    if (actual?.id === r.id) terminar(r.lectura);
  });
  // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other end: the file being read is refused.
  w.on('error', () => caer(w));
  w.on('exit', () => caer(w));
  return w;
}

function caer(w: Worker) {
  if (hilo !== w) return;
  hilo = null;
  terminar({ memoria: true });
}

function terminar(r: Lectura) {
  if (!actual) return;
  clearTimeout(actual.temporizador);
  const listo = actual.listo;
  actual = null;
  listo(r);
  siguiente();
}

function siguiente() {
  if (actual) return;
  const t = cola.shift();
  if (!t) {
    enReposo();
    return;
  }
  if (reposo) clearTimeout(reposo);
  hilo ??= iniciarHilo();
  hilo.ref();
  const w = hilo;
  actual = {
    ...t,
    temporizador: setTimeout(() => {
      // Stopped mid-file: a new worker serves the next one.
      hilo = null;
      void w.terminate();
      terminar({ tiempo: true });
    }, t.tiempoMs),
  };
  const pedido: Pedido = { id: t.id, formato: t.formato, datos: t.datos, limites: t.limites };
  w.postMessage(pedido);
}

function enReposo() {
  hilo?.unref();
  if (reposo) clearTimeout(reposo);
  reposo = setTimeout(() => {
    reposo = null;
    if (actual || !hilo) return;
    const w = hilo;
    hilo = null;
    void w.terminate();
  }, INACTIVIDAD_MS);
  reposo.unref();
}

/** Reads a CSV or an .xlsx (by `formato`) off the API's thread, within the limits and `tiempoMs`. */
export function leerEnHilo(datos: Buffer, formato: Formato, limites: Limites, tiempoMs: number): Promise<Lectura> {
  if (cola.length >= EN_ESPERA) return Promise.resolve({ ocupado: true });
  return new Promise((listo) => {
    cola.push({ id: siguienteId++, formato, datos, limites, tiempoMs, listo });
    siguiente();
  });
}
