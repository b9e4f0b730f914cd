// Colombian formats (ARCHITECTURE "Web app": es-CO, COP without decimals).
const LOCALE = 'es-CO';

const fecha = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const fechaHora = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const fechaLarga = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const numero = new Intl.NumberFormat(LOCALE);
const moneda = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });

type DateInput = Date | string | number;

/**
 * A date-only string (YYYY-MM-DD: a fecha de ingreso, a birthday) is a calendar day, read at local
 * midnight. `new Date('2026-11-01')` is UTC midnight, which Bogotá (UTC−5) shows as 31/10/2026.
 */
function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const dia = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = dia
    ? new Date(Number(dia[1]), Number(dia[2]) - 1, Number(dia[3]))
    : value instanceof Date
      ? value
      : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 05/03/2025; '' for no date. */
export function formatFecha(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date === null ? '' : fecha.format(date);
}

/** 05/03/2025, 2:30 p. m. */
export function formatFechaHora(value: DateInput): string {
  const date = toDate(value);
  return date === null ? '' : fechaHora.format(date);
}

/** miércoles, 5 de marzo de 2025 */
export function formatFechaLarga(value: DateInput): string {
  const date = toDate(value);
  return date === null ? '' : fechaLarga.format(date);
}

/** 1.234.567,5 */
export function formatNumero(value: number): string {
  return numero.format(value);
}

/** $ 1.234.568 (COP has no decimals in practice). */
export function formatMoneda(value: number): string {
  return moneda.format(value);
}
