import { z } from 'zod';

// Spanish messages for every schema, browser and server alike.
z.config(z.locales.es());

export type CampoError = { campo: string; mensaje: string };

/** Turns zod issues into "campo: mensaje" pairs; the field name is the path. */
export function camposConError(error: z.ZodError): CampoError[] {
  return error.issues.map((i) => ({
    campo: i.path.length > 0 ? i.path.map(String).join('.') : '(cuerpo)',
    mensaje: i.message,
  }));
}

export function mensajeValidacion(errores: CampoError[]): string {
  return errores.map((e) => `${e.campo}: ${e.mensaje}`).join('; ');
}

export const ZIdNumerico = z.coerce
  .number({ error: 'debe ser un número' })
  .int({ error: 'debe ser un número entero' })
  .positive({ error: 'debe ser mayor que cero' })
  .max(2147483647, { error: 'es demasiado grande' });
