import { z } from 'zod';
import { esDia } from './campos.ts';

// Recurring citas (issue 25): «Repetir» cada día, cada semana on some days, cada mes; ending on a date or
// after N times. The rule is expanded here, in Bogotá time, by the API (which writes one cita per
// occurrence) and by the form (which says how many citas a rule makes). Colombia is UTC−5 all year, so
// a wall-clock time is the same instant shift every day; the calendar and the feed assume it too.

export const FRECUENCIAS_REPETICION = ['diaria', 'semanal', 'mensual'] as const;
export type FrecuenciaRepeticion = (typeof FRECUENCIAS_REPETICION)[number];
export const ETIQUETAS_FRECUENCIA: Record<FrecuenciaRepeticion, string> = {
  diaria: 'Cada día',
  semanal: 'Cada semana',
  mensual: 'Cada mes',
};
export const ETIQUETA_REPETIR = 'Repetir';
/** A series ends at most this many years after its first start (no series runs forever). */
export const ANIOS_MAXIMOS_REPETICION = 2;
/** Every day for two years, both ends included, across a 29 February: the most citas one series makes. */
export const MAX_REPETICIONES = 732;
export const MAX_INTERVALO = 99;
/** ISO weekdays, 1 = lunes: weeks start on Monday in Colombia. */
export const DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

const R = ETIQUETA_REPETIR;
const DIA_MS = 86_400_000;
const DESFASE_BOGOTA_MS = 5 * 3_600_000;

export const ZRepeticion = z.object({
  frecuencia: z.enum(FRECUENCIAS_REPETICION, {
    error: `${R}: la frecuencia debe ser Cada día, Cada semana o Cada mes`,
  }),
  intervalo: z
    .number({ error: `${R}: «cada cuántos» debe ser un número` })
    .int({ error: `${R}: «cada cuántos» debe ser un número entero` })
    .min(1, { error: `${R}: «cada cuántos» debe ser al menos 1` })
    .max(MAX_INTERVALO, { error: `${R}: «cada cuántos» debe ser como máximo ${MAX_INTERVALO}` })
    .default(1),
  dias: z
    .array(
      z
        .number({ error: `${R}: los días van de lunes (1) a domingo (7)` })
        .int({ error: `${R}: los días van de lunes (1) a domingo (7)` })
        .min(1, { error: `${R}: los días van de lunes (1) a domingo (7)` })
        .max(7, { error: `${R}: los días van de lunes (1) a domingo (7)` }),
      { error: `${R}: los días deben ser una lista` },
    )
    .max(7, { error: `${R}: una semana tiene 7 días` })
    .default([])
    .transform((xs) => [...new Set(xs)].sort((a, b) => a - b)),
  hasta: z
    .string({ error: `${R}: la fecha en que termina debe ser una fecha` })
    .refine(esDia, { error: `${R}: la fecha en que termina debe ser una fecha válida (AAAA-MM-DD)` })
    .nullable()
    .default(null),
  veces: z
    .number({ error: `${R}: el número de veces debe ser un número` })
    .int({ error: `${R}: el número de veces debe ser un número entero` })
    .min(1, { error: `${R}: el número de veces debe ser al menos 1` })
    .max(MAX_REPETICIONES, { error: `${R}: se repite como máximo ${MAX_REPETICIONES} veces` })
    .nullable()
    .default(null),
});
export type RepeticionEntrada = z.input<typeof ZRepeticion>;
export type Repeticion = z.output<typeof ZRepeticion>;

/** Day number (days since 1970-01-01) of an instant in Bogotá, and the time of day in ms. */
function local(inicio: Date): { dia: number; hora: number } {
  const t = inicio.getTime() - DESFASE_BOGOTA_MS;
  const dia = Math.floor(t / DIA_MS);
  return { dia, hora: t - dia * DIA_MS };
}
const numeroDeDia = (fecha: string) => Date.parse(`${fecha}T00:00:00Z`) / DIA_MS;
const fechaDeDia = (dia: number) => new Date(dia * DIA_MS).toISOString().slice(0, 10);
/** ISO weekday of a day number: 1970-01-01 was a Thursday (4). */
const diaSemana = (dia: number) => ((((dia + 3) % 7) + 7) % 7) + 1;

