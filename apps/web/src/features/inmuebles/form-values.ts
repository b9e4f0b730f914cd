import dayjs, { type Dayjs } from 'dayjs';
import {
  PORTALES,
  ZInmuebleCampos,
  type CampoInmueble,
  type InmuebleDetalle,
  type InmuebleForm,
} from '@predio/contract/inmuebles';

// antd keeps dates as dayjs, checkbox groups as arrays and empty inputs as undefined/null; the contract
// wants 'AAAA-MM-DD', a record of portals and nulls.

type Portal = (typeof PORTALES)[number];
export type PropietarioValor = { id_tercero?: number | null; porcentaje?: number | null };

export type ValoresInmueble = Omit<
  Partial<InmuebleForm>,
  'fecha_consignacion' | 'vigencia_consignacion' | 'publicar' | 'propietarios'
> & {
  fecha_consignacion?: Dayjs | null;
  vigencia_consignacion?: Dayjs | null;
  publicar?: Portal[];
  propietarios?: PropietarioValor[];
};

export const CAMPOS = Object.keys(ZInmuebleCampos.shape) as CampoInmueble[];
const FECHAS = ['fecha_consignacion', 'vigencia_consignacion'] as const;

/** A new property: the contract's defaults, and one owner row to fill. */
export function valoresIniciales(): ValoresInmueble {
  return {
    habitaciones: 0,
    banos: 0,
    parqueaderos: 0,
    ascensor: false,
    caracteristicas: [],
    descripcion: '',
    observaciones_internas: '',
    codigo_llaves: '',
    publicar: [],
    propietarios: [{ id_tercero: null, porcentaje: 100 }],
  };
}

/** An existing property as form values (also the start of a duplicate). */
export function valoresDe(d: InmuebleDetalle): ValoresInmueble {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) out[k] = (d as Record<string, unknown>)[k];
  for (const k of FECHAS) out[k] = d[k] ? dayjs(d[k]) : null;
  out.publicar = PORTALES.filter((p) => d.publicar[p]);
  out.propietarios = d.propietarios.map((p) => ({ id_tercero: p.id_tercero, porcentaje: p.porcentaje }));
  return out as ValoresInmueble;
}

/** Form values → the body the contract validates (and the server receives). */
export function aContrato(v: ValoresInmueble): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined) continue;
    out[k] = x;
  }
  for (const k of FECHAS) {
    const x = v[k];
    out[k] = x && dayjs.isDayjs(x) ? x.format('YYYY-MM-DD') : null;
  }
  out.publicar = Object.fromEntries(PORTALES.map((p) => [p, (v.publicar ?? []).includes(p)]));
  out.propietarios = (v.propietarios ?? [])
    .filter((p) => p.id_tercero != null || (p.porcentaje != null && p.porcentaje !== 100))
    .map((p) => ({ id_tercero: p.id_tercero ?? null, porcentaje: p.porcentaje ?? 0 }));
  return out;
}

export type SumaPropietarios = {
  /** The shares of the rows with a tercero. */
  suma: number;
  /** What is left of the 100 % once every row's share is taken, blank rows too: a new row's start. */
  resto: number;
  /** Rows (from 1) that have a share or sit beside owners but no tercero yet. */
  sinTercero: number[];
  estado: 'vacio' | 'ok' | 'incompleto';
  /** The summary line under the rows. */
  texto: string;
};

const pct = (n: number) => `${n.toLocaleString('es-CO', { maximumFractionDigits: 2 })} %`;
const centesimas = (ps: PropietarioValor[]) => Math.round(ps.reduce((s, p) => s + (p.porcentaje ?? 0) * 100, 0)) / 100;

/**
 * The owners' shares as the form shows them. Only rows with a tercero count; it is complete when they
 * add up to exactly 100 and no row is left without its tercero (a lone blank row is the empty form).
 */
export function sumaPropietarios(ps: PropietarioValor[] | undefined): SumaPropietarios {
  const filas = ps ?? [];
  const llenos = filas.filter((p) => p?.id_tercero != null);
  const suma = centesimas(llenos);
  const resto = Math.max(0, Math.round((100 - centesimas(filas.filter(Boolean))) * 100) / 100);
  if (llenos.length === 0)
    return { suma, resto, sinTercero: [], estado: 'vacio', texto: 'Sin propietarios: elija el tercero de la primera fila' };
  const sinTercero = filas.flatMap((p, i) => (p?.id_tercero == null ? [i + 1] : []));
  const falta =
    sinTercero.length === 0
      ? ''
      : ` — falta el tercero de ${sinTercero.length === 1 ? 'la fila' : 'las filas'} ${sinTercero.join(', ')}`;
  const ok = suma === 100 && sinTercero.length === 0;
  return {
    suma,
    resto,
    sinTercero,
    estado: ok ? 'ok' : 'incompleto',
    texto: `Suma de porcentajes: ${pct(suma)}${suma === 100 ? '' : ' — debe ser 100 %'}${falta}`,
  };
}
