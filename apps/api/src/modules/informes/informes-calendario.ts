import type { FrecuenciaEnvio } from '@predio/contract/informes';

/*
 * When a scheduled report goes out, and over which days (docs/informes.md «Programar envío»). Bogotá
 * is UTC−5 all year (no daylight saving), as the jobs' programme assumes (platform/jobs/trabajos.ts).
 */

const BOGOTA_MS = -5 * 3_600_000;
const DIA_MS = 86_400_000;

export type Cuando = { frecuencia: FrecuenciaEnvio; dia: number; hora: number };
export type Periodo = { desde: string; hasta: string };

/** A Date whose UTC fields read as Bogotá's wall clock, and back. */
const aLocal = (d: Date) => new Date(d.getTime() + BOGOTA_MS);
const deLocal = (d: Date) => new Date(d.getTime() - BOGOTA_MS);
const isoDia = (d: Date) => d.toISOString().slice(0, 10);
/** 1 Monday … 7 Sunday. */
const diaSemana = (d: Date) => ((d.getUTCDay() + 6) % 7) + 1;

/** The Bogotá day of an instant, AAAA-MM-DD. */
export const diaBogota = (d: Date): string => isoDia(aLocal(d));

/** The occurrence in the same week (or month) as the Bogotá wall-clock `local`. */
function candidata(c: Cuando, local: Date): Date {
  const t = new Date(local);
  t.setUTCHours(c.hora, 0, 0, 0);
  if (c.frecuencia === 'semanal') return new Date(t.getTime() + (c.dia - diaSemana(t)) * DIA_MS);
  t.setUTCDate(c.dia);
  return t;
}

function mover(c: Cuando, t: Date, pasos: number): Date {
  if (c.frecuencia === 'semanal') return new Date(t.getTime() + pasos * 7 * DIA_MS);
  const m = new Date(t);
  m.setUTCMonth(m.getUTCMonth() + pasos, c.dia);
  return m;
}

/** The first occurrence strictly after `despues`. */
export function siguienteEnvio(c: Cuando, despues: Date): Date {
  const local = aLocal(despues);
  let t = candidata(c, local);
  while (t <= local) t = mover(c, t, 1);
  return deLocal(t);
}

/** The latest occurrence at or before `ahora`. */
export function ultimoEnvio(c: Cuando, ahora: Date): Date {
  const local = aLocal(ahora);
  let t = candidata(c, local);
  while (t > local) t = mover(c, t, -1);
  return deLocal(t);
}

/**
 * The previous complete period of a send on the Bogotá day `dia`: the Monday–Sunday week before the
 * week it falls in, or the calendar month before its month.
 */
export function periodoAnterior(frecuencia: FrecuenciaEnvio, dia: string): Periodo {
  const d = new Date(`${dia}T00:00:00Z`);
  if (frecuencia === 'semanal') {
    const hasta = new Date(d.getTime() - diaSemana(d) * DIA_MS);
    return { desde: isoDia(new Date(hasta.getTime() - 6 * DIA_MS)), hasta: isoDia(hasta) };
  }
  const fin = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
  return { desde: isoDia(new Date(Date.UTC(fin.getUTCFullYear(), fin.getUTCMonth(), 1))), hasta: isoDia(fin) };
}

/** 2026-11-16 → 16/11/2026. */
export const fechaCorta = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
