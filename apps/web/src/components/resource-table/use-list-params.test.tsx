import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BARRIOS } from '@predio/contract/maestros/resources';
import { removeToken, setToken } from '../../lib/token.ts';
import { useListParams } from './use-list-params.ts';

const RUTA = BARRIOS.ruta;

function usePantalla() {
  const [state, setState] = useListParams(BARRIOS, RUTA);
  return { state, setState, location: useLocation(), navigate: useNavigate() };
}

const enRouter = (url: string) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

describe('useListParams', () => {
  afterEach(() => removeToken());

  it('reads the URL, writes each change as a new history entry, and keeps other pages’ URLs out', () => {
    setToken('sesion.de.empresa2');
    const { result } = renderHook(usePantalla, { wrapper: enRouter(`${RUTA}?q=prado&page=2`) });
    expect(result.current.state).toMatchObject({ q: 'prado', page: 2 });

    act(() => result.current.setState({ filters: { id_municipio: '1217' } }));
    expect(result.current.location.search).toBe('?q=prado&id_municipio=1217');

    // A hidden tab (another page is showing) keeps its own list.
    act(() => void result.current.navigate('/maestros/inmuebles/municipios?q=zzz'));
    expect(result.current.state).toMatchObject({ q: 'prado', filters: { id_municipio: '1217' } });

    // Back on the bare path (a menu entry or the page's tab): the list as it was left.
    act(() => void result.current.navigate(RUTA));
    expect(result.current.location.search).toBe('?q=prado&id_municipio=1217');

    // Another session in the same tab (logout does not reload) does not inherit the list.
    setToken('sesion.de.empresa1');
    act(() => void result.current.navigate('/inicio'));
    act(() => void result.current.navigate(RUTA));
    expect(result.current.location.search).toBe('');
    setToken('sesion.de.empresa2');
    act(() => void result.current.navigate('/inicio'));
    act(() => void result.current.navigate(RUTA));
    expect(result.current.location.search).toBe('?q=prado&id_municipio=1217');

    // Clearing everything is not undone by that restore.
    act(() => result.current.setState({ q: undefined, filters: {} }));
    expect(result.current.location.search).toBe('');
    expect(result.current.state).toEqual({ page: 1, pageSize: 20, filters: {} });
  });
});
