import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationPermission } from './notification-permission.tsx';

const DENIED =
  'Parece que tienes las notificaciones deshabilitadas. Te recomendamos habilitarlas para no perderte ninguna actualización importante.';

function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(() => Promise.resolve(answer)) });
}

const renderIt = (waiting = false) =>
  render(
    <App>
      <NotificationPermission waiting={waiting} />
    </App>,
  );

describe('notification permission (spec §2, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('shows only the non-blocking warning when notifications are denied', () => {
    stubNotification('denied');
    renderIt();
    expect(screen.getByText(DENIED)).toBeDefined();
    expect(screen.queryByText('Se requiere permiso para notificaciones')).toBeNull();
  });

  it('asks with a blocking dialog while undecided, and warns when the person then denies', async () => {
    stubNotification('default', 'denied');
    renderIt();
    expect(screen.getByText('Se requiere permiso para notificaciones')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /Permitir notificaciones/ }));
    await screen.findByText(DENIED);
  });

  it('waits while another blocking dialog is open', () => {
    stubNotification('default');
    renderIt(true);
    expect(screen.queryByText('Se requiere permiso para notificaciones')).toBeNull();
  });

  it('keeps the warning closed for the rest of the session once dismissed', async () => {
    stubNotification('denied');
    const { unmount } = renderIt();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    await waitFor(() => expect(sessionStorage.getItem('predio-aviso-notificaciones-cerrado')).toBe('1'));
    unmount();
    renderIt();
    expect(screen.queryByText(DENIED)).toBeNull();
  });
});
