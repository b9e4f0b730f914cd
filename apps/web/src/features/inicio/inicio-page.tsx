import type { ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { CalendarOutlined, CheckSquareOutlined, HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import type { InicioResumen } from '@predio/contract/empresa';
import { formatFechaLarga, formatNumero } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useShellProfile } from '../../lib/use-shell-profile.ts';
import { useResumen } from './api/get-resumen.ts';
import './inicio-page.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

type Counter = { key: keyof InicioResumen; title: string; icon: ReactNode; to: string; idm: number; linkText: string };

// Each counter links to the screen where that work is done, when the user may open it.
const COUNTERS: Counter[] = [
  { key: 'citasHoy', title: 'Citas hoy', icon: <CalendarOutlined />, to: '/archivo/agenda', idm: 489, linkText: 'Ver agenda' },
  {
    key: 'tareasAbiertas',
    title: 'Tareas abiertas',
    icon: <CheckSquareOutlined />,
    to: '/tareas/asignar-tareas',
    idm: 10584,
    linkText: 'Ver tareas',
  },
  {
    key: 'inmueblesDisponibles',
    title: 'Inmuebles disponibles',
    icon: <HomeOutlined />,
    to: '/propiedades/inmuebles-disponibles',
    idm: 491,
    linkText: 'Ver inmuebles',
  },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

export function InicioPage() {
  const profile = useShellProfile();
  const permisos = usePermisos();
  const resumen = useResumen();
  const now = new Date();
  const fecha = formatFechaLarga(now);

  return (
    <div className="inicio">
      <Card className="inicio-hero">
        <Typography.Title level={2} className="inicio-saludo">
          {greeting(now.getHours())}
          {profile.nombre === '' ? '' : `, ${profile.nombre}`}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {profile.empresa === '' ? null : (
            <>
              <strong>{profile.empresa}</strong> ·{' '}
            </>
          )}
          <span className="inicio-fecha">{fecha.charAt(0).toUpperCase() + fecha.slice(1)}</span>
        </Typography.Paragraph>
      </Card>

      {resumen.isError ? (
        <Card>
          <ErrorDeCarga titulo="No se pudo cargar el resumen del día" onReintentar={() => void resumen.refetch()} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {COUNTERS.map((counter) => (
            <Col key={counter.key} xs={24} md={8}>
              <Card className="inicio-counter">
                {resumen.isPending ? (
                  <Skeleton active title={false} paragraph={{ rows: 2 }} />
                ) : (
                  <>
                    <Statistic
                      title={counter.title}
                      value={resumen.data[counter.key]}
                      formatter={(value) => formatNumero(Number(value))}
                      prefix={counter.icon}
                    />
                    {hasIdm(permisos, counter.idm) ? <Link to={counter.to}>{counter.linkText} →</Link> : null}
                  </>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
