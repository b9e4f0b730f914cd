import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@predio/contract/usuarios';
import { http } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session-store.ts';

/** POST /usuarios/login; answers the session token (spec §7). Errors toast the server message. */
export async function login(body: LoginBody): Promise<string> {
  const response = await http.post<{ token: string } | null>('/usuarios/login', body);
  const token = response.data?.token ?? response.token;
  if (typeof token !== 'string' || token === '') throw new Error('El servidor no devolvió el token de sesión');
  return token;
}

/** Logs in and stores the token; the rebuilt router then leads to the wanted page. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (token) => useSession.getState().signIn(token) });
}
