import { useState } from 'react';
import { App, Badge, Button, Empty, Skeleton, Tooltip } from 'antd';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { PUSH_TOAST_MS } from '@predio/contract/constants';
import type { Notificacion } from '@predio/contract/notificaciones';
import { formatFechaHora } from '../../lib/format.ts';
import { useNotificaciones } from './api/get-notificaciones.ts';
import { useLeerNotificacion } from './api/leer-notificacion.ts';
import { useLeerTodas } from './api/leer-todas.ts';
import { useNotificationSocket } from './use-notification-socket.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';

/** Bell with the unread count, the notification drawer, and live notices (spec §2). */
export function NotificationCenter() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const bandeja = useNotificaciones();
  const leer = useLeerNotificacion();
  const leerTodas = useLeerTodas();

  useNotificationSocket((nueva) => {
    // spec §2: an info toast with title and body for 4 s; clicking it opens the home page.
    const key = `notificacion-${nueva.id}`;
    notification.info({
      key,
      title: nueva.titulo,
      description: nueva.cuerpo,
      duration: PUSH_TOAST_MS / 1000,
      onClick: () => {
        notification.destroy(key);
        void navigate('/');
      },
    });
    if (document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      const aviso = new Notification(nueva.titulo, { body: nueva.cuerpo, tag: key });
      aviso.onclick = () => {
        window.focus();
        void navigate('/');
      };
    }
  });

  const abrir = (item: Notificacion) => {
    if (!item.leida) leer.mutate(item.id);
    if (item.enlace !== null && item.enlace.startsWith('/')) {
      setOpen(false);
      void navigate(item.enlace);
    }
  };

  const noLeidas = bandeja.data?.noLeidas ?? 0;
  const label = noLeidas > 0 ? `Notificaciones, ${noLeidas} sin leer` : 'Notificaciones';
  return (
    <>
      <Tooltip title="Notificaciones">
        <Badge count={noLeidas} size="small" offset={[-4, 4]}>
          <Button type="text" icon={<BellOutlined />} aria-label={label} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      <AppDrawer
        title="Notificaciones"
        placement="right"
        size={380}
        open={open}
        onClose={() => setOpen(false)}
        extra={
          <Button size="small" disabled={noLeidas === 0} loading={leerTodas.isPending} onClick={() => leerTodas.mutate()}>
            Marcar todas como leídas
          </Button>
        }
        footer={
          <Link to="/mis-notificaciones" onClick={() => setOpen(false)}>
            <SettingOutlined /> Configurar mis notificaciones
          </Link>
        }
      >
        {bandeja.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : bandeja.isError ? (
          <ErrorDeCarga titulo="No se pudieron cargar las notificaciones" onReintentar={() => void bandeja.refetch()} />
        ) : bandeja.data.items.length === 0 ? (
          <Empty description="No tiene notificaciones" />
        ) : (
          <ul className="notification-list">
            {bandeja.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={item.leida ? 'notification-item' : 'notification-item notification-item--unread'}
                  onClick={() => abrir(item)}
                >
                  <span className="notification-title">{item.titulo}</span>
                  <span className="notification-body">{item.cuerpo}</span>
                  <time dateTime={item.creada_en}>{formatFechaHora(item.creada_en)}</time>
                </button>
              </li>
            ))}
          </ul>
        )}
      </AppDrawer>
    </>
  );
}
