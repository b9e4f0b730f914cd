import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A stream of many megabytes allocates a new buffer for each 64 KB chunk and drops it at once. V8 frees
 * a dropped buffer's memory only when it collects the small object that held it, and that many bytes
 * make few small objects: nothing prompts a collection until the dead buffers reach tens of megabytes
 * (V8's external-memory threshold), and the process's memory grows by that much per transfer. A young
 * generation collection (a scavenge: well under a millisecond, the young objects are few) every few
 * megabytes frees them as they go, so memory stays flat whatever the file's size (bench/archivos.mjs).
 */
type Gc = (o?: { type?: 'minor' | 'major'; execution?: 'sync' | 'async' }) => void;

let gc: Gc | null = null;
try {
  // The collector is reachable only with --expose-gc; the flag set now applies to new contexts.
  setFlagsFromString('--expose-gc');
  gc = runInNewContext('gc') as Gc;
} catch {
  gc = null;
}

export const CADA_BYTES = 4 * 1024 * 1024;

/** Counts bytes passed; every CADA_BYTES asks for a scavenge. */
export function contadorDeMemoria(): (bytes: number) => void {
  let desde = 0;
  return (bytes) => {
    desde += bytes;
    if (desde < CADA_BYTES) return;
    desde = 0;
    gc?.({ type: 'minor' });
  };
}
