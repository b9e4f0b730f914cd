import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export type ThrottleConfig = { maxPorUsuario: number; maxPorIp: number; ventanaMin: number; bloqueoMin: number };
export type ThrottleKeys = { usuario: string; ip: string };

export const throttleKeys = (idEmpresa: number, usuario: string, ip: string): ThrottleKeys => ({
  usuario: `u:${idEmpresa}:${usuario.toLowerCase()}`,
  ip: `ip:${ip}`,
});

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

/** Counts a failure per company+user and per IP; reaching the limit blocks the key. */
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
