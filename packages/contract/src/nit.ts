import { z } from 'zod';

// DIAN's check digit (dígito de verificación): modulus 11 with these prime weights, applied from
// the rightmost digit of the NIT leftwards (Orden Administrativa 4 de 1989).
const PESOS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The check digit of a NIT of up to 15 digits (dots, spaces and anything else are ignored). */
export function digitoVerificacion(nit: string): number {
  const digitos = nit.replace(/\D/g, '');
  if (digitos === '' || digitos.length > PESOS.length) throw new Error('El NIT debe tener entre 1 y 15 dígitos');
  let suma = 0;
  for (let i = 0; i < digitos.length; i++) suma += Number(digitos[digitos.length - 1 - i]) * PESOS[i]!;
  const r = suma % 11;
  return r > 1 ? 11 - r : r;
}

/** Splits '900.123.456-8' into its number and check digit; null when it is not shaped like a NIT. */
export function partirNit(texto: string): { numero: string; dv: number } | null {
  const m = /^\s*([0-9][0-9.\s]{0,19})\s*-\s*([0-9])\s*$/.exec(texto);
  if (!m) return null;
  const numero = m[1]!.replace(/[.\s]/g, '');
  if (numero.length < 5 || numero.length > 15) return null;
  return { numero, dv: Number(m[2]) };
}

export function nitValido(texto: string): boolean {
  const p = partirNit(texto);
  return p !== null && digitoVerificacion(p.numero) === p.dv;
}

/** A NIT written 'número-DV' whose DV is right; normalised to '900123456-8'. */
export const ZNit = z
  .string({ error: 'es obligatorio' })
  .trim()
  .superRefine((v, ctx) => {
    const p = partirNit(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'debe escribirse como número-DV, por ejemplo 900123456-8' });
      return;
    }
    const esperado = digitoVerificacion(p.numero);
    if (esperado !== p.dv)
      ctx.addIssue({ code: 'custom', message: `tiene un dígito de verificación errado: para ${p.numero} es ${esperado}` });
  })
  .transform((v) => {
    const p = partirNit(v)!;
    return `${p.numero}-${p.dv}`;
  });
