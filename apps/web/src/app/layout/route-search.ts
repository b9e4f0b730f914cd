import Fuse from 'fuse.js';
import { HEADER_SEARCH } from '@predio/contract/constants';
import type { FlatRoute } from '@predio/contract/menu';
import { menuLink } from '../routes/menu-routes.ts';
import { estaConstruida } from '../routes/page-registry.ts';

/** One searchable page: its link, its titles from the top group down, and whether it is built yet. */
export type SearchItem = { path: string; title: string[]; enConstruccion: boolean };

/** A required parameter (`:id`, not `:id?`): the page needs a record to open. */
const PARAMETRO_OBLIGATORIO = /\/:[^/?]+(\/|$)/;

/**
 * The pages to search: the menu's, and the ones hidden from it that a person still opens by themselves
 * (Mi perfil, Mis notificaciones): a page of its own that needs no record. Callbacks and record pages
 * stay out.
 */
export function searchItems(routes: FlatRoute[]): SearchItem[] {
  return routes
    .filter((r) => r.retorno !== true)
    .filter((r) => r.hidden !== true || (r.component !== undefined && !PARAMETRO_OBLIGATORIO.test(r.fullPath)))
    .map((r) => ({
      path: menuLink(r.fullPath),
      title: [...r.parents.map((p) => p.title), r.title],
      enConstruccion: !estaConstruida(r),
    }));
}

/** How much worse a page under construction ranks: below a working page of the same name, not below a weaker match. */
const PENALIZACION_EN_CONSTRUCCION = 0.05;

/** Fuzzy search over page titles and paths with the options of spec §9; working pages first. */
export function createRouteSearch(items: SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(items, {
    shouldSort: true,
    includeScore: true,
    threshold: HEADER_SEARCH.threshold,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: HEADER_SEARCH.titleWeight },
      { name: 'path', weight: HEADER_SEARCH.pathWeight },
    ],
  });
  const puntaje = (r: { item: SearchItem; score?: number }) =>
    (r.score ?? 1) + (r.item.enConstruccion ? PENALIZACION_EN_CONSTRUCCION : 0);
  return (query) => {
    const pattern = query.trim().slice(0, HEADER_SEARCH.maxPatternLength);
    if (pattern === '') return [];
    return fuse
      .search(pattern)
      .map((r, i) => ({ r, i }))
      .sort((a, b) => puntaje(a.r) - puntaje(b.r) || a.i - b.i)
      .map(({ r }) => r.item);
  };
}
