import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsView, type TagView } from './tags-view-store.ts';

const inicio: TagView = { path: '/inicio', title: 'Inicio', affix: true, noCache: false };
const soporte: TagView = { path: '/soporte', title: 'Soporte', affix: true, noCache: false };
const terceros: TagView = { path: '/maestros/terceros', title: 'Terceros', affix: false, noCache: false };
const agenda: TagView = { path: '/archivo/agenda', title: 'Agenda', affix: false, noCache: false };
const inmueble: TagView = { path: '/propiedades/inmueble/12', title: 'Editar inmueble', affix: false, noCache: true };

const paths = () => useTagsView.getState().visitedViews.map((v) => v.path);
const cached = () => useTagsView.getState().cachedViews;

describe('tags view store', () => {
  beforeEach(() => {
    useTagsView.getState().reset([inicio, soporte]);
    for (const view of [terceros, agenda, inmueble]) useTagsView.getState().addView(view);
  });

  it('keeps each visited path once, in visiting order', () => {
    useTagsView.getState().addView(terceros);
    expect(paths()).toEqual(['/inicio', '/soporte', '/maestros/terceros', '/archivo/agenda', '/propiedades/inmueble/12']);
  });

  it('does not cache noCache views', () => {
    expect(cached()).toEqual(['/inicio', '/soporte', '/maestros/terceros', '/archivo/agenda']);
  });

  it('keeps affix views when closing all', () => {
    useTagsView.getState().delAllViews();
    expect(paths()).toEqual(['/inicio', '/soporte']);
    expect(cached()).toEqual(['/inicio', '/soporte']);
  });

  it('closes the others but keeps the chosen view and the affix ones', () => {
    useTagsView.getState().delOthersViews('/archivo/agenda');
    expect(paths()).toEqual(['/inicio', '/soporte', '/archivo/agenda']);
    expect(cached()).toEqual(['/inicio', '/soporte', '/archivo/agenda']);
  });

  it('never closes an affix view', () => {
    useTagsView.getState().delView('/inicio');
    expect(paths()).toContain('/inicio');
  });

  it('closing a view also drops its cache', () => {
    useTagsView.getState().delView('/maestros/terceros');
    expect(paths()).not.toContain('/maestros/terceros');
    expect(cached()).not.toContain('/maestros/terceros');
  });

  it('reload drops the cache of a view but keeps its tab', () => {
    useTagsView.getState().delCachedView('/archivo/agenda');
    expect(paths()).toContain('/archivo/agenda');
    expect(cached()).not.toContain('/archivo/agenda');
  });
});
