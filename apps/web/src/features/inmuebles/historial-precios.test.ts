import { describe, expect, it } from 'vitest';
import { textoCambio } from './historial-precios.tsx';

const sinEspacios = (s: string) => s.replace(/\s/g, ' ');

describe('textoCambio', () => {
  it('reads a price set, changed with its variation, and removed', () => {
    expect(sinEspacios(textoCambio({ campo: 'canon', antes: null, despues: 2_500_000 }))).toBe(
      'Canon de arrendamiento: $ 2.500.000',
    );
    expect(sinEspacios(textoCambio({ campo: 'canon', antes: 2_500_000, despues: 2_300_000 }))).toBe(
      'Canon de arrendamiento: $ 2.500.000 → $ 2.300.000 (-8 %)',
    );
    expect(sinEspacios(textoCambio({ campo: 'administracion', antes: 350_000, despues: 380_000 }))).toBe(
      'Administración: $ 350.000 → $ 380.000 (+8,6 %)',
    );
    expect(sinEspacios(textoCambio({ campo: 'precio_venta', antes: 420_000_000, despues: null }))).toBe(
      'Precio de venta: $ 420.000.000 → sin precio',
    );
  });
});
