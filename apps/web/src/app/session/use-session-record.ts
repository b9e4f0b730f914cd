import { useEffect } from 'react';
import { SESSION_RECORD_DELAY_MS } from '@predio/contract/constants';
import { currentDeviceInfo } from '../../lib/device-info.ts';
import { useSession } from '../../lib/session-store.ts';
import { grabarSesion } from './api/grabar-sesion.ts';

/** spec §4: about 1 s after load, and only with a company id, record the session. */
export function useSessionRecord(): void {
  const idEmpresa = useSession((s) => s.claims?.idempresa ?? null);
  useEffect(() => {
    if (idEmpresa === null) return;
    const timer = setTimeout(() => {
      grabarSesion({ firebaseId: null, deviceInfo: currentDeviceInfo() }).catch(() => undefined);
    }, SESSION_RECORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [idEmpresa]);
}
