import { useState } from 'react';
import { Badge, Button, Tooltip, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { BugOutlined } from '@ant-design/icons';
import { useErrorLog } from '../../lib/error-log-store.ts';
import { formatFechaHora } from '../../lib/format.ts';

/** Shown only when errors were captured (spec §2). */
export function ErrorLogButton() {
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;
  return (
    <>
      <Tooltip title="Registro de errores">
        <Badge count={logs.length} size="small" offset={[-4, 4]}>
          <Button type="text" icon={<BugOutlined />} aria-label="Registro de errores" onClick={() => setOpen(true)} danger />
        </Badge>
      </Tooltip>
      <AppModal
        title="Registro de errores"
        open={open}
        onCancel={() => setOpen(false)}
        width={760}
        footer={[
          <Button
            key="vaciar"
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            Vaciar registro
          </Button>,
          <Button key="cerrar" type="primary" onClick={() => setOpen(false)}>
            Cerrar
          </Button>,
        ]}
      >
        <ol className="error-log">
          {logs.map((log) => (
            <li key={log.id}>
              <Typography.Text strong>{log.message}</Typography.Text>
              <div className="error-log-meta">
                {formatFechaHora(log.time)} · {log.url}
              </div>
              {log.stack === null ? null : (
                <details>
                  <summary>Detalle técnico</summary>
                  <pre>{log.stack}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      </AppModal>
    </>
  );
}
