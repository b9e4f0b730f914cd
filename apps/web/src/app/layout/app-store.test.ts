import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from './app-store.ts';

// Issue 24 §4: narrowing the window closed the sidebar and wrote sidebarStatus=0, so it stayed closed
// once the window was wide again.

const estado = () => useAppStore.getState();

beforeEach(() => {
  Cookies.remove('sidebarStatus');
  useAppStore.setState({ device: 'desktop', sidebarOpened: true });
});

describe('the sidebar across devices', () => {
  it('closes on a narrow window and comes back open on a wide one, without touching the cookie', () => {
    estado().setDevice('mobile');
    expect(estado().sidebarOpened).toBe(false);
    expect(Cookies.get('sidebarStatus')).toBeUndefined();
    estado().setDevice('desktop');
    expect(estado().sidebarOpened).toBe(true);
  });

  it('comes back closed when the user had closed it on the desktop', () => {
    estado().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    estado().setDevice('mobile');
    estado().toggleSidebar(); // opened on the phone: not the desktop choice
    estado().closeSidebar(); // navigating on the phone closes it again
    expect(Cookies.get('sidebarStatus')).toBe('0');
    estado().setDevice('desktop');
    expect(estado().sidebarOpened).toBe(false);
    estado().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('keeps a phone’s toggling out of the desktop choice', () => {
    estado().setDevice('mobile');
    estado().toggleSidebar();
    expect(estado().sidebarOpened).toBe(true);
    estado().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBeUndefined();
    estado().setDevice('desktop');
    expect(estado().sidebarOpened).toBe(true);
  });
});
