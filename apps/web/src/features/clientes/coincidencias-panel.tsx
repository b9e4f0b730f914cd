import { Empty, List, Progress, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import {
  ETIQUETA_CRITERIO,
  PESOS_COINCIDENCIA,
  PUNTAJE_MINIMO,
  type CriterioCoincidencia,
  type InmuebleCoincidente,
  type Motivo,
} from '@predio/contract/clientes';
import { formatMoneda } from '../../lib/format.ts';
import { useCoincidencias } from './api/get-coincidencias.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

const GESTION: Record<string, string> = { arriendo: 'Arriendo', venta: 'Venta', arriendo_venta: 'Arriendo y venta' };
const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const color = (m: Motivo) => (m.cumple ? 'success' : m.puntos > 0 ? 'warning' : 'error');
const colorPuntaje = (p: number) => (p >= 85 ? '#52c41a' : p >= 70 ? '#96be0e' : '#faad14');

export function MotivosTags({ motivos }: { motivos: Motivo[] }) {
  if (motivos.length === 0)
    return <Typography.Text type="secondary">Sin requisitos: cualquier inmueble disponible sirve</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {motivos.map((m) => (
        <Tooltip key={m.criterio} title={`${m.puntos} de ${m.maximo} puntos`}>
          <Tag color={color(m)}>{m.texto}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

const precio = (i: InmuebleCoincidente) =>
  [i.canon ? `Canon ${formatMoneda(i.canon)}` : null, i.precio_venta ? `Venta ${formatMoneda(i.precio_venta)}` : null]
    .filter(Boolean)
    .join(' · ');

/** The available properties that fit a lead, with the score as a bar and the reasons as tags. */
export function CoincidenciasPanel({ consecutivo }: { consecutivo: number }) {
  const q = useCoincidencias(consecutivo);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron calcular las coincidencias" error={q.error} onReintentar={() => void q.refetch()} />
    );
  const pesos = Object.entries(PESOS_COINCIDENCIA)
    .map(([k, v]) => `${ETIQUETA_CRITERIO[k as CriterioCoincidencia].toLowerCase()} ${v}`)
    .join(', ');
  return (
    <div>
      <Typography.Paragraph type="secondary" className="cliente-ayuda">
        Inmuebles disponibles de la gestión, tipo y municipio buscados, con puntaje de al menos {PUNTAJE_MINIMO} sobre 100 (pesos:{' '}
        {pesos}).
      </Typography.Paragraph>
      <List
        dataSource={q.data}
        locale={{ emptyText: <Empty description="Ningún inmueble disponible coincide por ahora" /> }}
        renderItem={(i) => (
          <List.Item key={i.consecutivo} className="cliente-coincidencia">
            <div className="cliente-coincidencia-cabeza">
              <Link to={`/propiedades/inmueble/${i.consecutivo}`}>
                Inmueble {i.consecutivo} · {mayuscula(i.tipo)} · {GESTION[i.gestion]}
              </Link>
              <Progress
                percent={i.puntaje}
                size="small"
                strokeColor={colorPuntaje(i.puntaje)}
                format={(p) => `${p} %`}
                aria-label={`Puntaje ${i.puntaje} de 100`}
                className="cliente-puntaje"
              />
            </div>
            <Typography.Text type="secondary">
              {[i.direccion, i.barrio, i.municipio].filter(Boolean).join(', ')}
              {precio(i) ? ` · ${precio(i)}` : ''}
            </Typography.Text>
            <MotivosTags motivos={i.motivos} />
          </List.Item>
        )}
      />
    </div>
  );
}
