import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button, ConfigProvider, Empty } from 'antd';
import esES from 'antd/locale/es_ES';
import { describe, expect, it, vi } from 'vitest';
import { Listado, ListadoItem, ListadoItemMeta } from './listado.tsx';

type Fila = { id: number; nombre: string; detalle: string };
const FILAS: Fila[] = [
  { id: 1, nombre: 'Sala', detalle: '8 ítems' },
  { id: 2, nombre: 'Cocina', detalle: '14 ítems' },
];

describe('Listado', () => {
  it('renders a list of rows with a title and a description each', () => {
    render(
      <Listado
        aria-label="Espacios"
        dataSource={FILAS}
        rowKey="id"
        renderItem={(f) => (
          <ListadoItem>
            <ListadoItemMeta title={f.nombre} description={f.detalle} />
          </ListadoItem>
        )}
      />,
    );
    const filas = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(filas.map((f) => f.textContent)).toEqual(['Sala8 ítems', 'Cocina14 ítems']);
    expect(screen.getByRole('heading', { level: 4, name: 'Sala' })).toBeTruthy();
    expect([...screen.getByText('14 ítems').classList]).toEqual(expect.arrayContaining(['listado-item-descripcion']));
    expect([...screen.getByLabelText('Espacios').classList]).toEqual(expect.arrayContaining(['listado']));
  });

  it('puts the actions at the end of the row, with a split line between them, and passes clicks on', () => {
    const onClick = vi.fn();
    const onEditar = vi.fn();
    render(
      <Listado
        dataSource={FILAS.slice(0, 1)}
        renderItem={(f) => (
          <ListadoItem
            className="mi-fila"
            onClick={onClick}
            actions={[
              <Button key="e" onClick={onEditar}>
                Editar
              </Button>,
              <Button key="b">Borrar</Button>,
            ]}
          >
            {f.nombre}
          </ListadoItem>
        )}
      />,
    );
    const fila = screen.getAllByRole('listitem')[0]!;
    expect([...fila.classList]).toEqual(expect.arrayContaining(['listado-item', 'mi-fila']));
    const acciones = within(fila).getByRole('list');
    expect(within(acciones).getAllByRole('listitem')).toHaveLength(2);
    // One separator, after the first action only.
    expect(acciones.querySelectorAll('.listado-item-separador')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    expect(onEditar).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("shows antd's small Empty in Spanish when there is nothing, or the text it is given", () => {
    const { rerender } = render(
      <ConfigProvider locale={esES}>
        <Listado dataSource={[]} renderItem={() => null} />
      </ConfigProvider>,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.querySelector('.ant-empty-description')?.textContent).toBe('No hay datos');
    expect(document.querySelector('.ant-empty-normal')).not.toBeNull();
    rerender(
      <ConfigProvider locale={esES}>
        <Listado dataSource={[]} renderItem={() => null} locale={{ emptyText: <Empty description="Aún no hay listas" /> }} />
      </ConfigProvider>,
    );
    expect(screen.getByText('Aún no hay listas')).toBeTruthy();
  });

  it('shows the spinner while loading, instead of the empty state, and over the rows it already has', () => {
    const fila = (f: Fila) => <ListadoItem>{f.nombre}</ListadoItem>;
    const { rerender } = render(<Listado loading dataSource={[]} renderItem={fila} />);
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(document.querySelector('.ant-empty')).toBeNull();
    rerender(<Listado loading dataSource={FILAS} renderItem={fila} />);
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(<Listado dataSource={FILAS} renderItem={fila} />);
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it("takes its density from the ConfigProvider's componentSize unless given one", () => {
    const { rerender } = render(
      <ConfigProvider componentSize="large">
        <Listado aria-label="L" dataSource={FILAS} renderItem={(f) => <ListadoItem>{f.nombre}</ListadoItem>} />
      </ConfigProvider>,
    );
    expect([...screen.getByLabelText('L').classList]).toEqual(expect.arrayContaining(['listado-lg']));
    rerender(
      <ConfigProvider componentSize="large">
        <Listado
          aria-label="L"
          size="small"
          bordered
          dataSource={FILAS}
          renderItem={(f) => <ListadoItem>{f.nombre}</ListadoItem>}
        />
      </ConfigProvider>,
    );
    expect([...screen.getByLabelText('L').classList]).toEqual(expect.arrayContaining(['listado-sm', 'listado-bordeado']));
    expect(screen.getByLabelText('L').classList.contains('listado-lg')).toBe(false);
  });
});
