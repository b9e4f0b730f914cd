import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { deviceFor, useAppStore } from './app-store.ts';

/**
 * spec §4 "Sidebar": under 992 px the device is mobile and the sidebar closes; on mobile,
 * navigating closes it. Automatic changes only ever close it; opening is the user's choice.
 */
export function useResponsiveSidebar(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);

  useEffect(() => {
    const onResize = () => {
      if (document.hidden) return;
      const next = deviceFor(window.innerWidth);
      const previous = useAppStore.getState().device;
      setDevice(next);
      if (next === 'mobile' && previous !== 'mobile') closeSidebar();
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice, closeSidebar]);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) closeSidebar();
  }, [pathname, device, closeSidebar]);
}
