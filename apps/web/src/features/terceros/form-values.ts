import dayjs, { type Dayjs } from 'dayjs';
import {
  TIPO_DCTO_NIT,
  ZTerceroCampos,
  digitoVerificacion,
  separarNit,
  type CampoTercero,
  type TerceroDetalle,
  type TerceroFormEntrada,
} from '@predio/contract/terceros';

// antd keeps dates as dayjs and empty inputs as undefined; the contract wants 'AAAA-MM-DD' and ''.

const FECHAS = ['cumpleanos', 'fecha_aut_datos', 'fecha_consig'] as const;
type CampoFecha = (typeof FECHAS)[number];
const esFecha = (k: string): k is CampoFecha => (FECHAS as readonly string[]).includes(k);

export type ValoresForm = Partial<Record<Exclude<CampoTercero, CampoFecha>, unknown>> & Partial<Record<CampoFecha, Dayjs | null>>;

export const CAMPOS = Object.keys(ZTerceroCampos.shape) as CampoTercero[];

/** A new tercero: the contract's defaults (spec §3: CC, persona natural, 'Enviar', propietario). */
export function valoresIniciales(): ValoresForm {
  const d = ZTerceroCampos.partial({ nro_id: true }).parse({});
  return deContrato(d as Partial<Record<CampoTercero, unknown>>);
}

function deContrato(t: Partial<Record<CampoTercero, unknown>>): ValoresForm {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) {
    const v = t[k];
    out[k] = esFecha(k) ? (typeof v === 'string' && v ? dayjs(v) : null) : v;
  }
  return out as ValoresForm;
}

/** The edited tercero as form values; a NIT is shown with its DV, as it is typed. */
export function valoresDe(t: TerceroDetalle): ValoresForm {
  const v = deContrato(t);
  if (t.tipo_dcto === TIPO_DCTO_NIT && t.dv !== null) v.nro_id = `${t.nro_id}-${t.dv}`;
  return v;
}

/** Form values → the body the contract validates (and the server receives). */
export function aContrato(v: ValoresForm): TerceroFormEntrada {
  const out: Record<string, unknown> = {};
  for (const k of CAMPOS) {
    const x = (v as Record<string, unknown>)[k];
    if (esFecha(k)) out[k] = x && dayjs.isDayjs(x) ? x.format('YYYY-MM-DD') : null;
    else if (x === undefined) continue;
    else out[k] = x;
  }
  return out as TerceroFormEntrada;
}

/** What the form shows beside a NIT while it is typed: the DV and whether the typed one is right. */
export function ayudaNit(nroId: string): { dv: number; ok: boolean | null } | null {
  const { nit, dv } = separarNit(nroId.trim());
  const esperado = digitoVerificacion(nit);
  if (esperado === null || nit.length < 5) return null;
  return { dv: esperado, ok: dv === null ? null : dv === esperado };
}
