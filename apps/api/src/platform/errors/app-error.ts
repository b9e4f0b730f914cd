import { CODES, HTTP_STATUS, type Code } from '@predio/contract/codes';
import type { CampoError } from '@predio/contract/validation';

/** A failure meant for the caller: one error handler maps it to the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly campos?: CampoError[],
    readonly headers?: Record<string, string>,
    /** Goes out as the envelope's `data` (who holds a lock, for instance). */
    readonly data?: unknown,
  ) {
    super(message);
  }
  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const noEncontrado = (que: string) => new AppError(CODES.NO_ENCONTRADO, `${que} no existe o no está disponible.`);
export const sinPermiso = () => new AppError(CODES.SIN_PERMISO, 'No tiene permiso para esta opción.');
export const invalido = (campo: string, mensaje: string) =>
  new AppError(CODES.VALIDACION, `${campo}: ${mensaje}`, [{ campo, mensaje }]);
