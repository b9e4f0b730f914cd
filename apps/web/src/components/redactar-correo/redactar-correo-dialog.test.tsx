import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { CorreoRedactado, OpcionesRedactar } from '@predio/contract/redactar';
import { reglaCorreos, RedactarCorreoDialog } from './redactar-correo-dialog.tsx';

const OPCIONES: OpcionesRedactar = {
  titulo: 'Ana Cliente',
  tipo: 'tercero',
  destinatarios: [
    { nombre: 'Ana Cliente', email: 'ana@example.com' },
    { nombre: 'Ana Cliente', email: 'ana@empresa.co' },
  ],
  plantillas: [
    { clave: 'libre-3', nombre: 'Saludo', asunto: 'Hola {{ tercero.nombre }}', html: '<p>Estimada {{ tercero.nombre }}</p>' },
  ],
  archivos: [],
  fichas: [
    { consecutivo: 12, titulo: 'Inmueble 12 · Casa, Calle 10', marcada: true },
    { consecutivo: 15, titulo: 'Inmueble 15 · Local, Calle 50', marcada: false },
  ],
  firma: 'Carlos Restrepo',
};

const ok = (data: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ code: 20000, message: 'ok', data }), { status: 200 }));

function mockApi(): Mock {
  const f = vi.fn((url: string, init?: RequestInit) => {
    if (url.endsWith('/correo/estado')) return ok({ configurado: true });
    if (url.endsWith('/mensajes/tercero/7/correo') && init?.method === 'POST')
      return ok({ para: ['ana@example.com'], cc: [], asunto: 'Hola Ana Cliente', adjuntos: ['ficha-inmueble-12.pdf'] });
    if (url.endsWith('/mensajes/tercero/7/correo')) return ok(OPCIONES);
    return ok([]);
  });
  vi.stubGlobal('fetch', f);
  return f;
}

afterEach(() => vi.unstubAllGlobals());

describe('RedactarCorreoDialog', () => {
  it('starts from the tercero’s first address and the checked ficha, and sends the chosen template', async () => {
    const f = mockApi();
    const cerrar = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <RedactarCorreoDialog registro={{ entidad: 'tercero', clave: 7 }} abierto onCerrar={cerrar} />
        </App>
      </QueryClientProvider>,
    );
    await screen.findByText('Enviar correo · Ana Cliente');
    expect(screen.getByTitle('Ana Cliente <ana@example.com>')).toBeTruthy();
    expect(screen.queryByTitle('Ana Cliente <ana@empresa.co>')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Inmueble 12 · Casa, Calle 10' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Inmueble 15 · Local, Calle 50' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Carlos Restrepo')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plantilla' }));
    fireEvent.click(await screen.findByTitle('Saludo'));
    await waitFor(() => expect((screen.getByLabelText('Asunto') as HTMLInputElement).value).toBe('Hola {{ tercero.nombre }}'));

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(cerrar).toHaveBeenCalled());
    const envio = f.mock.calls.find(([url, init]) => String(url).endsWith('/correo') && init?.method === 'POST');
    expect(JSON.parse(String(envio![1]!.body)) as CorreoRedactado).toEqual({
      para: ['ana@example.com'],
      cc: [],
      asunto: 'Hola {{ tercero.nombre }}',
      html: '<p>Estimada {{ tercero.nombre }}</p>',
      plantilla: 'libre-3',
      fichas: [12],
      archivos: [],
    });
  });

  it('checks every address typed, in Spanish', async () => {
    const para = reglaCorreos('Para', true);
    await expect(para.validator(null, [])).rejects.toThrow('El campo Para es obligatorio');
    await expect(para.validator(null, ['ana@example.com', 'ana@example'])).rejects.toThrow(
      '«ana@example» no es un correo electrónico válido',
    );
    await expect(
      para.validator(
        null,
        Array.from({ length: 11 }, (_, i) => `p${i}@example.com`),
      ),
    ).rejects.toThrow('Para admite hasta 10 destinatarios');
    await expect(reglaCorreos('CC', false).validator(null, [])).resolves.toBeUndefined();
  });
});
