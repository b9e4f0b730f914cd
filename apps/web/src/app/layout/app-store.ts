import Cookies from 'js-cookie';
import { create } from 'zustand';
import { DEFAULT_SIZE, MOBILE_BREAKPOINT_PX, SIZES, type Size } from '@predio/contract/constants';

export type Device = 'desktop' | 'mobile';

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

function storedSize(): Size {
  const value = Cookies.get(SIZE_COOKIE);
  return SIZES.find((s) => s.value === value)?.value ?? DEFAULT_SIZE;
}

export function deviceFor(width: number): Device {
  return width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}

type AppState = {
  sidebarOpened: boolean;
  device: Device;
  size: Size;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
  setSize: (size: Size) => void;
};

/** The desktop sidebar the user chose last (open unless they closed it). */
const recordado = () => Cookies.get(SIDEBAR_COOKIE) !== '0';

// spec §4 "Sidebar": open/closed kept in cookie sidebarStatus, size in cookie size. The cookie holds the
// user's choice on a desktop only: closing it because the window narrowed, or on a phone, is not a choice,
// and back on a desktop the sidebar is as the user left it there.
export const useAppStore = create<AppState>()((set) => ({
  sidebarOpened: deviceFor(window.innerWidth) === 'mobile' ? false : recordado(),
  device: deviceFor(window.innerWidth),
  size: storedSize(),
  toggleSidebar: () =>
    set((state) => {
      if (state.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, state.sidebarOpened ? '0' : '1');
      return { sidebarOpened: !state.sidebarOpened };
    }),
  closeSidebar: () =>
    set((state) => {
      if (state.device === 'desktop') Cookies.set(SIDEBAR_COOKIE, '0');
      return { sidebarOpened: false };
    }),
  setDevice: (device) =>
    set((state) => {
      if (device === state.device) return {};
      return { device, sidebarOpened: device === 'mobile' ? false : recordado() };
    }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));
