import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InmuebleResumen, InmueblesConteo, InmueblesPagina } from '@predio/contract/inmuebles';
import { removeToken, setToken } from '../../lib/token.ts';
import { InmueblesDisponiblesPage } from './inmuebles-disponibles-page.tsx';

const inmueble = (consecutivo: number): InmuebleResumen => ({
  consecutivo,
  tipo: 'apartamento',
  gestion: 'arriendo',
  estado: 'disponible',
  direccion: `Calle ${consecutivo} # 10-20`,
  municipio: 'Medellín (Antioquia)',
  barrio: null,
  estrato: 3,
  area: 60,
  habitaciones: 2,
  banos: 1,
  parqueaderos: 0,
  canon: 1_500_000,
  precio_venta: null,
  id_asesor_comercial: null,
  lat: null,
  lng: null,
  vigencia_consignacion: null,
});
const pagina = (desde: number, n: number, hayMas: boolean): InmueblesPagina => ({
  items: Array.from({ length: n }, (_, k) => inmueble(desde - k)),
  hayMas,
});

const responder = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 20000, message: 'ok', data })));

/** The API: pages by `paginas` (keyed by page number), the count when the test lets it go. */
function stubApi(paginas: Record<number, InmueblesPagina>) {
  let soltarConteo: (c: InmueblesConteo) => void = () => undefined;
  const conteo = new Promise<InmueblesConteo>((r) => (soltarConteo = r));
  const fetchMock = vi.fn((url: string) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/inmuebles/conteo') return conteo.then(responder);
    if (u.pathname === '/api/inmuebles') return responder(paginas[Number(u.searchParams.get('page') ?? 1)]);
    return responder([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  const llamadas = (ruta: string) => fetchMock.mock.calls.map((c) => String(c[0])).filter((x) => x.startsWith(ruta));
  return { soltarConteo, llamadas };
}

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <InmueblesDisponiblesPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const paginador = () => screen.getByRole('list', { name: (_, el) => el.classList.contains('ant-pagination') });

describe('inmuebles-disponibles: the page first, its count apart', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setToken('tok.en.value');
    // A desktop screen (1440 px): the list with its full pager, not the phone's cards.
    const original = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const ancho = /min-width:\s*(\d+)px/.exec(query);
      return { ...original(query), matches: ancho ? Number(ancho[1]) <= 1440 : false };
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    removeToken();
  });

  it('shows the rows while counting, then the total; turning the page does not count again', async () => {
    const api = stubApi({ 1: pagina(27, 20, true), 2: pagina(7, 7, false) });
    renderPage('/propiedades/inmuebles-disponibles?gestion=arriendo');
    expect(await screen.findByText('Calle 27 # 10-20')).toBeDefined();
    expect(screen.getByText('Contando…')).toBeDefined();
    // The page says another follows: the pager offers it before the count arrives.
    expect(within(paginador()).getByTitle('2')).toBeDefined();
    api.soltarConteo({ total: 27 });
    expect(await screen.findByText('27 inmuebles')).toBeDefined();
    expect(api.llamadas('/api/inmuebles/conteo')).toEqual(['/api/inmuebles/conteo?gestion=arriendo']);

    fireEvent.click(within(paginador()).getByTitle('2'));
    expect(await screen.findByText('Calle 7 # 10-20')).toBeDefined();
    expect(screen.getByText('27 inmuebles')).toBeDefined();
    expect(api.llamadas('/api/inmuebles?')).toEqual([
      '/api/inmuebles?gestion=arriendo&pageSize=20',
      '/api/inmuebles?gestion=arriendo&page=2&pageSize=20',
    ]);
    expect(api.llamadas('/api/inmuebles/conteo')).toHaveLength(1);
  });

  it('knows the total of a short first page without waiting for the count', async () => {
    stubApi({ 1: pagina(7, 7, false) });
    renderPage('/propiedades/inmuebles-disponibles');
    expect(await screen.findByText('7 inmuebles')).toBeDefined();
    expect(screen.queryByRole('list', { name: (_, el) => el.classList.contains('ant-pagination') })).toBeNull();
  });

  it('past a capped count says «Más de 1.000» and keeps the next page reachable', async () => {
    const api = stubApi({ 60: pagina(200, 20, true) });
    renderPage('/propiedades/inmuebles-disponibles?page=60');
    api.soltarConteo({ total: 1000, totalExacto: false });
    expect(await screen.findByText('Más de 1.000 inmuebles: afine los filtros')).toBeDefined();
    await waitFor(() => expect(within(paginador()).getByTitle('61')).toBeDefined());
  });

  it('a page past the last one offers the first while the count is on its way', async () => {
    stubApi({ 1: pagina(27, 20, true), 9: { items: [], hayMas: false } });
    renderPage('/propiedades/inmuebles-disponibles?page=9');
    expect(await screen.findByText('No hay inmuebles en esta página')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la primera página' }));
    expect(await screen.findByText('Calle 27 # 10-20')).toBeDefined();
  });

  it('a page past the last one moves to the last page once the count says which it is', async () => {
    const api = stubApi({ 2: pagina(7, 7, false), 9: { items: [], hayMas: false } });
    renderPage('/propiedades/inmuebles-disponibles?page=9');
    expect(await screen.findByText('No hay inmuebles en esta página')).toBeDefined();
    api.soltarConteo({ total: 27 });
    expect(await screen.findByText('Calle 7 # 10-20')).toBeDefined();
    expect(screen.getByText('27 inmuebles')).toBeDefined();
  });
});
