import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store.ts';
import { TerceroSelect } from './tercero-select.tsx';

function conPermisos(permisos: string) {
  useSession.setState({
    claims: { idUsuario: 7, idempresa: 1, admemp: false, nro_id: '7', agencia: 0, permisos, nombre_usuario: 'recepcion' },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <TerceroSelect elegido={null} onElegido={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => useSession.setState({ claims: null }));

describe('TerceroSelect: creating a tercero inline', () => {
  it('opens the form for a user with the Terceros permission (idm 59)', async () => {
    conPermisos('463,59');
    const boton = screen.getByRole('button', { name: 'Nuevo tercero' });
    expect((boton as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(boton);
    expect(await screen.findByRole('button', { name: 'Crear tercero' })).toBeTruthy();
  });

  it('is refused up front, saying why, to a user who only registers leads (idm 463)', async () => {
    conPermisos('463');
    const boton = screen.getByRole('button', { name: 'Nuevo tercero' });
    expect((boton as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(boton.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Su usuario no puede crear terceros',
    );
    // And axe finds nothing wrong with the disabled button and its reason.
    const axe = (await import('axe-core')).default;
    const r = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(r.passes.length).toBeGreaterThan(0);
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });
});
