// A second API process for trabajos.test.ts: claims 'prueba.matado', says so, and hangs until killed.
import { openPostgres } from '../../db/client.ts';
import { Trabajos } from './trabajos.ts';

const db = await openPostgres(process.env.DATABASE_URL!);
const r = new Trabajos(db, { intervaloMs: 50, leaseMs: Number(process.env.LEASE_MS) }).definir({
  tipo: 'prueba.matado',
  manejar: () => {
    process.stdout.write('empezó\n');
    return new Promise(() => undefined);
  },
});
await r.start();
setInterval(() => undefined, 1_000);
