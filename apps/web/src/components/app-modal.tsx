import { Modal, type ModalProps } from 'antd';
import { useRef } from 'react';
import { devolverFoco, useOrigenDelFoco } from './foco.ts';

/** antd's Modal, giving focus back to what opened it only when focus has nowhere else to be (foco.ts). */
export function AppModal({ open, afterOpenChange, focusable, modalRender, ...props }: ModalProps) {
  const origen = useOrigenDelFoco(open);
  // The dialog's own box, to tell focus left inside it from focus the user put elsewhere.
  const caja = useRef<HTMLDivElement>(null);
  return (
    <Modal
      {...props}
      open={open}
      focusable={{ ...focusable, focusTriggerAfterClose: false }}
      modalRender={(nodo) => (
        <div ref={caja} style={{ display: 'contents' }}>
          {modalRender ? modalRender(nodo) : nodo}
        </div>
      )}
      afterOpenChange={(visible) => {
        afterOpenChange?.(visible);
        if (!visible) devolverFoco(origen.current, (activo) => caja.current?.contains(activo) ?? false);
      }}
    />
  );
}
