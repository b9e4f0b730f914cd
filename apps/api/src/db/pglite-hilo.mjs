// PGlite in a thread of its own: the API's thread sends it PostgreSQL protocol messages and gets the
// answer's bytes back, so the database works while the API thread reads and answers HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const db = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  extensions: { pg_trgm, unaccent },
});
parentPort.on('message', (m) => {
  if (m.cerrar) {
    void db.close().then(() => parentPort.postMessage({ id: m.id }));
    return;
  }
  try {
    const r = db.execProtocolRawSync(m.mensaje);
    parentPort.postMessage({ id: m.id, r }, [r.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
  }
});
parentPort.postMessage({ listo: true });
