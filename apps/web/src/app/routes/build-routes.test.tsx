import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MENU, SHELL_ROUTES, flattenMenu } from '@predio/contract/menu';
import { buildRoutes } from './build-routes.tsx';
import { pageRoutes } from './page-routes.tsx';
import { menuLink, paramsAreValid, permittedRoutes } from './menu-routes.ts';
import { PAGES } from './page-registry.ts';

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path === undefined ? [] : [r.path]), ...paths(r.children ?? [])]);
}

describe('routes generated from the menu and the permisos (spec §2)', () => {
  it("'All' gets every menu page and the shell pages", () => {
    const all = paths(buildRoutes(pageRoutes('All')));
    for (const route of flattenMenu([...SHELL_ROUTES, ...MENU])) expect(all).toContain(route.fullPath);
  });

  it('a user only gets the pages whose idm is listed, plus the shell pages', () => {
    const asesor = paths(buildRoutes(pageRoutes('489,490,491,463,73,59')));
    expect(asesor).toEqual(
      expect.arrayContaining([
        '/archivo/agenda',
        '/maestros/terceros',
        '/propiedades/inmueble/nuevo',
        '/propiedades/inmueble/:consecutivo',
        '/informes/citasporasesor',
        '/inicio',
        '/soporte',
        '/mis-notificaciones',
        '/perfil',
      ]),
    );
    expect(asesor).not.toContain('/archivo/empresa');
    expect(asesor).not.toContain('/maestros/municipios');
    expect(asesor).not.toContain('/tareas/asignar-tareas');
  });

  it('forbidden and unknown paths fall through to the /404 catch-all', () => {
    const routes = paths(buildRoutes(pageRoutes('489')));
    expect(routes).toContain('*');
    expect(routes).toContain('/404');
    expect(routes).not.toContain('/maestros/terceros');
  });

  it('without a token only the public routes and the login redirect exist', () => {
    const anonymous = paths(buildRoutes(null));
    expect(anonymous).toEqual(expect.arrayContaining(['/login', '/auth-redirect', '*']));
    expect(anonymous).not.toContain('/inicio');
  });

  it('groups without a permitted child disappear', () => {
    const groups = permittedRoutes('489').flatMap((r) => r.parents.map((p) => p.path));
    expect(new Set(groups)).toEqual(new Set(['archivo']));
  });
});

describe('route parameters', () => {
  it("rejects a non-numeric value for a 'numeric' parameter", () => {
    expect(paramsAreValid({ consecutivo: 'numeric' }, { consecutivo: '12' })).toBe(true);
    expect(paramsAreValid({ consecutivo: 'numeric' }, { consecutivo: 'abc' })).toBe(false);
    expect(paramsAreValid({ consecutivo: 'numeric' }, { consecutivo: '1e3' })).toBe(false);
    expect(paramsAreValid({ consecutivo: 'numeric' }, {})).toBe(false);
  });

  it('accepts a missing optional parameter', () => {
    expect(paramsAreValid({ consecutivo: 'optional' }, {})).toBe(true);
    expect(paramsAreValid({ id: 'optional-numeric' }, {})).toBe(true);
    expect(paramsAreValid({ id: 'optional-numeric' }, { id: 'x' })).toBe(false);
  });

  it('links menu entries without their optional parameters', () => {
    expect(menuLink('/firmas-electronicas/firmar-electronicamente-documentos-pdf/:idDocumento?')).toBe(
      '/firmas-electronicas/firmar-electronicamente-documentos-pdf',
    );
  });
});

describe('page registry', () => {
  it('has a page for every component key the menu names', () => {
    const keys = flattenMenu([...SHELL_ROUTES, ...MENU]).flatMap((r) => (r.component === undefined ? [] : [r.component]));
    for (const key of keys) expect(PAGES[key], key).toBeDefined();
  });
});
