import { create } from 'zustand';
import { DEFAULT_TIPO_VISTA_INMUEBLES, SUPPORT_USER } from '@predio/contract/constants';
import type { TokenClaims } from '@predio/contract/usuarios';
import { decodeClaims } from './jwt.ts';
import { getToken, removeToken, setToken } from './token.ts';

type SessionState = {
  token: string | null;
  claims: TokenClaims | null;
  /** GetUsuario confirmed the session on this page load (spec §4). */
  verified: boolean;
  tipoVistaInmueblesBuscador: number;
  signIn: (token: string) => void;
  /** permisos: the server's current ones (GetUsuario), which replace the token's on this page load. */
  markVerified: (tipoVistaInmueblesBuscador: number, permisos?: string) => void;
  setTipoVista: (tipo: number) => void;
  clear: () => void;
};

function initialSession(): Pick<SessionState, 'token' | 'claims'> {
  const token = getToken();
  const claims = token === null ? null : decodeClaims(token);
  if (token !== null && claims === null) {
    removeToken();
    return { token: null, claims: null };
  }
  return { token, claims };
}

export const useSession = create<SessionState>()((set) => ({
  ...initialSession(),
  verified: false,
  tipoVistaInmueblesBuscador: DEFAULT_TIPO_VISTA_INMUEBLES,
  signIn: (token) => {
    const claims = decodeClaims(token);
    if (claims === null) throw new Error('El servidor devolvió un token inválido');
    setToken(token);
    set({ token, claims, verified: false });
  },
  markVerified: (tipoVistaInmueblesBuscador, permisos) =>
    set((s) => ({
      verified: true,
      tipoVistaInmueblesBuscador,
      claims: s.claims !== null && permisos !== undefined ? { ...s.claims, permisos } : s.claims,
    })),
  setTipoVista: (tipo) => set({ tipoVistaInmueblesBuscador: tipo }),
  clear: () => {
    removeToken();
    set({ token: null, claims: null, verified: false, tipoVistaInmueblesBuscador: DEFAULT_TIPO_VISTA_INMUEBLES });
  },
}));

/** spec §4: the internal user 'EMPATIA' has no user record. */
export function isSupportUser(claims: TokenClaims | null): boolean {
  return claims?.nombre_usuario === SUPPORT_USER;
}

export function usePermisos(): string {
  return useSession((s) => s.claims?.permisos ?? '');
}