/** The last day (Bogotá, AAAA-MM-DD) a series that starts at `inicio` may reach: two years later. */
export function ultimoDiaPermitido(inicio: Date): string {
  const d = new Date(local(inicio).dia * DIA_MS);
  return new Date(Date.UTC(d.getUTCFullYear() + ANIOS_MAXIMOS_REPETICION, d.getUTCMonth(), d.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/**
 * The starts of a series, first included, in order: the first start's Bogotá time of day on every day
 * the rule gives, from the first start's day on, up to `hasta` or `veces` and never past two years. A
 * weekly rule falls only on its days (the first start's day counts only if it is one of them); a
 * monthly one on the first start's day of the month, skipping months without it (the 31st), as
 * RFC 5545 and Google Calendar do.
 */
export function expandirRepeticion(inicio: Date, r: Repeticion): Date[] {
  const { dia: primero, hora } = local(inicio);
  const tope = Math.min(numeroDeDia(ultimoDiaPermitido(inicio)), r.hasta ? numeroDeDia(r.hasta) : Infinity);
  const max = Math.min(r.veces ?? MAX_REPETICIONES, MAX_REPETICIONES);
  const out: Date[] = [];
  const poner = (dia: number) => out.push(new Date(dia * DIA_MS + hora + DESFASE_BOGOTA_MS));
  const paso = Math.max(1, r.intervalo);
  if (r.frecuencia === 'diaria') {
    for (let d = primero; d <= tope && out.length < max; d += paso) poner(d);
  } else if (r.frecuencia === 'semanal') {
    if (!r.dias.length) return out;
    const lunes = primero - (diaSemana(primero) - 1);
    for (let semana = lunes; semana <= tope && out.length < max; semana += 7 * paso)
      for (const ds of r.dias) {
        const d = semana + ds - 1;
        if (d < primero) continue;
        if (d > tope || out.length >= max) break;
        poner(d);
      }
  } else {
    const f = new Date(primero * DIA_MS);
    const [y, m, dd] = [f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate()];
    for (let k = 0; out.length < max; k += paso) {
      if (Date.UTC(y, m + k, 1) / DIA_MS > tope) break;
      const mes = new Date(Date.UTC(y, m + k, dd));
      // Date.UTC rolls 31 April over to 1 May: that month has no such day and is skipped.
      if (mes.getUTCDate() !== dd) continue;
      const d = mes.getTime() / DIA_MS;
      if (d > tope) break;
      poner(d);
    }
  }
  return out;
}

type Issue = { path: string; message: string };

/** Rules between the cita's start and its rule, each naming «Repetir». */
export function reglasRepeticion(inicio: Date, r: Repeticion): Issue[] {
  const out: Issue[] = [];
  const limite = ultimoDiaPermitido(inicio);
  const limiteLegible = limite.split('-').reverse().join('/');
  if (r.frecuencia === 'semanal' && !r.dias.length)
    out.push({ path: 'repetir.dias', message: `${R}: elija al menos un día de la semana` });
  if (r.hasta === null && r.veces === null)
    out.push({
      path: 'repetir',
      message: `${R}: diga cuándo termina (en una fecha o después de un número de veces); una serie dura como máximo ${ANIOS_MAXIMOS_REPETICION} años`,
    });
  else if (r.hasta !== null && r.veces !== null)
    out.push({ path: 'repetir', message: `${R}: termina en una fecha o después de un número de veces, no de las dos formas` });
  else if (r.hasta !== null) {
    if (r.hasta < fechaDeDia(local(inicio).dia))
      out.push({ path: 'repetir.hasta', message: `${R}: la fecha en que termina debe ser igual o posterior al inicio` });
    else if (r.hasta > limite)
      out.push({
        path: 'repetir.hasta',
        message: `${R}: una serie dura como máximo ${ANIOS_MAXIMOS_REPETICION} años (hasta el ${limiteLegible})`,
      });
  }
  if (out.length) return out;
  const n = expandirRepeticion(inicio, r).length;
  if (n === 0) out.push({ path: 'repetir', message: `${R}: con esas opciones no queda ninguna cita` });
  else if (r.veces !== null && n < r.veces)
    out.push({
      path: 'repetir.veces',
      message: `${R}: ${r.veces} veces pasan de ${ANIOS_MAXIMOS_REPETICION} años (la serie puede llegar hasta el ${limiteLegible})`,
    });
  return out;
}

const lista = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} y ${xs.at(-1)!}`);

/** «Cada semana los lunes y miércoles, 10 veces»: what the form, the notices and the change log say. */
export function describirRepeticion(r: Repeticion, inicio?: Date): string {
  const n = r.intervalo;
  const cada =
    r.frecuencia === 'diaria'
      ? n === 1
        ? 'Cada día'
        : `Cada ${n} días`
      : r.frecuencia === 'semanal'
        ? `${n === 1 ? 'Cada semana' : `Cada ${n} semanas`} los ${lista(r.dias.map((d) => `${DIAS_SEMANA[d - 1]}${d < 6 ? '' : 's'}`))}`
        : `${n === 1 ? 'Cada mes' : `Cada ${n} meses`}${inicio ? ` el día ${new Date(local(inicio).dia * DIA_MS).getUTCDate()}` : ''}`;
  const termina =
    r.hasta !== null ? `hasta el ${r.hasta.split('-').reverse().join('/')}` : r.veces === 1 ? '1 vez' : `${r.veces} veces`;
  return `${cada}, ${termina}`;
}

export const mismaRepeticion = (a: Repeticion, b: Repeticion) =>
  a.frecuencia === b.frecuencia &&
  a.intervalo === b.intervalo &&
  a.hasta === b.hasta &&
  a.veces === b.veces &&
  (a.frecuencia !== 'semanal' || a.dias.join() === b.dias.join());

/** The weekly days moved by `dias` days (a whole series dragged from Monday to Tuesday falls on Tuesdays). */
export const correrDias = (ds: number[], dias: number) =>
  [...new Set(ds.map((d) => ((((d - 1 + dias) % 7) + 7) % 7) + 1))].sort((a, b) => a - b);

/** Whole days between two instants' Bogotá dates. */
export const diasEntre = (a: Date, b: Date) => local(b).dia - local(a).dia;

/** ISO weekday (1 = lunes) of an instant in Bogotá. */
export const diaSemanaBogota = (d: Date) => diaSemana(local(d).dia);
