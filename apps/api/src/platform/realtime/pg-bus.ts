import pg from 'pg';
import type { Bus, Evento } from './hub.ts';

const CANAL = 'predio_eventos';
// NOTIFY payloads are limited to 8000 bytes; events are small (a notification's text).
const MAX_PAYLOAD = 7900;

/** LISTEN/NOTIFY between API processes sharing one PostgreSQL (ARCHITECTURE "One process, two engines"). */
export function pgBus(url: string): Bus {
  // One connection, so events leave in the order they were sent: a session's end is heard before a
  // notification published after it.
  const emisor = new pg.Pool({ connectionString: url, max: 1 });
  emisor.on('error', () => undefined);
  return {
    async send(e: Evento) {
      const payload = JSON.stringify(e);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('evento demasiado grande para NOTIFY');
      await emisor.query('select pg_notify($1, $2)', [CANAL, payload]);
    },
    async subscribe(fn) {
      const oyente = new pg.Client({ connectionString: url });
      oyente.on('error', () => undefined);
      await oyente.connect();
      oyente.on('notification', (n) => {
        if (n.channel !== CANAL || !n.payload) return;
        try {
          fn(JSON.parse(n.payload) as Evento);
        } catch {
          // A malformed payload is not ours to deliver.
        }
      });
      await oyente.query(`listen ${CANAL}`);
      return async () => {
        await oyente.end().catch(() => undefined);
        await emisor.end().catch(() => undefined);
      };
    },
  };
}
