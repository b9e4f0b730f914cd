import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import type { CorreoEnCola, EstadoCorreo } from '@predio/contract/correo';
import { useSession } from '../../lib/session-store.ts';
import { correoKeys } from './api.ts';
import { AvisoCorreoAdministrador, AvisoCorreoSinConfigurar } from './aviso-correo.tsx';

// Issue 24 §1: with no SMTP_URL, say so where mail is sent, and show the administrator what waits.

const cola: CorreoEnCola[] = [
  {
    id: 2,
    para: 'bruno@correo.co',
    asunto: 'Fichas',
    origen: 'ficha',
    estado: 'error',
    intentos: 5,
    ultimo_error: '550 buzón no existe',
    adjuntos: 1,
    creado_en: '2026-11-20T15:00:00.000Z',
  },
];

function mostrar(ui: React.ReactNode, estado: EstadoCorreo, admemp: boolean) {
  useSession.setState({
    claims: { idUsuario: 1, idempresa: 1, admemp, nro_id: '1', agencia: 0, permisos: 'All', nombre_usuario: 'admin' },
  });
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  qc.setQueryData(correoKeys.estado(), estado);
  qc.setQueryData(correoKeys.cola(null), cola);
  render(
    <QueryClientProvider client={qc}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

afterEach(() => useSession.setState({ claims: null }));

describe('mail that cannot leave', () => {
  it('is said where a user sends, only while the server has no SMTP', () => {
    mostrar(<AvisoCorreoSinConfigurar />, { configurado: false, enCola: null, conError: null }, false);
    expect(screen.getByText('El correo no está configurado: el mensaje quedará en cola')).toBeTruthy();
  });

  it('says nothing where mail leaves', () => {
    mostrar(<AvisoCorreoSinConfigurar />, { configurado: true, enCola: null, conError: null }, false);
    expect(screen.queryByText(/no está configurado/)).toBeNull();
  });

  it('warns the administrator with what waits and failed, and opens the queue', async () => {
    mostrar(<AvisoCorreoAdministrador />, { configurado: false, enCola: 3, conError: 1 }, true);
    expect(screen.getByText('El correo no está configurado')).toBeTruthy();
    expect(screen.getByText(/3 correos esperan en cola; 1 no se pudo enviar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Ver correos en cola/ }));
    expect(await screen.findByText('bruno@correo.co')).toBeTruthy();
    expect(screen.getByText('550 buzón no existe')).toBeTruthy();
  });

  it('shows nothing to a user who is not the administrator', () => {
    mostrar(<AvisoCorreoAdministrador />, { configurado: false, enCola: null, conError: null }, false);
    expect(screen.queryByText('El correo no está configurado')).toBeNull();
  });
});
