import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/** An antd form rule that validates with the contract's zod schema, so browser and server agree. */
export function zodRule(schema: ZodType, label: string): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      return result.success
        ? Promise.resolve()
        : Promise.reject(new Error(`${label} ${result.error.issues[0]?.message ?? 'no es válido'}`));
    },
  };
}
