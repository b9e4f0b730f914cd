import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Empty, Popconfirm, Space, Timeline, Typography } from 'antd';
import { ETIQUETAS_CANAL_FIRMA } from '@predio/contract/firmas';
import { DownloadOutlined, DragOutlined, MailOutlined, StopOutlined } from '@ant-design/icons';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useAccionDocumento, useDocumentoFirma } from './api/firmas-api.ts';
import { EstadoDocumento, EstadoFirmanteTag } from './comun.tsx';
import { Listado, ListadoItem } from '../../components/listado/listado.tsx';
import './firmas.css';

/** Detalle del documento (idm 10582): signers and their evidence, the timeline, downloads, resend, cancel. */
export function DetalleDocumentoPage() {
  const id = Number(useParams().id);
  const doc = useDocumentoFirma(id);
  const cancelar = useAccionDocumento(id, 'cancelar');
  const reenviar = useAccionDocumento(id, 'reenviar');
  const { message } = App.useApp();
  if (!Number.isInteger(id) || id <= 0) return <Empty description="El documento no existe" />;
  if (doc.isPending) return <PageLoading />;
  if (doc.isError)
    return <ErrorDeCarga titulo="No se pudo cargar el documento" error={doc.error} onReintentar={() => void doc.refetch()} />;
  const d = doc.data;
  const accion = async (m: typeof cancelar, ok: string) => {
    try {
      await m.mutateAsync();
      message.success(ok);
    } catch (e) {
      if (e instanceof ApiError) message.error(e.message);
      else throw e;
    }
  };
  return (
    <Space orientation="vertical" size="middle" className="firmas-pagina">
      <Card
        size="small"
        title={
          <span className="firmas-titulo">
            {d.id} · {d.titulo}
          </span>
        }
        extra={<EstadoDocumento estado={d.estado} />}
      >
        <Space wrap className="firmas-acciones-detalle">
          <Button icon={<DownloadOutlined />} onClick={() => void descargar(`/firmas/documentos/${id}/original`)}>
            Descargar original
          </Button>
          {d.estado === 'firmado' && d.sha256_firmado && (
            <Button type="primary" icon={<DownloadOutlined />} onClick={() => void descargar(`/firmas/documentos/${id}/firmado`)}>
              Descargar PDF firmado
            </Button>
          )}
          {d.estado === 'borrador' && (
            <Link to={`/firmas-electronicas/firmar-electronicamente-documentos-pdf/${id}`}>
              <Button type="primary" icon={<DragOutlined />}>
                Ubicar campos y enviar
              </Button>
            </Link>
          )}
          {d.estado === 'enviado' && (
            <Button
              icon={<MailOutlined />}
              loading={reenviar.isPending}
              onClick={() => void accion(reenviar, 'Enlaces reenviados a los pendientes')}
            >
              Reenviar a pendientes
            </Button>
          )}
          {(d.estado === 'enviado' || d.estado === 'borrador') && (
            <Popconfirm
              title={`¿Cancelar «${d.titulo}»?`}
              description="Los enlaces de firma dejarán de servir."
              okText="Cancelar documento"
              cancelText="Volver"
              onConfirm={() => accion(cancelar, 'Documento cancelado')}
            >
              <Button danger icon={<StopOutlined />} loading={cancelar.isPending}>
                Cancelar documento
              </Button>
            </Popconfirm>
          )}
        </Space>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} className="firmas-datos">
          <Descriptions.Item label="Enviado por">{d.creado_por}</Descriptions.Item>
          <Descriptions.Item label="Creado">{formatFechaHora(d.creado_en)}</Descriptions.Item>
          <Descriptions.Item label="Vence">{d.vence_en ? formatFechaHora(d.vence_en) : '—'}</Descriptions.Item>
          <Descriptions.Item label="Orden de firma">
            {d.secuencial ? 'En orden, uno tras otro' : 'Todos a la vez'}
          </Descriptions.Item>
          <Descriptions.Item label="Recordatorios">
            {d.recordar_dias > 0 ? `Cada ${d.recordar_dias} día${d.recordar_dias === 1 ? '' : 's'}` : 'No'}
          </Descriptions.Item>
          <Descriptions.Item label="Completado">{d.completado_en ? formatFechaHora(d.completado_en) : '—'}</Descriptions.Item>
          <Descriptions.Item label="Archivo">{d.nombre_archivo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Campos ubicados">
            {d.campos.length > 0 ? `${d.campos.length} en ${new Set(d.campos.map((c) => c.pagina)).size} página(s)` : 'Ninguno'}
          </Descriptions.Item>
          <Descriptions.Item label="Firmas">
            {d.firmados} de {d.firmantes}
          </Descriptions.Item>
          {d.sellado && (
            <Descriptions.Item label="PDF sellado">
              {d.sellado.estado === 'fallido' ? (
                <Typography.Text type="danger">
                  No se pudo sellar: {d.sellado.error} Un administrador puede reintentarlo en Logs del sistema › Trabajos en
                  segundo plano.
                </Typography.Text>
              ) : (
                <span>Sellando el PDF firmado…{d.sellado.error ? ` Se reintentará: ${d.sellado.error}` : ''}</span>
              )}
            </Descriptions.Item>
          )}
          {d.radicacion && (
            <Descriptions.Item label="Gestión documental">
              {d.radicado ? (
                <Link to={`/gestion-documental/buscar-gestion-documental/${encodeURIComponent(d.radicado.radicado)}`}>
                  Radicado {d.radicado.radicado}
                </Link>
              ) : d.radicacion.estado === 'fallido' ? (
                <Typography.Text type="danger">
                  No se pudo radicar: {d.radicacion.error} Un administrador puede reintentarlo en Logs del sistema › Trabajos en
                  segundo plano.
                </Typography.Text>
              ) : (
                <span>Radicando el PDF firmado…{d.radicacion.error ? ` Se reintentará: ${d.radicacion.error}` : ''}</span>
              )}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="SHA-256 original">
            <Typography.Text code className="firmas-hash">
              {d.sha256_original ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="SHA-256 firmado">
            <Typography.Text code className="firmas-hash">
              {d.sha256_firmado ?? '—'}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        {d.mensaje && <Typography.Paragraph type="secondary">{d.mensaje}</Typography.Paragraph>}
      </Card>
      <Card size="small" title="Firmantes">
        <Listado
          dataSource={d.detalle}
          renderItem={(f) => (
            <ListadoItem>
              <div className="firmas-firmante-detalle">
                <Space wrap>
                  <strong>
                    {f.orden}. {f.nombre}
                  </strong>
                  <EstadoFirmanteTag estado={f.estado} />
                </Space>
                <Typography.Text type="secondary">
                  Documento {f.documento} · {f.email}
                  {f.celular ? ` · ${f.celular}` : ''} · Enlace y código por {ETIQUETAS_CANAL_FIRMA[f.canal]}
                </Typography.Text>
                {f.mensaje &&
                  (f.mensaje.estado === 'en_cola' || f.mensaje.estado === 'fallido' || f.mensaje.estado === 'rebotado') && (
                    <Alert
                      type={f.mensaje.estado === 'en_cola' ? 'info' : 'error'}
                      showIcon
                      title={
                        f.mensaje.estado === 'rebotado'
                          ? `El ${ETIQUETAS_CANAL_FIRMA[f.canal]} no llegó: ${f.mensaje.error ?? 'la pasarela lo informó'}. Revise el celular y use «Reenviar».`
                          : f.mensaje.estado === 'fallido'
                            ? `El ${ETIQUETAS_CANAL_FIRMA[f.canal]} no salió: ${f.mensaje.error ?? 'el proveedor lo rechazó'}. Revise el proveedor o el celular y use «Reenviar».`
                            : `${ETIQUETAS_CANAL_FIRMA[f.canal]} en cola${
                                new Date(f.mensaje.programado_para).getTime() - new Date(f.mensaje.creado_en).getTime() > 60_000
                                  ? `: sale el ${formatFechaHora(f.mensaje.programado_para)}, en el horario de contacto de la Ley 2300`
                                  : ''
                              }${f.mensaje.error ? ` (se reintentará: ${f.mensaje.error})` : ''}.`
                      }
                    />
                  )}
                {f.estado === 'pendiente' && d.estado === 'enviado' && (
                  <span>
                    {f.invitado_en
                      ? `Enlace enviado: ${formatFechaHora(f.invitado_en)}${
                          f.recordatorios > 0 ? ` · ${f.recordatorios} recordatorio${f.recordatorios === 1 ? '' : 's'}` : ''
                        }`
                      : 'En espera de su turno: recibirá el enlace cuando firme el anterior.'}
                  </span>
                )}
                {f.codigo_verificado_en && (
                  <span>
                    Código verificado: {formatFechaHora(f.codigo_verificado_en)}
                    {f.codigo_canal ? ` · por ${ETIQUETAS_CANAL_FIRMA[f.codigo_canal]} a ${f.codigo_destino ?? ''}` : ''}
                  </span>
                )}
                {f.firmado_en && (
                  <span>
                    {f.estado === 'rechazado' ? 'Rechazó' : 'Firmó'}: {formatFechaHora(f.firmado_en)}
                    {f.ip ? ` · IP ${f.ip}` : ''}
                  </span>
                )}
                {f.motivo_rechazo && <span>Motivo: {f.motivo_rechazo}</span>}
                {f.user_agent && (
                  <Typography.Text type="secondary" className="firmas-hash">
                    {f.user_agent}
                  </Typography.Text>
                )}
              </div>
            </ListadoItem>
          )}
        />
      </Card>
      <Card size="small" title="Historial">
        <Timeline
          items={d.eventos.map((e) => ({
            content: (
              <>
                <Typography.Text type="secondary">{formatFechaHora(e.creado_en)}</Typography.Text>
                <div className="firmas-hash">
                  {e.detalle}
                  {e.firmante ? ` · ${e.firmante}` : ''}
                  {e.ip ? ` · IP ${e.ip}` : ''}
                </div>
              </>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
