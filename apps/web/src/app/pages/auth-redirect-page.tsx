import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** Landing address for external sign-in callbacks: moves on to the wanted internal page. */
export function AuthRedirectPage() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
}
