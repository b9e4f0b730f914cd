import { useState } from 'react';
import { App, Button, Empty, Form, Input, Skeleton, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import { CloudUploadOutlined, DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  ETIQUETAS_ACCION_HISTORIAL,
  ETIQUETAS_VERSION as LV,
  ZVersionMotivo,
  type DocumentoConVersiones,
} from '@predio/contract/gestion-documental-versiones';
import { TIPO_DUENO_RADICADO } from '@predio/contract/gestion-documental';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatTamano } from '../../components/archivos/cola-subida.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useDocumentosRadicado, useHistorialRadicado, useNuevaVersion, versionesKeys } from './api/versiones.ts';

const ACEPTA = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/jpeg,image/png,image/tiff';
/** Rows of the history shown before «Ver todo». */
const HISTORIAL_CORTO = 8;

type Props = {
  idRadicado: number;
  /** Why no new version may be uploaded (read-only, annulled); null when it may. */
  bloqueo: string | null;
  soloLectura: boolean;
};

/**
 * The radicado's documents with their versions (number, who, when, size, motivo; each downloadable) and
 * «Nueva versión», then the history of who saw, downloaded or changed them.
 */
export function RadicadoVersiones({ idRadicado, bloqueo, soloLectura }: Props) {
  const docs = useDocumentosRadicado(idRadicado);
  const [nueva, setNueva] = useState<DocumentoConVersiones | null>(null);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const bajar = (idArchivo: number) =>
    descargar(`/archivos/${TIPO_DUENO_RADICADO}/${idRadicado}/${idArchivo}`)
      .then(() => qc.invalidateQueries({ queryKey: versionesKeys.historial(idRadicado) }))
      .catch((e: unknown) => void message.error(e instanceof Error ? e.message : 'No se pudo descargar'));
  return (
    <>
      <section className="radicado-versiones" aria-label="Versiones de los documentos">
        <Typography.Title level={5}>Versiones de los documentos</Typography.Title>
        {docs.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : docs.isError ? (
          <ErrorDeCarga
            titulo="No se pudieron cargar las versiones"
            error={docs.error}
            onReintentar={() => void docs.refetch()}
          />
        ) : docs.data.length === 0 ? (
          <Typography.Text type="secondary">Sin documentos: adjunte uno para llevar sus versiones.</Typography.Text>
        ) : (
          docs.data.map((d) => (
            <div key={d.id} className="radicado-documento" aria-label={`Versiones de ${d.nombre}`} role="group">
              <div className="radicado-documento-cabeza">
                <Typography.Text strong ellipsis>
                  {d.nombre}
                </Typography.Text>
                {soloLectura ? null : (
                  <Button
                    size="small"
                    icon={<CloudUploadOutlined />}
                    disabled={bloqueo !== null}
                    title={bloqueo ?? undefined}
                    onClick={() => setNueva(d)}
                  >
                    Nueva versión
                  </Button>
                )}
              </div>
              <ol className="radicado-version-lista">
                {d.versiones.map((v) => (
                  <li key={v.id_archivo} className="radicado-version" aria-label={`Versión ${v.numero}`}>
                    <Space size={6} wrap>
                      <Tag color={v.actual ? 'blue' : 'default'}>v{v.numero}</Tag>
                      <Typography.Text>{v.nombre}</Typography.Text>
                      <Typography.Text type="secondary">{formatTamano(v.bytes)}</Typography.Text>
                      <Button
                        type="link"
                        size="small"
                        icon={<DownloadOutlined />}
                        aria-label={`Descargar versión ${v.numero} de ${d.nombre}`}
                        onClick={() => void bajar(v.id_archivo)}
                      >
                        Descargar
                      </Button>
                    </Space>
                    <div>
                      <Typography.Text type="secondary">
                        {v.creado_por} · {formatFechaHora(v.creado_en)}
                        {v.actual ? ' · vigente' : ''}
                      </Typography.Text>
                    </div>
                    {v.motivo ? <div className="radicado-nota">{v.motivo}</div> : null}
                  </li>
                ))}
              </ol>
            </div>
          ))
        )}
      </section>
      <HistorialDocumentos idRadicado={idRadicado} />
      <NuevaVersion idRadicado={idRadicado} documento={nueva} onCerrar={() => setNueva(null)} />
    </>
  );
}

