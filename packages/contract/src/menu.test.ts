import { describe, expect, it } from 'vitest';
import { allIdms, filterMenu, flattenMenu, hasIdm, MENU, parsePermisos, SHELL_ROUTES, type MenuNode } from './menu.ts';

const ASESOR = '489,490,491,463,73,59';

/** Every node (groups and leaves) with its absolute path. */
function todos(nodes: MenuNode[], base = ''): { node: MenuNode; fullPath: string }[] {
  return nodes.flatMap((n) => {
    const fullPath = `${base}/${n.path}`;
    return [{ node: n, fullPath }, ...todos(n.children ?? [], fullPath)];
  });
}

describe('parsePermisos', () => {
  it("reads 'All' in any case", () => {
    expect(parsePermisos('All')).toBe('All');
    expect(parsePermisos('all')).toBe('All');
    expect(parsePermisos(' ALL ')).toBe('All');
  });

  it('reads a comma-separated list, ignoring blanks and junk', () => {
    expect(parsePermisos(' 1, 2,x,,3 ')).toEqual(new Set([1, 2, 3]));
    expect(parsePermisos('1.5,-,10545')).toEqual(new Set([10545]));
  });

  it('reads nothing from empty, null or undefined', () => {
    for (const p of ['', '   ', null, undefined]) expect(parsePermisos(p)).toEqual(new Set());
  });
});

describe('hasIdm', () => {
  it('grants every idm to All and only the listed ones otherwise', () => {
    expect(hasIdm('All', 10607)).toBe(true);
    expect(hasIdm(ASESOR, 59)).toBe(true);
    expect(hasIdm(ASESOR, 3)).toBe(false);
    expect(hasIdm('590', 59)).toBe(false);
    expect(hasIdm('', 59)).toBe(false);
    expect(hasIdm(null, 59)).toBe(false);
  });
});

describe('filterMenu', () => {
  it("keeps only the asesor's leaves and drops empty groups at every level", () => {
    const menu = filterMenu(MENU, ASESOR);
    const resumen = menu.map((g) => [g.path, flattenMenu(g.children ?? []).map((l) => l.fullPath)]);
    expect(resumen).toEqual([
      ['archivo', ['/agenda']],
      ['maestros', ['/terceros']],
      [
        'propiedades',
        [
          '/inmueble/nuevo',
          '/inmueble/:consecutivo',
          '/inmuebles-disponibles',
          '/clientes-atendidos',
          '/buscador-clientes-atendidos',
          '/solicitudes',
        ],
      ],
      ['informes', ['/citasporasesor']],
    ]);
    // Nested groups without a permitted leaf are gone (archivo/utilidades, maestros/inmuebles, propiedades/portales).
    const grupos = todos(menu)
      .filter((x) => x.node.children)
      .map((x) => x.fullPath);
    expect(grupos).toEqual(['/archivo', '/maestros', '/propiedades', '/informes']);
  });

  it("keeps everything for 'All' and nothing for no permisos", () => {
    expect(filterMenu(MENU, 'All')).toEqual(MENU);
    expect(filterMenu(MENU, '')).toEqual([]);
  });

  it('keeps a deep leaf with its chain of groups', () => {
    const menu = filterMenu(MENU, '10578');
    expect(flattenMenu(menu).map((r) => r.fullPath)).toEqual(['/gestion-documental/maestros/permisos-gestion-documental']);
  });

  it('does not change the tree it filters', () => {
    const antes = JSON.stringify(MENU);
    filterMenu(MENU, ASESOR);
    expect(JSON.stringify(MENU)).toBe(antes);
  });
});

describe('MENU', () => {
  const hojas = flattenMenu(MENU);

  it('gives every leaf an idm and a modulo', () => {
    const sin = hojas.filter((h) => typeof h.idm !== 'number' || !h.modulo).map((h) => h.fullPath);
    expect(sin).toEqual([]);
  });

  it('has unique route names and unique full paths', () => {
    const nodos = [...todos(MENU), ...todos(SHELL_ROUTES)];
    const repetidos = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
    expect(repetidos(nodos.map((n) => n.node.name))).toEqual([]);
    expect(repetidos(nodos.map((n) => n.fullPath.toLowerCase()))).toEqual([]);
  });

  it('holds every idm listed in spec §2', () => {
    // Copied from spec §2 (every number in parentheses).
    const spec = [
      3, 19, 31, 37, 55, 59, 62, 63, 65, 73, 76, 201, 202, 230, 463, 489, 490, 491, 496, 499, 509, 514, 515, 516, 10513, 10514,
      10515, 10516, 10517, 10521, 10522, 10525, 10530, 10531, 10535, 10536, 10538, 10541, 10543, 10544, 10545, 10546, 10549,
      10550, 10551, 10554, 10555, 10562, 10565, 10566, 10569, 10571, 10574, 10575, 10576, 10577, 10578, 10579, 10580, 10581,
      10582, 10584, 10586, 10587, 10588, 10589, 10590, 10591, 10592, 10593, 10596, 10599, 10600, 10602, 10603, 10605, 10606,
      10607,
    ];
    expect(allIdms()).toEqual(spec);
  });

  it('puts the spot-checked idms on the routes of spec §2', () => {
    const idmDe = (fullPath: string) => hojas.find((h) => h.fullPath === fullPath)?.idm;
    expect(idmDe('/archivo/utilidades/reasignarinmuebles')).toBe(10545);
    expect(idmDe('/archivo/utilidades/cerrar-clientes-en-cascada')).toBe(10603);
    expect(idmDe('/maestros/inmuebles/zonas')).toBe(10571);
    expect(idmDe('/propiedades/portales/domus')).toBe(10607);
    expect(idmDe('/firmas-electronicas/plantillas-contratos')).toBe(10599);
    expect(idmDe('/firmas-electronicas/editar-plantilla-contratos/:contrato/:programa')).toBe(10599);
    expect(idmDe('/firmas-electronicas/firmar-electronicamente-documentos-pdf/:idDocumento?')).toBe(10582);
    expect(idmDe('/configurartv/index')).toBe(10521);
    expect(idmDe('/informes/citasporasesor')).toBe(490);
    expect(idmDe('/archivo/empresa')).toBe(3);
  });
});
