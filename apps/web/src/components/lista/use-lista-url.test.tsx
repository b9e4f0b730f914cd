import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { removeToken, setToken } from '../../lib/token.ts';
import { definirLista, texto, unoDe } from './campos-url.ts';
import { useListaUrl } from './use-lista-url.ts';

const RUTA = '/lista';
const esquema = definirLista({
  filtros: { q: texto(), rol: unoDe(['cliente', 'propietario'] as const) },
  orden: ['nombre'] as const,
});

function usePantalla() {
  const lista = useListaUrl(esquema, RUTA, { detalle: { clave: 'abrir', nuevo: 'nuevo' } });
  return { ...lista, location: useLocation(), navigate: useNavigate() };
}

const enRouter = (url: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

describe('useListaUrl', () => {
  afterEach(() => removeToken());

  it('keeps the list in the URL, goes back to page 1 on a new criterion, and restores it on return', () => {
    setToken('sesion.a');
    const { result } = renderHook(usePantalla, { wrapper: enRouter(`${RUTA}?q=casa&page=3`) });
    expect(result.current.params).toMatchObject({ q: 'casa', rol: null, page: 3 });

    act(() => result.current.cambiar({ page: 4 }));
    expect(result.current.location.search).toBe('?q=casa&page=4');
    act(() => result.current.cambiar({ rol: 'cliente' }));
    expect(result.current.location.search).toBe('?q=casa&rol=cliente');
    act(() => result.current.cambiar({ sort: 'nombre', order: 'desc' }));
    expect(result.current.params).toMatchObject({ sort: 'nombre', order: 'desc', page: 1 });

    // Two changes before the first renders both hold.
    act(() => {
      result.current.cambiar({ q: 'lote' });
      result.current.cambiar({ rol: 'propietario' });
    });
    expect(result.current.params).toMatchObject({ q: 'lote', rol: 'propietario' });

    // An open record is a deep link, but reopening the list from the menu does not reopen it.
    act(() => result.current.abrir(12));
    expect(result.current.abierto).toBe(12);
    expect(result.current.enlace(7)).toMatch(/abrir=7/);
    act(() => void result.current.navigate('/otra'));
    act(() => void result.current.navigate(RUTA));
    expect(result.current.params).toMatchObject({ q: 'lote', rol: 'propietario', sort: 'nombre' });
    expect(result.current.abierto).toBeNull();

    // «Limpiar filtros» keeps the sort and is not undone by the restore.
    act(() => result.current.limpiar());
    expect(result.current.params).toMatchObject({ q: '', rol: null, sort: 'nombre' });
    expect(result.current.hayFiltros).toBe(false);
    act(() => void result.current.navigate('/otra'));
    act(() => void result.current.navigate(RUTA));
    expect(result.current.params.q).toBe('');
  });

  it('does not bring one session’s list into another', () => {
    setToken('sesion.b');
    const { result } = renderHook(usePantalla, { wrapper: enRouter(`${RUTA}?q=privado`) });
    setToken('sesion.c');
    act(() => void result.current.navigate('/otra'));
    act(() => void result.current.navigate(RUTA));
    expect(result.current.location.search).toBe('');
  });
});
