import { CODES } from '@predio/contract/codes';
import { ESTADOS_COLA, type CorreoEnCola, type EstadoCola, type EstadoCorreo } from '@predio/contract/correo';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import * as repo from './correo.repo.ts';

type Base = { tx: Tx; user: Principal; configurado: boolean };

/** Anyone may know whether mail leaves; how much waits or failed is for the company administrator. */
export async function estado(o: Base): Promise<EstadoCorreo> {
  if (!o.user.admemp) return { configurado: o.configurado, enCola: null, conError: null };
  const c = await repo.contar(o.tx);
  return { configurado: o.configurado, enCola: c.en_cola, conError: c.con_error };
}

export async function cola(o: Base & { estados: readonly EstadoCola[] | undefined }): Promise<CorreoEnCola[]> {
  if (!o.user.admemp) throw new AppError(CODES.SIN_PERMISO, 'Solo el administrador de la empresa ve los correos en cola.');
  return repo.cola(o.tx, o.estados?.length ? o.estados : ESTADOS_COLA);
}
