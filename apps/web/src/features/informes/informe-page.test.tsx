import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RespuestaInforme } from '@predio/contract/informes';
import { http } from '../../lib/http.ts';
import { InformePage } from './informe-page.tsx';

// The row action of a report (verificar-disponibilidad): a button per row that posts the row's
// consecutivo and reloads the report; and the asesor the server fixed shows in the filter.

const respuesta: RespuestaInforme = {
  informe: 'verificar-disponibilidad',
  titulo: 'Verificar disponibilidad',
  filtros: { asesor: 7 },
  anterior: null,
  resumen: [{ clave: 'registros', titulo: 'Registros', valor: 1, anterior: null }],
  serie: { tipo: 'barras', etiquetas: ['Ana'], series: [{ nombre: 'Inmuebles', valores: [1] }] },
  columnas: [
    { clave: 'consecutivo', titulo: 'Código', tipo: 'entero' },
    { clave: 'dias_sin_confirmar', titulo: 'Días sin confirmar', tipo: 'entero' },
  ],
  filas: [{ consecutivo: 9902, dias_sin_confirmar: 40, enlace: '/propiedades/inmueble/9902' }],
  totales: {},
};

afterEach(() => vi.restoreAllMocks());

describe('InformePage: a report with a row action', () => {
  it('confirms the row’s property and reloads the report', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { consecutivo: 9902 } } as never);
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    qc.setQueryData(['informes', 'verificar-disponibilidad', ''], respuesta);
    qc.setQueryData(['informes', 'verificar-disponibilidad', 'asesores'], [{ id: 7, nombre: 'Ana' }]);
    const recargar = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/informes/verificar-disponibilidad']}>
          <App>
            <InformePage clave="verificar-disponibilidad" />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The asesor the server fixed (someone who sees only their own rows) shows in the select.
    expect(screen.getByRole('combobox', { name: 'Asesor' }).closest('.ant-select')?.textContent).toContain('Ana');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar disponibilidad' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/informes/verificar-disponibilidad/confirmar', { consecutivo: 9902 }, { silent: true }),
    );
    await waitFor(() => expect(recargar).toHaveBeenCalledWith({ queryKey: ['informes', 'verificar-disponibilidad'] }));
    expect(await screen.findByText('Inmueble 9902: disponibilidad confirmada')).toBeTruthy();
  });
});
