import { Button, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ETIQUETAS_ESTADO_CITA, type Cita } from '@predio/contract/agenda';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';

/** Where «Agendar visita» opens the agenda's form, with the property already chosen. */
export const rutaAgendarVisita = (consecutivo: number) => `/archivo/agenda?visita=${consecutivo}`;

const COLOR: Record<string, string> = {
  programada: 'blue',
  confirmada: 'geekblue',
  realizada: 'green',
  cancelada: 'default',
  no_asistio: 'orange',
};

function Fila({ c }: { c: Cita }) {
  return (
    <List.Item>
      <List.Item.Meta
        title={
          <Space wrap>
            <Link to={`/archivo/agenda?cita=${c.id}`}>{c.titulo}</Link>
            <Tag color={COLOR[c.estado]}>{ETIQUETAS_ESTADO_CITA[c.estado]}</Tag>
            {c.categoria && <Tag color={c.categoria.color}>{c.categoria.nombre}</Tag>}
          </Space>
        }
        description={
          <>
            {formatFechaHora(c.inicio)} · {c.asesores.map((a) => a.nombre).join(', ')}
            {c.resultado && (
              <div>
                Resultado: <strong>{c.resultado.nombre}</strong>
                {c.interes ? ` · interés ${c.interes}/5` : ''}
                {c.comentario_resultado ? ` — ${c.comentario_resultado}` : ''}
              </div>
            )}
          </>
        }
      />
    </List.Item>
  );
}

/** The property's citas (visits and others), upcoming first, then the past ones with their results. */
export function CitasInmueble({ consecutivo }: { consecutivo: number }) {
  const navigate = useNavigate();
  const citas = useQuery({
    queryKey: ['agenda', 'inmueble', consecutivo],
    queryFn: async ({ signal }) => (await http.get<Cita[]>(`/citas/inmueble/${consecutivo}`, { signal, silent: true })).data,
    select: (cs) => {
      const ahora = Date.now();
      return {
        proximas: cs.filter((c) => Date.parse(c.fin) >= ahora).reverse(),
        pasadas: cs.filter((c) => Date.parse(c.fin) < ahora),
      };
    },
  });
  if (citas.isPending) return <Skeleton active />;
  if (citas.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron cargar las citas" error={citas.error} onReintentar={() => void citas.refetch()} />
    );
  const { proximas, pasadas } = citas.data;
  return (
    <div>
      <Button type="primary" icon={<CalendarOutlined />} onClick={() => void navigate(rutaAgendarVisita(consecutivo))}>
        Agendar visita
      </Button>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Próximas
      </Typography.Title>
      {proximas.length ? (
        <List dataSource={proximas} renderItem={(c) => <Fila c={c} />} />
      ) : (
        <Empty description="Sin citas próximas" />
      )}
      <Typography.Title level={5}>Pasadas</Typography.Title>
      {pasadas.length ? (
        <List dataSource={pasadas} renderItem={(c) => <Fila c={c} />} />
      ) : (
        <Empty description="Sin citas pasadas" />
      )}
    </div>
  );
}
