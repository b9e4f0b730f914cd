import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { SOLICITUDES_WEB_POR_IP_HORA } from '@predio/contract/solicitudes';
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
  /** FORMULARIOS_WEB_POR_IP_HORA: what one address may send in an hour through the website's public forms. */
  formulariosWebPorIpHora: number;
  /** Which proxies may name the client in X-Forwarded-For: none, how many hops, or their addresses. */
  trustProxy: false | number | string[];
  /** Where files live (platform/storage): this disk (DATA_DIR/files) or an S3-compatible bucket. */
  storage: ConfigStorage;
  /** ARCHIVOS_CUOTA_MB: the most bytes of files one company may store; null, no limit. */
  archivosCuotaBytes: number | null;
  /** GEOCODER_URL: a Nominatim-compatible service that places new properties on the map; null, none. */
  geocoderUrl: string | null;
  /** MENSAJES_CLAVE: the secret SMS/WhatsApp credentials are encrypted with; null, the session secret. */
  mensajesClave: string | null;
  /** EXTERNOS_INTERNOS=permitir: addresses a company types (SMS gateway, portal API, map tiles) may be internal. */
  destinosInternos: boolean;
  /** Said once in the start log (a setting read in a way its owner may not expect). */
  avisos: string[];
};

/** Reads settings from the environment; the session secret is generated once into the data dir. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const proxies = proxiesDeConfianza(env.TRUST_PROXY);
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
    formulariosWebPorIpHora: formulariosPorHora(env.FORMULARIOS_WEB_POR_IP_HORA),
    trustProxy: proxies.trustProxy,
    storage: configStorage(env),
    archivosCuotaBytes: cuotaArchivos(env.ARCHIVOS_CUOTA_MB),
    geocoderUrl: urlGeocodificador(env.GEOCODER_URL),
    mensajesClave: env.MENSAJES_CLAVE || null,
    destinosInternos: destinosInternos(env.EXTERNOS_INTERNOS),
    avisos: proxies.aviso ? [proxies.aviso] : [],
  };
}

export type ConfigStorage =
  | { tipo: 'local' }
  | {
      tipo: 's3';
      /** An S3-compatible server (MinIO, Ceph, a provider's endpoint); null for AWS itself. */
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted servers need. */
      forcePathStyle: boolean;
    };

/** STORAGE=local (default) or s3 with its S3_* settings; a missing one stops the start naming it. */
export function configStorage(env: NodeJS.ProcessEnv): ConfigStorage {
  const tipo = (env.STORAGE ?? 'local').trim().toLowerCase() || 'local';
  if (tipo === 'local') return { tipo: 'local' };
  if (tipo !== 's3') throw new Error(`STORAGE debe ser local o s3: «${env.STORAGE}»`);
  const falta = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (falta.length > 0) throw new Error(`STORAGE=s3 necesita ${falta.join(', ')}`);
  return {
    tipo: 's3',
    endpoint: env.S3_ENDPOINT || null,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: ['1', 'true', 'si', 'sí'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase()),
  };
}

/** GEOCODER_URL: an http(s) base URL (…/search is appended); empty, no geocoding. */
export function urlGeocodificador(valor: string | undefined): string | null {
  const v = valor?.trim();
  if (!v) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new Error(`GEOCODER_URL debe ser una dirección http(s): «${valor}»`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`GEOCODER_URL debe ser http(s): «${valor}»`);
  return v;
}

/** ARCHIVOS_CUOTA_MB: whole megabytes, 1 or more; empty or 0, no limit. */
export function cuotaArchivos(valor: string | undefined): number | null {
  if (valor === undefined || valor.trim() === '' || valor.trim() === '0') return null;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`ARCHIVOS_CUOTA_MB debe ser un número entero de megabytes (0: sin límite): «${valor}»`);
  return n * 1024 * 1024;
}

// Names proxy-addr (Fastify's trustProxy) knows for the usual private ranges.
const RANGOS_CON_NOMBRE = new Set(['loopback', 'linklocal', 'uniquelocal']);

function direccionORed(v: string): boolean {
  if (RANGOS_CON_NOMBRE.has(v) || isIP(v) !== 0) return true;
  const m = /^([^/]+)\/(\d{1,3})$/.exec(v);
  if (!m) return false;
  const version = isIP(m[1]!);
  return version !== 0 && Number(m[2]) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front of the server (`1`), or their addresses and networks
 * (`127.0.0.1,10.0.0.0/8`). Only those may say who the client is in X-Forwarded-For; what a client
 * writes there itself is not believed. `true` used to trust every address in the header, so anyone
 * could pass for anyone: it now counts as one proxy, with a warning. Anything else stops the start.
 */
export function proxiesDeConfianza(valor: string | undefined): { trustProxy: false | number | string[]; aviso: string | null } {
  const v = (valor ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false' || v === '0') return { trustProxy: false, aviso: null };
  if (v.toLowerCase() === 'true')
    return {
      trustProxy: 1,
      aviso:
        'TRUST_PROXY=true se toma como un proxy delante del servidor (TRUST_PROXY=1); indique el número de proxies o sus direcciones (TRUST_PROXY=127.0.0.1,10.0.0.0/8).',
    };
  if (/^\d+$/.test(v)) return { trustProxy: Number(v), aviso: null };
  const lista = v.split(',').map((x) => x.trim());
  const malo = lista.find((x) => !direccionORed(x));
  if (malo !== undefined)
    throw new Error(
      `TRUST_PROXY debe ser el número de proxies delante del servidor (1) o sus direcciones y redes separadas por comas (127.0.0.1,10.0.0.0/8): «${malo}» no lo es`,
    );
  return { trustProxy: lista, aviso: null };
}

/** EXTERNOS_INTERNOS: empty (refuse internal addresses) or «permitir»; anything else stops the start. */
export function destinosInternos(valor: string | undefined): boolean {
  const v = valor?.trim() ?? '';
  if (v === '') return false;
  if (v === 'permitir') return true;
  throw new Error(`EXTERNOS_INTERNOS admite solo «permitir» o vacío: «${valor}»`);
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

/** FORMULARIOS_WEB_POR_IP_HORA: the public forms' hourly limit per address; a bad value stops the start. */
export function formulariosPorHora(valor: string | undefined): number {
  if (valor === undefined || valor.trim() === '') return SOLICITUDES_WEB_POR_IP_HORA;
  const n = Number(valor);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`FORMULARIOS_WEB_POR_IP_HORA debe ser un número entero de formularios por hora, 1 o más: «${valor}»`);
  return n;
}
