import { setImmediate as turno, setTimeout as espera } from 'node:timers/promises';
import type { Database, Tx } from '../../db/client.ts';
import { hayActividad } from '../http/actividad.ts';
import type { Archivo } from '../http/archivo.ts';
import { inTenant } from '../tenant.ts';
import type { Celda } from './celdas.ts';
import type { Escritor } from './escritura.ts';
import { nombreExportacion, XLSX } from './exportar.ts';
import type { MensajeEscritura, RespuestaEscritura } from './hilo-escritura.ts';
import { nuevoHilo } from './hilo.ts';

/** Rows read per transaction: a page takes PGlite a few milliseconds, so a request waits at most that. */
export const FILAS_POR_PARTE = 25;
/** The longest rest between two pages while other people are using the app. */
const PAUSA_MAX_MS = 50;

/** An export's sheet is written in a worker thread of its own (hilo-escritura.ts), ended with it. */
function escritorEnHilo(formato: 'csv' | 'xlsx', encabezados: string[], titulo: string): Escritor & { terminar(): void } {
  const hilo = nuevoHilo('hilo-escritura', 256);
  const enviar = (m: MensajeEscritura) => hilo.postMessage(m);
  const respuesta = new Promise<Buffer>((ok, mal) => {
    hilo.once('message', (r: RespuestaEscritura) =>
      'contenido' in r
        ? ok(Buffer.from(r.contenido.buffer, r.contenido.byteOffset, r.contenido.byteLength))
        : mal(new Error(r.error)),
    );
    hilo.once('error', mal);
    hilo.once('exit', (codigo) => mal(new Error(`el hilo de la exportación terminó (código ${codigo})`)));
  });
  // Until it is awaited in cerrar, a failure must not go unhandled.
  respuesta.catch(() => undefined);
  enviar({ abrir: { formato, encabezados, titulo } });
  return {
    agregar: (filas) => enviar({ filas }),
    cerrar: async () => {
      enviar({ cerrar: true });
      return respuesta;
    },
    terminar: () => void hilo.terminate(),
  };
}

/**
 * A list export read a page per transaction and written as its rows come, so that neither the database
 * (PGlite has one connection) nor this thread is held for the whole export: other requests run between
 * two pages. `ids` are the matches in the list's order, read in the request's own transaction; `leer`
 * answers the cells of some of them, in any order. A record deleted meanwhile is left out; one changed
 * meanwhile is exported as it is when its page is read.
 */
export async function exportarPorPartes(o: {
  db: Database;
  idEmpresa: number;
  ids: readonly number[];
  leer: (tx: Tx, ids: number[]) => Promise<{ id: number; celdas: Celda[] }[]>;
  encabezados: string[];
  base: string;
  titulo: string;
  formato: 'csv' | 'xlsx';
  porParte?: number;
}): Promise<Archivo> {
  const escritor = escritorEnHilo(o.formato, o.encabezados, o.titulo);
  let contenido: Buffer;
  try {
    const tamano = o.porParte ?? FILAS_POR_PARTE;
    const inicio = performance.now();
    for (let i = 0; i < o.ids.length; i += tamano) {
      const ids = o.ids.slice(i, i + tamano);
      const antes = performance.now();
      const filas = await inTenant(o.db, o.idEmpresa, ({ tx }) => o.leer(tx, ids), { background: true });
      const porId = new Map(filas.map((f) => [f.id, f.celdas]));
      escritor.agregar(ids.flatMap((id) => (porId.has(id) ? [porId.get(id)!] : [])));
      // Whatever came in meanwhile (a click, a page) is served before the next page; while other people
      // are asking, the export also rests as long as the page took (docs/jobs.md «Pacing»).
      if (hayActividad(2_000, inicio)) await espera(Math.min(performance.now() - antes, PAUSA_MAX_MS));
      else await turno();
    }
    contenido = await escritor.cerrar();
  } finally {
    escritor.terminar();
  }
  return o.formato === 'csv'
    ? { nombre: nombreExportacion(o.base, 'csv'), contentType: 'text/csv; charset=utf-8', contenido }
    : { nombre: nombreExportacion(o.base, 'xlsx'), contentType: XLSX, contenido };
}
