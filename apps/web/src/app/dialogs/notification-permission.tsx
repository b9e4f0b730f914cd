import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { BellOutlined } from '@ant-design/icons';

type Permission = NotificationPermission | 'unsupported';

const DISMISSED_KEY = 'predio-aviso-notificaciones-cerrado';

// spec §8, verbatim.
const DENIED_TEXT =
  'Parece que tienes las notificaciones deshabilitadas. Te recomendamos habilitarlas para no perderte ninguna actualización importante.';

function currentPermission(): Permission {
  return 'Notification' in window ? Notification.permission : 'unsupported';
}

/**
 * Asks for browser notification permission with a blocking dialog while it is undecided
 * ('default'), and shows a dismissible warning when it was denied (spec §2, §8). It waits
 * while another blocking dialog is up.
 */
export function NotificationPermission({ waiting }: { waiting: boolean }) {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState(false);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');

  const request = async () => {
    setAsking(true);
    try {
      setPermission(await Notification.requestPermission());
    } finally {
      setAsking(false);
      setAsked(true);
    }
  };

  return (
    <>
      <AppModal
        title="Se requiere permiso para notificaciones"
        open={permission === 'default' && !asked && !waiting}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={
          <Button type="primary" icon={<BellOutlined />} loading={asking} onClick={() => void request()}>
            Permitir notificaciones
          </Button>
        }
      >
        <Typography.Paragraph>
          Predio le avisa al momento de citas asignadas, tareas, solicitudes de clientes y documentos por firmar, aunque tenga la
          pestaña en segundo plano.
        </Typography.Paragraph>
        <Typography.Paragraph>
          Pulse <strong>Permitir notificaciones</strong> y luego elija <strong>Permitir</strong> en el aviso del navegador.
        </Typography.Paragraph>
      </AppModal>
      {permission === 'denied' && !dismissed ? (
        <Alert
          className="notifications-denied"
          type="warning"
          showIcon
          title={DENIED_TEXT}
          closable={{
            'aria-label': 'Cerrar aviso',
            onClose: () => {
              sessionStorage.setItem(DISMISSED_KEY, '1');
              setDismissed(true);
            },
          }}
        />
      ) : null}
    </>
  );
}
