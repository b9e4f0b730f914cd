import { useState } from 'react';
import { Alert, App, Button, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ETIQUETAS_ESTADO_PUBLICACION, type EstadoPublicacion, type PortalDeInmueble } from '@predio/contract/portales';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';

// The same colours as the portals' screens (features/portales/estado-publicacion.ts, not importable here).
const COLOR: Record<EstadoPublicacion, string> = {
  pendiente: 'default',
  enviado: 'processing',
  en_proceso: 'processing',
  publicado: 'success',
  error: 'error',
  despublicado: 'warning',
};

/**
 * The property's state on each portal the person manages (issue 34): published, in progress or in error
 * with the portal's last error in Spanish, and «Reintentar», which sends it again through a job.
 */
export function PortalesInmueble({ consecutivo }: { consecutivo: number }) {
  const clave = ['portales', 'inmueble', consecutivo];
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({
    queryKey: clave,
    queryFn: async ({ signal }) =>
      (await http.get<PortalDeInmueble[]>(`/portales/inmueble/${consecutivo}`, { signal, silent: true })).data,
    refetchInterval: (x) =>
      x.state.data?.some((p) => p.estado === 'pendiente' || p.estado === 'enviado' || p.estado === 'en_proceso') ? 2_000 : false,
  });
  const reintentar = useMutation({
    mutationFn: async (p: PortalDeInmueble) =>
      http.post(`/portales/${p.portal}/inmuebles/${consecutivo}/actualizar`, undefined, { silent: true }),
    onSuccess: (_r, p) => {
      void message.success(`El inmueble quedó en cola para ${p.nombre}`);
      void qc.invalidateQueries({ queryKey: clave });
    },
    onError: (e) => setError(e instanceof Error ? e.message : String(e)),
  });
  if (q.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (q.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar los portales del inmueble"
        error={q.error}
        onReintentar={() => void q.refetch()}
      />
    );
  if (q.data.length === 0)
    return <Empty description="Este inmueble no está marcado ni enviado a ningún portal que usted administre" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {error ? <Alert type="error" showIcon title={error} role="alert" closable onClose={() => setError(null)} /> : null}
      <Listado
        dataSource={q.data}
        rowKey="portal"
        aria-label="Portales del inmueble"
        renderItem={(p) => (
          <ListadoItem>
            <ListadoItemMeta
              title={
                <Space wrap>
                  <Link to={`/propiedades/portales/${p.portal}`}>{p.nombre}</Link>
                  {p.estado ? <Tag color={COLOR[p.estado]}>{ETIQUETAS_ESTADO_PUBLICACION[p.estado]}</Tag> : <Tag>Sin enviar</Tag>}
                  {p.marcado ? null : <Tag>No marcado</Tag>}
                  {p.id_externo ? <Typography.Text type="secondary">Id {p.id_externo}</Typography.Text> : null}
                </Space>
              }
              description={
                <Space orientation="vertical" size={4}>
                  {p.ultimo_error ? <Typography.Text type="danger">{p.ultimo_error}</Typography.Text> : null}
                  {p.actualizado_en ? <span>Actualizado {formatFechaHora(p.actualizado_en)}</span> : null}
                  {p.marcado && (p.estado === 'error' || p.estado === null) ? (
                    <Button
                      size="small"
                      icon={<ReloadOutlined />}
                      loading={reintentar.isPending && reintentar.variables?.portal === p.portal}
                      onClick={() => {
                        setError(null);
                        reintentar.mutate(p);
                      }}
                      aria-label={`Reintentar en ${p.nombre}`}
                    >
                      Reintentar
                    </Button>
                  ) : null}
                </Space>
              }
            />
          </ListadoItem>
        )}
      />
    </Space>
  );
}
