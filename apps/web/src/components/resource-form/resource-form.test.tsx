import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceDef } from '@predio/contract/maestros/resource';
import type { Item, Opcion } from '@predio/contract/maestros/schemas';
import { ApiError } from '../../lib/http.ts';
import type { OpcionesFuente } from './opciones-fuente.ts';
import { ResourceForm } from './resource-form.tsx';

// One field of every value type, so the test covers what any master can declare.
const DEF: ResourceDef = {
  key: 'pruebas',
  table: 'pruebas',
  singular: 'prueba',
  plural: 'pruebas',
  genero: 'f',
  idm: 1,
  ruta: '/pruebas',
  fields: [
    { key: 'nombre', label: 'Nombre', type: 'text', maxLength: 20, required: true },
    { key: 'notas', label: 'Notas', type: 'text', maxLength: 200, multiline: true },
    {
      key: 'codigo',
      label: 'Código',
      type: 'text',
      maxLength: 5,
      pattern: { regex: '^[0-9]{5}$', mensaje: 'debe tener 5 dígitos', ejemplo: '05001' },
    },
    { key: 'cantidad', label: 'Cantidad', type: 'number', min: 1, max: 6 },
    { key: 'valor', label: 'Valor', type: 'money' },
    { key: 'fecha', label: 'Fecha', type: 'date' },
    {
      key: 'tipo',
      label: 'Tipo',
      type: 'enum',
      required: true,
      options: [
        { value: 'A', label: 'Alfa' },
        { value: 'B', label: 'Beta' },
      ],
    },
    { key: 'vigente', label: 'Vigente', type: 'boolean', default: true },
    { key: 'color', label: 'Color', type: 'color' },
    { key: 'id_municipio', label: 'Municipio', type: 'reference', ref: 'municipios', refLabel: 'municipio', required: true },
  ],
  labelField: 'nombre',
  defaultSort: { field: 'nombre', order: 'asc' },
  unique: [['nombre']],
  activo: true,
};

const MEDELLIN: Opcion = { id: 7, label: 'Medellín', detalle: 'Antioquia' };

const fuente: OpcionesFuente = {
  opciones: (ref, q) => ({ queryKey: ['opciones', ref, q], queryFn: () => Promise.resolve([MEDELLIN]) }),
  etiqueta: (ref, id) => ({ queryKey: ['etiqueta', ref, id], queryFn: () => Promise.resolve(null) }),
};

function renderForm(item: Item | null, onGuardar = vi.fn(() => Promise.resolve({}))) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ResourceForm def={DEF} fuente={fuente} edicion={{ item }} onClose={() => undefined} onGuardar={onGuardar} />
      </App>
    </QueryClientProvider>,
  );
  return onGuardar;
}

const FILA: Item = {
  id: 3,
  nombre: 'Primera',
  notas: null,
  codigo: '05001',
  cantidad: 2,
  valor: 1500000,
  fecha: '2025-03-05',
  tipo: 'B',
  vigente: false,
  color: '#96be0e',
  id_municipio: 7,
  id_municipio_label: 'Medellín',
  activo: true,
};

