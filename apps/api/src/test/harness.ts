import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { terceros } from '../db/schema/terceros.ts';
import { usuarios } from '../db/schema/usuarios.ts';
import { hashClave } from '../platform/auth/passwords.ts';
import { createDeps } from '../deps-factory.ts';
import type { Deps } from '../platform/deps.ts';
import { buildServer } from '../server.ts';
import { baseDePruebas } from './base-de-pruebas.ts';

export { baseDePruebas };

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  db: Database;
  /** A second API process on the same PostgreSQL database (as behind a load balancer). */
  otroProceso(): Promise<TestApp>;
  close(): Promise<void>;
};

let imagen: { archivo: string; bytes: Uint8Array } | null = null;
/** The dumped demo database, read once per test file. */
function imagenDe(archivo: string): Uint8Array {
  if (imagen?.archivo !== archivo) imagen = { archivo, bytes: readFileSync(archivo) };
  return imagen.bytes;
}

/**
 * A real server on a fresh copy of the migrated demo database (test/global-setup.ts): in-memory
 * PGlite, or, when DATABASE_URL is set, a new PostgreSQL database created for this file and dropped
 * afterwards.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'predio-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('hex') }),
    webDist: join(dataDir, 'sin-web'),
    // The fake SMS gateways, portals and tile servers of the tests listen on 127.0.0.1.
    destinosInternos: true,
    ...overrides,
  };
  let dropDb: (() => Promise<void>) | null = null;
  let db: Database;
  let copia: boolean;
  const url = process.env.DATABASE_URL;
  if (url) {
    const plantilla = inject('plantillaPg') ?? null;
    const nueva = await baseDePruebas(url, plantilla ?? undefined);
    db = await openPostgres(nueva.url);
    // The app reaches this database like production does, including LISTEN/NOTIFY between processes.
    config.databaseUrl = nueva.url;
    dropDb = nueva.borrar;
    copia = plantilla !== null;
  } else {
    const archivo = inject('imagenPglite') ?? null;
    db = await openPglite(undefined, undefined, archivo ? imagenDe(archivo) : undefined);
    copia = archivo !== null;
  }
  // On a copy this only checks that no migration is missing.
  await migrate(db);
  if (!copia) await seedDemo(db);
  const deps = createDeps(config, db);
  const app = await buildServer(deps);
  await app.ready();
  const otros: TestApp[] = [];
  return {
    app,
    deps,
    db,
    async otroProceso() {
      if (!config.databaseUrl) throw new Error('otro proceso solo tiene sentido sobre PostgreSQL');
      const db2 = await openPostgres(config.databaseUrl);
      const deps2 = createDeps(config, db2);
      const app2 = await buildServer(deps2);
      await app2.ready();
      const otro: TestApp = {
        app: app2,
        deps: deps2,
        db: db2,
        otroProceso: () => Promise.reject(new Error('uno basta')),
        async close() {
          await app2.close();
          await db2.close();
        },
      };
      otros.push(otro);
      return otro;
    },
    async close() {
      for (const o of otros) await o.close();
      await app.close();
      await db.close();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  admin1: { idEmpresa: 1, usuario: 'admin', clave: 'demo1234' },
  asesor1: { idEmpresa: 1, usuario: 'asesor', clave: 'demo1234' },
  admin2: { idEmpresa: 2, usuario: 'admin', clave: 'demo1234' },
  admin3: { idEmpresa: 3, usuario: 'admin', clave: 'demo1234' },
  soporte1: { idEmpresa: 1, usuario: 'EMPATIA', clave: 'soporte1234' },
} as const;

export async function login(app: FastifyInstance, cred: { idEmpresa: number; usuario: string; clave: string }): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/usuarios/login', payload: cred });
  const body = r.json() as { code: number; token?: string; message: string };
  if (body.code !== 20000 || !body.token) throw new Error(`login falló: ${r.statusCode} ${body.message}`);
  return body.token;
}

export type Client = {
  get(url: string, opts?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, opts?: Partial<InjectOptions>): Promise<LightMyRequestResponse>;
};

/** Calls the API as a logged-in user (or anonymously with token null). */
export function as(app: FastifyInstance, token: string | null): Client {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return {
    get: (url, opts = {}) => app.inject({ method: 'GET', url, ...opts, headers: { ...headers, ...(opts.headers ?? {}) } }),
    post: (url, payload, opts = {}) =>
      app.inject({
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        ...opts,
        headers: { ...headers, ...(opts.headers ?? {}) },
      }),
  };
}

