import { Alert, Card, Progress, Skeleton, Typography } from 'antd';
import { tamanoLegible } from '@predio/contract/archivos';
import { useUsoArchivos } from '../../components/archivos/archivos-api.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatNumero } from '../../lib/format.ts';

/** How much the company's files (photos, documents, videos) take, against its limit when it has one. */
export function EspacioArchivosCard() {
  const uso = useUsoArchivos();
  let cuerpo;
  if (uso.isPending) cuerpo = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (uso.isError)
    cuerpo = <ErrorDeCarga titulo="No se pudo leer el espacio usado" error={uso.error} onReintentar={() => void uso.refetch()} />;
  else {
    const { bytes, archivos, limite_bytes: limite } = uso.data;
    const resumen = `${tamanoLegible(bytes)} en ${formatNumero(archivos)} ${archivos === 1 ? 'archivo' : 'archivos'}`;
    if (limite === null)
      cuerpo = (
        <Typography.Paragraph style={{ margin: 0 }}>
          {resumen}. La empresa no tiene un límite de espacio para archivos.
        </Typography.Paragraph>
      );
    else {
      const porcentaje = Math.min(100, Math.round((bytes / limite) * 1000) / 10);
      cuerpo = (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            {resumen}, de {tamanoLegible(limite)} contratados.
          </Typography.Paragraph>
          <Progress
            percent={porcentaje}
            status={porcentaje >= 90 ? 'exception' : 'normal'}
            aria-label={`Espacio de archivos usado: ${porcentaje} %`}
          />
          {porcentaje >= 90 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 8 }}
              title="Queda poco espacio: al llegar al límite no se podrán subir más fotos ni documentos. Elimine los que ya no necesite o pida ampliarlo."
            />
          ) : null}
        </>
      );
    }
  }
  return <Card title="Espacio de archivos">{cuerpo}</Card>;
}
