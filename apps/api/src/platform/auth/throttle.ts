import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ThrottleConfig = { maxPorUsuario: number; maxPorIp: number; ventanaMin: number; bloqueoMin: number };
export type ThrottleKeys = { usuario: string; ip: string };

/** Minutes left on the longest active block among the keys, or 0. */
export async function minutosBloqueo(db: Database, k: ThrottleKeys): Promise<number> {
  return db.system(async (tx) => {
    const rows = await queryRows<{ seg: number | null }>(
      tx,
      sql`
      select extract(epoch from max(bloqueado_hasta) - now())::int as seg
      from login_fallido where clave in (${k.usuario}, ${k.ip}) and bloqueado_hasta > now()`,
    );
    const seg = rows[0]?.seg ?? 0;
    return seg > 0 ? Math.ceil(seg / 60) : 0;
  });
}

/** Counts a failure for both keys; a key that reaches its limit (maxPorUsuario, maxPorIp) is blocked. */
export async function registrarFallo(db: Database, k: ThrottleKeys, cfg: ThrottleConfig): Promise<void> {
  await db.system(async (tx) => {
    for (const [clave, max] of [
      [k.usuario, cfg.maxPorUsuario],
      [k.ip, cfg.maxPorIp],
    ] as const) {
      await tx.execute(sql`
        insert into login_fallido as f (clave, fallos, primer_fallo)
        values (${clave}, 1, now())
        on conflict (clave) do update set
          fallos = case when f.primer_fallo < now() - make_interval(mins => ${cfg.ventanaMin}) then 1 else f.fallos + 1 end,
          primer_fallo = case when f.primer_fallo < now() - make_interval(mins => ${cfg.ventanaMin}) then now() else f.primer_fallo end`);
      await tx.execute(sql`
        update login_fallido set bloqueado_hasta = now() + make_interval(mins => ${cfg.bloqueoMin}), fallos = 0, primer_fallo = now()
        where clave = ${clave} and fallos >= ${max}`);
    }
  });
}

export async function limpiarFallos(db: Database, k: ThrottleKeys): Promise<void> {
  await db.system((tx) => tx.execute(sql`delete from login_fallido where clave = ${k.usuario}`));
}

// ---- Logins ----

/**
 * maxPorUsuario: failures of one company+user from one address before that address is blocked for that
 * user; maxPorIp: failures from one address, any user, before it is blocked; esperaMaxMs: the longest wait
 * an attempt on an account with many failures (from anywhere) sits out before it is checked.
 */
/**
 * The website's public forms (contact form, the forms built in Página web, job applications): so many
 * an hour per address (Config.formulariosWebPorIpHora), and a flood per company stops at 300.
 */
export const limitePublico = (porIpHora: number): ThrottleConfig => ({
  maxPorIp: porIpHora,
  maxPorUsuario: 300,
  ventanaMin: 60,
  bloqueoMin: 60,
});

export type LoginThrottleConfig = ThrottleConfig & { esperaMaxMs: number };
export type LoginKeys = { cuenta: string; usuarioIp: string; ip: string; aviso: string };

/**
 * An account is never blocked as a whole: that let anyone lock a user out by failing from a few
 * addresses. The address that fails is blocked for that user (an address failing for everyone, for
 * everyone); the account's own count only slows every attempt on it down.
 */
export const loginKeys = (idEmpresa: number, usuario: string, ip: string): LoginKeys => {
  const cuenta = `u:${idEmpresa}:${usuario.toLowerCase()}`;
  return { cuenta, usuarioIp: `${cuenta}|${ip}`, ip: `ip:${ip}`, aviso: `aviso:${idEmpresa}:${usuario.toLowerCase()}` };
};

/** 0 below the limit, then half a second doubling with each further failure, up to the cap. */
export function esperaPorFallos(fallos: number, cfg: Pick<LoginThrottleConfig, 'maxPorUsuario' | 'esperaMaxMs'>): number {
  if (fallos < cfg.maxPorUsuario) return 0;
  return Math.min(cfg.esperaMaxMs, 500 * 2 ** Math.min(fallos - cfg.maxPorUsuario, 20));
}

