import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClienteCoincidente } from '@predio/contract/clientes';
import { useSession } from '../../lib/session-store.ts';
import { inmueblesKeys } from './api/get-inmuebles.ts';
import { ClientesCoincidentes } from './clientes-coincidentes.tsx';

const lead: ClienteCoincidente = {
  consecutivo: 3,
  nombre: 'Rosa Pineda',
  celular: '3001234567',
  email: 'rosa@example.com',
  estado: 'activo',
  gestion: 'arriendo',
  id_asesor: null,
  asesor: null,
  fecha_ingreso: '2026-11-20',
  puntaje: 88,
  motivos: [],
  enviado: null,
};

function mostrar(permisos: string) {
  useSession.setState({
    claims: { idUsuario: 7, idempresa: 1, admemp: false, nro_id: '7', agencia: 0, permisos, nombre_usuario: 'asesor' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData([...inmueblesKeys.all, 'clientes-coincidentes', 12], [lead]);
  qc.setQueryData(['empresa', 'get-empresa'], { nombre: 'Inmobiliaria Demo' });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <App>
          <ClientesCoincidentes consecutivo={12} estado="disponible" />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const boton = () => screen.getByRole('button', { name: /Enviar ficha a Rosa Pineda/ }) as HTMLButtonElement;

afterEach(() => useSession.setState({ claims: null }));

describe('ClientesCoincidentes: the property’s ficha to a matching lead', () => {
  it('opens the e-mail dialog addressed to the lead, with this property’s ficha', async () => {
    mostrar('490,463');
    fireEvent.click(boton());
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por correo a Rosa Pineda' });
    expect((screen.getByLabelText('Para') as HTMLInputElement).value).toBe('rosa@example.com');
    expect((screen.getByLabelText('Asunto') as HTMLInputElement).value).toBe('Inmuebles para usted · Inmobiliaria Demo');
    expect((screen.getByLabelText('Mensaje') as HTMLTextAreaElement).value).toMatch(
      /^Hola Rosa:\n\nCon gusto le compartimos un inmueble/,
    );
    expect(dialogo.textContent).toContain('Inmueble 12');
  });

  it('says why without the Clientes atendidos permission (463)', () => {
    mostrar('490');
    expect(boton().disabled).toBe(true);
    expect(document.getElementById(boton().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enviar la ficha a un cliente requiere el permiso de Clientes atendidos',
    );
  });
});
