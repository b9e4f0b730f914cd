import { useCallback } from 'react';
import { cerrarSesion } from './api/cerrar-sesion.ts';
import { quitarMarcaEditandoTodos } from './api/quitar-marca-editando-todos.ts';
import { clearLocalSession } from './clear-local-session.ts';

const ignore = () => undefined;

/** spec §4 logout: release edit locks, close the server session, then drop everything local. */
export function useLogout(): () => Promise<void> {
  return useCallback(async () => {
    // Locks first: once the session is closed the server would refuse the release.
    await quitarMarcaEditandoTodos().catch(ignore);
    await cerrarSesion().catch(ignore);
    clearLocalSession();
  }, []);
}
