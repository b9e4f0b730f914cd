/**
 * The calendar's answers kept in this process, by company, agenda version and query. Every asesor's
 * screen reads the same weeks again and again while citas change a few times an hour; a change bumps
 * the company's `agenda_version` (a trigger), so an old entry is never served, only left to age out.
 * Bounded by entries and characters, least recently used first out.
 */
export type CacheCalendario = {
  leer(clave: string): string | undefined;
  guardar(clave: string, json: string): void;
};

export function crearCacheCalendario(maxEntradas = 500, maxCaracteres = 32 * 1024 * 1024): CacheCalendario {
  const entradas = new Map<string, string>();
  let caracteres = 0;
  return {
    leer(clave) {
      const json = entradas.get(clave);
      if (json !== undefined) {
        entradas.delete(clave);
        entradas.set(clave, json);
      }
      return json;
    },
    guardar(clave, json) {
      if (json.length > maxCaracteres / 4) return;
      const previa = entradas.get(clave);
      if (previa !== undefined) {
        entradas.delete(clave);
        caracteres -= previa.length;
      }
      while (entradas.size >= maxEntradas || caracteres + json.length > maxCaracteres) {
        const [vieja, valor] = entradas.entries().next().value as [string, string];
        entradas.delete(vieja);
        caracteres -= valor.length;
      }
      entradas.set(clave, json);
      caracteres += json.length;
    },
  };
}
