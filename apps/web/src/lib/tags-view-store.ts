import { create } from 'zustand';

export type TagView = {
  /** The concrete path visited, e.g. /propiedades/inmueble/12. */
  path: string;
  title: string;
  affix: boolean;
  noCache: boolean;
};

type TagsViewState = {
  visitedViews: TagView[];
  /** Paths whose page is kept alive while another tab is shown. */
  cachedViews: string[];
  addView: (view: TagView) => void;
  delView: (path: string) => void;
  delCachedView: (path: string) => void;
  delOthersViews: (path: string) => void;
  delAllViews: () => void;
  reset: (affixViews: TagView[]) => void;
};

const cacheable = (views: TagView[]) => views.filter((v) => !v.noCache).map((v) => v.path);

// spec §4 "Tab history": affix views survive 'close all'; noCache views are never cached.
export const useTagsView = create<TagsViewState>()((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) =>
    set((state) => {
      const visited = state.visitedViews.some((v) => v.path === view.path)
        ? state.visitedViews.map((v) => (v.path === view.path ? { ...v, title: view.title } : v))
        : [...state.visitedViews, view];
      const cached =
        view.noCache || state.cachedViews.includes(view.path) ? state.cachedViews : [...state.cachedViews, view.path];
      return { visitedViews: visited, cachedViews: cached };
    }),
  delView: (path) =>
    set((state) => ({
      visitedViews: state.visitedViews.filter((v) => v.path !== path || v.affix),
      cachedViews: state.cachedViews.filter((p) => p !== path),
    })),
  delCachedView: (path) => set((state) => ({ cachedViews: state.cachedViews.filter((p) => p !== path) })),
  delOthersViews: (path) =>
    set((state) => {
      const visited = state.visitedViews.filter((v) => v.affix || v.path === path);
      return { visitedViews: visited, cachedViews: state.cachedViews.filter((p) => visited.some((v) => v.path === p)) };
    }),
  delAllViews: () =>
    set((state) => {
      const visited = state.visitedViews.filter((v) => v.affix);
      return { visitedViews: visited, cachedViews: state.cachedViews.filter((p) => visited.some((v) => v.path === p)) };
    }),
  reset: (affixViews) => set({ visitedViews: affixViews, cachedViews: cacheable(affixViews) }),
}));
