import type { RouteObject } from 'react-router';
import type { FlatRoute } from '@predio/contract/menu';
import { MenuRouteElement } from './menu-route-element.tsx';
import { permittedRoutes } from './menu-routes.ts';
import type { RouteHandle } from './route-handle.ts';

function menuRoute(route: FlatRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, route };
  return { path: route.fullPath, element: <MenuRouteElement route={route} />, handle };
}

/** The menu pages one user's permisos allow (spec §2). */
export function pageRoutes(permisos: string): RouteObject[] {
  return permittedRoutes(permisos).map(menuRoute);
}
