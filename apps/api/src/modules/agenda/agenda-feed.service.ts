import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Deps } from '../../platform/deps.ts';
import { noEncontrado } from '../../platform/errors/app-error.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as repo from './agenda.repo.ts';
import type { Cita } from '@predio/contract/agenda';

const DIA = 86_400_000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const TOKEN_FEED = /^[A-Za-z0-9_-]{32}$/;

export async function estadoFeed(o: { tx: Tx; user: Principal }): Promise<{ activo: boolean; creado_en: string | null }> {
  const [f] = await queryRows<{ creado_en: Date | string }>(
    o.tx,
    sql`select creado_en from agenda_feed where id_usuario = ${o.user.idUsuario}`,
  );
  return { activo: f !== undefined, creado_en: f ? new Date(f.creado_en).toISOString() : null };
}

/** A new private URL for the user's citas; the previous one stops working. Shown once: only its hash is kept. */
export async function crearFeed(o: { tx: Tx; user: Principal; base: string }): Promise<{ url: string }> {
  const token = randomBytes(24).toString('base64url');
  await o.tx.execute(
    sql`insert into agenda_feed (id_usuario, token_hash) values (${o.user.idUsuario}, ${hash(token)})
        on conflict (id_empresa, id_usuario) do update set token_hash = excluded.token_hash, creado_en = now()`,
  );
  return { url: `${o.base}/api/agenda/ical/${token}.ics` };
}

export async function revocarFeed(o: { tx: Tx; user: Principal }): Promise<{ activo: false }> {
  await o.tx.execute(sql`delete from agenda_feed where id_usuario = ${o.user.idUsuario}`);
  return { activo: false };
}

/**
 * The feed a calendar app reads, without a session: the token names the user. Their citas of the last
 * 30 and the next 365 days, in Bogotá time, with category and place; cancelled ones say so.
 */
export async function feedIcs(deps: Pick<Deps, 'db'>, token: string, ahora = Date.now()): Promise<string> {
  const [f] = await deps.db.system((tx) =>
    queryRows<{ id_empresa: number; id_usuario: number; nombre: string }>(
      tx,
      sql`select f.id_empresa, f.id_usuario, coalesce(nullif(u.nombre, ''), u.usuario) as nombre
          from agenda_feed f join usuarios u on u.id_empresa = f.id_empresa and u.id = f.id_usuario
          where f.token_hash = ${hash(token)} and u.activo`,
    ),
  );
  if (!f) throw noEncontrado('El calendario');
  const citas = await inTenant(deps.db, f.id_empresa, ({ tx }) =>
    repo.enRango(tx, {
      desde: new Date(ahora - 30 * DIA).toISOString(),
      hasta: new Date(ahora + 365 * DIA).toISOString(),
      asesores: [f.id_usuario],
    }),
  );
  return calendarioIcs({ nombre: `Agenda de ${f.nombre} (Predio)`, citas, idEmpresa: f.id_empresa });
}

/** Citas as an iCalendar file (America/Bogota): the private feed and the calendar's «.ics» export. */
export function calendarioIcs(o: { nombre: string; citas: Cita[]; idEmpresa: number }): string {
  const cal = ical({ name: o.nombre, timezone: 'America/Bogota', method: ICalCalendarMethod.PUBLISH });
  // ical-generator writes a plain Date's UTC fields after TZID: the Bogotá wall-clock time is passed as
  // those fields. Colombia is UTC−5 all year (no daylight saving), so the fixed shift is exact.
  const bogota = (iso: string) => new Date(Date.parse(iso) - 5 * 3_600_000);
  for (const c of o.citas) {
    cal.createEvent({
      id: `cita-${c.id}-${o.idEmpresa}@predio`,
      start: bogota(c.inicio),
      end: bogota(c.fin),
      allDay: c.todo_el_dia,
      timezone: 'America/Bogota',
      summary: c.titulo,
      location: c.lugar || null,
      description: [
        c.asesores.map((a) => a.nombre).join(', '),
        c.participantes.map((p) => `${p.nombre}${p.telefono ? ` (${p.telefono})` : ''}`).join(', '),
        c.notas,
      ]
        .filter(Boolean)
        .join('\n'),
      categories: c.categoria ? [{ name: c.categoria.nombre }] : [],
      status:
        c.estado === 'cancelada'
          ? ICalEventStatus.CANCELLED
          : c.estado === 'programada'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
