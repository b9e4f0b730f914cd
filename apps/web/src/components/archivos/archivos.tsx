import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, ConfigProvider, Empty, Grid, Input, Skeleton, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
  PaperClipOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ArchivoRegistro } from '@predio/contract/archivos';
import { formatFechaHora } from '../../lib/format.ts';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { useAvisos } from '../foco.ts';
import { archivosKeys, subirArchivo, useArchivos, useDescargarArchivo, useEliminarArchivo, type Dueno } from './archivos-api.ts';
import { formatTamano, tipoDocumento } from './cola-subida.ts';
import { ColaSubida } from './cola-subida-lista.tsx';
import { useColaSubida } from './use-cola-subida.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../listado/listado.tsx';
import './archivos.css';

export type TextosArchivos = {
  /** «documento», «adjunto»: names one file in buttons and confirmations. */
  singular: string;
  /** «documentos»: the list's heading and the upload queue. */
  plural: string;
  /** What the empty list says to someone who may upload, and to someone who may not. */
  vacio: string;
  vacioSoloLectura: string;
  /** Under the drop zone: which files and how large. */
  ayuda: string;
};

type Props = Dueno & {
  textos: TextosArchivos;
  /** The file chooser's filter (extensions and types). */
  acepta?: string;
  /** What the browser can tell before sending (type, size); the server checks the bytes again. */
  validar?: (f: File) => string | null;
  /** Offer a description for the files about to be uploaded. */
  conDescripcion?: boolean;
  soloLectura?: boolean;
  /** On a phone, the picker opens the rear camera (an inventory's photos). */
  captura?: boolean;
};

const ICONO: Record<ReturnType<typeof tipoDocumento>, ReactNode> = {
  PDF: <FilePdfOutlined style={{ color: '#cf1322' }} />,
  Imagen: <FileImageOutlined style={{ color: '#1677ff' }} />,
  Video: <VideoCameraOutlined style={{ color: '#531dab' }} />,
  Word: <FileWordOutlined style={{ color: '#2f54eb' }} />,
  Excel: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  Archivo: <FileOutlined />,
};

/**
 * The files of one record and category (a property's documents, a cita's attachments): list with name,
 * type, size, who and when; download; upload with progress, one file after another; delete with a
 * confirmation naming the file; loading, empty and error states. Any module whose records own files
 * (platform/archivos on the server) shows them with this.
 */
export function Archivos(props: Props) {
  // It may sit in a read-only (disabled) form: viewing, downloading and retrying must still work there;
  // soloLectura alone decides what can change.
  return (
    <ConfigProvider componentDisabled={false}>
      <ListaArchivos {...props} />
    </ConfigProvider>
  );
}

