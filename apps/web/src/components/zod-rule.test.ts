import { describe, expect, it } from 'vitest';
import { ZLoginBody } from '@predio/contract/usuarios';
import { zodRule } from './zod-rule.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (label: string) => (zodRule(ZLoginBody.shape.usuario, label) as { validator: Validator }).validator;

describe('zodRule', () => {
  it('passes values the schema accepts', async () => {
    await expect(validatorOf('Usuario')({}, '  admin ')).resolves.toBeUndefined();
  });

  it('names the field before the schema message', async () => {
    await expect(validatorOf('Usuario')({}, '   ')).rejects.toThrow('Usuario es obligatorio');
    await expect(validatorOf('Usuario')({}, null)).rejects.toThrow('Usuario es obligatorio');
  });
});
