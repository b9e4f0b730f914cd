import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FotoInmueble } from '@predio/contract/inmuebles-archivos';
import { removeToken, setToken } from '../../../lib/token.ts';
import { InmuebleFotos } from './inmueble-fotos.tsx';

const foto = (id: number, orden: number, nombre: string, portada = false): FotoInmueble => ({
  id,
  orden,
  portada,
  ancho: 1600,
  alto: 1200,
  bytes: 1000,
  nombre_original: nombre,
  creado_por: 'admin',
  creado_en: '2026-11-20T10:00:00Z',
});
const FOTOS = [foto(11, 1, 'fachada.jpg', true), foto(12, 2, 'sala.jpg'), foto(13, 3, 'patio.jpg')];
const ok = (data: unknown) => new Response(JSON.stringify({ code: 20000, message: 'ok', data }), { status: 200 });

/** A server that keeps the order it was last given; `lista` answers the GET. */
function stubApi(lista: (actual: FotoInmueble[]) => Response): Mock {
  let actual = FOTOS;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT' && url.endsWith('/fotos/orden')) {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      actual = ids.map((id, i) => ({ ...FOTOS.find((f) => f.id === id)!, orden: i + 1 }));
      return Promise.resolve(ok(actual));
    }
    return Promise.resolve(lista(actual));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderFotos(soloLectura = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <InmuebleFotos consecutivo={7} soloLectura={soloLectura} />
      </App>
    </QueryClientProvider>,
  );
}

const etiquetas = () =>
  within(screen.getByRole('list', { name: 'Fotos del inmueble' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('InmuebleFotos', { timeout: 15_000 }, () => {
  beforeEach(() => setToken('tok.en.value'));
  afterEach(() => {
    vi.unstubAllGlobals();
    removeToken();
  });

  it('lists the photos in order with the cover, and moves one with the keyboard-friendly buttons', async () => {
    const fetchMock = stubApi((actual) => ok(actual));
    renderFotos();
    await waitFor(() => expect(etiquetas()).toHaveLength(3));
    expect(etiquetas()).toEqual(['Foto 1 (portada): fachada.jpg', 'Foto 2: sala.jpg', 'Foto 3: patio.jpg']);
    expect(screen.getByRole('button', { name: 'Mover la foto 1 a la izquierda' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Mover la foto 3 a la derecha' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Usar como portada la foto 1' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Mover la foto 1 a la derecha' }));
    await waitFor(() => expect(etiquetas()[0]).toBe('Foto 1: sala.jpg'));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(String(put![0])).toBe('/api/inmuebles/7/fotos/orden');
    expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({ ids: [12, 11, 13] });
    // Thumbnails come from the image route (the session cookie authorises <img src>).
    expect(screen.getByAltText('Foto 2 (portada): fachada.jpg').getAttribute('src')).toBe('/api/inmuebles/7/fotos/11/miniatura');
  });

  it('read-only: no upload area and no actions, only the photos', async () => {
    stubApi(() => ok(FOTOS));
    renderFotos(true);
    await waitFor(() => expect(etiquetas()).toHaveLength(3));
    expect(screen.queryByText('Haga clic o arrastre aquí las fotos del inmueble')).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar la foto/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Arrastrar la foto/ })).toBeNull();
  });

  it('shows the empty state', async () => {
    stubApi(() => ok([]));
    renderFotos();
    expect(await screen.findByText('Este inmueble aún no tiene fotos. La primera que suba será la portada.')).toBeTruthy();
  });

  it('shows an error with a retry that loads again', async () => {
    let falla = true;
    stubApi(() =>
      falla
        ? new Response(JSON.stringify({ code: 50000, message: 'Ocurrió un error inesperado. Intente de nuevo.' }), {
            status: 500,
          })
        : ok(FOTOS),
    );
    renderFotos();
    expect(await screen.findByText('No se pudieron cargar las fotos')).toBeTruthy();
    falla = false;
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    await waitFor(() => expect(etiquetas()).toHaveLength(3));
  });
});
