import dayjs, { type Dayjs } from 'dayjs';

// The period presets of every report's filter bar (issue 33), kept in the URL as `periodo`.

export const PRESETS = {
  hoy: 'Hoy',
  semana: 'Esta semana',
  mes: 'Este mes',
  'mes-anterior': 'Mes anterior',
  anio: 'Este año',
  rango: 'Rango',
} as const;
export type Preset = keyof typeof PRESETS;
export const PRESET_DEFECTO: Preset = 'mes';

const DIA = 'YYYY-MM-DD';
export const esPreset = (v: string | null): v is Preset => v !== null && v in PRESETS;

/** The days a preset covers on `hoy` (weeks start on Monday, as in Colombia). */
export function rangoDe(p: Exclude<Preset, 'rango'>, hoy: Dayjs = dayjs()): { desde: string; hasta: string } {
  const h = hoy.startOf('day');
  switch (p) {
    case 'hoy':
      return { desde: h.format(DIA), hasta: h.format(DIA) };
    case 'semana':
      return { desde: h.subtract((h.day() + 6) % 7, 'day').format(DIA), hasta: h.format(DIA) };
    case 'mes':
      return { desde: h.startOf('month').format(DIA), hasta: h.format(DIA) };
    case 'mes-anterior': {
      const m = h.subtract(1, 'month');
      return { desde: m.startOf('month').format(DIA), hasta: m.endOf('month').format(DIA) };
    }
    case 'anio':
      return { desde: h.startOf('year').format(DIA), hasta: h.format(DIA) };
  }
}
