import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { LoginThrottleConfig } from './platform/auth/throttle.ts';
import { DIAS_ADJUNTOS } from './platform/mail/limpieza.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  sessionSecret: string;
  sessionTtlDays: number;
  seed: 'demo' | 'none';
  /** NODE_ENV=production: the support login needs SUPPORT_PASSWORD (platform/auth/soporte.ts). */
  produccion: boolean;
  /** SUPPORT_PASSWORD; null when unset, and then the support login works on the demo only. */
  supportPassword: string | null;
  smtpUrl: string | null;
  /** Where people open the app (https://predio.agencia.co): e-mailed notices link to it. */
  publicUrl: string | null;
  webDist: string | null;
  /** Days the files of a sent e-mail (fichas, photos) stay in storage. */
  correoAdjuntosDias: number;
  loginThrottle: LoginThrottleConfig;
};

/** Reads settings from the environment; the session secret is generated once into the data dir. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    sessionSecret: env.SESSION_SECRET || secretFromDataDir(dataDir),
    sessionTtlDays: Number(env.SESSION_TTL_DAYS ?? 60),
    seed: env.SEED === 'none' ? 'none' : 'demo',
    produccion: env.NODE_ENV === 'production',
    supportPassword: env.SUPPORT_PASSWORD || null,
    smtpUrl: env.SMTP_URL || null,
    publicUrl: urlPublica(env.PUBLIC_URL),
    webDist: env.WEB_DIST ?? null,
    correoAdjuntosDias: diasAdjuntos(env.CORREO_ADJUNTOS_DIAS),
    loginThrottle: {
      maxPorUsuario: Number(env.LOGIN_MAX_FALLOS_USUARIO ?? 5),
      maxPorIp: Number(env.LOGIN_MAX_FALLOS_IP ?? 30),
      ventanaMin: 15,
      bloqueoMin: 15,
      esperaMaxMs: 8000,
    },
  };
}

/** PUBLIC_URL without its trailing slash; anything but an http(s) address stops the start with the reason. */
export function urlPublica(valor: string | undefined): string | null {
  if (!valor) return null;
  let url: URL;
  try {
    url = new URL(valor);
  } catch {
    throw new Error(`PUBLIC_URL no es una dirección válida: «${valor}»`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL debe empezar por http:// o https://: «${valor}»`);
  return url.toString().replace(/\/+$/, '');
}

/** CORREO_ADJUNTOS_DIAS: a whole number of days, 1 or more; anything else stops the start with the reason. */
export function diasAdjuntos(valor: string | undefined): number {
  if (valor === undefined || valor.trim() === '') return DIAS_ADJUNTOS;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`CORREO_ADJUNTOS_DIAS debe ser un número entero de días, 1 o más: «${valor}»`);
  return n;
}

function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
