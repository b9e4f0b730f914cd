import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { erroresEnCampos } from './errores-en-campos.ts';
import { ApiError } from './http.ts';

let form: FormInstance;
const guardar = (f: FormInstance) => {
  form = f;
};
function Formulario() {
  const [f] = Form.useForm();
  useEffect(() => guardar(f), [f]);
  return (
    <Form form={f}>
      <Form.Item name="nombre" label="Nombre">
        <Input />
      </Form.Item>
      <Form.Item name={['correo', 'host']} label="Servidor">
        <Input />
      </Form.Item>
      <Form.Item name="municipios" label="Municipios">
        <Input />
      </Form.Item>
    </Form>
  );
}

const error = (campos: { campo: string; mensaje: string }[]) =>
  new ApiError('envelope', 'Revise los datos: el servidor los rechazó', 40000, 400, campos);

describe('erroresEnCampos', () => {
  it('puts each error beside its field, nested or held by a list, and answers null when all found one', async () => {
    render(<Formulario />);
    let r: string | null = 'x';
    act(() => {
      r = erroresEnCampos(
        form,
        error([
          { campo: 'nombre', mensaje: 'El campo Nombre es obligatorio' },
          { campo: 'correo.host', mensaje: 'El campo Servidor no es válido' },
          { campo: 'municipios.3', mensaje: 'El campo Municipios tiene un valor que no existe' },
        ]),
      );
    });
    expect(r).toBeNull();
    expect(form.getFieldError('nombre')).toEqual(['El campo Nombre es obligatorio']);
    expect(form.getFieldError(['correo', 'host'])).toEqual(['El campo Servidor no es válido']);
    expect(form.getFieldError('municipios')).toEqual(['El campo Municipios tiene un valor que no existe']);
    expect(await screen.findByText('El campo Servidor no es válido')).toBeTruthy();
  });

  it('answers the message when an error has no field here, so it is not lost', () => {
    render(<Formulario />);
    let r: string | null = null;
    act(() => {
      r = erroresEnCampos(
        form,
        error([
          { campo: 'nombre', mensaje: 'El campo Nombre es obligatorio' },
          { campo: 'version', mensaje: 'cambió desde que se abrió' },
        ]),
      );
    });
    // A 400: only what found no field, as the server words a list.
    expect(r).toBe('version: cambió desde que se abrió');
    expect(form.getFieldError('nombre')).toEqual(['El campo Nombre es obligatorio']);
    expect(erroresEnCampos(form, error([]))).toBe('Revise los datos: el servidor los rechazó');
    // A conflict's message is a sentence of its own: said whole.
    const conflicto = new ApiError('envelope', 'El inmueble fue modificado por otro usuario', 40900, 409, [
      { campo: 'version', mensaje: 'cambió' },
    ]);
    expect(erroresEnCampos(form, conflicto)).toBe('El inmueble fue modificado por otro usuario');
  });

  it('keeps to the fields it is given', () => {
    render(<Formulario />);
    let r: string | null = null;
    act(() => {
      r = erroresEnCampos(form, error([{ campo: 'nombre', mensaje: 'El campo Nombre es obligatorio' }]), ['municipios']);
    });
    expect(r).toBe('Revise los datos: el servidor los rechazó');
    expect(form.getFieldError('nombre')).toEqual([]);
  });
});
