import { useCallback, useState } from 'react';

export type Columna = { key: string; label: string; porDefecto: boolean };

/** Only the user's changes are stored, so a column added later shows up by its own default. */
type Cambios = Record<string, boolean>;

const storageKey = (clave: string) => `predio:columnas:${clave}`;

function leer(clave: string): Cambios {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(clave)) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** Which columns of a list are shown, kept per list (`clave`) in localStorage. */
export function useColumnas(clave: string, columnas: Columna[]) {
  const [cambios, setCambios] = useState<Cambios>(() => leer(clave));
  const visibles = columnas.filter((c) => cambios[c.key] ?? c.porDefecto).map((c) => c.key);

  const guardar = useCallback(
    (next: Cambios) => {
      setCambios(next);
      try {
        if (Object.keys(next).length === 0) localStorage.removeItem(storageKey(clave));
        else localStorage.setItem(storageKey(clave), JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the choice still holds for this visit.
      }
    },
    [clave],
  );

  const mostrar = (keys: string[]) =>
    guardar(
      Object.fromEntries(columnas.filter((c) => keys.includes(c.key) !== c.porDefecto).map((c) => [c.key, keys.includes(c.key)])),
    );

  return { columnas, visibles, mostrar, restablecer: () => guardar({}) };
}
