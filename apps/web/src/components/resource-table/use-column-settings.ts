import { useCallback, useState } from 'react';
import { ACTIVO_LABEL, enLista, type ResourceDef } from '@predio/contract/maestros/resource';
import { ACTIVO_KEY } from './list-params.ts';

export type Columna = { key: string; label: string; porDefecto: boolean };

/** Every column a list can show: all the fields (those not listed by default start hidden) and activo. */
export function columnasDe(def: ResourceDef): Columna[] {
  const out = def.fields.map((f) => ({ key: f.key, label: f.label, porDefecto: enLista(f) }));
  if (def.activo) out.push({ key: ACTIVO_KEY, label: ACTIVO_LABEL, porDefecto: true });
  return out;
}

const storageKey = (def: ResourceDef) => `predio:columnas:${def.key}`;

/** Only the user's changes are stored, so a field added to the resource later shows up by its own default. */
type Cambios = Record<string, boolean>;

function leer(def: ResourceDef): Cambios {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(def)) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** Which columns are shown, per resource, kept in localStorage. */
export function useColumnSettings(def: ResourceDef) {
  const [cambios, setCambios] = useState<Cambios>(() => leer(def));
  const columnas = columnasDe(def);
  const visibles = columnas.filter((c) => cambios[c.key] ?? c.porDefecto).map((c) => c.key);

  const guardar = useCallback(
    (next: Cambios) => {
      setCambios(next);
      try {
        if (Object.keys(next).length === 0) localStorage.removeItem(storageKey(def));
        else localStorage.setItem(storageKey(def), JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the choice still holds for this visit.
      }
    },
    [def],
  );

  const mostrar = (keys: string[]) =>
    guardar(
      Object.fromEntries(columnas.filter((c) => keys.includes(c.key) !== c.porDefecto).map((c) => [c.key, keys.includes(c.key)])),
    );

  return { columnas, visibles, mostrar, restablecer: () => guardar({}) };
}
