import { useEffect, useState } from 'react';
import { Button, Card, Grid, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useExportarClientes } from './api/exportar-clientes.ts';
import { ClienteDrawer } from './cliente-form.tsx';
import { ClientesTabla } from './clientes-tabla.tsx';
import { useClientesParams, type ClientesParams } from './clientes-params.ts';
import { FiltrosBar } from './filtros-bar.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import './clientes.css';
import { ExportarMenu } from '../../components/exportar-menu.tsx';

export const RUTA_CLIENTES = '/propiedades/clientes-atendidos';

export function BotonExportar({ params }: { params: ClientesParams }) {
  const exportar = useExportarClientes();
  const movil = Grid.useBreakpoint().md === false;
  return (
    <ExportarMenu
      onElegir={(formato) => void exportar.mutateAsync({ params, formato })}
      cargando={exportar.isPending}
      soloIcono={movil}
    />
  );
}

/** Clientes atendidos (463): the list and the lead's form; `?abrir=<consecutivo>` opens one (clienteAbrir). */
export function ClientesPage() {
  const { params, cambiar, limpiar, abierto, abrir, enlace } = useClientesParams(RUTA_CLIENTES);
  const [texto, setTexto] = useState(params.q);
  const q = useDebouncedValue(texto, 300);
  const movil = Grid.useBreakpoint().md === false;
  useEffect(() => {
    if (q !== params.q) cambiar({ q });
    // Only the typed text drives this; the URL's q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  return (
    <Card
      title="Clientes atendidos"
      className="clientes-page"
      extra={
        <Space wrap>
          <BotonExportar params={params} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nuevo')} aria-label="Nuevo cliente atendido">
            {movil ? 'Nuevo' : 'Nuevo cliente'}
          </Button>
        </Space>
      }
    >
      <FiltrosBar params={params} cambiar={cambiar} texto={texto} setTexto={setTexto} />
      <ClientesTabla
        params={params}
        cambiar={cambiar}
        limpiar={() => {
          setTexto('');
          limpiar();
        }}
        enlace={enlace}
      />
      <ClienteDrawer abierto={abierto} onCerrar={() => abrir(null)} onAbrir={abrir} />
    </Card>
  );
}
