import { Drawer, type DrawerProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

/**
 * Whether focus was left with nowhere to be once a drawer closed: on the page's body, or inside a
 * drawer that is no longer open. Focus the user has since put elsewhere (a filter, a field) is theirs.
 */
export function focoPerdido(activo: Element | null): boolean {
  if (!activo || activo === document.body || activo === document.documentElement) return true;
  const cajon = activo.closest('.ant-drawer');
  return cajon !== null && !cajon.classList.contains('ant-drawer-open');
}

/**
 * antd's Drawer that gives focus back to what opened it only when focus has nowhere else to be.
 * antd's own return runs when the closing animation ends and takes focus from wherever it is: a filter
 * the user opened during those few hundred milliseconds lost its dropdown and the choice with it.
 */
export function Cajon({ open, afterOpenChange, focusable, ...props }: DrawerProps) {
  const origen = useRef<HTMLElement | null>(null);
  // Taken as it opens: layout effects run before the drawer moves focus into itself (in an effect).
  useLayoutEffect(() => {
    if (open) origen.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <Drawer
      {...props}
      open={open}
      focusable={{ ...focusable, focusTriggerAfterClose: false }}
      afterOpenChange={(visible) => {
        afterOpenChange?.(visible);
        const o = origen.current;
        if (!visible && o?.isConnected && focoPerdido(document.activeElement)) o.focus({ preventScroll: true });
      }}
    />
  );
}