export type EstadoLogin = {
  /** Minutes left on a block of this address for this user or for everyone, or 0. */
  bloqueoMin: number;
  /** How long this attempt waits before it is checked, because of the account's failures. */
  esperaMs: number;
};

export async function estadoLogin(db: Database, k: LoginKeys, cfg: LoginThrottleConfig): Promise<EstadoLogin> {
  const rows = await db.system((tx) =>
    queryRows<{ seg: number | null; fallos: number | null }>(
      tx,
      sql`
      select
        extract(epoch from max(bloqueado_hasta) filter (where clave <> ${k.cuenta}) - now())::int as seg,
        max(fallos) filter (where clave = ${k.cuenta} and primer_fallo >= now() - make_interval(mins => ${cfg.ventanaMin})) as fallos
      from login_fallido
      where clave in (${k.usuarioIp}, ${k.ip}, ${k.cuenta}) and (bloqueado_hasta > now() or clave = ${k.cuenta})`,
    ),
  );
  const seg = rows[0]?.seg ?? 0;
  return { bloqueoMin: seg > 0 ? Math.ceil(seg / 60) : 0, esperaMs: esperaPorFallos(rows[0]?.fallos ?? 0, cfg) };
}

export type FallosCuenta = { fallos: number; direcciones: number };

/**
 * Counts a failed login for the account (never blocked), for the account from this address and for the
 * address (both blocked on reaching their limit). Returns the account's failures in the window and from
 * how many addresses they came.
 */
export async function registrarFalloLogin(db: Database, k: LoginKeys, cfg: LoginThrottleConfig): Promise<FallosCuenta> {
  await registrarFallo(db, { usuario: k.usuarioIp, ip: k.ip }, cfg);
  return db.system(async (tx) => {
    const r = await queryRows<FallosCuenta>(
      tx,
      sql`
      with cuenta as (
        insert into login_fallido as f (clave, fallos, primer_fallo)
        values (${k.cuenta}, 1, now())
        on conflict (clave) do update set
          fallos = case when f.primer_fallo < now() - make_interval(mins => ${cfg.ventanaMin}) then 1 else f.fallos + 1 end,
          primer_fallo = case when f.primer_fallo < now() - make_interval(mins => ${cfg.ventanaMin}) then now() else f.primer_fallo end
        returning fallos)
      select (select fallos from cuenta) as fallos,
             (select count(*)::int from login_fallido
              where starts_with(clave, ${`${k.cuenta}|`}) and primer_fallo >= now() - make_interval(mins => ${cfg.ventanaMin})) as direcciones`,
    );
    return r[0] ?? { fallos: 1, direcciones: 1 };
  });
}

/** A right password from an address forgives that address's failures for the user; the account keeps its count. */
export async function limpiarFallosLogin(db: Database, k: LoginKeys): Promise<void> {
  await limpiarFallos(db, { usuario: k.usuarioIp, ip: k.ip });
}

/**
 * Takes the one slot `clave` has every `minutos`: true for the first caller, false until the time is
 * up. Atomic (one statement on the key's row), so two requests at once cannot both have it.
 */
export async function tomarTurno(db: Database, clave: string, minutos: number): Promise<boolean> {
  const r = await db.system((tx) =>
    queryRows<{ clave: string }>(
      tx,
      sql`insert into login_fallido as f (clave, fallos, primer_fallo, bloqueado_hasta)
          values (${clave}, 0, now(), now() + make_interval(mins => ${minutos}))
          on conflict (clave) do update set primer_fallo = now(), bloqueado_hasta = now() + make_interval(mins => ${minutos})
          where f.bloqueado_hasta is null or f.bloqueado_hasta <= now()
          returning f.clave`,
    ),
  );
  return r.length > 0;
}
