import { Button, Empty, Progress, Skeleton, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ETIQUETAS_ESTADO_INVENTARIO, ETIQUETAS_TIPO_INVENTARIO, type InventarioFila } from '@predio/contract/inventarios';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { http } from '../../lib/http.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';

/** The property's inventories (issue 30), newest first, and where a new one starts from. */
export function InventariosInmueble({ consecutivo }: { consecutivo: number }) {
  const q = useQuery({
    queryKey: ['inventarios', 'inmueble', consecutivo],
    queryFn: async ({ signal }) =>
      (await http.get<InventarioFila[]>(`/inventarios/inmueble/${consecutivo}`, { signal, silent: true })).data,
  });
  const navigate = useNavigate();
  const nuevo = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate(`/inventarios/administracion-inventarios?nuevo=${consecutivo}`)}
    >
      Nuevo inventario
    </Button>
  );
  if (q.isPending) return <Skeleton active />;
  if (q.isError)
    return <ErrorDeCarga titulo="No se pudieron cargar los inventarios" error={q.error} onReintentar={() => void q.refetch()} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {nuevo}
      {q.data.length === 0 ? (
        <Empty description="Este inmueble aún no tiene inventarios" />
      ) : (
        <Listado
          dataSource={q.data}
          rowKey="id"
          renderItem={(v) => (
            <ListadoItem>
              <ListadoItemMeta
                title={
                  <Space wrap>
                    <Link to={`/inventarios/inventario/${v.id}`}>
                      N° {v.consecutivo} · {ETIQUETAS_TIPO_INVENTARIO[v.tipo]}
                    </Link>
                    <Tag color={v.estado === 'cerrado' ? 'green' : 'blue'}>{ETIQUETAS_ESTADO_INVENTARIO[v.estado]}</Tag>
                  </Space>
                }
                description={
                  <>
                    {v.fecha} · {v.tomado_por} · {v.plantilla}
                    <Progress percent={v.avance.total ? Math.round((v.avance.hechos / v.avance.total) * 100) : 0} size="small" />
                  </>
                }
              />
            </ListadoItem>
          )}
        />
      )}
    </Space>
  );
}
