import { useSyncExternalStore } from 'react';

const CONSULTA = '(prefers-reduced-motion: reduce)';

function suscribir(aviso: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(CONSULTA);
  mq.addEventListener('change', aviso);
  return () => mq.removeEventListener('change', aviso);
}

const leer = (): boolean => typeof window !== 'undefined' && !!window.matchMedia?.(CONSULTA).matches;

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): the shell then turns antd's
 * animations off, and follows the setting when it changes.
 */
export function useMovimientoReducido(): boolean {
  return useSyncExternalStore(suscribir, leer, () => false);
}
