import {
  MENU,
  SHELL_ROUTES,
  filterMenu,
  flattenMenu,
  type FlatRoute,
  type MenuNode,
  type ParamRule,
} from '@predio/contract/menu';

const menuCache = new Map<string, MenuNode[]>();

/** Shell pages plus the menu groups and leaves the permisos allow (spec §2). */
export function permittedMenu(permisos: string): MenuNode[] {
  let menu = menuCache.get(permisos);
  if (menu === undefined) {
    menu = [...SHELL_ROUTES, ...filterMenu(MENU, permisos)];
    menuCache.set(permisos, menu);
  }
  return menu;
}

export function permittedRoutes(permisos: string): FlatRoute[] {
  return flattenMenu(permittedMenu(permisos));
}

/** The address a menu entry links to: optional params dropped. */
export function menuLink(fullPath: string): string {
  return fullPath.replace(/\/:[^/]+\?/g, '');
}

const NUMERIC = /^\d+$/;

function paramIsValid(rule: ParamRule, value: string | undefined): boolean {
  switch (rule) {
    case 'numeric':
      return value !== undefined && NUMERIC.test(value);
    case 'optional-numeric':
      return value === undefined || NUMERIC.test(value);
    case 'text':
      return value !== undefined && value.trim() !== '';
    case 'optional':
      return true;
  }
}

export function paramsAreValid(rules: MenuNode['params'], params: Record<string, string | undefined>): boolean {
  return Object.entries(rules ?? {}).every(([name, rule]) => paramIsValid(rule, params[name]));
}
