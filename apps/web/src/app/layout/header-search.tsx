import { useMemo, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { usePermisos } from '../../lib/session-store.ts';
import { permittedRoutes } from '../routes/menu-routes.ts';
import { useAppStore } from './app-store.ts';
import { createRouteSearch, searchItems } from './route-search.ts';

/** Fuzzy search over the titles of the pages the user may open (spec §2, §9). */
export function HeaderSearch() {
  const permisos = usePermisos();
  const navigate = useNavigate();
  const search = useMemo(() => createRouteSearch(searchItems(permittedRoutes(permisos))), [permisos]);
  const [query, setQuery] = useState('');
  const movil = useAppStore((s) => s.device === 'mobile');
  const options = useMemo(
    () =>
      search(query).map((item) => ({
        value: item.path,
        // The whole trail wraps rather than being cut (issue 24 §6); a page not built yet says so.
        label: (
          <span className="header-search-opcion" title={item.title.join(' > ')}>
            {item.title.join(' > ')}
            {item.enConstruccion ? <span className="header-search-construccion"> · en construcción</span> : null}
          </span>
        ),
      })),
    [search, query],
  );

  return (
    <AutoComplete
      className="header-search"
      value={query}
      options={options}
      onSearch={setQuery}
      onSelect={(path: string) => {
        setQuery('');
        void navigate(path);
      }}
      defaultActiveFirstOption
      popupMatchSelectWidth={movil ? 270 : 420}
      notFoundContent={query.trim() === '' ? null : 'Sin resultados'}
    >
      <Input prefix={<SearchOutlined />} placeholder="Buscar" aria-label="Buscar" allowClear />
    </AutoComplete>
  );
}
