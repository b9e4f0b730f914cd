import type { FormInstance } from 'antd';
import { CODES } from '@predio/contract/codes';
import { mensajeValidacion, type CampoError } from '@predio/contract/validation';
import type { ApiError } from './http.ts';

type Ruta = (string | number)[];

/**
 * Shows each field error the server named beside the form's input of that name: the field itself
 * (`correo.host`), or else the nearest one holding it (`municipios.3` → Municipios). Only fields the
 * form has rendered count, narrowed to `campos` when given. Answers the message to show above the form
 * when any error found no field (a conflict, a lead without e-mail, a field the form does not show),
 * so nothing the server said is lost, without repeating a validation error shown beside its field;
 * null when every error found its field.
 */
export function erroresEnCampos(form: FormInstance, e: ApiError, campos?: readonly string[]): string | null {
  const registrados = new Map<string, Ruta>(form.getFieldsError().map((f) => [f.name.join('.'), f.name as Ruta]));
  const destino = (campo: string): Ruta | undefined => {
    const partes = campo.split('.');
    for (let n = partes.length; n > 0; n--) {
      const clave = partes.slice(0, n).join('.');
      if (campos && !campos.includes(clave)) continue;
      const ruta = registrados.get(clave);
      if (ruta) return ruta;
    }
    return undefined;
  };
  const porCampo = new Map<string, { name: Ruta; errors: string[] }>();
  const sinCampo: CampoError[] = [];
  for (const c of e.campos) {
    const ruta = destino(c.campo);
    if (!ruta) {
      sinCampo.push(c);
      continue;
    }
    const clave = ruta.join('.');
    const f = porCampo.get(clave) ?? { name: ruta, errors: [] };
    f.errors.push(c.mensaje);
    porCampo.set(clave, f);
  }
  if (porCampo.size > 0) form.setFields([...porCampo.values()]);
  if (e.campos.length > 0 && sinCampo.length === 0) return null;
  // A 400's message lists every field: the ones shown beside their inputs are not said twice.
  return e.code === CODES.VALIDACION && porCampo.size > 0 ? mensajeValidacion(sinCampo) : e.message;
}
