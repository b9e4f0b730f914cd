import Fuse from 'fuse.js';
import { HEADER_SEARCH } from '@predio/contract/constants';
import type { FlatRoute } from '@predio/contract/menu';
import { menuLink } from '../routes/menu-routes.ts';

/** One searchable page: its link and its titles from the top group down. */
export type SearchItem = { path: string; title: string[] };

export function searchItems(routes: FlatRoute[]): SearchItem[] {
  return routes
    .filter((r) => r.hidden !== true)
    .map((r) => ({ path: menuLink(r.fullPath), title: [...r.parents.map((p) => p.title), r.title] }));
}

/** Fuzzy search over page titles and paths with the options of spec §9. */
export function createRouteSearch(items: SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(items, {
    shouldSort: true,
    threshold: HEADER_SEARCH.threshold,
    location: 0,
    distance: 100,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: HEADER_SEARCH.titleWeight },
      { name: 'path', weight: HEADER_SEARCH.pathWeight },
    ],
  });
  return (query) => {
    const pattern = query.trim().slice(0, HEADER_SEARCH.maxPatternLength);
    return pattern === '' ? [] : fuse.search(pattern).map((result) => result.item);
  };
}
