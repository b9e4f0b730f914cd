import { NO_COMPANY_NAME } from '@predio/contract/constants';
import defaultAvatar from '../assets/default-avatar.svg';
import { useEmpresa } from './api/get-empresa.ts';
import { fotoUrl, useTerceroLog } from './api/get-tercero-log.ts';
import { useSession } from './session-store.ts';

export type ShellProfile = { nombre: string; empresa: string; foto: string };

/** What the shell shows of the logged-in user (spec §1). */
export function useShellProfile(): ShellProfile {
  const claims = useSession((s) => s.claims);
  const tercero = useTerceroLog().data;
  const empresa = useEmpresa().data;
  return {
    nombre: tercero?.nombre || claims?.nombre_usuario || '',
    empresa: empresa === undefined ? '' : empresa.nombre.trim() || NO_COMPANY_NAME,
    foto: fotoUrl(tercero?.foto) ?? defaultAvatar,
  };
}
