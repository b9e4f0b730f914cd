import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { deviceFor, useAppStore } from './app-store.ts';

/**
 * spec §4 "Sidebar": under 992 px the device is mobile and the sidebar closes; on mobile, navigating
 * closes it; back on a desktop it is as the user left it there (app-store keeps that in the cookie).
 */
export function useResponsiveSidebar(): void {
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);

  useEffect(() => {
    const onResize = () => {
      // A hidden or minimised window reports a width of 0 or less than it has: not a phone.
      if (document.hidden || window.innerWidth === 0) return;
      setDevice(deviceFor(window.innerWidth));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setDevice]);

  useEffect(() => {
    if (device === 'mobile' && useAppStore.getState().sidebarOpened) closeSidebar();
  }, [pathname, device, closeSidebar]);
}
