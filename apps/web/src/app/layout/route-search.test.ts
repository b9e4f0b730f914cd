import { describe, expect, it } from 'vitest';
import { permittedRoutes } from '../routes/menu-routes.ts';
import { createRouteSearch, searchItems } from './route-search.ts';

const searchFor = (permisos: string) => createRouteSearch(searchItems(permittedRoutes(permisos)));

describe('header search', () => {
  it("finds 'Terceros' from 'terc' as the best match", () => {
    const [first] = searchFor('All')('terc');
    expect(first).toEqual({ path: '/maestros/terceros', title: ['Maestros', 'Terceros'], enConstruccion: false });
  });

  it('only offers pages the permisos allow', () => {
    const search = searchFor('489,490');
    expect(search('terc').map((r) => r.path)).not.toContain('/maestros/terceros');
    expect(search('agenda').map((r) => r.path)).toContain('/archivo/agenda');
    expect(search('nuevo inmueble')[0]?.path).toBe('/propiedades/inmueble/nuevo');
  });

  it('offers hidden pages a person opens by themselves, never record pages, and links optional-parameter pages without it', () => {
    const items = searchItems(permittedRoutes('All'));
    expect(items.some((i) => i.path.includes(':'))).toBe(false);
    expect(items.map((i) => i.path)).toContain('/gestion-documental/buscar-gestion-documental');
    // Issue 24 §5: «notificaciones» finds Mis notificaciones; Mi perfil is found too.
    const search = searchFor('All');
    expect(search('notificaciones').map((r) => r.path)).toContain('/mis-notificaciones');
    expect(search('perfil')[0]?.path).toBe('/perfil');
    // A callback of a portal is no page to go to.
    expect(items.map((i) => i.path).some((p) => /authmercadolibre/.test(p))).toBe(false);
  });

  it('ranks a working page above one under construction that matches as well', () => {
    // Every portal page now works (Metrocuadrado was the last one under construction).
    const portales = searchFor('All')('portales').filter((r) => r.title.includes('Sincronizadores de portales'));
    expect(portales.length).toBeGreaterThanOrEqual(11);
    expect(portales.every((r) => !r.enConstruccion)).toBe(true);
    // No menu page is under construction any more, so the ranking is shown on pages made for it: of
    // two equal matches, the working one comes first.
    const buscar = createRouteSearch([
      { path: '/a/portal-uno', title: ['Portales', 'Portal uno'], enConstruccion: true },
      { path: '/a/portal-dos', title: ['Portales', 'Portal dos'], enConstruccion: false },
    ]);
    expect(buscar('portal').map((r) => r.enConstruccion)).toEqual([false, true]);
    // Not below a weaker match: «agenda» is still the Agenda first.
    expect(searchFor('All')('agenda')[0]?.path).toBe('/archivo/agenda');
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
