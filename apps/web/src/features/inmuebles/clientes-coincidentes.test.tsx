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

const sinCorreo: ClienteCoincidente = { ...lead, consecutivo: 4, nombre: 'Pedro Salazar', email: '', puntaje: 70 };
const otro: ClienteCoincidente = { ...lead, consecutivo: 5, nombre: 'Andrés Gómez', email: 'andres@example.com', puntaje: 65 };

function mostrar(permisos: string, clientes: ClienteCoincidente[] = [lead]) {
  useSession.setState({
    claims: { idUsuario: 7, idempresa: 1, admemp: false, nro_id: '7', agencia: 0, permisos, nombre_usuario: 'asesor' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData([...inmueblesKeys.all, 'clientes-coincidentes', 12], clientes);
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

  it('ticks several leads with an e-mail and sends them the ficha in one go, greeting each by name', async () => {
    mostrar('490,463', [lead, sinCorreo, otro]);
    const marca = (nombre: string) =>
      screen.getByRole('checkbox', { name: `Marcar a ${nombre} para enviarle la ficha` }) as HTMLInputElement;
    // Without an e-mail in Terceros a lead cannot be ticked; it keeps its own «Enviar ficha».
    expect(marca('Pedro Salazar').disabled).toBe(true);
    const enviarMarcados = () =>
      screen.getByRole('button', { name: /Enviar ficha a (los marcados|\d+ cliente)/ }) as HTMLButtonElement;
    expect(enviarMarcados().disabled).toBe(true);
    // «Todos con correo» ticks the two with an e-mail, not Pedro.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Todos con correo' }));
    expect([marca('Rosa Pineda').checked, marca('Pedro Salazar').checked, marca('Andrés Gómez').checked]).toEqual([
      true,
      false,
      true,
    ]);
    fireEvent.click(marca('Rosa Pineda'));
    expect(enviarMarcados().textContent).toBe('Enviar ficha a 1 cliente');
    fireEvent.click(marca('Rosa Pineda'));
    expect(enviarMarcados().textContent).toBe('Enviar ficha a 2 clientes');
    fireEvent.click(enviarMarcados());
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar la ficha a 2 clientes' });
    expect(screen.getByLabelText('Destinatarios').textContent).toBe(
      'Rosa Pineda · rosa@example.com' + 'Andrés Gómez · andres@example.com',
    );
    expect((screen.getByLabelText('Mensaje') as HTMLTextAreaElement).value).toMatch(
      /^Hola \{nombre\}:\n\nCon gusto le compartimos un inmueble que coincide/,
    );
    expect(dialogo.textContent).toContain('{nombre} se cambia por el primer nombre de cada cliente.');
    expect(dialogo.textContent).toContain('Inmueble 12');
    expect(screen.getByRole('button', { name: 'Enviar 2 correos' })).toBeTruthy();
  });

  it('offers no ticking without the Clientes atendidos permission', () => {
    mostrar('490', [lead, otro]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Enviar ficha a (los marcados|\d+ cliente)/ })).toBeNull();
  });
});
