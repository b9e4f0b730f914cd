import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EstadoInmueble, HistorialEstado, InmuebleDetalle } from '@predio/contract/inmuebles';
import { inmueblesKeys } from './api/get-inmuebles.ts';
import { EliminarInmuebleModal } from './eliminar-modal.tsx';

const paso = (desde: EstadoInmueble | null, hasta: EstadoInmueble): HistorialEstado => ({
  desde,
  hasta,
  id_causal: null,
  causal: null,
  usuario: 'admin',
  fecha: '2026-11-20T15:00:00Z',
});

function mostrar(estado: EstadoInmueble, historial: HistorialEstado[] = [paso(null, 'captado')]) {
  const inmueble = { consecutivo: 12, estado, version: 3 } as InmuebleDetalle;
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(inmueblesKeys.estados(12), historial);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <EliminarInmuebleModal inmueble={inmueble} onCerrar={() => undefined} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Eliminar inmueble' }) as HTMLButtonElement;
}

describe('EliminarInmuebleModal', () => {
  it('asks the reason before it lets the property go', async () => {
    const eliminar = mostrar('captado');
    expect(screen.getByRole('dialog', { name: '¿Eliminar el inmueble 12?' })).toBeTruthy();
    expect(screen.getByText(/El consecutivo 12 no se vuelve a usar/)).toBeTruthy();
    expect(screen.getByText(/cámbielo a retirado con una causal/)).toBeTruthy();
    expect(eliminar.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: '   ' } });
    expect(eliminar.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Quedó repetido' } });
    await waitFor(() => expect(eliminar.disabled).toBe(false));
  });

  it('does not offer it for a property that is reserved, rented or sold', () => {
    const eliminar = mostrar('arrendado', [paso(null, 'captado'), paso('captado', 'arrendado')]);
    expect(screen.getByText('El inmueble está arrendado: no se elimina.')).toBeTruthy();
    expect(
      screen.getByText('Un inmueble que está o estuvo reservado, arrendado o vendido conserva su historia y sus documentos.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Motivo')).toBeNull();
    expect(eliminar.disabled).toBe(true);
  });

  it('nor for one that was, withdrawn since; a withdrawn one is not told to withdraw', () => {
    mostrar('retirado', [paso(null, 'captado'), paso('captado', 'vendido'), paso('vendido', 'retirado')]);
    expect(screen.getByText('El inmueble estuvo vendido: no se elimina.')).toBeTruthy();
  });

  it('a withdrawn property without business may go, and is not told to withdraw', () => {
    mostrar('retirado', [paso(null, 'captado'), paso('captado', 'retirado')]);
    expect(screen.getByLabelText('Motivo')).toBeTruthy();
    expect(screen.queryByText(/cámbielo a retirado/)).toBeNull();
    expect(screen.getByText(/No se elimina un inmueble con solicitudes/)).toBeTruthy();
  });
});
