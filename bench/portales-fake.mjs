// The fake Wasi of bench/portales.mjs in a process of its own, so that answering 10,000 listings does not
// slow the benchmark's clock. Tells its parent its address, then the count of listings added (every 100
// and at the end of a burst) with the time of the first and last.
import { FakeWasi } from '../apps/api/src/test/fake-wasi.ts';

const fake = new FakeWasi();
let n = 0;
let primero = 0;
let ultimo = 0;
let aviso = null;
const url = await fake.start();
const original = fake.eventos.push.bind(fake.eventos);
fake.eventos.push = (...xs) => {
  for (const e of xs) {
    if (e.accion !== 'add') continue;
    n++;
    ultimo = Date.now();
    if (primero === 0) primero = ultimo;
    if (n % 100 === 0) process.send({ n, primero, ultimo });
    clearTimeout(aviso);
    aviso = setTimeout(() => process.send({ n, primero, ultimo }), 50);
  }
  // The listings stay in `propiedades` (the nightly reconciliation the server may run at start reads them
  // back); the events are not kept: the benchmark only needs counts.
  return original(...xs.filter((e) => e.accion !== 'add'));
};
process.send({ url });
