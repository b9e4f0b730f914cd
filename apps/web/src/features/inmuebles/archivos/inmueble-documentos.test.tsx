import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentoInmueble } from '@predio/contract/inmuebles-archivos';
import { removeToken, setToken } from '../../../lib/token.ts';
import { InmuebleDocumentos } from './inmueble-documentos.tsx';

const DOC: DocumentoInmueble = {
  id: 5,
  nombre: 'Certificado de tradición.pdf',
  descripcion: 'Expedido en marzo',
  content_type: 'application/pdf',
  bytes: 1536,
  creado_por: 'admin',
  creado_en: '2026-11-20T15:30:00Z',
};

function renderDocs(soloLectura: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        {/* The property form is disabled while another user holds the lock. */}
        <Form disabled={soloLectura}>
          <InmuebleDocumentos consecutivo={7} soloLectura={soloLectura} />
        </Form>
      </App>
    </QueryClientProvider>,
  );
}

describe('InmuebleDocumentos', { timeout: 15_000 }, () => {
  beforeEach(() => {
    setToken('tok.en.value');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 20000, message: 'ok', data: [DOC] }), { status: 200 }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    removeToken();
  });

  it('lists name, type, size, date and user; can upload and delete when editable', async () => {
    renderDocs(false);
    const fila = (await screen.findByText('Certificado de tradición.pdf')).closest('tr, li')!;
    expect(fila.textContent).toContain('Expedido en marzo');
    expect(fila.textContent).toContain('PDF');
    expect(fila.textContent).toContain('1,5 KB');
    expect(fila.textContent).toContain('admin');
    expect(screen.getByText('Haga clic o arrastre aquí los documentos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar el documento Certificado de tradición.pdf' })).toBeTruthy();
  });

  it('read-only inside a disabled form: no upload or delete, but download still works', async () => {
    renderDocs(true);
    await screen.findByText('Certificado de tradición.pdf');
    expect(screen.queryByText('Haga clic o arrastre aquí los documentos')).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar el documento/ })).toBeNull();
    const bajar = screen.getByRole('button', { name: 'Descargar el documento Certificado de tradición.pdf' });
    await waitFor(() => expect(bajar.hasAttribute('disabled')).toBe(false));
  });
});
