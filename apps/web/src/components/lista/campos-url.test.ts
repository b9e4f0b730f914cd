import { describe, expect, it } from 'vitest';
import { bandera, booleano, definirLista, dia, id, idO, ids, numero, texto, unoDe, variosDe } from './campos-url.ts';

const lista = definirLista({
  filtros: {
    q: texto(),
    estado: variosDe(['abierta', 'resuelta'] as const),
    asignado: idO('ninguno'),
    desde: dia(),
    activo: booleano(),
    sinDatos: bandera(),
    rol: unoDe(['propietario', 'cliente'] as const),
    precioMin: numero(0, 10),
    caracteristicas: ids(),
    inmueble: id(),
  },
  orden: ['nombre', 'fecha'] as const,
});

describe('definirLista', () => {
  it('reads each criterion and drops what the API would refuse instead of failing', () => {
    const p = lista.leer(
      'q=+casa+&estado=abierta,zzz,abierta&asignado=ninguno&desde=2026-02-30&activo=false&sinDatos=true&rol=x&precioMin=11&caracteristicas=3,a,3,7&inmueble=0&sort=clave&order=desc&page=-2&pageSize=100000',
    );
    expect(p).toEqual({
      q: 'casa',
      estado: ['abierta'],
      asignado: 'ninguno',
      desde: null,
      activo: false,
      sinDatos: true,
      rol: null,
      precioMin: null,
      caracteristicas: [3, 7],
      inmueble: null,
      sort: null,
      order: 'desc',
      page: 1,
      pageSize: 200,
    });
    expect(lista.leer('asignado=12&desde=2028-02-29&inmueble=2147483648').asignado).toBe(12);
    expect(lista.leer('desde=2028-02-29').desde).toBe('2028-02-29');
    expect(lista.leer('inmueble=2147483648').inmueble).toBeNull();
  });

  it('writes a canonical URL without defaults, and the API query with explicit paging', () => {
    const p = {
      ...lista.leer(''),
      estado: ['resuelta' as const],
      q: 'lote',
      sort: 'fecha' as const,
      order: 'asc' as const,
      page: 3,
    };
    expect(lista.url(p).toString()).toBe('q=lote&estado=resuelta&sort=fecha&order=asc&page=3');
    expect(lista.consulta(p, true)).toBe('q=lote&estado=resuelta&sort=fecha&order=asc&page=3&pageSize=20');
    expect(lista.consulta(p, false)).toBe('q=lote&estado=resuelta&sort=fecha&order=asc');
    // Round trip.
    expect(lista.leer(lista.url(p))).toEqual(p);
  });

  it('tells whether a criterion filters the list (sort and page do not)', () => {
    expect(lista.hayFiltros(lista.leer('page=4&sort=nombre&order=desc'))).toBe(false);
    expect(lista.hayFiltros(lista.leer('sinDatos=true'))).toBe(true);
    expect(lista.hayFiltros(lista.leer('desde=2026-02-30'))).toBe(false);
    expect(lista.vacios).toMatchObject({ q: '', estado: [], asignado: null, sinDatos: false });
  });
});
