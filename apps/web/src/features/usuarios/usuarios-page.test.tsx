import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Usuario } from '@predio/contract/usuarios';
import { useSession } from '../../lib/session-store.ts';
import { PermisosTree } from './permisos-tree.tsx';
import { UsuariosPage } from './usuarios-page.tsx';

const RAZON = 'Solo un administrador de la empresa puede modificar, desactivar o cambiar la contraseña de un administrador.';

const usuario = (id: number, nombre: string, restriccion: string | null, extra: Partial<Usuario> = {}): Usuario => ({
  id,
  usuario: nombre,
  nombre: `Usuario ${nombre}`,
  nro_id: null,
  agencia: 0,
  admemp: false,
  activo: true,
  permisos: '59',
  permisos_especiales: '',
  permisos_por_usuario: '',
  creado_en: '2026-11-20T10:00:00.000Z',
  ultimo_ingreso: null,
  restriccion,
  ...extra,
});

function mostrar() {
  useSession.setState({
    claims: { idUsuario: 9, idempresa: 1, admemp: false, nro_id: '9', agencia: 0, permisos: '37,59', nombre_usuario: 'gestor' },
  });
  const items = [usuario(1, 'admin', RAZON, { admemp: true, permisos: 'All' }), usuario(2, 'recepcion', null)];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const data = url.includes('/usuarios?') ? { items, total: items.length } : url.includes('/empleados') ? [] : [];
      return Promise.resolve(new Response(JSON.stringify({ code: 20000, message: 'ok', data }), { status: 200 }));
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <App>
        <MemoryRouter initialEntries={['/archivo/usuarios']}>
          <UsuariosPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ claims: null });
});

describe('Usuarios for a user manager who is not an administrator', () => {
  // A whole antd table with tooltips in jsdom: about 10 s alone, more on a loaded machine.
  it('offers no action the server would refuse, and says why on hover', { timeout: 60_000 }, async () => {
    mostrar();
    const admin = await screen.findByRole('row', { name: /Usuario admin/ });
    for (const nombre of ['Editar «admin»', 'Restablecer la contraseña de «admin»', 'Desactivar «admin»'])
      expect(within(admin).getByRole('button', { name: nombre }).hasAttribute('disabled')).toBe(true);
    const recepcion = screen.getByRole('row', { name: /Usuario recepcion/ });
    for (const nombre of ['Editar «recepcion»', 'Restablecer la contraseña de «recepcion»', 'Desactivar «recepcion»'])
      expect(within(recepcion).getByRole('button', { name: nombre }).hasAttribute('disabled')).toBe(false);

    const editar = within(admin).getByRole('button', { name: 'Editar «admin»' });
    fireEvent.pointerEnter(editar);
    await waitFor(() => expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(RAZON));
  });
});

describe('PermisosTree for a manager who is not an administrator', () => {
  it('grants only the permissions the manager holds, never All', () => {
    const onChange = vi.fn();
    const { container } = render(<PermisosTree value="" onChange={onChange} otorgables="37,59" />);
    const todos = container.querySelector<HTMLButtonElement>('button[aria-label="Todos los permisos (All)"]')!;
    expect(todos.disabled).toBe(true);
    const nodo = (texto: string) => screen.getByText(texto, { exact: false }).closest('.ant-tree-treenode')!;
    expect(nodo('Compañia').querySelector('.ant-tree-checkbox-disabled')).not.toBeNull();
    expect(nodo('Terceros').querySelector('.ant-tree-checkbox-disabled')).toBeNull();
    expect(screen.getByText('Solo puede otorgar los permisos que usted tiene; los demás aparecen deshabilitados.')).toBeTruthy();

    // The Archivo group holds Usuarios (37) among pages the manager lacks: checking it adds only 37.
    fireEvent.click(nodo('Archivo').querySelector('.ant-tree-checkbox')!);
    expect(onChange).toHaveBeenLastCalledWith('37');
  });
});
