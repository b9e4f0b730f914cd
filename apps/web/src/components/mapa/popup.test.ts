import { describe, expect, it, vi } from 'vitest';
import { popup } from './popup.ts';

describe('popup de un inmueble en el mapa', () => {
  const punto = {
    consecutivo: 12,
    lat: 6.2,
    lng: -75.5,
    titulo: 'Apartamento en arriendo',
    direccion: 'Calle 10 <img src=x onerror=alert(1)>',
    precio: '$ 2.500.000 / mes',
  };

  it('shows the data as text, never as HTML', () => {
    const el = popup(punto, () => undefined);
    expect(el.textContent).toContain('Nº 12 · Apartamento en arriendo');
    expect(el.textContent).toContain('Calle 10 <img src=x onerror=alert(1)>');
    expect(el.textContent).toContain('$ 2.500.000 / mes');
    expect(el.querySelector('img')).toBeNull();
  });

  it('links to the property and opens it inside the app on a plain click', () => {
    const abrir = vi.fn();
    const a = popup(punto, abrir).querySelector('a')!;
    expect(a.getAttribute('href')).toBe('/propiedades/inmueble/12');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    a.dispatchEvent(click);
    expect(abrir).toHaveBeenCalledWith(12);
    expect(click.defaultPrevented).toBe(true);
    const nueva = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    a.dispatchEvent(nueva);
    expect(abrir).toHaveBeenCalledTimes(1);
  });
});
