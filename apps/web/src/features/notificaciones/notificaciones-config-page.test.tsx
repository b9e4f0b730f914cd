import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ModuloNotificaciones } from '@predio/contract/notificaciones';
import { NotificacionesConfigPage } from './notificaciones-config-page.tsx';

const stored: ModuloNotificaciones[] = [
  {
    label: 'Agenda',
    notificaciones: [
      {
        tipo_Carta: 101,
        titulo: 'Nueva cita asignada',
        descripcion: 'Cuando le asignan una cita.',
        in_App: true,
        email: false,
        sms: false,
        whatsapp: false,
      },
    ],
  },
];

type Reply = { status: number; body: unknown } | 'network-error';

/** Consultar_config always answers the stored list; Grabar_config answers `saveReply`. */
function mockApi(saveReply: Reply): Mock {
  const fetchMock = vi.fn((url: string) => {
    const reply: Reply = url.endsWith('/Grabar_config')
      ? saveReply
      : { status: 200, body: { code: 20000, message: 'ok', exito: true, data: stored } };
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <NotificacionesConfigPage />
      </App>
    </QueryClientProvider>,
  );
}

const emailSwitch = () => screen.getByRole('switch', { name: 'Nueva cita asignada - Email' });

describe('notification configuration screen (spec §2, §4, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is read-only until 'Modificar', then saves the edited list and leaves edit mode", async () => {
    const fetchMock = mockApi({ status: 200, body: { code: 20000, message: 'ok', exito: true, mensaje: 'ok' } });
    renderPage();
    await waitFor(() => expect(emailSwitch()).toBeDefined());
    expect(emailSwitch().hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Modificar/ }));
    expect(emailSwitch().hasAttribute('disabled')).toBe(false);
    fireEvent.click(emailSwitch());
    expect(emailSwitch().getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await screen.findByText('La configuración se guardó correctamente');
    expect(screen.getByText('Muy bien 👍')).toBeDefined();
    const save = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/Grabar_config'));
    const sent = JSON.parse(String((save?.[1] as RequestInit).body)) as ModuloNotificaciones[];
    expect(sent[0]?.notificaciones[0]?.email).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: /Modificar/ })).toBeDefined());
  });

  it("'Cancelar' drops the changes and shows the stored configuration read-only", async () => {
    mockApi({ status: 200, body: { code: 20000, message: 'ok', exito: true } });
    renderPage();
    await waitFor(() => expect(emailSwitch()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: /Modificar/ }));
    fireEvent.click(emailSwitch());
    fireEvent.click(screen.getByRole('button', { name: /Cancelar/ }));
    await waitFor(() => expect(emailSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(emailSwitch().hasAttribute('disabled')).toBe(true);
  });

  it('shows the server message under "Error Guardando 😖" and still leaves edit mode', async () => {
    mockApi({ status: 400, body: { code: 40000, message: 'La lista de módulos no es válida' } });
    renderPage();
    await waitFor(() => expect(emailSwitch()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: /Modificar/ }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await screen.findByText('Error Guardando 😖');
    expect(screen.getByText('La lista de módulos no es válida')).toBeDefined();
    await waitFor(() => expect(screen.getByRole('button', { name: /Modificar/ })).toBeDefined());
  });

  it('reports a lost connection while saving as "No hay conexion con el API"', async () => {
    mockApi('network-error');
    renderPage();
    await waitFor(() => expect(emailSwitch()).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: /Modificar/ }));
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await screen.findByText('Error de conexión 😖');
    expect(screen.getByText('No hay conexion con el API')).toBeDefined();
  });
});
