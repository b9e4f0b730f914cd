// The worker thread of lectura.ts: reads one CSV or Excel file at a time within its limits.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { LimiteExcedido } from './celdas.ts';
import { leerCsv } from './csv.ts';
import type { Pedido, Respuesta } from './lectura.ts';
import { leerXlsx } from './xlsx.ts';

const puerto = parentPort!;

// On Linux the nice value belongs to the thread that sets it (elsewhere it would be the whole process's):
// with two cores, the file waits rather than the API's thread and the database's.
if (process.platform === 'linux') setPriority(19);

puerto.on('message', async ({ id, formato, datos, limites }: Pedido) => {
  const buf = Buffer.from(datos.buffer, datos.byteOffset, datos.byteLength);
  let lectura: Respuesta['lectura'];
  try {
    lectura = { filas: formato === 'xlsx' ? await leerXlsx(buf, limites) : leerCsv(buf, limites) };
  } catch (e) {
    lectura = e instanceof LimiteExcedido ? { limite: e.message } : { invalido: true };
  }
  const r: Respuesta = { id, lectura };
  puerto.postMessage(r);
});
