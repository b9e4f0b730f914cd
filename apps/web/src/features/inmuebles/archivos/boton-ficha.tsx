import { App, Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useDescargarFicha } from '../api/ficha-descargar.ts';

type Props = { consecutivo: number; /** Icon only (narrow toolbars). */ compacto?: boolean };

/** Downloads the property sheet (PDF with photos and the company's branding) to hand to a client. */
export function BotonFicha({ consecutivo, compacto = false }: Props) {
  const { message } = App.useApp();
  const ficha = useDescargarFicha();
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={ficha.isPending}
      aria-label={`Descargar la ficha PDF del inmueble ${consecutivo}`}
      onClick={() => ficha.mutate(consecutivo, { onSuccess: (nombre) => void message.success(`Ficha descargada: ${nombre}`) })}
    >
      {compacto ? null : 'Ficha PDF'}
    </Button>
  );
}
