import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  ConfigProvider,
  Button,
  Empty,
  Grid,
  Input,
  List,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  PaperClipOutlined,
} from '@ant-design/icons';
import {
  DESCRIPCION_DOCUMENTO_MAX,
  DOCUMENTO_ACEPTA,
  DOCUMENTO_MAX_BYTES,
  type DocumentoInmueble,
} from '@predio/contract/inmuebles-archivos';
import { formatFechaHora } from '../../../lib/format.ts';
import { useDescargarDocumento } from '../api/documentos-descargar.ts';
import { useEliminarDocumento } from '../api/documentos-eliminar.ts';
import { documentosKeys, useDocumentos } from '../api/documentos-listar.ts';
import { subirDocumento } from '../api/documentos-subir.ts';
import { formatTamano, problemaDocumento, tipoDocumento } from './cola-subida.ts';
import { ColaSubida } from './cola-subida-lista.tsx';
import { useColaSubida } from './use-cola-subida.ts';
import './archivos.css';
import { ErrorDeCarga } from '../../../components/error-de-carga.tsx';
import { useAvisos } from '../../../components/foco.ts';

type Props = { consecutivo: number; soloLectura?: boolean };

const ICONO = {
  PDF: <FilePdfOutlined style={{ color: '#cf1322' }} />,
  Imagen: <FileImageOutlined style={{ color: '#1677ff' }} />,
  Word: <FileWordOutlined style={{ color: '#2f54eb' }} />,
  Excel: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  Archivo: <FileOutlined />,
};

/** Documents attached to a property: upload with progress, list, download, delete. */
export function InmuebleDocumentos(props: Props) {
  // The tab may sit in a read-only (disabled) form: viewing, previewing, downloading and retrying must
  // still work there; soloLectura alone decides what can change.
  return (
    <ConfigProvider componentDisabled={false}>
      <Documentos {...props} />
    </ConfigProvider>
  );
}

function Documentos({ consecutivo, soloLectura = false }: Props) {
  const { message } = App.useApp();
  const modal = useAvisos();
  const queryClient = useQueryClient();
  const docs = useDocumentos(consecutivo);
  const eliminar = useEliminarDocumento(consecutivo);
  const descargar = useDescargarDocumento();
  const [descripcion, setDescripcion] = useState('');
  const movil = Grid.useBreakpoint().md === false;
  const cola = useColaSubida({
    subir: (archivo, alProgreso) => subirDocumento({ consecutivo, archivo, descripcion, alProgreso }),
    validar: problemaDocumento,
    alSubir: () => {
      setDescripcion('');
      void queryClient.invalidateQueries({ queryKey: documentosKeys.lista(consecutivo) });
    },
  });

  const bajar = (d: DocumentoInmueble) => descargar.mutate({ consecutivo, id: d.id });
  const confirmarEliminar = (d: DocumentoInmueble) =>
    modal.confirm({
      title: `¿Eliminar el documento «${d.nombre}»?`,
      content: 'El archivo se borra del inmueble; no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await eliminar.mutateAsync(d.id);
        void message.success(`Documento «${d.nombre}» eliminado`);
      },
    });

  const nombre = (d: DocumentoInmueble) => (
    <div className="documento-nombre">
      <span className="documento-icono" aria-hidden>
        {ICONO[tipoDocumento(d.content_type)]}
      </span>
      <span className="documento-texto">
        <Typography.Link onClick={() => bajar(d)} ellipsis aria-label={`Descargar ${d.nombre}`}>
          {d.nombre}
        </Typography.Link>
        {d.descripcion ? <Typography.Text type="secondary">{d.descripcion}</Typography.Text> : null}
      </span>
    </div>
  );
  const acciones = (d: DocumentoInmueble) => (
    <Space size={0}>
      <Tooltip title="Descargar">
        <Button
          type="text"
          icon={<DownloadOutlined />}
          onClick={() => bajar(d)}
          aria-label={`Descargar el documento ${d.nombre}`}
        />
      </Tooltip>
      {soloLectura ? null : (
        <Tooltip title="Eliminar">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmarEliminar(d)}
            aria-label={`Eliminar el documento ${d.nombre}`}
          />
        </Tooltip>
      )}
    </Space>
  );

  let cuerpo;
  if (docs.isPending) cuerpo = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (docs.isError)
    cuerpo = (
      <ErrorDeCarga titulo="No se pudieron cargar los documentos" error={docs.error} onReintentar={() => void docs.refetch()} />
    );
  else if (docs.data.length === 0)
    cuerpo = (
      <Empty
        className="archivos-vacio"
        description={
          soloLectura ? 'Este inmueble no tiene documentos.' : 'Aún no hay documentos: adjunte escrituras, certificados, planos…'
        }
      />
    );
  else if (movil)
    cuerpo = (
      <List
        className="documentos-lista"
        dataSource={docs.data}
        rowKey="id"
        renderItem={(d) => (
          <List.Item actions={[acciones(d)]}>
            <List.Item.Meta
              title={nombre(d)}
              description={`${tipoDocumento(d.content_type)} · ${formatTamano(d.bytes)} · ${formatFechaHora(d.creado_en)} · ${d.creado_por}`}
            />
          </List.Item>
        )}
      />
    );
  else
    cuerpo = (
      <Table<DocumentoInmueble>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={docs.data}
        columns={[
          { key: 'nombre', title: 'Documento', render: (_v, d) => nombre(d) },
          {
            key: 'tipo',
            title: 'Tipo',
            width: 90,
            render: (_v, d) => <Tag>{tipoDocumento(d.content_type)}</Tag>,
          },
          {
            key: 'tamano',
            title: 'Tamaño',
            width: 100,
            align: 'right',
            render: (_v, d) => <span className="documento-cifra">{formatTamano(d.bytes)}</span>,
          },
          {
            key: 'fecha',
            title: 'Subido',
            width: 170,
            render: (_v, d) => <span className="documento-cifra">{formatFechaHora(d.creado_en)}</span>,
          },
          { key: 'usuario', title: 'Usuario', width: 130, dataIndex: 'creado_por' },
          { key: 'acciones', title: 'Acciones', width: 110, render: (_v, d) => acciones(d) },
        ]}
      />
    );

  return (
    <div className="inmueble-documentos">
      {soloLectura ? null : (
        <div className="documentos-subida">
          <Input
            value={descripcion}
            onChange={(e) => setDescripcion(e.target.value)}
            maxLength={DESCRIPCION_DOCUMENTO_MAX}
            placeholder="Descripción (opcional) de los documentos que va a subir"
            aria-label="Descripción del documento"
            // The tab may live inside the property's <form>: Enter must not submit it.
            onPressEnter={(e) => e.preventDefault()}
            allowClear
          />
          <Upload.Dragger
            multiple
            accept={DOCUMENTO_ACEPTA}
            showUploadList={false}
            beforeUpload={(archivo, archivos) => {
              if (archivo === archivos[0]) cola.agregar(archivos);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <PaperClipOutlined />
            </p>
            <p className="ant-upload-text">Haga clic o arrastre aquí los documentos</p>
            <p className="ant-upload-hint">
              PDF, imágenes, Word o Excel de hasta {DOCUMENTO_MAX_BYTES / (1024 * 1024)} MB cada uno.
            </p>
          </Upload.Dragger>
          <ColaSubida items={cola.items} onReintentar={cola.reintentar} onQuitar={cola.quitar} titulo="Subiendo documentos" />
        </div>
      )}
      {cuerpo}
    </div>
  );
}
