import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { SUPPORT_DISPLAY_NAME } from '@predio/contract/constants';
import type { TerceroLog } from '@predio/contract/terceros';
import type { TokenClaims } from '@predio/contract/usuarios';
import { getFeedback } from '../feedback.ts';
import { http } from '../http.ts';
import { isSupportUser, useSession } from '../session-store.ts';

export const terceroLogKeys = {
  all: ['terceros', 'tercero-log'] as const,
  detail: (nroId: string) => [...terceroLogKeys.all, nroId] as const,
};

const NOTICE_MS = 2000;

export async function getTerceroLog(nroId: string, signal?: AbortSignal): Promise<TerceroLog> {
  try {
    const body = await http.get<TerceroLog>(`/terceros/GetTerceroLog/${encodeURIComponent(nroId)}`, { signal, silent: true });
    return body.data;
  } catch (error) {
    // spec §8: a tercero load failure shows 'Algo salió mal' for 2 s.
    if (signal?.aborted !== true) getFeedback()?.message.error({ content: 'Algo salió mal', duration: NOTICE_MS / 1000 });
    throw error;
  }
}

/** spec §4: the support user gets a hard-coded profile instead of a server fetch. */
function supportProfile(claims: TokenClaims): TerceroLog {
  return { nro_id: claims.nro_id, nombre: SUPPORT_DISPLAY_NAME, foto: null, email: null, celular: null };
}

export function terceroLogQueryOptions(claims: TokenClaims | null) {
  return queryOptions({
    queryKey: terceroLogKeys.detail(claims?.nro_id ?? ''),
    queryFn:
      claims === null
        ? skipToken
        : ({ signal }) =>
            isSupportUser(claims) ? Promise.resolve(supportProfile(claims)) : getTerceroLog(claims.nro_id, signal),
    staleTime: Infinity,
  });
}

/** The logged-in person (objTerceroLog of spec §3). */
export function useTerceroLog() {
  const claims = useSession((s) => s.claims);
  return useQuery(terceroLogQueryOptions(claims));
}

export function fotoUrl(foto: string | null | undefined): string | null {
  return foto ? `/api/terceros/foto/${encodeURIComponent(foto)}` : null;
}
