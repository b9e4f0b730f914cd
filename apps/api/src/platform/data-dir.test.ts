import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, multipart } from '../test/harness.ts';

// The real start (`npm start` runs the same main), on PGlite, under umask 000: what the process
// writes must be private whatever umask it inherits.
const API = fileURLToPath(new URL('../..', import.meta.url));
const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const base = mkdtempSync(join(tmpdir(), 'predio-datos-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

type Servidor = { url: string; parar(): Promise<void> };

async function arrancar(dataDir: string): Promise<Servidor> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  for (const k of ['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL']) delete env[k];
  const hijo = spawn('sh', ['-c', 'umask 000 && exec "$0" src/main.ts', TSX], {
    cwd: API,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  const url = await new Promise<string>((resolve, reject) => {
    const ver = (b: Buffer) => {
      salida += b.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(salida);
      if (m) resolve(m[1]!);
    };
    hijo.stdout.on('data', ver);
    hijo.stderr.on('data', ver);
    hijo.on('exit', (code) => reject(new Error(`el servidor terminó (${code}): ${salida}`)));
  });
  return {
    url,
    parar: () =>
      new Promise<void>((resolve) => {
        hijo.on('exit', () => resolve());
        hijo.kill('SIGTERM');
      }),
  };
}

/** Every directory and file under dir that someone else than its owner may read, write or enter. */
function abiertos(dir: string): string[] {
  const out: string[] = [];
  const ver = (p: string) => {
    const s = lstatSync(p);
    const modo = s.mode & 0o777;
    if (s.isDirectory()) {
      if (modo !== 0o700) out.push(`${p} ${modo.toString(8)}`);
      for (const n of readdirSync(p)) ver(join(p, n));
    } else if (s.isFile() && modo !== 0o600) out.push(`${p} ${modo.toString(8)}`);
  };
  ver(dir);
  return out;
}

async function subirLogo(url: string): Promise<void> {
  const login = await fetch(`${url}/api/usuarios/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.admin1),
  });
  const { token } = (await login.json()) as { token: string };
  const png = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#96be0e' } })
    .png()
    .toBuffer();
  const body = multipart({ filename: 'logo.png', contentType: 'image/png', data: png });
  const r = await fetch(`${url}/api/empresa/logo`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(body.payload),
  });
  expect(r.status, await r.text()).toBe(200);
}

describe('the data directory', () => {
  it('is created private on a fresh start: folders 0700, files 0600 (database, uploads, session secret)', async () => {
    const dataDir = join(base, 'nuevo');
    const s = await arrancar(dataDir);
    try {
      await subirLogo(s.url);
    } finally {
      await s.parar();
    }
    expect(readdirSync(join(dataDir, 'files')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
    expect(lstatSync(join(dataDir, 'session-secret')).isFile()).toBe(true);
    expect(abiertos(dataDir)).toEqual([]);
  }, 180_000);

  it('made private at the start when it already exists with looser modes', async () => {
    const dataDir = join(base, 'existente');
    mkdirSync(join(dataDir, 'files/1/logos'), { recursive: true });
    writeFileSync(join(dataDir, 'files/1/logos/viejo.png'), 'x');
    writeFileSync(join(dataDir, 'session-secret'), 'secreto-de-una-version-anterior');
    for (const p of ['', 'files', 'files/1', 'files/1/logos']) chmodSync(join(dataDir, p), 0o777);
    for (const p of ['files/1/logos/viejo.png', 'session-secret']) chmodSync(join(dataDir, p), 0o666);

    const s = await arrancar(dataDir);
    await s.parar();
    expect(abiertos(dataDir)).toEqual([]);
  }, 180_000);
});
