import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDePruebas } from './test/harness.ts';

// The command and the server run as people run them: `npm run empresa` from the repository's root, then
// the server from source, on a data folder (or PostgreSQL database) of their own without the demo.
const RAIZ = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'predio-empresa-'));
let databaseUrl: string | null = null;
let dropDb: (() => Promise<void>) | null = null;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const nueva = await baseDePruebas(url);
  databaseUrl = nueva.url;
  dropDb = nueva.borrar;
});
afterAll(async () => {
  await dropDb?.();
  rmSync(dir, { recursive: true, force: true });
});

/** The environment of a deployment: none of the test run's own settings leak in. */
function entorno(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _u, SUPPORT_PASSWORD: _s, SEED: _seed, NODE_ENV: _n, ...resto } = process.env;
  return { ...resto, DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...extra };
}

function correr(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn('npm', ['run', '-s', 'empresa', '--', ...args], { cwd: RAIZ, env: entorno() });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function puertoLibre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

describe('npm run empresa -- crear (issue 22, finding 3)', () => {
  it('refuses bad arguments with the field named, before touching any database', async () => {
    const r = await correr(['crear', '--nombre', 'Sin NIT', '--nit', '900123456-7']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--nit: tiene un dígito de verificación errado: para 900123456 es 8');
    expect(r.stderr).toContain('Uso: npm run empresa -- crear');
  });

  it('creates a company in a database without the demo; its administrator logs in with the printed password', async () => {
    const r = await correr(['crear', '--nombre', 'Inmobiliaria Andina S.A.S.', '--nit', '900.123.456-8', '--usuario', 'gerente']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Empresa 1 «Inmobiliaria Andina S.A.S.» (NIT 900123456-8) creada');
    const clave = /contraseña de un solo uso: (\S+)/.exec(r.stdout)?.[1];
    expect(clave).toMatch(/^[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}-[a-zA-Z2-9]{5}$/);

    const otra = await correr(['crear', '--nombre', 'Copia', '--nit', '900123456-8']);
    expect(otra.code).toBe(1);
    expect(otra.stderr).toContain('Ya existe la empresa 1 con el NIT 900123456-8.');

    const port = await puertoLibre();
    const server = spawn(join(RAIZ, 'node_modules/.bin/tsx'), ['apps/api/src/main.ts'], {
      cwd: RAIZ,
      env: entorno({
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        WEB_DIST: join(dir, 'sin-web'),
        SESSION_SECRET: randomBytes(32).toString('hex'),
      }),
    });
    let log = '';
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (d: Buffer) => {
          log += d.toString();
          if (log.includes('Predio escuchando')) resolve();
        });
        server.stderr.on('data', (d: Buffer) => (log += d.toString()));
        server.on('exit', (code) => reject(new Error(`el servidor terminó (${code}): ${log}`)));
      });
      expect(log).toContain(
        'Ingreso de soporte (EMPATIA) apagado: la base de datos no es la de demostración y SUPPORT_PASSWORD no está definida.',
      );
      const entrar = async (usuario: string, c: string) =>
        (await (
          await fetch(`http://127.0.0.1:${port}/api/usuarios/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ idEmpresa: 1, usuario, clave: c }),
          })
        ).json()) as { code: number; token?: string };
      const ok = await entrar('gerente', clave!);
      expect(ok.code).toBe(20000);
      const claims = JSON.parse(Buffer.from(ok.token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({ idempresa: 1, admemp: true, permisos: 'All', nombre_usuario: 'gerente' });
      expect((await entrar('EMPATIA', 'soporte1234')).code).toBe(40100);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode === null ? server.on('close', r) : r(null)));
    }
  }, 180_000);
});
