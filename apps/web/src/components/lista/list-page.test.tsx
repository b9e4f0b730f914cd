import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPage, type ColumnaLista, type ConsultaLista } from './list-page.tsx';

type Fila = { id: number; nombre: string };
const columnas: ColumnaLista<Fila>[] = [{ key: 'nombre', dataIndex: 'nombre', title: 'Nombre', ordenable: true }];
const estado = { page: 1, pageSize: 20, sort: null, order: null };

type Extra = Partial<Pick<Parameters<typeof ListPage<Fila>>[0], 'resumen' | 'contenido' | 'totalPaginador' | 'pageSizes'>>;

function pintar(consulta: Partial<ConsultaLista<Fila>>, extra: { hayFiltros?: boolean } & Extra = {}) {
  const onCambiar = vi.fn();
  const onLimpiar = vi.fn();
  const refetch = vi.fn();
  render(
    <ListPage<Fila>
      sustantivo={{ singular: 'cliente', plural: 'clientes' }}
      consulta={{ data: undefined, isFetching: false, error: null, refetch, ...consulta }}
      columnas={columnas}
      estado={estado}
      onCambiar={onCambiar}
      hayFiltros={extra.hayFiltros ?? false}
      onLimpiar={onLimpiar}
      vacio={{ texto: 'Aún no hay clientes' }}
      resumen={extra.resumen}
      contenido={extra.contenido}
      totalPaginador={extra.totalPaginador}
      pageSizes={extra.pageSizes}
    />,
  );
  return { onCambiar, onLimpiar, refetch };
}

describe('ListPage', () => {
  it('shows the rows and the total, and sorts by a header', () => {
    const { onCambiar } = pintar({ data: { items: [{ id: 1, nombre: 'Ana' }], total: 1 } });
    expect(screen.getByText('Ana')).toBeDefined();
    expect(screen.getByText('1 cliente')).toBeDefined();
    fireEvent.click(screen.getAllByText('Nombre')[0]!);
    expect(onCambiar).toHaveBeenCalledWith({ sort: 'nombre', order: 'asc' });
  });

  it('says «Más de …» when the count stopped', () => {
    pintar({ data: { items: [{ id: 1, nombre: 'Ana' }], total: 1000, totalExacto: false } });
    expect(screen.getByText('Más de 1.000 clientes')).toBeDefined();
  });

  it('tells an empty list from a filter that matches nothing', () => {
    pintar({ data: { items: [], total: 0 } });
    expect(screen.getByText('Aún no hay clientes')).toBeDefined();
  });

  it('offers to clear a filter that matches nothing', () => {
    const { onLimpiar } = pintar({ data: { items: [], total: 0 } }, { hayFiltros: true });
    expect(screen.getByText('Ningún registro de clientes coincide con la búsqueda o los filtros.')).toBeDefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0]!);
    expect(onLimpiar).toHaveBeenCalled();
  });

  it('shows a skeleton while loading', () => {
    pintar({});
    expect(screen.getByRole('status', { name: 'Cargando clientes' })).toBeDefined();
  });

  it('retries a failed load', () => {
    const { refetch } = pintar({ error: new Error('El servidor no responde') });
    expect(screen.getByText('No se pudo cargar la lista de clientes')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('shows another view of the page over the same pager, and a summary of its own', () => {
    const { onCambiar } = pintar(
      { data: { items: [{ id: 1, nombre: 'Ana' }], total: 0, totalExacto: false } },
      { resumen: 'Contando…', contenido: <div>Mapa de Ana</div>, totalPaginador: 21 },
    );
    expect(screen.getByText('Contando…')).toBeDefined();
    expect(screen.getByText('Mapa de Ana')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByTitle('Next Page'));
    expect(onCambiar).toHaveBeenCalledWith({ page: 2 });
  });

  it('offers no page size, nor a pager for one page, when the list has a single size', () => {
    pintar({ data: { items: [{ id: 1, nombre: 'Ana' }], total: 1 } }, { pageSizes: [20] });
    expect(screen.getByText('Ana')).toBeDefined();
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });
});
