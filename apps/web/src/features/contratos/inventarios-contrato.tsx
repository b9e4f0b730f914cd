import { Button, Card, Empty, Skeleton, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ETIQUETAS_ESTADO_INVENTARIO, ETIQUETAS_TIPO_INVENTARIO, type InventarioFila } from '@predio/contract/inventarios';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';
import { http } from '../../lib/http.ts';

/**
 * The inventories taken under a contract (issue 30) and where a new one starts: the inventory form opens
 * with the contract's property and the contract chosen, and the server copies its tenant and owners as
 * the parties present. Shown only to users with Administración de inventarios (496).
 */
export function InventariosContrato({ id, inmueble, onSalir }: { id: number; inmueble: number; onSalir: () => void }) {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['inventarios', 'contrato', id],
    queryFn: async ({ signal }) =>
      (await http.get<InventarioFila[]>(`/inventarios/contrato/${id}`, { signal, silent: true })).data,
  });
  return (
    <Card
      size="small"
      title="Inventarios"
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            onSalir();
            void navigate(`/inventarios/administracion-inventarios?nuevo=${inmueble}&contrato=${id}`);
          }}
        >
          Nuevo inventario
        </Button>
      }
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : q.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar los inventarios" error={q.error} onReintentar={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <Empty description="Este contrato aún no tiene inventarios" />
      ) : (
        <Listado
          dataSource={q.data}
          rowKey="id"
          renderItem={(v) => (
            <ListadoItem>
              <ListadoItemMeta
                title={
                  <Space wrap>
                    <Link to={`/inventarios/inventario/${v.id}`} onClick={onSalir}>
                      Inventario N° {v.consecutivo} · {ETIQUETAS_TIPO_INVENTARIO[v.tipo]}
                    </Link>
                    <Tag color={v.estado === 'cerrado' ? 'green' : 'blue'}>{ETIQUETAS_ESTADO_INVENTARIO[v.estado]}</Tag>
                  </Space>
                }
                description={`${v.fecha} · ${v.tomado_por} · ${v.avance.hechos}/${v.avance.total} ítems`}
              />
            </ListadoItem>
          )}
        />
      )}
    </Card>
  );
}
