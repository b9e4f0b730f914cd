import type { FormInstance } from 'antd';
import type { ApiError } from './http.ts';

type Ruta = (string | number)[];

/**
 * Shows each field error the server named beside the form's input of that name: the field itself
 * (`correo.host`), or else the nearest one holding it (`municipios.3` → Municipios). Only fields the
 * form has rendered count, narrowed to `campos` when given. Answers the message to show above the form
 * when any error found no field (a conflict, a lead without e-mail, a field the form does not show),
 * so nothing the server said is lost; null when every error found its field.
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
  let sinCampo = e.campos.length === 0;
  for (const c of e.campos) {
    const ruta = destino(c.campo);
    if (!ruta) {
      sinCampo = true;
      continue;
    }
    const clave = ruta.join('.');
    const f = porCampo.get(clave) ?? { name: ruta, errors: [] };
    f.errors.push(c.mensaje);
    porCampo.set(clave, f);
  }
  if (porCampo.size > 0) form.setFields([...porCampo.values()]);
  return sinCampo ? e.message : null;
}
