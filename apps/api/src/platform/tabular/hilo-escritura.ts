// The worker thread of por-partes.ts: writes one export's sheet as its pages arrive, so that building
// the file (ExcelJS's XML and zip) never holds the API's thread.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { Celda } from './celdas.ts';
import { escritorDe, type Escritor } from './escritura.ts';

export type MensajeEscritura =
  { abrir: { formato: 'csv' | 'xlsx'; encabezados: string[]; titulo: string } } | { filas: Celda[][] } | { cerrar: true };
export type RespuestaEscritura = { contenido: Uint8Array } | { error: string };

const puerto = parentPort!;
// With two cores, the file waits rather than the API's thread and the database's (as hilo-lectura.ts).
if (process.platform === 'linux') setPriority(19);

let escritor: Escritor | null = null;
puerto.on('message', (m: MensajeEscritura) => {
  try {
    if ('abrir' in m) escritor = escritorDe(m.abrir.formato, m.abrir.encabezados, m.abrir.titulo);
    else if ('filas' in m) escritor!.agregar(m.filas);
    else
      void escritor!.cerrar().then(
        (b) => {
          const contenido = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
          puerto.postMessage({ contenido } satisfies RespuestaEscritura);
        },
        (e: unknown) => puerto.postMessage({ error: String(e) } satisfies RespuestaEscritura),
      );
  } catch (e) {
    puerto.postMessage({ error: String(e) } satisfies RespuestaEscritura);
  }
});
