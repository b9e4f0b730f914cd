import { fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, InputNumber } from 'antd';
import { describe, expect, it } from 'vitest';
import { ZClienteForm } from '@predio/contract/clientes';
import { marcarContrato } from './marcar-contrato.ts';

type Valores = { id_tercero?: number; gestion: string; precio_min: number; precio_max: number };

/** A lead form in miniature: the tercero has the form's own rule; the price range only the contract's. */
function Formulario() {
  const [form] = Form.useForm<Valores>();
  return (
    <Form<Valores>
      form={form}
      initialValues={{ gestion: 'arriendo', precio_min: 5_000_000, precio_max: 1_000_000 }}
      onFinishFailed={() => {
        const r = ZClienteForm.safeParse(form.getFieldsValue(true));
        if (!r.success) marcarContrato(form, r.error.issues, new Set(['id_tercero', 'gestion', 'precio_min', 'precio_max']));
      }}
    >
      <Form.Item name="id_tercero" label="Tercero" rules={[{ required: true, message: 'Elija o cree el tercero del cliente' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="gestion" label="Busca">
        <Input />
      </Form.Item>
      <Form.Item name="precio_min" label="Precio mínimo">
        <InputNumber />
      </Form.Item>
      <Form.Item name="precio_max" label="Precio máximo">
        <InputNumber />
      </Form.Item>
      <button type="submit">Guardar</button>
    </Form>
  );
}

describe('marcarContrato', () => {
  it('shows the reversed price range together with the missing tercero, keeping the form’s own message', async () => {
    render(<Formulario />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El precio máximo no puede ser menor que el mínimo')).toBeTruthy();
    expect(screen.getByText('Elija o cree el tercero del cliente')).toBeTruthy();
    // One message per field: the contract's «El campo Tercero es obligatorio» does not pile on.
    expect(screen.queryByText('El campo Tercero es obligatorio')).toBeNull();
  });
});
