import { useState } from 'react';
import { App, Button, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { SettingOutlined } from '@ant-design/icons';
import { formatFechaHora } from '../../lib/format.ts';
import { useCrearFeed, useFeed, useGuardarPreferencias, usePreferencias, useRevocarFeed } from './api/feed.ts';

/** The user's own settings: the reminder's minutes, and the private ICS URL for Google Calendar or Outlook. */
export function MiCalendario({ soloIcono }: { soloIcono: boolean }) {
  const [abierto, setAbierto] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const { message } = App.useApp();
  const feed = useFeed();
  const crear = useCrearFeed();
  const revocar = useRevocarFeed();
  const prefs = usePreferencias();
  const guardar = useGuardarPreferencias();
  const [minutos, setMinutos] = useState<number | null>(null);

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setAbierto(true)} aria-label="Mi calendario">
        {soloIcono ? null : 'Mi calendario'}
      </Button>
      <AppModal open={abierto} title="Mi calendario" onCancel={() => setAbierto(false)} footer={null} destroyOnHidden>
        <Typography.Title level={5}>Recordatorio</Typography.Title>
        <Space wrap>
          <span>Avisarme</span>
          <InputNumber
            aria-label="Minutos antes"
            min={0}
            max={10080}
            value={minutos ?? prefs.data?.minutos ?? 60}
            onChange={(v) => setMinutos(v)}
          />
          <span>minutos antes de cada cita</span>
          <Button
            loading={guardar.isPending}
            onClick={async () => {
              await guardar.mutateAsync(minutos ?? prefs.data?.minutos ?? 60);
              void message.success('Recordatorio guardado');
            }}
          >
            Guardar
          </Button>
        </Space>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          Calendario en Google Calendar u Outlook
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Una dirección privada con sus citas de los últimos 30 días y del próximo año. Quien la tenga las ve: no la comparta.
        </Typography.Paragraph>
        {url && (
          <Typography.Paragraph copyable={{ text: url }} code>
            {url}
          </Typography.Paragraph>
        )}
        {!url && feed.data?.activo && (
          <Typography.Paragraph>Publicado desde el {formatFechaHora(feed.data.creado_en ?? '')}</Typography.Paragraph>
        )}
        <Space wrap>
          <Button type="primary" loading={crear.isPending} onClick={async () => setUrl((await crear.mutateAsync()).url)}>
            {feed.data?.activo ? 'Crear una dirección nueva' : 'Crear la dirección'}
          </Button>
          {feed.data?.activo && (
            <Popconfirm
              title="¿Revocar la dirección del calendario?"
              description="Los calendarios suscritos dejan de recibir sus citas."
              okText="Revocar"
              okButtonProps={{ danger: true }}
              cancelText="No"
              onConfirm={async () => {
                await revocar.mutateAsync();
                setUrl(null);
                void message.success('Dirección revocada');
              }}
            >
              <Button danger>Revocar</Button>
            </Popconfirm>
          )}
        </Space>
      </AppModal>
    </>
  );
}
