import { Liquid, type FS } from 'liquidjs';
import { contextosDe, type ContextoDef, type TipoPlantilla } from '@predio/contract/documentos';
import { AppError } from '../errors/app-error.ts';
import { CODES } from '@predio/contract/codes';

/*
 * The merge-field engine for templates users write (issue 23 §4), on liquidjs. Users are not trusted
 * authors: a template sees only the values it is given (own properties, nothing from prototypes),
 * cannot read files (no include/render/layout, no file system), and is stopped when it takes too long
 * or writes too much. Every mistake is an AppError 400 in Spanish naming the field or the line.
 */

/** What a template is filled with: one object per context (`{ empresa: {...}, inmueble: {...} }`). */
export type Datos = Record<string, Record<string, unknown>>;

export const LIMITES = {
  /** Characters of template liquidjs will parse. */
  plantilla: 2_000_000,
  /** Milliseconds of rendering. */
  tiempoMs: 500,
  /** Roughly characters of output and loop items (liquidjs' memory accounting). */
  memoria: 5_000_000,
};

// A file system that has no files: even if a tag that reads templates slipped back in, it finds nothing.
const SIN_ARCHIVOS: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => {
    throw new Error('sin archivos');
  },
  readFileSync: () => {
    throw new Error('sin archivos');
  },
  resolve: (_root: string, file: string) => file,
  contains: async () => false,
  sep: '/',
};

const fechaCorta = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const fechaLarga = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const COP = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
const NUMERO = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** A calendar date from 'aaaa-mm-dd', an ISO timestamp or a Date; null when it is none of these. */
function comoFecha(v: unknown): Date | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

const esNumero = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

function crearMotor(): Liquid {
  const motor = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    // Values are written into HTML: a tercero named «<script>» stays text.
    outputEscape: 'escape',
    fs: SIN_ARCHIVOS,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    dynamicPartials: false,
    cache: false,
    parseLimit: LIMITES.plantilla,
    renderLimit: LIMITES.tiempoMs,
    memoryLimit: LIMITES.memoria,
  });
  // Tags that read other templates from files have no place in a user's template.
  for (const tag of ['include', 'render', 'layout', 'block']) delete (motor.tags as Record<string, unknown>)[tag];

  motor.registerFilter('fecha', (v: unknown, formato?: unknown) => {
    const d = comoFecha(v);
    if (!d) return v ?? '';
    return formato === 'larga' ? fechaLarga.format(d) : fechaCorta.format(d);
  });
  motor.registerFilter('moneda', (v: unknown) => {
    const n = esNumero(v);
    return n === null ? (v ?? '') : COP.format(n).replace(/\u00a0/g, ' ');
  });
  motor.registerFilter('numero', (v: unknown) => {
    const n = esNumero(v);
    return n === null ? (v ?? '') : NUMERO.format(n);
  });
  motor.registerFilter('mayusculas', (v: unknown) => String(v ?? '').toLocaleUpperCase('es-CO'));
  return motor;
}

const motor = crearMotor();

