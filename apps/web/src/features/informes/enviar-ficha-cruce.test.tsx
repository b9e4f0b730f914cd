import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RespuestaInforme } from '@predio/contract/informes';
import { http } from '../../lib/http.ts';
import { useSession } from '../../lib/session-store.ts';
import { InformePage } from './informe-page.tsx';

// The cruce de clientes e inmuebles sends a row's ficha to its lead, for whoever may write to leads (463).

const cruce: RespuestaInforme = {
  informe: 'cruceclientesinmuebles',
  titulo: 'Cruce de clientes e inmuebles',
  filtros: {},
  anterior: null,
  resumen: [{ clave: 'registros', titulo: 'Registros', valor: 1, anterior: null }],
  serie: { tipo: 'barras', etiquetas: [], series: [] },
  columnas: [
    { clave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
    { clave: 'inmueble', titulo: 'Inmueble', tipo: 'texto' },
  ],
  filas: [
    {
      cliente: '9901 · Rosa Pineda',
      inmueble: '77 · Calle 77',
      consecutivo_cliente: 9901,
      consecutivo_inmueble: 77,
      enlace: null,
    },
  ],
  totales: {},
};

const abrir = (permisos: string) => {
  useSession.setState({
    claims: { idUsuario: 1, idempresa: 1, admemp: false, nro_id: '1', agencia: 0, permisos, nombre_usuario: 'ana' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(['informes', 'cruceclientesinmuebles', ''], cruce);
  qc.setQueryData(['informes', 'cruceclientesinmuebles', 'asesores'], []);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/informes/cruceclientesinmuebles']}>
        <App>
          <InformePage clave="cruceclientesinmuebles" />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ claims: null });
});

describe('Cruce de clientes e inmuebles: «Enviar ficha»', () => {
  it('opens the lead’s message with its address and sends the row’s property', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation((async (url: string) => ({
      data: url.startsWith('/clientes-atendidos/')
        ? { consecutivo: 9901, tercero: { nombre: 'Rosa Pineda', email: 'rosa@example.com' } }
        : null,
    })) as never);
    const post = vi.spyOn(http, 'post').mockResolvedValue({
      data: { para: 'rosa@example.com', inmuebles: [77], cliente: {} },
    } as never);
    abrir('10517,463');
    fireEvent.click(screen.getByRole('button', { name: /Enviar ficha/ }));
    const titulo = await screen.findByText('Enviar por correo a Rosa Pineda', {}, { timeout: 10_000 });
    const dialogo = titulo.closest('.ant-modal') as HTMLElement;
    expect(get).toHaveBeenCalledWith('/clientes-atendidos/9901', { silent: true });
    expect((within(dialogo).getByLabelText('Para') as HTMLInputElement).value).toBe('rosa@example.com');
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Enviar ficha' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/clientes-atendidos/9901/enviar-inmuebles',
        expect.objectContaining({ para: 'rosa@example.com', inmuebles: [77] }),
        { silent: true },
      ),
    );
  });

  it('is not offered to whoever cannot write to leads', () => {
    abrir('10517');
    expect(screen.queryByRole('button', { name: /Enviar ficha/ })).toBeNull();
  });
});
