import { afterEach, describe, expect, it, vi } from 'vitest';
import { conFocoDevuelto } from './foco.ts';

function boton(texto: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = texto;
  document.body.append(b);
  return b;
}

/** A closed confirmation box, as antd leaves it until it is removed: focus may still sit on its button. */
function cajaConfirmacion(): HTMLButtonElement {
  const caja = document.createElement('div');
  caja.className = 'ant-modal ant-modal-confirm';
  const ok = document.createElement('button');
  ok.textContent = 'Eliminar';
  caja.append(ok);
  document.body.append(caja);
  return ok;
}

afterEach(() => document.body.replaceChildren());

describe('conFocoDevuelto (confirmations and notices)', () => {
  it("turns antd's own return of focus off and keeps the caller's afterClose and focusable settings", () => {
    const afterClose = vi.fn();
    const p = conFocoDevuelto({ title: '¿Eliminar?', afterClose, focusable: { autoFocusButton: 'cancel' } });
    expect(p.focusable).toEqual({ autoFocusButton: 'cancel', focusTriggerAfterClose: false });
    p.afterClose?.();
    expect(afterClose).toHaveBeenCalledOnce();
  });

  it('gives focus back to the opener when it was left on the body or in the closed box', () => {
    const abrir = boton('Eliminar la foto 3');
    abrir.focus();
    const p = conFocoDevuelto({ title: '¿Eliminar la foto 3?' });
    const ok = cajaConfirmacion();
    ok.focus();
    p.afterClose?.();
    expect(document.activeElement).toBe(abrir);

    const q = conFocoDevuelto({ title: 'otra' });
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    q.afterClose?.();
    expect(document.activeElement).toBe(abrir);
  });

  it('leaves focus where the user put it while the box was closing', () => {
    const abrir = boton('Eliminar la foto 3');
    abrir.focus();
    const p = conFocoDevuelto({ title: '¿Eliminar la foto 3?' });
    const descripcion = document.createElement('input');
    document.body.append(descripcion);
    descripcion.focus();
    p.afterClose?.();
    expect(document.activeElement).toBe(descripcion);
  });

  it('does nothing when the opener is gone (the deleted row it belonged to)', () => {
    const abrir = boton('Eliminar la foto 3');
    abrir.focus();
    const p = conFocoDevuelto({ title: '¿Eliminar la foto 3?' });
    abrir.remove();
    p.afterClose?.();
    expect(document.activeElement).toBe(document.body);
  });
});