/** A call as a user (their token) or anonymously (null); extra headers go beside the token. */
export type Pedir = (
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** The API called through inject() as a `Pedir` says: `const pedir: Pedir = (...a) => injectAs(t.app, ...a)`. */
export function injectAs(app: FastifyInstance, ...[token, method, url, payload, headers = {}]: Parameters<Pedir>) {
  return app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** What inject() answers, as far as the checks below read it. */
export type Respondida = { statusCode: number; body: string; json: () => unknown };

/** The envelope's `data` of a 200; anything else fails the test showing the body. */
export function ok<T = unknown>(r: Respondida): T {
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: T }).data;
}

/** A refused request: its status, never the success code, and `texto` in its message; answers the message. */
export function error(r: Respondida, status: number, texto?: string): string {
  expect(r.statusCode, r.body).toBe(status);
  const body = r.json() as { code: number; message: string };
  expect(body.code).not.toBe(20000);
  if (texto) expect(body.message).toContain(texto);
  return body.message;
}

/** A multipart body with one file field (and optional text fields) for inject(). */
export function multipart(
  file: { field?: string; filename: string; contentType: string; data: Buffer } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----predio${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The claims of a token, decoded without checking it (what the web does, spec §3). */
export function tokenClaims(token: string): { idUsuario: number; idempresa: number; jti: string } & Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as ReturnType<typeof tokenClaims>;
}

/** Adds a user and its person to a company (for permission cases the demo users do not cover); returns its id. */
export async function crearUsuario(
  db: Database,
  idEmpresa: number,
  u: { usuario: string; nroId: string; permisos: string; admemp?: boolean; clave?: string },
): Promise<number> {
  const claveHash = await hashClave(u.clave ?? 'demo1234');
  return db.tenant(idEmpresa, async (tx) => {
    await tx.insert(terceros).values({ nro_id: u.nroId, nombre: `Usuario ${u.usuario}` });
    const [row] = await tx
      .insert(usuarios)
      .values({
        usuario: u.usuario,
        claveHash,
        nombre: `Usuario ${u.usuario}`,
        nroId: u.nroId,
        permisos: u.permisos,
        admemp: u.admemp ?? false,
      })
      .returning({ id: usuarios.id });
    return row!.id;
  });
}

/**
 * A client of the zona clientes (configured beforehand) for a tercero: its account, logged in, the data
 * policy accepted. Returns the portal token.
 */
export async function clienteDelPortal(t: TestApp, idTercero: number, email: string, idEmpresa = 1): Promise<string> {
  const clave = 'Clave-portal-2026';
  const claveHash = await hashClave(clave);
  await t.db.tenant(idEmpresa, (tx) =>
    tx.execute(
      sql`insert into cliente_portal (id_tercero, email, clave_hash, creado_por) values (${idTercero}, ${email}, ${claveHash}, 'prueba')`,
    ),
  );
  const r = await t.app.inject({ method: 'POST', url: `/api/portal/${idEmpresa}/login`, payload: { email, clave } });
  if (r.statusCode !== 200) throw new Error(`login del portal falló: ${r.statusCode} ${r.body}`);
  const token = (r.json() as { token: string }).token;
  const a = await t.app.inject({
    method: 'POST',
    url: '/api/portal/autorizacion',
    headers: { authorization: `Bearer ${token}` },
    payload: { acepto: true },
  });
  if (a.statusCode !== 200) throw new Error(`autorización del portal falló: ${a.statusCode} ${a.body}`);
  return token;
}
