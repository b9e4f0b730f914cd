import { describe, expect, it } from 'vitest';
import { CLIENT_STATISTICS_DEFAULTS } from '../../lib/client-statistics-filter-store.ts';
import { filtroDesdeParams, filtroVacio, paramsDeFecha, paramsDesdeFiltro } from './buscador-filtro.ts';
import { leerParams } from './clientes-params.ts';

describe('buscador de clientes atendidos: the client-statistics filter and the URL', () => {
  it('maps the stored filter to list parameters and back', () => {
    const f = {
      ...CLIENT_STATISTICS_DEFAULTS,
      consecutivo_cliente: 7,
      fecha_cierre_inicial: '2026-01-01',
      fecha_cierre_final: '2026-01-31',
      opcionFecha: 'cierre' as const,
    };
    const p = { ...leerParams(new URLSearchParams()), ...paramsDesdeFiltro(f) };
    expect(p).toMatchObject({ consecutivo: 7, cierreDesde: '2026-01-01', cierreHasta: '2026-01-31', ingresoDesde: null });
    expect(filtroDesdeParams(p, 'cierre')).toMatchObject({
      consecutivo_cliente: 7,
      fecha_cierre_inicial: '2026-01-01',
      fecha_cierre_final: '2026-01-31',
      rangoFechas: ['2026-01-01', '2026-01-31'],
      opcionFecha: 'cierre',
    });
    expect(filtroVacio(paramsDesdeFiltro(CLIENT_STATISTICS_DEFAULTS))).toBe(true);
    expect(filtroVacio(paramsDesdeFiltro(f))).toBe(false);
  });

  it('a date criterion fills the chosen date and clears the other', () => {
    expect(paramsDeFecha({ opcion: 'ingreso', desde: '2026-02-01', hasta: null })).toEqual({
      ingresoDesde: '2026-02-01',
      ingresoHasta: null,
      cierreDesde: null,
      cierreHasta: null,
    });
  });

  it('reads the list state from the URL, ignoring what is not valid', () => {
    const p = leerParams(
      new URLSearchParams('estado=activo,perdido&asesor=4&ingresoDesde=ayer&sort=nombre&order=asc&page=3&abrir=9'),
    );
    expect(p).toMatchObject({ estado: ['activo'], asesor: 4, ingresoDesde: null, sort: 'nombre', order: 'asc', page: 3 });
  });
});