function ListaArchivos({
  tipo,
  dueno,
  categoria,
  textos,
  acepta,
  validar,
  conDescripcion = false,
  soloLectura = false,
  captura = false,
}: Props) {
  const d = { tipo, dueno, categoria };
  const { message } = App.useApp();
  const modal = useAvisos();
  const queryClient = useQueryClient();
  const archivos = useArchivos(d);
  const eliminar = useEliminarArchivo(d);
  const descargar = useDescargarArchivo(d);
  const [descripcion, setDescripcion] = useState('');
  const movil = Grid.useBreakpoint().md === false;
  const cola = useColaSubida({
    subir: (archivo, alProgreso) => subirArchivo({ ...d, archivo, descripcion, alProgreso }),
    validar: validar ?? ((f) => (f.size === 0 ? `«${f.name}» está vacío.` : null)),
    alSubir: () => {
      setDescripcion('');
      void queryClient.invalidateQueries({ queryKey: archivosKeys.all });
    },
  });
  const { singular } = textos;
  const Singular = singular.charAt(0).toUpperCase() + singular.slice(1);

  const bajar = (a: ArchivoRegistro) => descargar.mutate(a.id);
  const confirmarEliminar = (a: ArchivoRegistro) =>
    modal.confirm({
      title: `¿Eliminar el ${singular} «${a.nombre}»?`,
      content: 'El archivo se borra del registro; no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await eliminar.mutateAsync(a.id);
        void message.success(`${Singular} «${a.nombre}» eliminado`);
      },
    });

  const nombre = (a: ArchivoRegistro) => (
    <div className="documento-nombre">
      <span className="documento-icono" aria-hidden>
        {ICONO[tipoDocumento(a.content_type)]}
      </span>
      <span className="documento-texto">
        <Typography.Link onClick={() => bajar(a)} ellipsis aria-label={`Descargar ${a.nombre}`}>
          {a.nombre}
        </Typography.Link>
        {a.descripcion ? <Typography.Text type="secondary">{a.descripcion}</Typography.Text> : null}
      </span>
    </div>
  );
  const acciones = (a: ArchivoRegistro) => (
    <Space size={0}>
      <Tooltip title="Descargar">
        <Button
          type="text"
          icon={<DownloadOutlined />}
          onClick={() => bajar(a)}
          aria-label={`Descargar el ${singular} ${a.nombre}`}
        />
      </Tooltip>
      {soloLectura ? null : (
        <Tooltip title="Eliminar">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmarEliminar(a)}
            aria-label={`Eliminar el ${singular} ${a.nombre}`}
          />
        </Tooltip>
      )}
    </Space>
  );

  let cuerpo;
  if (archivos.isPending) cuerpo = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (archivos.isError)
    cuerpo = (
      <ErrorDeCarga
        titulo={`No se pudieron cargar los ${textos.plural}`}
        error={archivos.error}
        onReintentar={() => void archivos.refetch()}
      />
    );
  else if (archivos.data.length === 0)
    cuerpo = <Empty className="archivos-vacio" description={soloLectura ? textos.vacioSoloLectura : textos.vacio} />;
  else if (movil)
    cuerpo = (
      <Listado
        className="documentos-lista"
        dataSource={archivos.data}
        rowKey="id"
        renderItem={(a) => (
          <ListadoItem actions={[acciones(a)]}>
            <ListadoItemMeta
              title={nombre(a)}
              description={`${tipoDocumento(a.content_type)} · ${formatTamano(a.bytes)} · ${formatFechaHora(a.creado_en)} · ${a.creado_por}`}
            />
          </ListadoItem>
        )}
      />
    );
  else
    cuerpo = (
      <Table<ArchivoRegistro>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={archivos.data}
        columns={[
          { key: 'nombre', title: Singular, render: (_v, a) => nombre(a) },
          { key: 'tipo', title: 'Tipo', width: 90, render: (_v, a) => <Tag>{tipoDocumento(a.content_type)}</Tag> },
          {
            key: 'tamano',
            title: 'Tamaño',
            width: 100,
            align: 'right',
            render: (_v, a) => <span className="documento-cifra">{formatTamano(a.bytes)}</span>,
          },
          {
            key: 'fecha',
            title: 'Subido',
            width: 170,
            render: (_v, a) => <span className="documento-cifra">{formatFechaHora(a.creado_en)}</span>,
          },
          { key: 'usuario', title: 'Usuario', width: 130, dataIndex: 'creado_por' },
          { key: 'acciones', title: 'Acciones', width: 110, render: (_v, a) => acciones(a) },
        ]}
      />
    );

  return (
    <div className="archivos">
      {soloLectura ? null : (
        <div className="documentos-subida">
          {conDescripcion ? (
            <Input
              value={descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
              maxLength={500}
              placeholder={`Descripción (opcional) de los ${textos.plural} que va a subir`}
              aria-label={`Descripción del ${singular}`}
              // It may live inside a record's <form>: Enter must not submit it.
              onPressEnter={(e) => e.preventDefault()}
              allowClear
            />
          ) : null}
          <Upload.Dragger
            multiple
            {...(acepta ? { accept: acepta } : {})}
            {...(captura ? { capture: 'environment' as const } : {})}
            showUploadList={false}
            beforeUpload={(archivo, lista) => {
              if (archivo === lista[0]) cola.agregar(lista);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <PaperClipOutlined />
            </p>
            <p className="ant-upload-text">Haga clic o arrastre aquí los {textos.plural}</p>
            <p className="ant-upload-hint">{textos.ayuda}</p>
          </Upload.Dragger>
          <ColaSubida
            items={cola.items}
            onReintentar={cola.reintentar}
            onQuitar={cola.quitar}
            titulo={`Subiendo ${textos.plural}`}
          />
        </div>
      )}
      {cuerpo}
    </div>
  );
}
