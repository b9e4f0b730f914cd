import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import {
  CalendarOutlined,
  CheckSquareOutlined,
  FileExclamationOutlined,
  HomeOutlined,
  InboxOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import type { InicioResumen } from '@predio/contract/empresa';
import { ESTADOS_ABIERTOS, IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { DIAS_AVISO_CONSIGNACION, ESTADOS_EN_OFERTA, IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES } from '@predio/contract/inmuebles';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import { formatFechaLarga, formatNumero } from '../../lib/format.ts';
import { usePermisos, useSession } from '../../lib/session-store.ts';
import { useShellProfile } from '../../lib/use-shell-profile.ts';
import { useResumen } from './api/get-resumen.ts';
import './inicio-page.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { AvisoCorreoAdministrador } from '../../components/correo/aviso-correo.tsx';
import { useEstadoCorreo } from '../../components/correo/api.ts';
import { IDM_GERENTE_INFORMES } from '@predio/contract/informes';
import { TableroGerencia } from './tablero-gerencia.tsx';

// The portals' card, with the portals' contract, loads after the page: most people manage no portal.
const PortalesInicio = lazy(() => import('./portales-inicio.tsx').then((m) => ({ default: m.PortalesInicio })));

type Counter = {
  key: keyof InicioResumen;
  title: string;
  icon: ReactNode;
  /** Any of these lets the user see the counter. */
  idm: number[];
  /** Where that work is done, filtered to what was counted (yo: the user's id). */
  to: (yo: number) => string;
  linkText: string;
};

// Each counter links to the screen where that work is done, filtered to what it counted.
const COUNTERS: Counter[] = [
  {
    key: 'inmueblesDisponibles',
    title: 'Inmuebles disponibles',
    icon: <HomeOutlined />,
    idm: [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES],
    to: () => '/propiedades/inmuebles-disponibles',
    linkText: 'Ver inmuebles',
  },
  {
    key: 'consignacionesPorVencer',
    title: `Mis consignaciones por vencer (${DIAS_AVISO_CONSIGNACION} días)`,
    icon: <FileExclamationOutlined />,
    idm: [IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES],
    to: (yo) => `/propiedades/inmuebles-disponibles?estado=${ESTADOS_EN_OFERTA.join(',')}&consignacion=por_vencer&asesor=${yo}`,
    linkText: 'Ver cuáles',
  },
  {
    key: 'clientesAbiertos',
    title: 'Mis clientes atendidos abiertos',
    icon: <TeamOutlined />,
    idm: [IDM_CLIENTES_ATENDIDOS],
    to: (yo) => `/propiedades/clientes-atendidos?asesor=${yo}&estado=${ESTADOS_ABIERTOS.join(',')}`,
    linkText: 'Ver clientes',
  },
  {
    key: 'solicitudesNuevas',
    title: 'Solicitudes nuevas sin asignar',
    icon: <InboxOutlined />,
    idm: [IDM_SOLICITUDES],
    to: () => '/propiedades/solicitudes?estado=nueva',
    linkText: 'Ver solicitudes',
  },
  {
    key: 'citasHoy',
    title: 'Citas hoy',
    icon: <CalendarOutlined />,
    idm: [489],
    to: () => '/archivo/agenda',
    linkText: 'Ver agenda',
  },
  {
    key: 'tareasAbiertas',
    title: 'Tareas abiertas',
    icon: <CheckSquareOutlined />,
    idm: [10584],
    to: () => '/tareas/asignar-tareas',
    linkText: 'Ver tareas',
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
  const yo = useSession((st) => st.claims?.idUsuario ?? 0);
  // The administrator's mail notice goes above the day's figures: they wait for it to be known, so it
  // never arrives after them and pushes them down the page.
  const admin = useSession((st) => st.claims?.admemp === true);
  const estadoCorreo = useEstadoCorreo();
  const esperaCorreo = admin && estadoCorreo.isPending;
  // Only what the user may open; the server answers null for the rest anyway.
  const visibles = COUNTERS.filter((c) => c.idm.some((idm) => hasIdm(permisos, idm)));
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

      {esperaCorreo ? null : (
        <>
          <AvisoCorreoAdministrador />

          {resumen.isError ? (
            <Card>
              <ErrorDeCarga titulo="No se pudo cargar el resumen del día" onReintentar={() => void resumen.refetch()} />
            </Card>
          ) : (
            <Row gutter={[16, 16]}>
              {visibles.map((counter) => {
                const valor = resumen.data?.[counter.key] ?? null;
                return (
                  <Col key={counter.key} xs={12} md={12} xl={8}>
                    <Card className="inicio-counter">
                      {!resumen.isPending && valor === null ? (
                        // Its module is not built yet: no number rather than a made-up 0.
                        <Statistic
                          title={counter.title}
                          value="Módulo en construcción"
                          prefix={counter.icon}
                          className="inicio-pendiente"
                        />
                      ) : (
                        // While loading, the same title, link and place: only the number arrives.
                        <>
                          <Statistic
                            title={counter.title}
                            value={valor ?? 0}
                            loading={resumen.isPending}
                            formatter={(value) => formatNumero(Number(value))}
                            prefix={counter.icon}
                          />
                          <Link to={counter.to(yo)}>{counter.linkText} →</Link>
                        </>
                      )}
                    </Card>
                  </Col>
                );
              })}
            </Row>
          )}

          {hasIdm(permisos, IDM_GERENTE_INFORMES) ? <TableroGerencia /> : null}
          <Suspense fallback={null}>
            <PortalesInicio />
          </Suspense>
        </>
      )}
    </div>
  );
}
