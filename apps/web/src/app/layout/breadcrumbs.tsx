import { Breadcrumb } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../routes/route-handle.ts';

/** Starts at 'Dashboard' (spec §2), then the groups, then the page. */
export function Breadcrumbs() {
  const handle = useRouteHandle();
  const route = handle?.route;
  const items = [{ key: 'dashboard', title: <Link to="/inicio">Dashboard</Link> }];
  if (route !== undefined && route.fullPath !== '/inicio') {
    for (const parent of route.parents) items.push({ key: parent.name, title: <>{parent.title}</> });
    items.push({ key: route.name, title: <>{route.title}</> });
  }
  return (
    <nav aria-label="Ruta de navegación" className="navbar-breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
