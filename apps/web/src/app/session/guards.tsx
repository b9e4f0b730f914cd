import { useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { usuarioQueryOptions } from '../../lib/api/get-usuario.ts';
import { configuracionQueryOptions } from '../../lib/api/get-configuracion.ts';
import { permisosEspecialesQueryOptions } from '../../lib/api/get-permisos-especiales.ts';
import { permisosPorUsuarioQueryOptions } from '../../lib/api/get-permisos-por-usuario.ts';
import { getFeedback } from '../../lib/feedback.ts';
import { loginPath, safeRedirect } from '../../lib/safe-redirect.ts';
import { useSession } from '../../lib/session-store.ts';
import { getToken } from '../../lib/token.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { clearLocalSession } from './clear-local-session.ts';

/** spec §2: with a token, /login leads on (to the wanted page, or the root). */
export function PublicOnly({ page }: { page: ReactNode }) {
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  if (token !== null) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return page;
}

/** spec §2: without a token only /login and /auth-redirect are reachable. */
export function RequireAuth() {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (token === null) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <SessionGate />;
}

/** Verifies the session with GetUsuario once per load before showing any page (spec §4). */
function SessionGate() {
  const verified = useSession((s) => s.verified);
  const markVerified = useSession((s) => s.markVerified);
  const idUsuario = useSession((s) => s.claims?.idUsuario ?? null);
  const queryClient = useQueryClient();
  const usuario = useQuery(usuarioQueryOptions());

  useEffect(() => {
    if (usuario.isSuccess && usuario.data.sesion) {
      markVerified(usuario.data.tipoVistaInmueblesBuscador, usuario.data.permisos);
      void queryClient.prefetchQuery(configuracionQueryOptions());
      void queryClient.prefetchQuery(permisosEspecialesQueryOptions(idUsuario));
      void queryClient.prefetchQuery(permisosPorUsuarioQueryOptions());
    } else if (usuario.isSuccess) {
      getFeedback()?.message.warning('Su sesión fue cerrada. Ingrese de nuevo.');
      clearLocalSession();
    } else if (usuario.isError) {
      getFeedback()?.message.error(usuario.error.message || 'Has Error');
      clearLocalSession();
    }
  }, [usuario.isSuccess, usuario.isError, usuario.data, usuario.error, markVerified, queryClient, idUsuario]);

  // spec §4: a token lost meanwhile (another tab logged out) resets and reloads.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible' && getToken() === null) window.location.reload();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, []);

  return verified ? <Outlet /> : <PageLoading fullscreen />;
}
