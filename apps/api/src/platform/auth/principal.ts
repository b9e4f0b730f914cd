import { sql } from 'drizzle-orm';
import { CODES } from '@predio/contract/codes';
import { SUPPORT_USER } from '@predio/contract/constants';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../errors/app-error.ts';
import type { TokenService, VerifiedToken } from './tokens.ts';

/** Who is calling, with the permissions the server holds NOW (not the token's). */
export type Principal = {
  idEmpresa: number;
  idUsuario: number;
  usuario: string;
  nroId: string;
  admemp: boolean;
  agencia: number;
  permisos: string;
  soporte: boolean;
  jti: string;
  estado: EstadoSesion;
};

export type EstadoSesion = 'activa' | 'cerrada' | 'expirada' | 'desactivado';

/**
 * Who acts where there is no staff session: a job, the website's form, a portal client, a hook. It
 * names the actor for «creado por» and the audit, and carries only the permissions given here.
 */
export const principalSinSesion = (o: {
  idEmpresa: number;
  usuario: string;
  idUsuario?: number;
  permisos?: string;
  admemp?: boolean;
  jti?: string;
}): Principal => ({
  idEmpresa: o.idEmpresa,
  idUsuario: o.idUsuario ?? 0,
  usuario: o.usuario,
  nroId: '',
  admemp: o.admemp ?? false,
  agencia: 0,
  permisos: o.permisos ?? '',
  soporte: false,
  jti: o.jti ?? '',
  estado: 'activa',
});

type Cached = { at: number; estado: EstadoSesion; permisos: string; admemp: boolean; agencia: number; nroId: string };

/** A few seconds of cache so a burst of calls costs one lookup; logout invalidates at once. */
export class SessionCache {
  private readonly map = new Map<string, Cached>();
  constructor(private readonly ttlMs = 3000) {}
  get(jti: string): Cached | undefined {
    const c = this.map.get(jti);
    if (c && Date.now() - c.at < this.ttlMs) return c;
    this.map.delete(jti);
    return undefined;
  }
  set(jti: string, c: Omit<Cached, 'at'>): void {
    if (this.map.size > 10_000) this.map.clear();
    this.map.set(jti, { ...c, at: Date.now() });
  }
  delete(jti: string): void {
    this.map.delete(jti);
  }
  clear(): void {
    this.map.clear();
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return m?.[1]?.trim() || null;
}

export function cookieToken(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim()) || null;
  }
  return null;
}

export async function verifyOrThrow(tokens: TokenService, token: string | null): Promise<VerifiedToken> {
  if (!token) throw new AppError(CODES.TOKEN_ILEGAL, 'No ha iniciado sesión: falta el token de acceso.');
  const v = await tokens.verify(token);
  if (v === 'expirado') throw new AppError(CODES.TOKEN_EXPIRADO, 'Su sesión expiró. Inicie sesión de nuevo.');
  if (v === 'invalido') throw new AppError(CODES.TOKEN_ILEGAL, 'El token de acceso no es válido. Inicie sesión de nuevo.');
  if (v === 'otro_reino') throw otroReino();
  return v;
}

/** A token of the other realm: the zona clientes and the back-office never open each other's routes. */
export const otroReino = () =>
  new AppError(
    CODES.TOKEN_ILEGAL,
    'Este acceso no sirve aquí: la zona clientes y el sistema de la inmobiliaria tienen ingresos separados.',
  );

type Row = {
  cerrada: boolean;
  expirada: boolean;
  id_usuario: number | null;
  activo: boolean | null;
  permisos: string | null;
  admemp: boolean | null;
  agencia: number | null;
  nro_id: string | null;
};

/** Loads the session row (inside the tenant transaction, so RLS applies). */
export async function loadPrincipal(tx: Tx, cache: SessionCache, v: VerifiedToken): Promise<Principal> {
  return principal(v, cache.get(v.jti) ?? (await leerSesion(tx, cache, v)));
}

/**
 * The same, before the request's transaction exists (a route's onRequest): from the cache, or else in a
 * short transaction of its own, which fills the cache the request's own check then reads.
 */
export async function principalAntes(db: Database, cache: SessionCache, v: VerifiedToken): Promise<Principal> {
  return principal(v, cache.get(v.jti) ?? (await db.tenant(v.claims.idempresa, (tx) => leerSesion(tx, cache, v))));
}

const esSoporte = (v: VerifiedToken) => v.claims.nombre_usuario.toUpperCase() === SUPPORT_USER && v.claims.idUsuario === 0;

async function leerSesion(tx: Tx, cache: SessionCache, v: VerifiedToken): Promise<Cached> {
  const { claims, jti } = v;
  const soporte = esSoporte(v);
  const rows = await queryRows<Row>(
    tx,
    sql`
      select s.cerrada_en is not null as cerrada, s.expira_en < now() as expirada, s.id_usuario,
             u.activo, u.permisos, u.admemp, u.agencia, u.nro_id
      from sesion s left join usuarios u on u.id = s.id_usuario
      where s.id = ${jti}`,
  );
  const row = rows[0];
  const estado: EstadoSesion =
    !row || row.cerrada
      ? 'cerrada'
      : row.expirada
        ? 'expirada'
        : !soporte && (row.id_usuario === null || row.activo !== true)
          ? 'desactivado'
          : 'activa';
  const c = {
    estado,
    permisos: soporte ? 'All' : (row?.permisos ?? ''),
    admemp: soporte ? true : (row?.admemp ?? false),
    agencia: row?.agencia ?? claims.agencia,
    nroId: soporte ? claims.nro_id : (row?.nro_id ?? ''),
  };
  cache.set(jti, c);
  return { ...c, at: Date.now() };
}

function principal(v: VerifiedToken, c: Cached): Principal {
  const { claims, jti } = v;
  return {
    idEmpresa: claims.idempresa,
    idUsuario: claims.idUsuario,
    usuario: claims.nombre_usuario,
    nroId: c.nroId,
    admemp: c.admemp,
    agencia: c.agencia,
    permisos: c.permisos,
    soporte: esSoporte(v),
    jti,
    estado: c.estado,
  };
}

export function assertActiva(p: Principal): void {
  if (p.estado === 'expirada') throw new AppError(CODES.TOKEN_EXPIRADO, 'Su sesión expiró. Inicie sesión de nuevo.');
  if (p.estado === 'cerrada') throw new AppError(CODES.OTRO_CLIENTE, 'Su sesión fue cerrada. Inicie sesión de nuevo.');
  if (p.estado === 'desactivado')
    throw new AppError(CODES.OTRO_CLIENTE, 'Su usuario fue desactivado. Comuníquese con el administrador.');
}
