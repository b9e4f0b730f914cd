import { describe, expect, it } from 'vitest';
import { avisoConsignacion, hoyBogota, medidas, srcSetPortada, urlPortada } from './presentacion.ts';

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

describe('avisoConsignacion: the header tag for a consignment that ended or is about to', () => {
  const hoy = '2026-11-22';
  const con = (vigencia: string | null, estado: 'disponible' | 'arrendado' | 'captado' = 'disponible') =>
    avisoConsignacion({ estado, vigencia_consignacion: vigencia }, hoy);
  it('ended: red, with the date; today, tomorrow and within 30 days: orange; later or none: nothing', () => {
    expect(con('2026-11-21')).toEqual({
      texto: 'Consignación vencida el 21/11/2026',
      corto: 'Consignación vencida',
      color: 'red',
    });
    expect(con('2026-11-22')).toEqual({ texto: 'La consignación vence hoy', corto: 'Consignación vence hoy', color: 'orange' });
    expect(con('2026-11-23')).toMatchObject({ texto: 'La consignación vence en 1 día', color: 'orange' });
    expect(con('2026-12-22')).toEqual({
      texto: 'La consignación vence en 30 días',
      corto: 'Consignación vence en 30 días',
      color: 'orange',
    });
    expect(con('2026-12-23')).toBeNull();
    expect(con(null)).toBeNull();
  });
  it('says nothing once the property is off the market (arrendado, vendido, retirado)', () => {
    expect(con('2026-11-01', 'arrendado')).toBeNull();
    expect(con('2026-11-01', 'captado')?.color).toBe('red');
  });
  it('today is counted in Bogotá: 03:00 UTC is still the evening before there', () => {
    expect(hoyBogota(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
    expect(hoyBogota(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });
});
