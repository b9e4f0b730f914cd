import type { FormInstance } from 'antd';
import type { ApiError } from './http.ts';

/**
 * Shows each field error the server named beside the form's input of that name, for the fields the
 * form has (`campos`); answers the message to show above the form when none of them is the form's
 * (a conflict, a lead without e-mail), or null when every error found its field.
 */
export function erroresEnCampos(form: FormInstance, e: ApiError, campos: readonly string[]): string | null {
  const propios = e.campos.filter((c) => campos.includes(c.campo));
  if (propios.length === 0) return e.message;
  form.setFields(propios.map((c) => ({ name: c.campo, errors: [c.mensaje] })));
  return null;
}
