import { describe, expect, it } from 'vitest';
import { nombreAsesor, precioInmueble, tituloInmueble } from './formato.ts';

describe('formato de inmuebles', () => {
  it('names the property by tipo and gestión', () => {
    expect(tituloInmueble('apartamento', 'arriendo')).toBe('Apartamento en arriendo');
    expect(tituloInmueble('casa', 'arriendo_venta')).toBe('Casa en arriendo y venta');
  });
  it('shows the canon per month and the sale price that apply', () => {
    expect(precioInmueble({ gestion: 'arriendo', canon: 2_500_000, precio_venta: 400_000_000 })).toBe('$ 2.500.000 / mes');
    expect(precioInmueble({ gestion: 'venta', canon: null, precio_venta: 350_000_000 })).toBe('$ 350.000.000');
    expect(precioInmueble({ gestion: 'arriendo_venta', canon: 1_800_000, precio_venta: 250_000_000 })).toBe(
      '$ 1.800.000 / mes · $ 250.000.000',
    );
    expect(precioInmueble({ gestion: 'arriendo', canon: null, precio_venta: null })).toBe('');
  });
  it('labels an asesor with name and user', () => {
    expect(nombreAsesor({ id: 1, usuario: 'asesor', nombre: 'Laura Ospina', activo: true })).toBe('Laura Ospina (asesor)');
    expect(nombreAsesor({ id: 2, usuario: 'admin', nombre: '', activo: true })).toBe('admin');
  });
});
