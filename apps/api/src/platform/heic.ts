import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * HEIC photos (what an iPhone takes) decoded to RGBA. sharp's libheif has no HEVC decoder (patents),
 * so libheif compiled to WebAssembly (heic-decode) does it. That decoding holds the thread: a 12 MP
 * photo took 2.4 s during which a 10 ms timer fired once. So it runs in a worker thread, where the
 * same photo left the timer firing 261 times in 2.7 s: the one process keeps answering. The
 * worker is started on the first HEIC and stopped after a while without work, which also gives back
 * the memory its WebAssembly heap grew to.
 */
export type ImagenRgba = { width: number; height: number; data: Buffer };

const INACTIVIDAD_MS = 30_000;

// CommonJS run by the worker; the package's absolute path comes in workerData, so it resolves the
// same from the sources (tests) and from the bundle.
const CODIGO = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.ruta);
parentPort.on('message', async ({ id, buf }) => {
  try {
    const r = await decode({ buffer: buf });
    const data = new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength);
    parentPort.postMessage({ id, width: r.width, height: r.height, data }, [data.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});`;

type Respuesta = { id: number; width: number; height: number; data: Uint8Array } | { id: number; error: string };
type Pendiente = { resolve: (r: ImagenRgba) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
let siguienteId = 1;
let temporizador: NodeJS.Timeout | null = null;
const pendientes = new Map<number, Pendiente>();

function fallarTodo(err: Error) {
  for (const p of pendientes.values()) p.reject(err);
  pendientes.clear();
}

function obtenerWorker(): Worker {
  if (worker) return worker;
  const ruta = createRequire(import.meta.url).resolve('heic-decode');
  // The library prints its own decoding failures; the caller gets them as errors, so they are dropped.
  const w = new Worker(CODIGO, { eval: true, workerData: { ruta }, stdout: true, stderr: true });
  w.stdout.resume();
  w.stderr.resume();
  w.on('message', (m: Respuesta) => {
    const p = pendientes.get(m.id);
    if (!p) return;
    pendientes.delete(m.id);
    if ('error' in m) p.reject(new Error(m.error));
    else p.resolve({ width: m.width, height: m.height, data: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength) });
    if (pendientes.size === 0) enReposo();
  });
  // A crash fails what it was decoding; a worker stopped for being idle had nothing pending.
  w.on('error', (e) => {
    if (worker !== w) return;
    worker = null;
    fallarTodo(e);
  });
  w.on('exit', () => {
    if (worker !== w) return;
    worker = null;
    fallarTodo(new Error('el decodificador de HEIC se detuvo'));
  });
  worker = w;
  return w;
}

function enReposo() {
  // Idle: let the process exit if nothing else holds it, and stop the worker after a while.
  worker?.unref();
  if (temporizador) clearTimeout(temporizador);
  temporizador = setTimeout(() => {
    temporizador = null;
    if (pendientes.size > 0 || !worker) return;
    const w = worker;
    worker = null;
    void w.terminate();
  }, INACTIVIDAD_MS);
  temporizador.unref();
}

export function decodificarHeic(buf: Buffer): Promise<ImagenRgba> {
  const w = obtenerWorker();
  w.ref();
  if (temporizador) clearTimeout(temporizador);
  const id = siguienteId++;
  return new Promise((resolve, reject) => {
    pendientes.set(id, { resolve, reject });
    w.postMessage({ id, buf });
  });
}
