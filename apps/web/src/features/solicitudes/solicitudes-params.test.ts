import { describe, expect, it } from 'vitest';
import { conFiltros, consultaSolicitudes, leerParams, listaSolicitudes } from './solicitudes-params.ts';

describe('solicitudes list params', () => {
  it('reads the URL, dropping values the API would refuse', () => {
    const p = leerParams(
      new URLSearchParams(
        'q=arriendo&estado=nueva,cerrada,en_tramite&canal=portal&portal=wasi,marte&tipo=x&asignado=7&desde=2025-02-01&hasta=ayer&inmueble=12&sort=fecha_recepcion&order=asc&page=3&pageSize=5000',
      ),
    );
    expect(p).toEqual({
      q: 'arriendo',
      estado: ['nueva', 'en_tramite'],
      canal: ['portal'],
      portal: ['wasi'],
      tipo: [],
      asignado: 7,
      desde: '2025-02-01',
      hasta: null,
      inmueble: 12,
      sort: 'fecha_recepcion',
      order: 'asc',
      page: 3,
      pageSize: 200,
    });
    expect(leerParams(new URLSearchParams('asignado=ninguno&sort=nombre')).asignado).toBe('ninguno');
    expect(leerParams(new URLSearchParams('sort=nombre')).sort).toBeNull();
  });

  it('drops a date that has the shape of one but is not a calendar day', () => {
    const p = leerParams(new URLSearchParams('desde=2026-02-30&hasta=2026-13-01'));
    expect([p.desde, p.hasta]).toEqual([null, null]);
    expect(leerParams(new URLSearchParams('desde=2028-02-29')).desde).toBe('2028-02-29');
  });

  it('writes the API query and the URL, and knows when a filter is on', () => {
    const p = leerParams(new URLSearchParams('estado=resuelta,descartada&asignado=ninguno&page=2'));
    expect(consultaSolicitudes(p, true)).toBe('estado=resuelta%2Cdescartada&asignado=ninguno&page=2&pageSize=20');
    expect(consultaSolicitudes(p, false)).toBe('estado=resuelta%2Cdescartada&asignado=ninguno');
    expect(listaSolicitudes.url({ ...p, estado: [], canal: ['whatsapp', 'correo'], page: 1, q: '' }).toString()).toBe(
      'canal=whatsapp%2Ccorreo&asignado=ninguno',
    );
    expect(conFiltros(p)).toBe(true);
    expect(conFiltros(leerParams(new URLSearchParams('page=4&sort=numero')))).toBe(false);
  });
});
