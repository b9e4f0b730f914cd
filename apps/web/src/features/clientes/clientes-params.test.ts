import { describe, expect, it } from 'vitest';
import { consultaClientes, hayFiltros, leerParams } from './clientes-params.ts';

describe('clientes atendidos list params', () => {
  it('reads the URL, dropping values the API would refuse', () => {
    const p = leerParams(
      new URLSearchParams(
        'q=gomez&estado=activo,x,cerrado&asesor=7&medio=-2&gestion=venta&consecutivo=abc&ingresoDesde=2026-11-01&ingresoHasta=ayer&sort=fecha_ingreso&order=up&page=0&pageSize=5000',
      ),
    );
    expect(p).toMatchObject({
      q: 'gomez',
      estado: ['activo', 'cerrado'],
      asesor: 7,
      medio: null,
      gestion: 'venta',
      consecutivo: null,
      ingresoDesde: '2026-11-01',
      ingresoHasta: null,
      sort: 'fecha_ingreso',
      order: null,
      page: 1,
      pageSize: 200,
    });
  });

  it('drops a date that has the shape of one but is not a calendar day', () => {
    const p = leerParams(
      new URLSearchParams('ingresoDesde=2026-02-30&ingresoHasta=2026-04-31&cierreDesde=2026-00-10&cierreHasta=2028-02-29'),
    );
    expect([p.ingresoDesde, p.ingresoHasta, p.cierreDesde, p.cierreHasta]).toEqual([null, null, null, '2028-02-29']);
    expect(consultaClientes(p, false)).toBe('cierreHasta=2028-02-29');
    expect(hayFiltros(leerParams(new URLSearchParams('ingresoDesde=2026-02-30')))).toBe(false);
  });
});
