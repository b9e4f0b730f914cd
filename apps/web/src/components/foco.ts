import { App } from 'antd';
import { useLayoutEffect, useMemo, useRef } from 'react';

/**
 * Drawers and dialogs give focus back to what opened them. antd does it when the closing animation
 * ends and takes focus from wherever it is by then: a filter the user opened during those few hundred
 * milliseconds lost its dropdown, and the choice with it. Here focus goes back only when it has
 * nowhere else to be: on the page's body, or still inside what closed.
 */

/** The element that had focus as `open` became true (read before the drawer or dialog moves focus into itself). */
export function useOrigenDelFoco(open: boolean | undefined) {
  const origen = useRef<HTMLElement | null>(null);
  const abierto = useRef(false);
  // Layout effects run before antd's autofocus, which runs in an effect.
  useLayoutEffect(() => {
    abierto.current = Boolean(open);
    if (open) origen.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  // Unmounted while open (a dialog rendered only while its action runs): no closing animation, and
  // the focus it held went to the body with its elements.
  useLayoutEffect(
    () => () => {
      if (abierto.current) requestAnimationFrame(() => devolverFoco(origen.current, () => false));
    },
    [],
  );
  return origen;
}

/**
 * Gives focus back to `origen` if focus has nowhere to be: on the body, on one that `cerrado` owns, or
 * parked on a container of `origen` (a drawer's focus trap catches the focus of a dialog closed inside it
 * and parks it on the drawer's panel).
 */
export function devolverFoco(origen: HTMLElement | null, cerrado: (activo: Element) => boolean): void {
  if (!origen?.isConnected) return;
  const activo = document.activeElement;
  if (!activo || activo === document.body || activo === document.documentElement || cerrado(activo) || activo.contains(origen))
    origen.focus({ preventScroll: true });
}

type Avisos = ReturnType<typeof App.useApp>['modal'];
type Aviso = Parameters<Avisos['confirm']>[0];

/**
 * The same for the confirmation and notice boxes of `modal.confirm` and friends: antd's own return of
 * focus is turned off, and focus goes back to what had it when the box opened only if it has nowhere
 * else to be once the box is gone.
 */
export function conFocoDevuelto(props: Aviso): Aviso {
  const origen = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return {
    ...props,
    focusable: { ...props.focusable, focusTriggerAfterClose: false },
    afterClose: () => {
      props.afterClose?.();
      devolverFoco(origen, (activo) => activo.closest('.ant-modal-confirm') !== null);
    },
  };
}

/** `modal` of antd's App with the focus behaviour above: use it instead of `App.useApp().modal`. */
export function avisosConFoco(modal: Avisos): Avisos {
  return {
    ...modal,
    confirm: (p) => modal.confirm(conFocoDevuelto(p)),
    info: (p) => modal.info(conFocoDevuelto(p)),
    success: (p) => modal.success(conFocoDevuelto(p)),
    error: (p) => modal.error(conFocoDevuelto(p)),
    warning: (p) => modal.warning(conFocoDevuelto(p)),
  };
}

export function useAvisos(): Avisos {
  const { modal } = App.useApp();
  return useMemo(() => avisosConFoco(modal), [modal]);
}
