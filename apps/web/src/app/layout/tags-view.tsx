import { useEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { TAG_MENU_WIDTH_PX } from '@predio/contract/constants';
import { useTagsView, type TagView } from '../../lib/tags-view-store.ts';

/** Tabs of visited pages with their context menu (spec §2, §4 "Tab history"). */
export function TagsView() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const views = useTagsView((s) => s.visitedViews);
  const activeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const toLastView = () => {
    const last = useTagsView.getState().visitedViews.at(-1);
    void navigate(last?.path ?? '/');
  };

  const close = (view: TagView) => {
    useTagsView.getState().delView(view.path);
    if (view.path === pathname) toLastView();
  };

  const menuFor = (view: TagView): MenuProps => ({
    items: [
      { key: 'recargar', label: 'Recargar' },
      ...(view.affix ? [] : [{ key: 'cerrar', label: 'Cerrar' }]),
      { key: 'otros', label: 'Cerrar los demas' },
      { key: 'todos', label: 'Cerrar todos' },
    ],
    onClick: ({ key }) => {
      const store = useTagsView.getState();
      if (key === 'recargar') {
        store.delCachedView(view.path);
        void navigate(`/redirect${view.path}`, { replace: true });
      } else if (key === 'cerrar') {
        close(view);
      } else if (key === 'otros') {
        store.delOthersViews(view.path);
        if (view.path !== pathname) void navigate(view.path);
      } else {
        store.delAllViews();
        if (!useTagsView.getState().visitedViews.some((v) => v.path === pathname)) toLastView();
      }
    },
  });

  return (
    <nav className="tags-view" aria-label="Páginas abiertas">
      <div className="tags-view-scroll">
        {views.map((view) => {
          const active = view.path === pathname;
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              menu={menuFor(view)}
              classNames={{ root: 'tags-view-menu' }}
              styles={{ root: { minWidth: TAG_MENU_WIDTH_PX } }}
            >
              <Link
                ref={active ? activeRef : undefined}
                to={view.path}
                className={active ? 'tags-view-item tags-view-item--active' : 'tags-view-item'}
                aria-current={active ? 'page' : undefined}
              >
                {view.title}
                {view.affix ? null : (
                  <span
                    role="button"
                    tabIndex={0}
                    aria-label={`Cerrar ${view.title}`}
                    className="tags-view-close"
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      close(view);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        close(view);
                      }
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </Link>
            </Dropdown>
          );
        })}
      </div>
    </nav>
  );
}
