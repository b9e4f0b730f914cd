import { useState } from 'react';
import { Alert, Button, Progress, Space, Table, Typography, Upload } from 'antd';
import { AppModal } from '../app-modal.tsx';
import { InboxOutlined } from '@ant-design/icons';
import { ACTIVO_LABEL, enFormulario, etiquetasDe, type ResourceDef } from '@predio/contract/maestros/resource';
import { IMPORT_MAX_FILAS, type ImportReporte } from '@predio/contract/maestros/schemas';
import { formatNumero } from '../../lib/format.ts';

export type ModoImportacion = 'validar' | 'parcial';
export type Importar = (archivo: File, modo: ModoImportacion, onProgress: (percent: number) => void) => Promise<ImportReporte>;

type Props = { def: ResourceDef; open: boolean; onClose: () => void; onImportar: Importar };

type Estado =
  | { fase: 'inicio' }
  | { fase: 'subiendo'; modo: ModoImportacion; progreso: number }
  | { fase: 'reporte'; modo: ModoImportacion; reporte: ImportReporte }
  | { fase: 'error'; mensaje: string };

const EXTENSIONES = '.csv,.xlsx';

/** Choose a CSV or Excel file, dry-run it ('Validar') to see each bad row, then import the good ones. */
export function ImportModal({ def, open, onClose, onImportar }: Props) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [estado, setEstado] = useState<Estado>({ fase: 'inicio' });
  const subiendo = estado.fase === 'subiendo';

  const cerrar = () => {
    if (subiendo) return;
    setArchivo(null);
    setEstado({ fase: 'inicio' });
    onClose();
  };

  const ejecutar = async (modo: ModoImportacion) => {
    if (archivo === null) return;
    setEstado({ fase: 'subiendo', modo, progreso: 0 });
    try {
      const reporte = await onImportar(archivo, modo, (progreso) =>
        setEstado((e) => (e.fase === 'subiendo' ? { ...e, progreso } : e)),
      );
      setEstado({ fase: 'reporte', modo, reporte });
    } catch (e) {
      setEstado({ fase: 'error', mensaje: e instanceof Error ? e.message : String(e) });
    }
  };

  const importado = estado.fase === 'reporte' && estado.reporte.aplicado;
  const columnas = [
    ...def.fields.filter(enFormulario).map((f) => `${f.label}${f.required ? ' *' : ''}`),
    ...(def.activo ? [ACTIVO_LABEL] : []),
  ];
  const llaves = def.unique.map((u) => etiquetasDe(def, u)).join(' o por ');

  return (
    <AppModal
      open={open}
      title={`Importar ${def.plural}`}
      onCancel={cerrar}
      mask={{ closable: !subiendo }}
      closable={!subiendo}
      width={720}
      destroyOnHidden
      footer={
        importado ? (
          <Button type="primary" onClick={cerrar}>
            Terminar
          </Button>
        ) : (
          <Space wrap>
            <Button onClick={cerrar} disabled={subiendo}>
              Cancelar
            </Button>
            <Button
              disabled={archivo === null || subiendo}
              loading={subiendo && estado.modo === 'validar'}
              onClick={() => void ejecutar('validar')}
            >
              Validar
            </Button>
            <Button
              type="primary"
              disabled={archivo === null || subiendo}
              loading={subiendo && estado.modo === 'parcial'}
              onClick={() => void ejecutar('parcial')}
            >
              Importar
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Archivo CSV (separado por punto y coma) o Excel (.xlsx), de máximo {formatNumero(IMPORT_MAX_FILAS)} filas. La primera fila
        lleva los encabezados: <strong>{columnas.join(', ')}</strong> (* obligatorio). Una fila que coincide por {llaves} con un
        registro existente lo actualiza. Exporte la lista para obtener una plantilla.
      </Typography.Paragraph>
      {importado ? null : (
        <Upload.Dragger
          accept={EXTENSIONES}
          maxCount={1}
          disabled={subiendo}
          beforeUpload={(file) => {
            setArchivo(file);
            setEstado({ fase: 'inicio' });
            return false;
          }}
          onRemove={() => {
            setArchivo(null);
            setEstado({ fase: 'inicio' });
          }}
          fileList={archivo === null ? [] : [{ uid: 'archivo', name: archivo.name, status: 'done' }]}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>Haga clic o arrastre aquí el archivo</p>
        </Upload.Dragger>
      )}
      {estado.fase === 'subiendo' ? (
        <Progress percent={estado.progreso} status="active" aria-label="Progreso de la subida" />
      ) : null}
      {estado.fase === 'error' ? <Alert type="error" showIcon title={estado.mensaje} className="resource-import-result" /> : null}
      {estado.fase === 'reporte' ? <Reporte modo={estado.modo} reporte={estado.reporte} /> : null}
    </AppModal>
  );
}

function Reporte({ modo, reporte }: { modo: ModoImportacion; reporte: ImportReporte }) {
  const n = reporte.errores.length;
  const filasMalas = new Set(reporte.errores.map((e) => e.fila)).size;
  const cuentas = `${formatNumero(reporte.insertados)} ${reporte.insertados === 1 ? 'nueva' : 'nuevas'}, ${formatNumero(
    reporte.actualizados,
  )} ${reporte.actualizados === 1 ? 'actualizada' : 'actualizadas'}, ${formatNumero(reporte.sinCambios)} sin cambios`;
  const omitidas = n > 0 ? `; ${filasMalas} ${filasMalas === 1 ? 'fila omitida' : 'filas omitidas'} por errores` : '';
  const titulo = reporte.aplicado
    ? `Importación terminada: ${cuentas}${omitidas}.`
    : modo === 'validar'
      ? `Validación: ${cuentas}${n > 0 ? `; ${filasMalas} ${filasMalas === 1 ? 'fila' : 'filas'} con errores` : ''}. No se ha guardado nada.`
      : `No se importó nada: ${filasMalas} ${filasMalas === 1 ? 'fila tiene' : 'filas tienen'} errores.`;
  const tipo = n === 0 ? 'success' : reporte.aplicado || modo === 'validar' ? 'warning' : 'error';
  return (
    <div className="resource-import-result">
      <Alert
        type={tipo}
        showIcon
        title={titulo}
        description={
          n > 0
            ? reporte.aplicado
              ? 'Las filas con errores se omitieron: corríjalas en el archivo y vuelva a importarlo.'
              : 'Al pulsar Importar se guardan las filas sin errores y se omiten las que tienen errores.'
            : undefined
        }
      />
      {n > 0 ? (
        <Table
          size="small"
          className="resource-import-errors"
          aria-label="Errores por fila"
          rowKey={(e) => `${e.fila}-${e.campo}-${e.mensaje}`}
          dataSource={reporte.errores}
          pagination={n > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Fila', dataIndex: 'fila', width: 70 },
            { title: 'Campo', dataIndex: 'campo', width: 160 },
            { title: 'Error', dataIndex: 'mensaje' },
          ]}
        />
      ) : null}
    </div>
  );
}
