import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { BARRIOS } from '@predio/contract/maestros/resources';
import { removeToken, setToken } from '../../lib/token.ts';
import { MaestroPage } from './maestro-page.tsx';

const LISTA = {
  code: 20000,
  message: 'ok',
  data: {
    items: [
      {
        id: 40,
        id_municipio: 1217,
        id_municipio_label: 'Barranquilla',
        nombre: 'El Prado',
        estrato: 4,
        activo: true,
        creado_por: 'admin',
        creado_en: '2025-01-01T00:00:00Z',
        modificado_por: null,
        modificado_en: null,
      },
    ],
    total: 1,
  },
};

function stubApi(): Mock {
  const fetchMock = vi.fn((url: string) => {
    if (url.includes('/exportar?'))
      return Promise.resolve(
        new Response('\uFEFFMunicipio;Nombre\r\nBarranquilla;El Prado\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="barrios-2025-03-05.csv"',
          },
        }),
      );
    return Promise.resolve(new Response(JSON.stringify(LISTA), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <MaestroPage def={BARRIOS} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const llamadas = (fetchMock: Mock) => fetchMock.mock.calls.map((c) => String(c[0]));

describe('master list page: export', { timeout: 15_000 }, () => {
  let click: Mock;
  beforeEach(() => {
    setToken('tok.en.value');
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    click = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      click(this.download, this.href);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    removeToken();
  });

  it.each([
    ['CSV (.csv)', 'csv'],
    ['Excel (.xlsx)', 'xlsx'],
  ])('%s downloads the current search, filters and sort through the client, with the token', async (opcion, formato) => {
    const fetchMock = stubApi();
    renderPage('/maestros/inmuebles/barrios?q=prado&id_municipio=1217&activo=true&sort=nombre&order=desc&page=2');
    expect(await screen.findByText('El Prado')).toBeDefined();
    expect(llamadas(fetchMock)).toContain(
      '/api/maestros/barrios?q=prado&id_municipio=1217&activo=true&sort=nombre&order=desc&page=2&pageSize=20',
    );

    fireEvent.click(screen.getByLabelText('Exportar'));
    fireEvent.click(await screen.findByText(opcion));

    const url = `/api/maestros/barrios/exportar?q=prado&id_municipio=1217&activo=true&sort=nombre&order=desc&formato=${formato}`;
    await waitFor(() => expect(llamadas(fetchMock)).toContain(url));
    const init = fetchMock.mock.calls.find((c) => c[0] === url)?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok.en.value');
    await waitFor(() => expect(click).toHaveBeenCalledWith('barrios-2025-03-05.csv', 'blob:export'));
  });
});

describe('master list page: reference labels', { timeout: 15_000 }, () => {
  beforeEach(() => setToken('tok.en.value'));
  afterEach(() => {
    vi.unstubAllGlobals();
    removeToken();
  });

  const responder = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 20000, message: 'ok', data })));

  it('shows a reference with its detail: "Barranquilla (Atlántico)"', async () => {
    const item = { ...LISTA.data.items[0], id_municipio_detalle: 'Atlántico' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => responder({ items: [item], total: 1 })),
    );
    renderPage('/maestros/inmuebles/barrios');
    await screen.findByText('El Prado');
    expect(screen.getByText('Barranquilla (Atlántico)')).toBeDefined();
  });

  it('names a filter from a shared link by /opciones?id=, even when the list is empty', async () => {
    const fetchMock = vi.fn((url: string) =>
      url.includes('/municipios/opciones?id=1217')
        ? responder([{ id: 1217, label: 'Barranquilla', detalle: 'Atlántico' }])
        : responder({ items: [], total: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/maestros/inmuebles/barrios?id_municipio=1217');
    fireEvent.click(await screen.findByRole('button', { name: /Filtros y orden/ }));
    expect(await screen.findByText('Barranquilla (Atlántico)')).toBeDefined();
    expect(llamadas(fetchMock).some((u) => /\/municipios\/1217$/.test(u))).toBe(false);
  });
});
