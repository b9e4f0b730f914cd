import { Button, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ETIQUETAS_ESTADO_CITA, type Cita } from '@predio/contract/agenda';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../listado/listado.tsx';

/** The record whose citas are shown: a property by consecutivo, a lead, a solicitud or a tercero by id. */
export type RegistroCitas = { tipo: 'inmueble'; consecutivo: number } | { tipo: 'cliente' | 'solicitud' | 'tercero'; id: number };

const clave = (r: RegistroCitas) => (r.tipo === 'inmueble' ? r.consecutivo : r.id);

/** Where «Agendar» opens the agenda's form with the record already linked (a property: a visit). */
export const rutaAgendar = (r: RegistroCitas) => `/archivo/agenda?${r.tipo === 'inmueble' ? 'visita' : r.tipo}=${clave(r)}`;

const COLOR: Record<string, string> = {
  programada: 'blue',
  confirmada: 'geekblue',
  realizada: 'green',
  cancelada: 'default',
  no_asistio: 'orange',
};

function Fila({ c }: { c: Cita }) {
  return (
    <ListadoItem>
      <ListadoItemMeta
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
    </ListadoItem>
  );
}

/**
 * A record's citas (a property's visits, a lead's, a solicitud's, a tercero's as participant), upcoming
 * first, then the past ones with their results and the client's interest.
 */
export function CitasDeRegistro({ registro }: { registro: RegistroCitas }) {
  const navigate = useNavigate();
  const citas = useQuery({
    queryKey: ['agenda', registro.tipo, clave(registro)],
    queryFn: async ({ signal }) =>
      (await http.get<Cita[]>(`/citas/${registro.tipo}/${clave(registro)}`, { signal, silent: true })).data,
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
      <Button type="primary" icon={<CalendarOutlined />} onClick={() => void navigate(rutaAgendar(registro))}>
        {registro.tipo === 'inmueble' ? 'Agendar visita' : 'Agendar cita'}
      </Button>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Próximas
      </Typography.Title>
      {proximas.length ? (
        <Listado dataSource={proximas} renderItem={(c) => <Fila c={c} />} />
      ) : (
        <Empty description="Sin citas próximas" />
      )}
      <Typography.Title level={5}>Pasadas</Typography.Title>
      {pasadas.length ? (
        <Listado dataSource={pasadas} renderItem={(c) => <Fila c={c} />} />
      ) : (
        <Empty description="Sin citas pasadas" />
      )}
    </div>
  );
}
