import { ACTIVO_LABEL, enLista, type ResourceDef } from '@predio/contract/maestros/resource';
import { useColumnas, type Columna } from '../lista/use-columnas.ts';
import { ACTIVO_KEY } from './list-params.ts';

/** Every column a list can show: all the fields (those not listed by default start hidden) and activo. */
export function columnasDe(def: ResourceDef): Columna[] {
  const out = def.fields.map((f) => ({ key: f.key, label: f.label, porDefecto: enLista(f) }));
  if (def.activo) out.push({ key: ACTIVO_KEY, label: ACTIVO_LABEL, porDefecto: true });
  return out;
}

/** Which columns of a resource's list are shown, kept in localStorage under the resource's key. */
export const useColumnSettings = (def: ResourceDef) => useColumnas(def.key, columnasDe(def));