// TipTap writes «>», «<», «&» and quotes inside text as entities; inside {{ }} and {% %} they are
// Liquid, so they are turned back before parsing. Block ends get a line break so that «línea N» in an
// error message is the Nth paragraph, heading, list item or table row the user sees.
const ENTIDADES: Record<string, string> = { '&gt;': '>', '&lt;': '<', '&amp;': '&', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
function prepararFuente(html: string): string {
  return html
    .replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, (m) => m.replace(/&(gt|lt|amp|quot|#39|nbsp);/g, (e) => ENTIDADES[e]!))
    .replace(/(<\/(?:p|h[1-6]|li|tr|table|ul|ol|div)>)(?!\n)/g, '$1\n');
}

export type ErrorPlantilla = { linea: number | null; mensaje: string };

/** liquidjs' English message, as a person reads it in Spanish. */
function traducir(e: Error & { token?: { getText?: () => string } }): string {
  const m = e.message.replace(/, (?:line|file):.*$/s, '');
  const texto = (() => {
    try {
      return e.token?.getText?.()?.slice(0, 60) ?? null;
    } catch {
      return null;
    }
  })();
  const cita = texto ? ` («${texto.replace(/\s+/g, ' ')}»)` : '';
  let r: RegExpExecArray | null;
  if ((r = /^tag "?([^"\s]+)"? not found/.exec(m))) return `la etiqueta «${r[1]}» no existe`;
  if ((r = /^undefined filter: (\S+)/.exec(m))) return `el filtro «${r[1]}» no existe`;
  if ((r = /^tag (.+) not closed/.exec(m))) {
    const etiqueta = /\{%-?\s*(\w+)/.exec(r[1]!)?.[1];
    return etiqueta ? `falta cerrar «${r[1]}» con «{% end${etiqueta} %}»` : `falta cerrar «${r[1]}»`;
  }
  if (/^output .* not closed/.test(m)) return `falta cerrar el campo con «}}»${cita}`;
  if (/not closed/.test(m)) return `falta cerrar una etiqueta${cita}`;
  if (/template render limit exceeded/.test(m)) return 'la plantilla tarda demasiado en llenarse (¿un ciclo muy largo?)';
  if (/memory alloc limit exceeded/.test(m)) return 'la plantilla produce demasiado contenido (¿un ciclo muy largo?)';
  if (/parse length limit exceeded/.test(m)) return 'la plantilla es demasiado grande';
  if ((r = /^undefined variable: (\S+)/.exec(m))) return `el campo «${r[1]}» no existe`;
  return `no se entiende la plantilla${cita}`;
}

function linea(e: unknown): number | null {
  const t = (e as { token?: { getPosition?: () => [number, number] } }).token;
  try {
    return t?.getPosition?.()[0] ?? null;
  } catch {
    return null;
  }
}

const errorPlantilla = (p: ErrorPlantilla) =>
  new AppError(
    CODES.VALIDACION,
    p.linea ? `Error en la plantilla, línea ${p.linea}: ${p.mensaje}.` : `Error en la plantilla: ${p.mensaje}.`,
    [{ campo: 'contenido', mensaje: p.mensaje }],
  );

const nombreCampo = (segmentos: readonly (string | number | unknown)[]) =>
  segmentos.map((s) => (typeof s === 'number' ? `[${s}]` : String(s))).join('.');

/**
 * Checks a template against the fields of its type: syntax, unknown tags and filters, and every
 * field it reads. Returns the problems found (empty: valid); never throws for a user's mistake.
 */
export function revisar(html: string, tipo: TipoPlantilla, propios?: readonly ContextoDef[]): ErrorPlantilla[] {
  let plantilla;
  try {
    plantilla = motor.parse(prepararFuente(html));
  } catch (e) {
    return [{ linea: linea(e), mensaje: traducir(e as Error) }];
  }
  // A module's own contexts (a notification's message) are checked like the catalogue's.
  const contextos = [...contextosDe(tipo), ...(propios ?? [])];
  const problemas: ErrorPlantilla[] = [];
  let globales: Record<string, { toArray: () => unknown[]; location: { row: number } }[]>;
  try {
    globales = motor.analyzeSync(plantilla).globals;
  } catch (e) {
    return [{ linea: linea(e), mensaje: traducir(e as Error) }];
  }
  // Each distinct field once, at the first line it appears on.
  const vistos = new Set<string>();
  for (const usos of Object.values(globales))
    for (const v of usos) {
      const s = v.toArray();
      const nombre = nombreCampo(s);
      if (vistos.has(nombre)) continue;
      vistos.add(nombre);
      const mensaje = problemaDeCampo(s, contextos, tipo);
      if (mensaje) problemas.push({ linea: v.location.row, mensaje });
    }
  return problemas;
}

function problemaDeCampo(s: unknown[], contextos: ContextoDef[], tipo: TipoPlantilla): string | null {
  const nombre = nombreCampo(s);
  const [ctx, campo, ...resto] = s;
  const def = contextos.find((x) => x.clave === ctx);
  if (!def) {
    const otro = typeof ctx === 'string' && ['tercero', 'inmueble', 'cliente', 'contrato'].includes(ctx);
    return otro ? `el campo «${nombre}» no está disponible en una plantilla de tipo «${tipo}»` : `el campo «${nombre}» no existe`;
  }
  if (campo === undefined)
    return `«${nombre}» es un grupo de campos: elija uno, por ejemplo «${def.clave}.${def.campos[0]!.clave}»`;
  if (!def.campos.some((x) => x.clave === campo) || resto.length > 0) return `el campo «${nombre}» no existe`;
  return null;
}

/** Throws the first problem as a 400 (for saving a template). */
export function validar(html: string, tipo: TipoPlantilla, propios?: readonly ContextoDef[]): void {
  const [p] = revisar(html, tipo, propios);
  if (p) throw errorPlantilla(p);
}

/** Fills a template that `validar` accepted; a failure while rendering (a loop too long) is a 400 too. */
export async function llenar(html: string, tipo: TipoPlantilla, datos: Datos, propios?: readonly ContextoDef[]): Promise<string> {
  validar(html, tipo, propios);
  try {
    return await motor.parseAndRender(prepararFuente(html), datos);
  } catch (e) {
    throw errorPlantilla({ linea: linea(e), mensaje: traducir(e as Error) });
  }
}

/** The sample values of the catalogue: a preview before any record is chosen. */
export function datosDeEjemplo(tipo: TipoPlantilla, propios?: readonly ContextoDef[]): Datos {
  return Object.fromEntries(
    [...contextosDe(tipo), ...(propios ?? [])].map((x) => [
      x.clave,
      Object.fromEntries(x.campos.map((f) => [f.clave, f.ejemplo])),
    ]),
  );
}
