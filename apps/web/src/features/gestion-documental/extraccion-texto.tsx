import { Alert, App, Button, Card, Descriptions, Progress, Skeleton, Typography } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { useEstadoExtraccion, useExtraerTexto } from './api/configuracion.ts';

const n = (v: number) => v.toLocaleString('es-CO');

/**
 * Configuración › Texto de los documentos: how many of the radicados' PDFs and images have their text for
 * the search, and «Extraer texto de los documentos anteriores» (a job per document without text, run by the
 * job runner with pdftotext and tesseract), with its progress while the jobs run.
 */
export function ExtraccionTextoCard() {
  const estado = useEstadoExtraccion();
  const extraer = useExtraerTexto();
  const avisos = useAvisos();
  const { message } = App.useApp();
  const titulo = 'Texto de los documentos';
  if (estado.isPending)
    return (
      <Card title={titulo} className="gd-extraccion">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  if (estado.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudo leer el texto de los documentos"
        error={estado.error}
        onReintentar={() => void estado.refetch()}
      />
    );
  const e = estado.data;
  const porcentaje = e.documentos === 0 ? 100 : Math.floor((e.con_texto * 100) / e.documentos);
  return (
    <Card title={titulo} className="gd-extraccion">
      <Typography.Paragraph type="secondary">
        La búsqueda encuentra palabras dentro de los PDF y de las imágenes escaneadas de los radicados. Los documentos archivados
        antes de que existiera la extracción de texto (o antes del reconocimiento de imágenes) no tienen texto: extráigalo aquí.
        Cada documento se lee en segundo plano.
      </Typography.Paragraph>
      <Progress
        percent={porcentaje}
        status={e.en_cola > 0 ? 'active' : e.sin_texto === 0 ? 'success' : 'normal'}
        aria-label="Documentos con texto"
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="gd-extraccion-cifras">
        <Descriptions.Item label="Documentos">{n(e.documentos)}</Descriptions.Item>
        <Descriptions.Item label="Con texto">{n(e.con_texto)}</Descriptions.Item>
        <Descriptions.Item label="Sin texto">{n(e.sin_texto)}</Descriptions.Item>
        <Descriptions.Item label="En cola">{n(e.en_cola)}</Descriptions.Item>
      </Descriptions>
      {e.en_cola > 0 ? (
        <Alert
          type="info"
          showIcon
          message={`Extrayendo el texto: ${n(e.en_cola)} ${e.en_cola === 1 ? 'documento en cola' : 'documentos en cola'}.`}
        />
      ) : null}
      <div className="gd-config-pie">
        <span />
        <Button
          icon={<FileSearchOutlined />}
          disabled={e.sin_texto === 0}
          loading={extraer.isPending}
          onClick={() =>
            avisos.confirm({
              title: `¿Extraer el texto de ${n(e.sin_texto)} ${e.sin_texto === 1 ? 'documento' : 'documentos'}?`,
              content:
                'Se leerán en segundo plano (los escaneados con reconocimiento de texto, que toma algunos segundos por página). Puede seguir trabajando mientras tanto.',
              okText: 'Extraer texto',
              cancelText: 'Cancelar',
              onOk: () =>
                extraer
                  .mutateAsync()
                  .then((r) =>
                    message.success(
                      r.encolados === 0
                        ? 'Los documentos sin texto ya están en cola'
                        : `${n(r.encolados)} ${r.encolados === 1 ? 'documento quedó' : 'documentos quedaron'} en cola`,
                    ),
                  )
                  .catch((x: Error) => void message.error(x.message)),
            })
          }
        >
          Extraer texto de los documentos anteriores
        </Button>
      </div>
    </Card>
  );
}
