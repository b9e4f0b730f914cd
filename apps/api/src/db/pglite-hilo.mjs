// PGlite in a thread of its own: the API's thread sends it PostgreSQL protocol messages and gets the
// answer's bytes back, so the database works while the API thread reads and answers HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const db = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  // A data directory dumped by `volcar` (the tests' migrated and seeded database): no initdb, no migrations.
  ...(workerData.imagen ? { loadDataDir: new Blob([workerData.imagen]) } : {}),
  extensions: { pg_trgm, unaccent },
});

// The answer's bytes as PostgreSQL writes them, gathered in one buffer that is kept between messages.
// PGlite's own collector (execProtocolRawSync) also decoded every message it copied, each row's values
// into JavaScript strings the API thread never saw: a quarter of this thread's work on a search page
// (cpu profile, PGlite, 16 connections). execProtocolRawStream hands the bytes over undecoded.
const INICIAL = 64 * 1024;
let salida = new Uint8Array(INICIAL);
let largo = 0;
const recibir = (trozo) => {
  if (largo + trozo.length > salida.length) {
    const mayor = new Uint8Array(Math.max(2 * salida.length, largo + trozo.length));
    mayor.set(salida.subarray(0, largo));
    salida = mayor;
  }
  salida.set(trozo, largo);
  largo += trozo.length;
};

async function atender(m) {
  if (m.cerrar) {
    await db.close();
    parentPort.postMessage({ id: m.id });
    return;
  }
  if (m.volcar) {
    try {
      await db.exec('checkpoint');
      const r = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort.postMessage({ id: m.id, r }, [r.buffer]);
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
    }
    return;
  }
  largo = 0;
  try {
    // Without syncToFs the work is done before this returns: PGlite writes to the data directory itself.
    await db.execProtocolRawStream(m.mensaje, { syncToFs: false, onRawData: recibir });
    const r = salida.slice(0, largo);
    parentPort.postMessage({ id: m.id, r }, [r.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
  } finally {
    // An export's answer may have grown the buffer to megabytes: it is not kept.
    if (salida.length > 16 * INICIAL) salida = new Uint8Array(INICIAL);
  }
}

// One message at a time, in the order sent.
let cola = Promise.resolve();
parentPort.on('message', (m) => {
  cola = cola.then(() => atender(m));
});
parentPort.postMessage({ listo: true });
