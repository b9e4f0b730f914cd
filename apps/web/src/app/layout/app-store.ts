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

// spec §4 "Sidebar": open/closed kept in cookie sidebarStatus, size in cookie size.
export const useAppStore = create<AppState>()((set) => ({
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  device: deviceFor(window.innerWidth),
  size: storedSize(),
  toggleSidebar: () =>
    set((state) => {
      Cookies.set(SIDEBAR_COOKIE, state.sidebarOpened ? '0' : '1');
      return { sidebarOpened: !state.sidebarOpened };
    }),
  closeSidebar: () => {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebarOpened: false });
  },
  setDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));
