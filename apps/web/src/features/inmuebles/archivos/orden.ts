// Reordering the photos of a property: by drag (from one index to another) or one step with the
// keyboard-friendly buttons. The server wants the whole list of ids in the new order.

/** The list with the item at `desde` moved to `hasta` (indexes out of range leave it unchanged). */
export function mover<T>(lista: readonly T[], desde: number, hasta: number): T[] {
  const copia = [...lista];
  if (desde === hasta || desde < 0 || hasta < 0 || desde >= lista.length || hasta >= lista.length) return copia;
  const [item] = copia.splice(desde, 1);
  copia.splice(hasta, 0, item!);
  return copia;
}

/** Moves `id` one place left (-1) or right (+1); null when it is already at that end or absent. */
export function moverPaso(ids: readonly number[], id: number, paso: -1 | 1): number[] | null {
  const i = ids.indexOf(id);
  const j = i + paso;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  return mover(ids, i, j);
}

/** The order after dropping `activo` on `sobre`; null when nothing changes. */
export function ordenTrasSoltar(ids: readonly number[], activo: number, sobre: number | null): number[] | null {
  if (sobre === null || activo === sobre) return null;
  const desde = ids.indexOf(activo);
  const hasta = ids.indexOf(sobre);
  if (desde < 0 || hasta < 0) return null;
  return mover(ids, desde, hasta);
}

/** Puts the items in the order of `ids` (for the optimistic update of the cached list). */
export function ordenarPorIds<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const pos = new Map(ids.map((id, i) => [id, i]));
  return [...items]
    .sort((a, b) => (pos.get(a.id) ?? Infinity) - (pos.get(b.id) ?? Infinity))
    .map((item, i) => ({ ...item, orden: i + 1 }));
}
