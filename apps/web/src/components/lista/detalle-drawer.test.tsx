import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DetalleDrawer, type ConsultaDetalle } from './detalle-drawer.tsx';

type Cita = { titulo: string };
const consulta = (c: Partial<ConsultaDetalle<Cita>>): ConsultaDetalle<Cita> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...c,
});

describe('DetalleDrawer', () => {
  it('shows the record in its tabs', () => {
    render(
      <DetalleDrawer<Cita>
        abierto
        onCerrar={() => undefined}
        titulo="Cita 4"
        consulta={consulta({ data: { titulo: 'Visita al 301' } })}
        pestanas={(c) => [
          { key: 'datos', label: 'Datos', children: <p>{c.titulo}</p> },
          { key: 'historial', label: 'Historial', children: <p>Creada</p> },
        ]}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Cita 4' })).toBeDefined();
    expect(screen.getByText('Visita al 301')).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Historial' })).toBeDefined();
  });

  it('names the record it could not load and retries', () => {
    const c = consulta({ isError: true, error: new Error('Sin conexión') });
    render(<DetalleDrawer<Cita> abierto onCerrar={() => undefined} titulo="Cita 4" consulta={c} nombre="la cita 4" />);
    expect(screen.getByText('No se pudo cargar la cita 4')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(c.refetch).toHaveBeenCalled();
  });

  it('shows a create form given as its body', () => {
    render(
      <DetalleDrawer<Cita> abierto onCerrar={() => undefined} titulo="Nueva cita">
        <form aria-label="Nueva cita" />
      </DetalleDrawer>,
    );
    expect(screen.getByRole('form', { name: 'Nueva cita' })).toBeDefined();
  });
});
