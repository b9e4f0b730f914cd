import { Checkbox, Empty, Progress, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ETIQUETA_CRITERIO,
  PESOS_COINCIDENCIA,
  MAX_INMUEBLES_ENVIO,
  PUNTAJE_MINIMO,
  type ClienteDetalle,
  type CriterioCoincidencia,
  type InmuebleCoincidente,
  type Motivo,
} from '@predio/contract/clientes';
import { hasIdm } from '@predio/contract/menu';
import { IDM_INMUEBLE, IDM_INMUEBLES_DISPONIBLES } from '@predio/contract/inmuebles';
import { formatFecha, formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { ReasonButton } from '../../components/reason-button.tsx';
import { EnviarFichasModal } from '../../components/enviar-fichas/enviar-fichas-modal.tsx';
import { clientesKeys } from './api/get-clientes.ts';
import { useCoincidencias } from './api/get-coincidencias.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { Listado, ListadoItem } from '../../components/listado/listado.tsx';

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

/** Why the lead cannot be sent fichas now, or null when it can. */
function motivoSinEnvio(cliente: ClienteDetalle, veInmuebles: boolean): string | null {
  if (!veInmuebles) return 'Enviar fichas requiere el permiso de Inmuebles disponibles o de Inmueble';
  if (cliente.estado === 'cerrado') return 'El cliente está cerrado: reábralo para enviarle inmuebles';
  return null;
}

/**
 * The available properties that fit a lead, with the score as a bar and the reasons as tags; up to
 * MAX_INMUEBLES_ENVIO of them can be chosen and e-mailed to the lead as PDF fichas.
 */
export function CoincidenciasPanel({ cliente }: { cliente: ClienteDetalle }) {
  const q = useCoincidencias(cliente.consecutivo);
  const permisos = usePermisos();
  const [elegidos, setElegidos] = useState<number[]>([]);
  const [enviando, setEnviando] = useState(false);
  const queryClient = useQueryClient();
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron calcular las coincidencias" error={q.error} onReintentar={() => void q.refetch()} />
    );
  const pesos = Object.entries(PESOS_COINCIDENCIA)
    .map(([k, v]) => `${ETIQUETA_CRITERIO[k as CriterioCoincidencia].toLowerCase()} ${v}`)
    .join(', ');
  const sinEnvio = motivoSinEnvio(cliente, hasIdm(permisos, IDM_INMUEBLES_DISPONIBLES) || hasIdm(permisos, IDM_INMUEBLE));
  // A property that stopped matching since it was chosen is not sent.
  const aEnviar = q.data.filter((i) => elegidos.includes(i.consecutivo));
  const lleno = aEnviar.length >= MAX_INMUEBLES_ENVIO;
  const alternar = (consecutivo: number, si: boolean) =>
    setElegidos((xs) => (si ? [...xs, consecutivo] : xs.filter((x) => x !== consecutivo)));
  return (
    <div>
      <Typography.Paragraph type="secondary" className="cliente-ayuda">
        Inmuebles disponibles de la gestión, tipo y municipio buscados, con puntaje de al menos {PUNTAJE_MINIMO} sobre 100 (pesos:{' '}
        {pesos}).
      </Typography.Paragraph>
      {q.data.length > 0 ? (
        <div className="cliente-envio-barra">
          <Typography.Text type="secondary" aria-live="polite">
            {aEnviar.length === 0
              ? `Elija hasta ${MAX_INMUEBLES_ENVIO} inmuebles para enviarle sus fichas por correo.`
              : `${aEnviar.length} de ${MAX_INMUEBLES_ENVIO} elegidos`}
          </Typography.Text>
          <ReasonButton
            motivo={sinEnvio}
            icon={<MailOutlined />}
            disabled={aEnviar.length === 0}
            onClick={() => setEnviando(true)}
          >
            Enviar por correo
          </ReasonButton>
        </div>
      ) : null}
      <Listado
        dataSource={q.data}
        locale={{ emptyText: <Empty description="Ningún inmueble disponible coincide por ahora" /> }}
        renderItem={(i) => {
          const elegido = elegidos.includes(i.consecutivo);
          return (
            <ListadoItem key={i.consecutivo} className="cliente-coincidencia">
              <div className="cliente-coincidencia-cabeza">
                <span className="cliente-coincidencia-titulo">
                  {sinEnvio === null ? (
                    <Checkbox
                      checked={elegido}
                      disabled={!elegido && lleno}
                      aria-label={`Elegir inmueble ${i.consecutivo} para enviar`}
                      onChange={(e) => alternar(i.consecutivo, e.target.checked)}
                    />
                  ) : null}
                  <Link to={`/propiedades/inmueble/${i.consecutivo}`}>
                    Inmueble {i.consecutivo} · {mayuscula(i.tipo)} · {GESTION[i.gestion]}
                  </Link>
                  {i.enviado ? (
                    <Tooltip title={`Ficha enviada por correo el ${formatFechaHora(i.enviado)}`}>
                      <Tag color="blue">Enviado el {formatFecha(i.enviado)}</Tag>
                    </Tooltip>
                  ) : null}
                </span>
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
            </ListadoItem>
          );
        }}
      />
      <EnviarFichasModal
        abierto={enviando}
        cliente={{ consecutivo: cliente.consecutivo, nombre: cliente.tercero.nombre, email: cliente.tercero.email }}
        inmuebles={aEnviar.map((i) => i.consecutivo)}
        onCerrar={() => setEnviando(false)}
        onEnviado={(r) => {
          queryClient.setQueryData(clientesKeys.detail(cliente.consecutivo), r.cliente);
          void queryClient.invalidateQueries({ queryKey: clientesKeys.lists() });
          void queryClient.invalidateQueries({ queryKey: clientesKeys.coincidencias(cliente.consecutivo) });
          setEnviando(false);
          setElegidos([]);
        }}
      />
    </div>
  );
}
