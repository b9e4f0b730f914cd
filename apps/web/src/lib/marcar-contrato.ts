import type { FormInstance } from 'antd';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * For a form whose own rules failed (onFinishFailed): marks what the contract also refuses on the fields
 * those rules left unmarked — a reversed price range while the tercero is still missing — so every
 * mistake shows at once instead of the next one after each save. `campos`: the fields the form has.
 */
export function marcarContrato(form: FormInstance, issues: readonly Issue[], campos?: ReadonlySet<string>): void {
  const marcas = new Map<string, string>();
  for (const i of issues) {
    const name = String(i.path[0] ?? '');
    if (name === '' || (campos && !campos.has(name)) || marcas.has(name)) continue;
    if (form.getFieldError(name).length === 0) marcas.set(name, i.message);
  }
  if (marcas.size > 0) form.setFields([...marcas].map(([name, m]) => ({ name, errors: [m] })));
}
