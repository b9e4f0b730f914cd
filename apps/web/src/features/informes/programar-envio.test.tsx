import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgramacionInforme } from '@predio/contract/informes';
import { ApiError, http } from '../../lib/http.ts';
import { cuandoSeEnvia, ProgramarEnvio } from './programar-envio.tsx';

// «Programar envío» on a report's page: the drawer's states (schedules, none, a failed load) and
// «Enviar ahora» posting to the schedule's own endpoint.

const programacion: ProgramacionInforme = {
  id: 5,
  clave: 'propiedadesconsignadas',
  frecuencia: 'semanal',
  dia: 1,
  hora: 7,
  formato: 'xlsx',
  asesor: null,
  dias: null,
  destinatarios: [3, 4],
  activo: true,
  id_creador: 3,
  creado_por: 'admin',
  creado_en: '2026-11-20T12:00:00.000Z',
  ultimo_envio: '2026-11-23T12:01:00.000Z',
  proximo_envio: '2026-11-30T12:00:00.000Z',
  ultimo_error: null,
  ultimo_aviso: 'No se envió a: Beto (no tiene correo en Terceros).',
};

afterEach(() => vi.restoreAllMocks());

function abrir(lista: () => Promise<unknown>) {
  vi.spyOn(http, 'get').mockImplementation((url: string) =>
    url.endsWith('/programaciones')
      ? (lista() as never)
      : (Promise.resolve({
          data: [
            { id: 3, nombre: 'Ana', correo: true },
            { id: 4, nombre: 'Beto', correo: false },
          ],
        }) as never),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <ProgramarEnvio clave="propiedadesconsignadas" />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Programar envío/ }));
}

describe('ProgramarEnvio', () => {
  it('says when and to whom each schedule goes, its notice, and sends one now', async () => {
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: { trabajo: 9, desde: '2026-11-16', hasta: '2026-11-22' } } as never);
    abrir(() => Promise.resolve({ data: [programacion] }));
    expect(await screen.findByText('Semanal · cada lunes a las 07:00')).toBeTruthy();
    expect(await screen.findByText(/Para: Ana, Beto/)).toBeTruthy();
    expect(screen.getByText('No se envió a: Beto (no tiene correo en Terceros).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Enviar ahora/ }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/informes/propiedadesconsignadas/programaciones/5/enviar', undefined, {
        silent: true,
      }),
    );
    expect(await screen.findByText(/^Envío en curso: el informe del 16\/11\/2026 al 22\/11\/2026/)).toBeTruthy();
  });

  it('shows the empty state', async () => {
    abrir(() => Promise.resolve({ data: [] }));
    expect(await screen.findByText('Este informe no tiene envíos programados')).toBeTruthy();
  });

  it('shows a failed load with «Reintentar»', async () => {
    abrir(() => Promise.reject(new ApiError('network', 'Sin conexión con el servidor')));
    expect(await screen.findByText('No se pudieron cargar los envíos programados')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeTruthy();
  });

  it('words the moment of a monthly send', () => {
    expect(cuandoSeEnvia({ frecuencia: 'mensual', dia: 5, hora: 18 })).toBe('El día 5 de cada mes a las 18:00');
  });
});
