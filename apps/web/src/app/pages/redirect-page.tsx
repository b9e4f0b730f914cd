import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path> goes on to /<path>: a fresh mount of that page, used by the tab's 'Recargar'. */
export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
