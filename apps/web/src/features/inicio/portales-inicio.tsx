import { Card, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import { enlaceSolicitudesDelPortal, IDM_PORTAL, PORTALES_SINCRONIZADOS, type ResumenPortal } from '@predio/contract/portales';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora, formatMoneda, formatNumero } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useResumenPortales } from './api/get-portales.ts';
import './portales-inicio.css';

/**
 * Inicio for whoever manages portals (issue 34 «Sync health for the manager»): every portal at once, each
 * opening its screen, its errors in red and this month's requests opening Solicitudes.
 */
export function PortalesInicio() {
  const permisos = usePermisos();
  const gestiona = PORTALES_SINCRONIZADOS.some((p) => hasIdm(permisos, IDM_PORTAL[p]));
  const resumen = useResumenPortales(gestiona);
  const r = resumen.data;
  if (!gestiona || (r && r.portales.length === 0)) return null;
  const solicitudes = (p: ResumenPortal) =>
    p.solicitudes_mes === null ? (
      '—'
    ) : (
      <Link
        to={enlaceSolicitudesDelPortal(p.portal, r!.mes_desde)}
        aria-label={`${p.solicitudes_mes} solicitudes de ${p.nombre} este mes: verlas`}
      >
        {formatNumero(p.solicitudes_mes)}
      </Link>
    );
  return (
    <Card title="Portales" className="inicio-portales">
      {resumen.isError ? (
        <ErrorDeCarga titulo="No se pudo cargar el resumen de los portales" onReintentar={() => void resumen.refetch()} />
      ) : !r ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        <Table<ResumenPortal>
          size="small"
          rowKey="portal"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={r.portales}
          aria-label="Resumen de los portales"
          columns={[
            {
              key: 'portal',
              title: 'Portal',
              fixed: 'left',
              render: (_: unknown, p) => (
                <>
                  <Link to={`/propiedades/portales/${p.portal}`}>{p.nombre}</Link>
                  {p.activo ? null : <Tag style={{ marginInlineStart: 8 }}>Inactivo</Tag>}
                </>
              ),
            },
            { key: 'publicados', title: 'Publicados', align: 'right', render: (_: unknown, p) => formatNumero(p.publicados) },
            { key: 'en_curso', title: 'En curso', align: 'right', render: (_: unknown, p) => formatNumero(p.en_curso) },
            {
              key: 'con_error',
              title: 'Con error',
              align: 'right',
              render: (_: unknown, p) =>
                p.con_error > 0 ? <span className="inicio-portales-error">{formatNumero(p.con_error)}</span> : '0',
            },
            {
              key: 'ultimo_exito',
              title: 'Último éxito',
              render: (_: unknown, p) => (p.ultimo_exito ? formatFechaHora(p.ultimo_exito) : '—'),
            },
            { key: 'solicitudes', title: 'Solicitudes este mes', align: 'right', render: (_: unknown, p) => solicitudes(p) },
            {
              key: 'costo',
              title: 'Costo por solicitud',
              align: 'right',
              render: (_: unknown, p) => (p.costo_por_solicitud === null ? '—' : formatMoneda(p.costo_por_solicitud)),
            },
          ]}
        />
      )}
    </Card>
  );
}
