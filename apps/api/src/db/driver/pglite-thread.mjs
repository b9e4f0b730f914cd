// PGlite in a thread of its own: the API's thread sends it PostgreSQL protocol messages and gets the
// answer's bytes back, so the database works while the API thread reads and answers HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const db = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  // A data directory dumped by `dump` (the tests' migrated and seeded database): no initdb, no migrations.
  ...(workerData.image ? { loadDataDir: new Blob([workerData.image]) } : {}),
  extensions: { pg_trgm, unaccent },
});

// The answer's bytes as PostgreSQL writes them, gathered in one buffer that is kept between messages.
// PGlite's own collector (execProtocolRawSync) also decoded every message it copied into JavaScript
// strings the API thread never saw (docs/database-driver.md); execProtocolRawStream hands them over undecoded.
const INITIAL = 64 * 1024;
let output = new Uint8Array(INITIAL);
let length = 0;
const receive = (chunk) => {
  if (length + chunk.length > output.length) {
    const larger = new Uint8Array(Math.max(2 * output.length, length + chunk.length));
    larger.set(output.subarray(0, length));
    output = larger;
  }
  output.set(chunk, length);
  length += chunk.length;
};

async function serve(m) {
  if (m.close) {
    await db.close();
    parentPort.postMessage({ id: m.id });
    return;
  }
  if (m.dump) {
    try {
      await db.exec('checkpoint');
      const r = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort.postMessage({ id: m.id, r }, [r.buffer]);
    } catch (e) {
      parentPort.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
    }
    return;
  }
  length = 0;
  try {
    // Without syncToFs the work is done before this returns: PGlite writes to the data directory itself.
    await db.execProtocolRawStream(m.message, { syncToFs: false, onRawData: receive });
    const r = output.slice(0, length);
    parentPort.postMessage({ id: m.id, r }, [r.buffer]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String(e instanceof Error ? e.message : e) });
  } finally {
    // An export's answer may have grown the buffer to megabytes: it is not kept.
    if (output.length > 16 * INITIAL) output = new Uint8Array(INITIAL);
  }
}

// One message at a time, in the order sent.
let queue = Promise.resolve();
parentPort.on('message', (m) => {
  queue = queue.then(() => serve(m));
});
parentPort.postMessage({ ready: true });
