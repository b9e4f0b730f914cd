// The SMTP sink of bench/correos.mjs in a process of its own, so that receiving 10,000 messages does not
// slow the benchmark's own clock. Tells its parent its address, then each received count (every 100 and
// at the end of a batch) with the time of the first and last message.
import { SmtpSink } from '../apps/api/src/test/smtp-sink.ts';

const sink = new SmtpSink();
let n = 0;
let primero = 0;
let ultimo = 0;
let aviso = null;
sink.alRecibir = () => {
  n++;
  ultimo = Date.now();
  if (primero === 0) primero = ultimo;
  // Keep memory flat over rounds of 10,000: the benchmark only needs counts.
  sink.recibidos.length = 0;
  if (n % 100 === 0) process.send({ n, primero, ultimo });
  clearTimeout(aviso);
  aviso = setTimeout(() => process.send({ n, primero, ultimo }), 50);
};
process.on('message', (m) => {
  if (m === 'reiniciar') primero = 0;
});
process.send({ url: await sink.start() });
