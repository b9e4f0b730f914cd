import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SmtpSink, type Recibido } from '../apps/api/src/test/smtp-sink.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The suite's SMTP server: the app sends real e-mail to it (SMTP_URL in the config's webServer). */
export const SMTP_PUERTO = port + 25;
/** Each message it accepts is a JSON file here, so any test worker can read what was sent. */
export const BUZON = join(tmpdir(), `predio-e2e-${port}-correo`);

/** Playwright's global setup: the SMTP server lives for the whole run and is closed at its end. */
export default async function iniciarCorreo(): Promise<() => Promise<void>> {
  rmSync(BUZON, { recursive: true, force: true });
  mkdirSync(BUZON, { recursive: true });
  const sink = new SmtpSink();
  let n = 0;
  sink.alRecibir = (r) => writeFileSync(join(BUZON, `${String(++n).padStart(4, '0')}.json`), JSON.stringify(r));
  await sink.start(SMTP_PUERTO);
  return () => sink.stop();
}

/** The messages received for `para` so far. */
export function recibidosPara(para: string): Recibido[] {
  return readdirSync(BUZON)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(BUZON, f), 'utf8')) as Recibido)
    .filter((r) => r.to.includes(para));
}
