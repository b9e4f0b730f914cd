import { describe, expect, it } from 'vitest';
import { permittedRoutes } from '../routes/menu-routes.ts';
import { createRouteSearch, searchItems } from './route-search.ts';

const searchFor = (permisos: string) => createRouteSearch(searchItems(permittedRoutes(permisos)));

describe('header search', () => {
  it("finds 'Terceros' from 'terc' as the best match", () => {
    const [first] = searchFor('All')('terc');
    expect(first).toEqual({ path: '/maestros/terceros', title: ['Maestros', 'Terceros'] });
  });

  it('only offers pages the permisos allow', () => {
    const search = searchFor('489,490');
    expect(search('terc').map((r) => r.path)).not.toContain('/maestros/terceros');
    expect(search('agenda').map((r) => r.path)).toContain('/archivo/agenda');
    expect(search('nuevo inmueble')[0]?.path).toBe('/propiedades/inmueble/nuevo');
  });

  it('never offers hidden pages and links optional-parameter pages without the parameter', () => {
    const items = searchItems(permittedRoutes('All'));
    expect(items.some((i) => i.path.includes(':'))).toBe(false);
    expect(items.map((i) => i.path)).toContain('/gestion-documental/buscar-gestion-documental');
    expect(items.map((i) => i.path)).not.toContain('/perfil');
  });

  it('tolerates typos and ignores blank queries', () => {
    const search = searchFor('All');
    expect(search('tercros')[0]?.path).toBe('/maestros/terceros');
    expect(search('   ')).toEqual([]);
  });

  it('searches only the first 32 characters of a long query', () => {
    const search = searchFor('All');
    expect(search(`terceros${'x'.repeat(100)}`)).toEqual(search(`terceros${'x'.repeat(24)}`));
  });
});
