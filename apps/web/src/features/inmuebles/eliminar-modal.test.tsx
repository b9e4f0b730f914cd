import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EstadoInmueble, InmuebleDetalle } from '@predio/contract/inmuebles';
import { EliminarInmuebleModal } from './eliminar-modal.tsx';

function mostrar(estado: EstadoInmueble) {
  const inmueble = { consecutivo: 12, estado, version: 3 } as InmuebleDetalle;
  render(
    <QueryClientProvider client={new QueryClient()}>
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
    expect(eliminar.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: '   ' } });
    expect(eliminar.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Motivo'), { target: { value: 'Quedó repetido' } });
    await waitFor(() => expect(eliminar.disabled).toBe(false));
  });

  it('does not offer it for a property whose business is closed, and says to withdraw it instead', () => {
    const eliminar = mostrar('arrendado');
    expect(screen.getByText('El inmueble está arrendado: no se elimina.')).toBeTruthy();
    expect(screen.getByText('Un inmueble que tuvo negocio conserva su historia y sus documentos.')).toBeTruthy();
    expect(screen.queryByLabelText('Motivo')).toBeNull();
    expect(eliminar.disabled).toBe(true);
  });
});
