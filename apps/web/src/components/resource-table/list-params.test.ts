import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '@predio/contract/maestros/resource';
import { BARRIOS, MUNICIPIOS, SUBSERIES_DOCUMENTALES, ZONAS } from '@predio/contract/maestros/resources';
import {
  cambiarEstado,
  exportQueryString,
  filtrosDe,
  listQueryString,
  parseListState,
  serializeListState,
  type ListState,
} from './list-params.ts';

describe('list state ⇄ URL query string', () => {
  const estados: [string, ResourceDef, ListState][] = [
    ['defaults', BARRIOS, { page: 1, pageSize: 20, filters: {} }],
    [
      'everything',
      BARRIOS,
      {
        page: 3,
        pageSize: 50,
        sort: 'nombre',
        order: 'desc',
        q: 'el poblado',
        filters: { id_municipio: '1217', estrato: '4', activo: 'false' },
      },
    ],
    ['an enum filter', SUBSERIES_DOCUMENTALES, { page: 1, pageSize: 10, filters: { disposicion_final: 'CT', id_serie: '7' } }],
    ['a text filter with accents', MUNICIPIOS, { page: 2, pageSize: 20, q: 'bogotá', filters: { departamento: 'ATLÁNTICO' } }],
  ];

  it.each(estados)('round-trips %s', (_nombre, def, state) => {
    const qs = serializeListState(def, state);
    expect(parseListState(def, qs)).toEqual(state);
    expect(serializeListState(def, parseListState(def, `?${qs}`))).toBe(qs);
  });

  it('leaves defaults out and writes the keys in a fixed order, so one state has one URL', () => {
    expect(serializeListState(BARRIOS, { page: 1, pageSize: 20, filters: {} })).toBe('');
    const a = serializeListState(BARRIOS, parseListState(BARRIOS, 'page=2&q=x&id_municipio=5&order=asc&sort=nombre'));
    const b = serializeListState(BARRIOS, parseListState(BARRIOS, 'sort=nombre&id_municipio=5&order=asc&q=x&page=2'));
    expect(a).toBe('q=x&id_municipio=5&sort=nombre&order=asc&page=2');
    expect(b).toBe(a);
  });

  it('drops what the resource does not accept instead of failing (an old or hand-edited link)', () => {
    const s = parseListState(
      BARRIOS,
      'page=-1&pageSize=7&sort=id_empresa&order=up&id_municipio=abc&estrato=&activo=quizas&departamento=X&q=%20%20',
    );
    expect(s).toEqual({ page: 1, pageSize: 20, filters: {} });
    expect(parseListState(ZONAS, 'activo=true').filters).toEqual({});
    expect(parseListState(SUBSERIES_DOCUMENTALES, 'disposicion_final=ZZ').filters).toEqual({});
  });

  it('offers the filterable fields, the parent and activo as filters', () => {
    expect(filtrosDe(BARRIOS).map((f) => f.key)).toEqual(['id_municipio', 'estrato', 'activo']);
    expect(filtrosDe(ZONAS).map((f) => f.key)).toEqual([]);
  });

  it('goes back to page 1 when the search, a filter, the sort or the page size change, not when paging', () => {
    const s: ListState = { page: 4, pageSize: 20, q: 'a', filters: {} };
    expect(cambiarEstado(s, { page: 5 }).page).toBe(5);
    expect(cambiarEstado(s, { q: 'b' }).page).toBe(1);
    expect(cambiarEstado(s, { filters: { estrato: '3' } }).page).toBe(1);
    expect(cambiarEstado(s, { sort: 'nombre', order: 'asc' }).page).toBe(1);
    expect(cambiarEstado(s, { pageSize: 50 }).page).toBe(1);
    expect(cambiarEstado(s, { q: undefined })).toEqual({ page: 1, pageSize: 20, filters: {} });
  });

  it('asks the API for an explicit page, and exports every page of the current filter', () => {
    const s: ListState = { page: 3, pageSize: 50, q: 'río', sort: 'nombre', order: 'desc', filters: { id_municipio: '1217' } };
    expect(listQueryString(BARRIOS, s)).toBe('q=r%C3%ADo&id_municipio=1217&sort=nombre&order=desc&page=3&pageSize=50');
    expect(exportQueryString(BARRIOS, s, 'xlsx')).toBe('q=r%C3%ADo&id_municipio=1217&sort=nombre&order=desc&formato=xlsx');
  });
});
