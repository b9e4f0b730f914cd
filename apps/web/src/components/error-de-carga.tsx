import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';

/** What a screen shows when its data could not be loaded: what failed, why, and 'Reintentar'. */
export function ErrorDeCarga({
  titulo,
  error,
  onReintentar,
}: {
  titulo: string;
  /** The server's message, shown under the title when there is one. */
  error?: Error | null;
  onReintentar: () => void;
}) {
  return (
    <Result
      status="warning"
      title={titulo}
      subTitle={error?.message}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onReintentar}>
          Reintentar
        </Button>
      }
    />
  );
}
