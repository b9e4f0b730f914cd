import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlEstado } from './use-url-estado.ts';

type Set = ReturnType<typeof useUrlEstado>[1];

// Each test its own page: a page's last URL is kept for when it is reopened.
let paginas = 0;

function montar(inicial: string) {
  const ruta = `/lista-${++paginas}`;
  const vistos: { set: Set; search: string; params: URLSearchParams }[] = [];
  function Lista() {
    const [params, set] = useUrlEstado(ruta);
    const location = useLocation();
    vistos.push({ set, search: location.search, params });
    return null;
  }
  render(
    <MemoryRouter initialEntries={[`${ruta}${inicial}`]}>
      <Routes>
        <Route path={ruta} element={<Lista />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ultimo: () => vistos[vistos.length - 1]! };
}

describe('useUrlEstado', () => {
  it('keeps both of two changes made before the first one renders', () => {
    const { ultimo } = montar('?estado=activo&page=3');
    const { set } = ultimo();
    act(() => {
      set({ q: 'casa' });
      set({ gestion: 'venta' });
    });
    const p = new URLSearchParams(ultimo().search);
    expect(p.get('estado')).toBe('activo');
    expect(p.get('q')).toBe('casa');
    expect(p.get('gestion')).toBe('venta');
    // A criterion change goes back to the first page.
    expect(p.get('page')).toBeNull();
  });

  it('builds on the rendered URL once the change has rendered', () => {
    const { ultimo } = montar('');
    act(() => ultimo().set({ abierto: 7 }));
    expect(ultimo().params.get('abierto')).toBe('7');
    act(() => ultimo().set({ abierto: null }));
    expect(ultimo().search).toBe('');
    act(() => ultimo().set({ estado: 'resuelta' }));
    expect(ultimo().search).toBe('?estado=resuelta');
  });

  it('a page change keeps the criteria', () => {
    const { ultimo } = montar('?q=lote');
    act(() => ultimo().set({ page: 2 }));
    expect(new URLSearchParams(ultimo().search).get('q')).toBe('lote');
    expect(new URLSearchParams(ultimo().search).get('page')).toBe('2');
  });
});
