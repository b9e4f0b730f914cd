import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClienteDetalle, InmuebleCoincidente } from '@predio/contract/clientes';
import { useSession } from '../../lib/session-store.ts';
import { clientesKeys } from './api/get-clientes.ts';
import { CoincidenciasPanel } from './coincidencias-panel.tsx';

const inmueble = (consecutivo: number): InmuebleCoincidente => ({
  consecutivo,
  tipo: 'apartamento',
  gestion: 'arriendo',
  estado: 'disponible',
  direccion: `Calle ${consecutivo}`,
  municipio: 'Medellín',
  barrio: null,
  canon: 2_000_000,
  precio_venta: null,
  puntaje: 90,
  motivos: [],
  enviado: null,
});

const cliente = (estado: ClienteDetalle['estado']) =>
  ({ consecutivo: 4, estado, tercero: { nombre: 'Rosa Pineda', email: 'rosa@example.com' } }) as ClienteDetalle;

function mostrar(permisos: string, estado: ClienteDetalle['estado'] = 'activo') {
  useSession.setState({
    claims: { idUsuario: 7, idempresa: 1, admemp: false, nro_id: '7', agencia: 0, permisos, nombre_usuario: 'asesor' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(clientesKeys.coincidencias(4), [
    { ...inmueble(1), enviado: '2026-11-20T15:00:00.000Z' },
    ...[2, 3, 4, 5, 6].map(inmueble),
  ]);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <CoincidenciasPanel cliente={cliente(estado)} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const boton = () => screen.getByRole('button', { name: /Enviar por correo/ }) as HTMLButtonElement;
const motivo = () => document.getElementById(boton().getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(() => useSession.setState({ claims: null }));

describe('CoincidenciasPanel: e-mailing fichas', () => {
  it('lets up to five properties be chosen, then holds the rest back', () => {
    mostrar('463,491');
    expect(boton().disabled).toBe(true);
    for (const n of [1, 2, 3, 4, 5]) fireEvent.click(screen.getByRole('checkbox', { name: `Elegir inmueble ${n} para enviar` }));
    expect(screen.getByText('5 de 5 elegidos')).toBeTruthy();
    expect(boton().disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Elegir inmueble 6 para enviar' }) as HTMLInputElement).disabled).toBe(true);
    // Letting one go frees a place.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Elegir inmueble 2 para enviar' }));
    expect((screen.getByRole('checkbox', { name: 'Elegir inmueble 6 para enviar' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('says why it cannot send without a property permission (490 or 491), and offers no choice', () => {
    mostrar('463');
    expect(boton().disabled).toBe(true);
    expect(motivo()).toBe('Enviar fichas requiere el permiso de Inmuebles disponibles o de Inmueble');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('marks the properties whose ficha this lead already received', () => {
    mostrar('463,491');
    expect(screen.getAllByText(/^Enviado el /).map((e) => e.textContent)).toEqual(['Enviado el 20/11/2026']);
  });

  it('says why it cannot send to a closed lead', () => {
    mostrar('463,490', 'cerrado');
    expect(motivo()).toBe('El cliente está cerrado: reábralo para enviarle inmuebles');
  });
});
