import { create } from 'zustand';

/** spec §3 consecutivoDuplicar: the property whose data the next "Nuevo inmueble" starts from. */
type DuplicarState = { consecutivoDuplicar: number | null; duplicar: (n: number | null) => void };

export const useDuplicar = create<DuplicarState>()((set) => ({
  consecutivoDuplicar: null,
  duplicar: (n) => set({ consecutivoDuplicar: n }),
}));
