import type { AvisosCita } from '@predio/contract/agenda';

/** The title of the dialog that asks before saving: the first of the cita's warnings names it. */
export function tituloAvisos(a: AvisosCita): string {
  if (a.conflictos.length) return 'Cruce de citas';
  if (a.festivo) return 'Día festivo';
  return 'Fuera del horario de la oficina';
}
