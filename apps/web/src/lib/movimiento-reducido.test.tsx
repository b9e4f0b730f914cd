import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMovimientoReducido } from './movimiento-reducido.ts';

/** A system setting that can be switched while the page is open, as the OS does. */
function sistema(inicial: boolean) {
  let reduce = inicial;
  const oyentes = new Set<() => void>();
  vi.stubGlobal('matchMedia', (q: string) => ({
    get matches() {
      return q === '(prefers-reduced-motion: reduce)' && reduce;
    },
    addEventListener: (_: string, f: () => void) => oyentes.add(f),
    removeEventListener: (_: string, f: () => void) => oyentes.delete(f),
  }));
  return (v: boolean) => {
    reduce = v;
    oyentes.forEach((f) => f());
  };
}

function Muestra() {
  return <span>{useMovimientoReducido() ? 'sin movimiento' : 'con movimiento'}</span>;
}

describe('useMovimientoReducido', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system setting, also when it changes', () => {
    const cambiar = sistema(false);
    render(<Muestra />);
    expect(screen.getByText('con movimiento')).toBeTruthy();
    act(() => cambiar(true));
    expect(screen.getByText('sin movimiento')).toBeTruthy();
  });
});