describe('resource form', { timeout: 15_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders each value type with its own input, labelled by the field', async () => {
    renderForm(null);
    const form = await screen.findByRole('form', { name: 'Nueva prueba', hidden: true });
    const f = within(form);
    expect(f.getByLabelText('Nombre').getAttribute('maxlength')).toBe('20');
    expect(f.getByLabelText('Notas').tagName).toBe('TEXTAREA');
    expect(f.getByLabelText('Código').getAttribute('placeholder')).toBe('Ej.: 05001');
    expect(f.getByLabelText('Cantidad').getAttribute('role')).toBe('spinbutton');
    expect(f.getByLabelText('Valor').getAttribute('role')).toBe('spinbutton');
    expect(f.getByLabelText('Fecha').getAttribute('placeholder')).toBe('DD/MM/AAAA');
    expect(f.getByLabelText('Tipo').getAttribute('role')).toBe('combobox');
    expect(f.getByLabelText('Vigente').getAttribute('aria-checked')).toBe('true');
    expect(f.getByLabelText('Color', { selector: 'input' }).getAttribute('placeholder')).toBe('#rrggbb');
    expect(f.getByLabelText('Municipio').getAttribute('role')).toBe('combobox');
    expect(f.getByLabelText('Activo').getAttribute('aria-checked')).toBe('true');
  });

  it("shows the contract's messages beside each field and sends nothing while they stand", async () => {
    const onGuardar = renderForm(null);
    const form = await screen.findByRole('form', { name: 'Nueva prueba', hidden: true });
    fireEvent.change(within(form).getByLabelText('Código'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Cantidad'), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText('Color', { selector: 'input' }), { target: { value: '#12ab' } });
    fireEvent.click(within(form).getByText('Guardar'));
    // antd validates each field on its own tick: wait for all the messages, not just the first.
    await waitFor(() => {
      expect(within(form).getByText('El campo Nombre es obligatorio')).toBeDefined();
      expect(within(form).getByText('El campo Tipo es obligatorio')).toBeDefined();
      expect(within(form).getByText('El campo Municipio es obligatorio')).toBeDefined();
      expect(within(form).getByText('El campo Código debe tener 5 dígitos')).toBeDefined();
      expect(within(form).getByText('El campo Cantidad debe ser menor o igual a 6')).toBeDefined();
      expect(within(form).getByText('El campo Color debe ser un color en formato #RRGGBB')).toBeDefined();
    });
    expect(onGuardar).not.toHaveBeenCalled();
  });

  it('edits a row: shows its values, sends the wire values, and maps a 409 to the fields it names', async () => {
    const onGuardar = vi.fn(() =>
      Promise.reject(
        new ApiError('envelope', 'Ya existe una prueba con el mismo Nombre.', 40900, 409, [
          { campo: 'nombre', mensaje: 'Ya existe una prueba con el mismo Nombre.' },
        ]),
      ),
    );
    renderForm(FILA, onGuardar);
    const form = await screen.findByRole('form', { name: 'Editar prueba', hidden: true });
    const f = within(form);
    expect((f.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Primera');
    expect((f.getByLabelText('Fecha') as HTMLInputElement).value).toBe('05/03/2025');
    expect((f.getByLabelText('Valor') as HTMLInputElement).value).toBe('$ 1.500.000');
    expect(f.getByText('Beta')).toBeDefined();
    expect(f.getByText('Medellín')).toBeDefined();
    fireEvent.change(f.getByLabelText('Nombre'), { target: { value: '  Segunda  ' } });
    fireEvent.click(f.getByText('Guardar'));
    await waitFor(() => expect(onGuardar).toHaveBeenCalledTimes(1));
    expect(onGuardar).toHaveBeenCalledWith(
      {
        nombre: 'Segunda',
        notas: null,
        codigo: '05001',
        cantidad: 2,
        valor: 1500000,
        fecha: '2025-03-05',
        tipo: 'B',
        vigente: false,
        color: '#96be0e',
        id_municipio: 7,
        activo: true,
      },
      FILA,
    );
    expect(await f.findByText('Ya existe una prueba con el mismo Nombre.')).toBeDefined();
    expect(f.queryByRole('alert', { hidden: true })).toBeNull();
  });

  it('shows on top a server error that names no field', async () => {
    renderForm(
      FILA,
      vi.fn(() => Promise.reject(new ApiError('network', 'Error de red: sin conexión'))),
    );
    const form = await screen.findByRole('form', { name: 'Editar prueba', hidden: true });
    fireEvent.click(within(form).getByText('Guardar'));
    expect((await within(form).findByRole('alert', { hidden: true })).textContent).toContain('Error de red: sin conexión');
  });
});
