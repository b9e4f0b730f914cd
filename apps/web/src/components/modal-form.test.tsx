import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { CODES } from '@predio/contract/codes';
import { ApiError } from '../lib/http.ts';
import { ModalForm } from './modal-form.tsx';

type Espacio = { nombre: string };

function abrir(onGuardar: (v: Espacio) => Promise<unknown>, onCerrar = vi.fn()) {
  render(
    <ModalForm<Espacio>
      open
      title="Nuevo espacio"
      valores={{ nombre: 'Sala' }}
      onGuardar={onGuardar}
      onCerrar={onCerrar}
      guardando={false}
    >
      <Form.Item name="nombre" label="Nombre">
        <Input />
      </Form.Item>
    </ModalForm>,
  );
  return onCerrar;
}

describe('ModalForm', () => {
  it('saves what was typed and closes', async () => {
    const onGuardar = vi.fn().mockResolvedValue({ id: 1 });
    const onCerrar = abrir(onGuardar);
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Cocina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onCerrar).toHaveBeenCalled(), { timeout: 5000 });
    expect(onGuardar).toHaveBeenCalledWith({ nombre: 'Cocina' });
  });

  it('shows a refusal the server gave no field for above the form, and stays open', async () => {
    const onCerrar = abrir(() =>
      Promise.reject(new ApiError('envelope', 'La plantilla fue eliminada por otro usuario', CODES.NO_ENCONTRADO, 404)),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La plantilla fue eliminada por otro usuario', {}, { timeout: 5000 })).toBeDefined();
    expect(onCerrar).not.toHaveBeenCalled();
  });

  it('marks the field the server named', async () => {
    abrir(() =>
      Promise.reject(
        new ApiError('envelope', 'Datos inválidos', CODES.VALIDACION, 400, [
          { campo: 'nombre', mensaje: 'Ya existe un espacio Sala' },
        ]),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un espacio Sala', {}, { timeout: 5000 })).toBeDefined();
  });
});
