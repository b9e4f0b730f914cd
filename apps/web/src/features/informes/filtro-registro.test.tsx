import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RespuestaInforme } from '@predio/contract/informes';
import { FILTER_EXPIRY_MS } from '@predio/contract/constants';
import { http } from '../../lib/http.ts';
import { useClientStatisticsFilter } from '../../lib/client-statistics-filter-store.ts';
import { olvidarUrlEstado } from '../../components/lista/use-url-estado.ts';
import { InformePage } from './informe-page.tsx';

// The register's client-statistics filter (spec §3): a change is kept in the store, and opening the report
// again from a bare link within 5 minutes brings it back; after 5 minutes the report opens with defaults.

const vacio: RespuestaInforme = {
  informe: 'clientesatendidosregistro',
  titulo: 'Registro de clientes atendidos',
  filtros: {},
  anterior: null,
  resumen: [],
  serie: { tipo: 'barras', etiquetas: [], series: [] },
  columnas: [{ clave: 'consecutivo', titulo: 'Cliente N.º', tipo: 'entero' }],
  filas: [{ consecutivo: 9901, nombre: 'Cliente Informe' }],
  totales: {},
};

const responder = (async (url: string) => ({ data: url.includes('/datos') ? vacio : [] })) as never;
const abrir = (url: string) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <InformePage clave="clientesatendidosregistro" />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};
const consultas = (get: { mock: { calls: unknown[][] } }): string[] =>
  get.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/informes/clientesatendidosregistro/datos'));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  useClientStatisticsFilter.getState().reset();
  olvidarUrlEstado();
});

describe('Registro de clientes atendidos: the client-statistics filter', () => {
  it('keeps the filter in the store and brings it back on a bare link within 5 minutes', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation(responder);
    const primera = abrir(
      '/informes/clientesatendidosregistro?periodo=rango&desde=2021-03-01&hasta=2021-03-31&fecha=cierre&cliente=9901',
    );
    await waitFor(() => expect(useClientStatisticsFilter.getState().consecutivo_cliente).toBe(9901));
    const f = useClientStatisticsFilter.getState();
    expect([f.opcionFecha, f.rangoFechas, f.fecha_cierre_inicial, f.fecha_ingreso_inicial]).toEqual([
      'cierre',
      ['2021-03-01', '2021-03-31'],
      '2021-03-01',
      null,
    ]);
    await waitFor(() =>
      expect(useClientStatisticsFilter.getState().clientes).toEqual([{ consecutivo_cliente: 9901, nombre: 'Cliente Informe' }]),
    );
    primera.unmount();
    olvidarUrlEstado();
    get.mockClear();
    abrir('/informes/clientesatendidosregistro');
    await waitFor(() =>
      expect(consultas(get)).toContain(
        '/informes/clientesatendidosregistro/datos?desde=2021-03-01&hasta=2021-03-31&fecha=cierre&cliente=9901',
      ),
    );
  });

  it('opens with the defaults once the store has expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const get = vi.spyOn(http, 'get').mockImplementation(responder);
    useClientStatisticsFilter
      .getState()
      .set({ consecutivo_cliente: 9901, opcionFecha: 'cierre', rangoFechas: ['2021-03-01', '2021-03-31'] });
    vi.advanceTimersByTime(FILTER_EXPIRY_MS + 1);
    abrir('/informes/clientesatendidosregistro');
    await waitFor(() => expect(consultas(get).length).toBeGreaterThan(0));
    expect(consultas(get).every((u) => !u.includes('cliente=') && !u.includes('fecha='))).toBe(true);
  });
});
