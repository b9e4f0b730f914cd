import { Drawer, type DrawerProps } from 'antd';
import { devolverFoco, useOrigenDelFoco } from './foco.ts';

/** A drawer that was closed: focus inside it has nowhere to be. */
const enCajonCerrado = (activo: Element) => {
  const cajon = activo.closest('.ant-drawer');
  return cajon !== null && !cajon.classList.contains('ant-drawer-open');
};

/** antd's Drawer, giving focus back to what opened it only when focus has nowhere else to be (foco.ts). */
export function AppDrawer({ open, afterOpenChange, focusable, ...props }: DrawerProps) {
  const origen = useOrigenDelFoco(open);
  return (
    <Drawer
      {...props}
      open={open}
      focusable={{ ...focusable, focusTriggerAfterClose: false }}
      afterOpenChange={(visible) => {
        afterOpenChange?.(visible);
        if (!visible) devolverFoco(origen.current, enCajonCerrado);
      }}
    />
  );
}
