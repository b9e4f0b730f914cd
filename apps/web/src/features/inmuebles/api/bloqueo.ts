import type { Bloqueo } from '@predio/contract/inmuebles';
import { http } from '../../../lib/http.ts';

/** Takes or renews the edit lock; a 409 (ApiError) carries who holds it. */
export async function tomarBloqueo(consecutivo: number): Promise<Bloqueo> {
  return (await http.post<Bloqueo>(`/inmuebles/${consecutivo}/bloqueo`, undefined, { silent: true })).data;
}

/** Releases the caller's lock; keepalive so it still goes out while the tab closes. */
export async function liberarBloqueo(consecutivo: number, o: { forzar?: boolean; keepalive?: boolean } = {}) {
  return (
    await http.delete<{ liberado: boolean }>(`/inmuebles/${consecutivo}/bloqueo${o.forzar ? '?forzar=1' : ''}`, {
      silent: true,
      ...(o.keepalive ? { keepalive: true } : {}),
    })
  ).data;
}
