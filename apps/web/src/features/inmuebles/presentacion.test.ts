import { describe, expect, it } from 'vitest';
import { medidas, srcSetPortada, urlPortada } from './presentacion.ts';

const base = { area: 80, habitaciones: 2, banos: 2, parqueaderos: 1, estrato: 5 };

describe('medidas', () => {
  it('says what a card says, in Colombian number format', () => {
    expect(medidas(base)).toBe('80 m² · 2 hab. · 2 baños · 1 parq. · Estrato 5');
    expect(medidas({ ...base, area: 2400.5 })).toMatch(/^2\.400,5 m² · /);
  });

  it('writes one baño in the singular and leaves out what the property lacks', () => {
    expect(medidas({ area: 38, habitaciones: 0, banos: 1, parqueaderos: 0, estrato: null })).toBe('38 m² · 1 baño');
    expect(medidas({ area: null, habitaciones: 0, banos: 0, parqueaderos: 0, estrato: null })).toBe('');
  });

  it('leaves out parqueaderos and estrato when asked (map popups)', () => {
    expect(medidas(base, { parqueaderos: false, estrato: false })).toBe('80 m² · 2 hab. · 2 baños');
  });
});

describe('cover photo URLs', () => {
  it('asks for the large size by default and offers both sizes to srcSet', () => {
    expect(urlPortada(7)).toBe('/api/inmuebles/7/portada');
    expect(urlPortada(7, 'miniatura')).toBe('/api/inmuebles/7/portada?tamano=miniatura');
    expect(srcSetPortada(7)).toBe('/api/inmuebles/7/portada?tamano=miniatura 400w, /api/inmuebles/7/portada 1600w');
  });
});