function HistorialDocumentos({ idRadicado }: { idRadicado: number }) {
  const h = useHistorialRadicado(idRadicado);
  const [todo, setTodo] = useState(false);
  const filas = h.data ?? [];
  const vistas = todo ? filas : filas.slice(0, HISTORIAL_CORTO);
  return (
    <section className="radicado-historial" aria-label="Historial de los documentos">
      <Typography.Title level={5}>
        <HistoryOutlined /> Historial de los documentos
      </Typography.Title>
      {h.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : h.isError ? (
        <ErrorDeCarga titulo="No se pudo cargar el historial" error={h.error} onReintentar={() => void h.refetch()} />
      ) : filas.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nadie ha consultado ni cambiado sus documentos." />
      ) : (
        <>
          <ul className="radicado-historial-lista">
            {vistas.map((x) => (
              <li key={x.id}>
                <span>
                  {ETIQUETAS_ACCION_HISTORIAL[x.accion]}
                  {x.archivo ? <> «{x.archivo}»</> : null}
                  {x.detalle ? <Typography.Text type="secondary"> — {x.detalle}</Typography.Text> : null}
                </span>
                <Typography.Text type="secondary" className="radicado-historial-quien">
                  {x.usuario} · {formatFechaHora(x.creado_en)}
                </Typography.Text>
              </li>
            ))}
          </ul>
          {filas.length > HISTORIAL_CORTO ? (
            <Button type="link" size="small" onClick={() => setTodo((v) => !v)}>
              {todo ? 'Ver menos' : `Ver todo (${filas.length})`}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The contract's rule; its messages already name the field («El campo Motivo del cambio es obligatorio»). */
const reglaMotivo = {
  validator: (_r: unknown, v: unknown) => {
    const r = ZVersionMotivo.shape.motivo.safeParse(v ?? undefined);
    return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'no es válido'));
  },
};

type ValoresVersion = { motivo?: string; archivo?: UploadFile[] };

function NuevaVersion(props: { idRadicado: number; documento: DocumentoConVersiones | null; onCerrar: () => void }) {
  const subir = useNuevaVersion(props.idRadicado);
  const { message } = App.useApp();
  const d = props.documento;
  return (
    <ModalForm<ValoresVersion>
      open={d !== null}
      title={d ? `Nueva versión de «${d.nombre}»` : 'Nueva versión'}
      okText="Subir versión"
      guardando={subir.isPending}
      valores={{}}
      onCerrar={props.onCerrar}
      onGuardar={async (v) => {
        const archivo = v.archivo?.[0]?.originFileObj;
        if (!d || !archivo) return;
        const r = await subir.mutateAsync({ documento: d.id, archivo, motivo: v.motivo ?? '' });
        void message.success(`Versión ${r.versiones[0]?.numero ?? ''} de «${r.nombre}» guardada`);
      }}
    >
      <Typography.Paragraph type="secondary">
        La versión actual se conserva con su número; la nueva pasa a ser la vigente.
      </Typography.Paragraph>
      <Form.Item
        name="archivo"
        label={LV.file}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
        rules={[
          {
            validator: (_r, v: ValoresVersion['archivo']) =>
              v?.length ? Promise.resolve() : Promise.reject(new Error('Elija el archivo de la nueva versión')),
          },
        ]}
      >
        <Upload beforeUpload={() => false} maxCount={1} accept={ACEPTA}>
          <Button icon={<UploadOutlined />}>Elegir archivo (PDF o imagen, hasta 25 MB)</Button>
        </Upload>
      </Form.Item>
      <Form.Item name="motivo" label={LV.motivo} rules={[reglaMotivo]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="Por qué reemplaza a la versión actual" />
      </Form.Item>
    </ModalForm>
  );
}
