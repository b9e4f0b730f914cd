import { describe, expect, it } from 'vitest';
import { SORT_INMUEBLES } from '@predio/contract/inmuebles';
import { consultaDe, cuantosFiltros, ids, numero, ORDENES, ordenDe } from './inmuebles-params.ts';

describe('inmuebles-disponibles URL → API query', () => {
  it('keeps only known criteria and fixes the page size', () => {
    const p = new URLSearchParams('gestion=venta&tipo=casa,lote&x=1&page=3&sort=precio&order=asc&q=');
    expect(consultaDe(p)).toBe('gestion=venta&tipo=casa%2Clote&page=3&sort=precio&order=asc&pageSize=20');
  });

  it('counts the criteria in use', () => {
    expect(cuantosFiltros(new URLSearchParams('gestion=venta&barrio=4&page=2'))).toBe(2);
    expect(cuantosFiltros(new URLSearchParams('gestion=venta&barrio=4'), ['barrio', 'zona'])).toBe(1);
  });

  it('reads id lists and numbers defensively (a hand-edited URL)', () => {
    expect(ids('3,x,,-1,7')).toEqual([3, 7]);
    expect(numero('abc')).toBeNull();
    expect(numero('')).toBeNull();
    expect(numero('2500000')).toBe(2_500_000);
  });
});

describe('ordenDe and ORDENES: the order select', () => {
  it('has words for every order the API takes, so a URL never shows «area:asc»', () => {
    const valores = new Set(ORDENES.map((o) => o.value));
    for (const sort of SORT_INMUEBLES)
      for (const order of ['asc', 'desc'])
        expect(valores.has(ordenDe(new URLSearchParams({ sort, order }))), `${sort}:${order}`).toBe(true);
    expect(ordenDe(new URLSearchParams('sort=consecutivo'))).toBe('');
    expect(ordenDe(new URLSearchParams(''))).toBe('');
    expect(ORDENES.find((o) => o.value === 'consecutivo:asc')?.label).toBe('Más antiguos');
  });
});
