import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Skeleton, Space, Switch, Typography } from 'antd';
import { EditOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { ModuloNotificaciones, NotificacionConfig } from '@predio/contract/notificaciones';
import { useConfigNotificaciones } from './api/get-config-notificaciones.ts';
import { useEnviarNotificacionPrueba } from './api/enviar-prueba.ts';
import { useGrabarConfigNotificaciones } from './api/grabar-config-notificaciones.ts';
import { noticeLoadError, noticeSaveError, noticeSaved } from './notices.ts';
import './notificaciones-config-page.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

type Canal = keyof Pick<NotificacionConfig, 'in_App' | 'email' | 'sms' | 'whatsapp'>;

// spec §9: channels per notification.
const CANALES: { key: Canal; label: string }[] = [
  { key: 'in_App', label: 'In-app' },
  { key: 'email', label: 'Email' },
  { key: 'sms', label: 'SMS' },
  { key: 'whatsapp', label: 'WhatsApp' },
];

function withCanal(modulos: ModuloNotificaciones[], mod: number, not: number, canal: Canal, value: boolean) {
  return modulos.map((m, mi) =>
    mi !== mod ? m : { ...m, notificaciones: m.notificaciones.map((n, ni) => (ni !== not ? n : { ...n, [canal]: value })) },
  );
}

/**
 * spec §4 "Notification configuration": read-only until 'Modificar'; 'Guardar' saves and
 * always leaves edit mode; 'Cancelar' reloads the stored configuration.
 */
export function NotificacionesConfigPage() {
  const { notification } = App.useApp();
  const config = useConfigNotificaciones();
  const grabar = useGrabarConfigNotificaciones();
  const prueba = useEnviarNotificacionPrueba();
  // The edited copy; null means read-only mode showing the stored configuration.
  const [draft, setDraft] = useState<ModuloNotificaciones[] | null>(null);
  const editing = draft !== null;
  const modulos = draft ?? config.data ?? [];

  useEffect(() => {
    if (config.error !== null) noticeLoadError(notification, config.error);
  }, [config.error, notification]);

  const guardar = () => {
    if (draft === null) return;
    grabar.mutate(draft, {
      onSuccess: (resultado) => noticeSaved(notification, resultado),
      onError: (error) => noticeSaveError(notification, error),
      onSettled: () => setDraft(null),
    });
  };

  const cancelar = () => {
    setDraft(null);
    void config.refetch();
  };

  const acciones = editing ? (
    <Space wrap>
      <Button type="primary" icon={<SaveOutlined />} loading={grabar.isPending} onClick={guardar}>
        Guardar
      </Button>
      <Button disabled={grabar.isPending} onClick={cancelar}>
        Cancelar
      </Button>
    </Space>
  ) : (
    <Space wrap>
      <Button
        icon={<EditOutlined />}
        disabled={config.data === undefined || config.isFetching}
        onClick={() => setDraft(structuredClone(config.data ?? []))}
      >
        Modificar
      </Button>
      <Button icon={<SendOutlined />} loading={prueba.isPending} onClick={() => prueba.mutate()}>
        Enviar notificación de prueba
      </Button>
    </Space>
  );

  return (
    <Card title="Mis notificaciones" className="notif-config">
      <div className="notif-toolbar">
        <Typography.Text type="secondary">
          Elija por qué medios quiere recibir cada aviso.{' '}
          {editing ? 'Está editando: guarde para aplicar los cambios.' : 'Pulse Modificar para cambiarlos.'}
        </Typography.Text>
        {acciones}
      </div>
      {config.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : config.isError && config.data === undefined ? (
        <ErrorDeCarga titulo="No se pudo cargar su configuración de notificaciones" onReintentar={() => void config.refetch()} />
      ) : modulos.length === 0 ? (
        <Empty description="No hay notificaciones para configurar" />
      ) : (
        modulos.map((modulo, mi) => (
          <section key={modulo.label} className="notif-modulo" aria-labelledby={`modulo-${mi}`}>
            <Typography.Title level={5} id={`modulo-${mi}`} className="notif-modulo-title">
              {modulo.label}
            </Typography.Title>
            <div className="notif-grid" role="table" aria-labelledby={`modulo-${mi}`}>
              <div className="notif-row notif-row--head" role="row">
                <span role="columnheader">Notificación</span>
                {CANALES.map((c) => (
                  <span key={c.key} role="columnheader">
                    {c.label}
                  </span>
                ))}
              </div>
              {modulo.notificaciones.map((n, ni) => (
                <div key={n.tipo_Carta} className="notif-row" role="row">
                  <div role="cell" className="notif-desc">
                    <strong>{n.titulo}</strong>
                    <span>{n.descripcion}</span>
                  </div>
                  {CANALES.map((c) => (
                    <label key={c.key} role="cell" className="notif-canal">
                      <span className="notif-canal-label">{c.label}</span>
                      <Switch
                        size="small"
                        checked={n[c.key]}
                        disabled={!editing || grabar.isPending}
                        aria-label={`${n.titulo} - ${c.label}`}
                        onChange={(value) => setDraft((d) => (d === null ? d : withCanal(d, mi, ni, c.key, value)))}
                      />
                    </label>
                  ))}
                </div>
              ))}
            </div>
          </section>
        ))
      )}
    </Card>
  );
}
