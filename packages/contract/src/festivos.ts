// Colombian public holidays (Ley 51 de 1983, «Ley Emiliani»): some fixed, some moved to the next Monday,
// some counted from Easter. Computed, so no year needs a list.

const dia = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const mas = (f: Date, n: number) => new Date(f.getTime() + n * 86_400_000);
/** The same day when it is a Monday, else the next Monday. */
const lunes = (f: Date) => mas(f, (8 - f.getUTCDay()) % 7);

/** Easter Sunday (the anonymous Gregorian algorithm). */
export function pascua(y: number): Date {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  return dia(y, mes, ((h + l - 7 * m + 114) % 31) + 1);
}

/** The year's holidays as AAAA-MM-DD → name. */
export function festivos(y: number): Map<string, string> {
  const p = pascua(y);
  const lista: [Date, string][] = [
    [dia(y, 1, 1), 'Año Nuevo'],
    [lunes(dia(y, 1, 6)), 'Día de los Reyes Magos'],
    [lunes(dia(y, 3, 19)), 'Día de San José'],
    [mas(p, -3), 'Jueves Santo'],
    [mas(p, -2), 'Viernes Santo'],
    [dia(y, 5, 1), 'Día del Trabajo'],
    [mas(p, 43), 'Ascensión del Señor'],
    [mas(p, 64), 'Corpus Christi'],
    [mas(p, 71), 'Sagrado Corazón'],
    [lunes(dia(y, 6, 29)), 'San Pedro y San Pablo'],
    [dia(y, 7, 20), 'Día de la Independencia'],
    [dia(y, 8, 7), 'Batalla de Boyacá'],
    [lunes(dia(y, 8, 15)), 'La Asunción de la Virgen'],
    [lunes(dia(y, 10, 12)), 'Día de la Raza'],
    [lunes(dia(y, 11, 1)), 'Todos los Santos'],
    [lunes(dia(y, 11, 11)), 'Independencia de Cartagena'],
    [dia(y, 12, 8), 'Día de la Inmaculada Concepción'],
    [dia(y, 12, 25), 'Navidad'],
  ];
  return new Map(lista.map(([f, n]) => [f.toISOString().slice(0, 10), n]));
}

/** The holiday's name when the instant falls on one in Colombia (UTC−5 all year), else null. */
export function festivoEn(instante: Date): string | null {
  const local = new Date(instante.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
  return festivos(Number(local.slice(0, 4))).get(local) ?? null;
}
