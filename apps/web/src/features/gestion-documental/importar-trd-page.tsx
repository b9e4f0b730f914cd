import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import {
  COLUMNAS_TRD,
  ETIQUETAS_DISPOSICION,
  ETIQUETAS_SOPORTE,
  type FilaReporteTrd,
  type FilaTrd,
  type ReporteTrd,
} from '@predio/contract/gestion-documental-trd';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ApiError } from '../../lib/http.ts';
import { descargarTrd, useImportarTrd, useTrd, useValidarTrd, type ResultadoTrd } from './api/trd.ts';
import './gestion-documental.css';

const sinAcentos = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const conteo = (c: { nuevas: number; actualizadas: number }) =>
  `${c.nuevas} ${c.nuevas === 1 ? 'nueva' : 'nuevas'}, ${c.actualizadas} ${c.actualizadas === 1 ? 'actualizada' : 'actualizadas'}`;

/** What the file does to the TRD and its masters, and each row's mistakes. */
function Reporte({ r, mensaje }: { r: ReporteTrd; mensaje: string | null }) {
  const [soloErrores, setSoloErrores] = useState(r.conErrores > 0);
  const filas = soloErrores ? r.filas.filter((f) => f.errores.length > 0) : r.filas;
  return (
    <div className="trd-reporte">
      {r.aplicado ? (
        <Alert type="success" showIcon title={`TRD importada: ${r.filas.length} filas.`} />
      ) : r.conErrores > 0 ? (
        <Alert
          type="error"
          showIcon
          title={
            mensaje ?? `${r.conErrores} de ${r.filas.length} filas tienen errores: corríjalas en el archivo y valídelo otra vez.`
          }
        />
      ) : (
        <Alert type="info" showIcon title={`Las ${r.filas.length} filas están correctas. Revise los cambios e importe.`} />
      )}
      <ul className="trd-resumen" aria-label="Cambios">
        <li>Áreas: {conteo(r.areas)}</li>
        <li>Series: {conteo(r.series)}</li>
        <li>Subseries: {conteo(r.subseries)}</li>
        <li>Tipos documentales: {conteo(r.tipos)}</li>
        <li>
          Filas de la TRD: {r.trd.nuevas} por agregar, {r.trd.quitadas} por quitar, {r.trd.iguales} sin cambios
        </li>
      </ul>
      <Space className="trd-filtro">
        <Switch checked={soloErrores} onChange={setSoloErrores} aria-label="Solo filas con errores" size="small" />
        <span>Solo filas con errores</span>
      </Space>
      <Table<FilaReporteTrd>
        size="small"
        rowKey="fila"
        dataSource={filas}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 700 }}
        aria-label="Informe por fila"
        columns={[
          { key: 'fila', dataIndex: 'fila', title: 'Fila', width: 64 },
          { key: 'codigo', dataIndex: 'codigo', title: 'Código', width: 120 },
          { key: 'tipo', dataIndex: 'tipo_documental', title: 'Tipo documental', width: 200 },
          {
            key: 'resultado',
            title: 'Resultado',
            width: 400,
            render: (_v, f) =>
              f.errores.length === 0 ? (
                <Tag color="green">Correcta</Tag>
              ) : (
                <ul className="trd-errores">
                  {f.errores.map((e, i) => (
                    <li key={i}>{e.mensaje}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </div>
  );
}

/** Importar parametrización (idm 10574): the TRD from an Excel workbook, validated first, imported whole. */
export function ImportarTrdPage() {
  const { message } = App.useApp();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<ResultadoTrd | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const trd = useTrd();
  const validar = useValidarTrd();
  const importar = useImportarTrd();
  const ocupado = validar.isPending || importar.isPending;

  const fallo = (e: unknown) =>
    setError(e instanceof ApiError ? e.message.replace(/^file: /, '') : 'No se pudo leer el archivo.');
  const elegir = (f: File | null) => {
    setArchivo(f);
    setResultado(null);
    setError(null);
  };
  const descargar = (que: 'exportar' | 'plantilla') =>
    descargarTrd(que).catch((e: unknown) => message.error(e instanceof Error ? e.message : 'No se pudo descargar.'));

  const filas = useMemo(() => {
    const palabras = sinAcentos(q).split(/\s+/).filter(Boolean);
    return (trd.data ?? []).filter((f) => {
      const t = sinAcentos(`${f.codigo} ${f.dependencia} ${f.serie} ${f.subserie} ${f.tipo_documental}`);
      return palabras.every((p) => t.includes(p));
    });
  }, [trd.data, q]);

  const puedeImportar = resultado !== null && !resultado.reporte.aplicado && resultado.reporte.conErrores === 0;

  return (
    <Space orientation="vertical" size={16} className="trd-pagina">
      <Card title="Importar parametrización">
        <Space wrap className="trd-descargas">
          <Button icon={<FileExcelOutlined />} onClick={() => void descargar('plantilla')}>
            Descargar plantilla
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void descargar('exportar')} disabled={!trd.data?.length}>
            Exportar TRD
          </Button>
        </Space>
        <Typography.Paragraph type="secondary">
          La Tabla de Retención Documental en Excel (.xlsx), una fila por dependencia, serie, subserie y tipo documental, con las
          columnas <strong>{COLUMNAS_TRD.join(', ')}</strong>. El código se escribe dependencia-serie.subserie (por ejemplo
          100-12.03). Primero se valida cada fila; la importación reemplaza la TRD completa y se hace toda o nada.
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".xlsx,.csv"
          maxCount={1}
          disabled={ocupado}
          beforeUpload={(f) => {
            elegir(f);
            return false;
          }}
          onRemove={() => elegir(null)}
          fileList={archivo === null ? [] : [{ uid: 'archivo', name: archivo.name, status: 'done' }]}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>Haga clic o arrastre aquí el archivo de la TRD</p>
        </Upload.Dragger>
        <Space wrap className="trd-acciones">
          <Button
            type={puedeImportar ? 'default' : 'primary'}
            disabled={archivo === null || ocupado}
            loading={validar.isPending}
            onClick={() => {
              if (!archivo) return;
              setError(null);
              validar.mutate(archivo, { onSuccess: setResultado, onError: fallo });
            }}
          >
            Validar
          </Button>
          <Popconfirm
            title="¿Importar la TRD?"
            description={`El archivo reemplaza la TRD actual (${resultado?.reporte.filas.length ?? 0} filas).`}
            okText="Importar"
            cancelText="Cancelar"
            disabled={!puedeImportar}
            onConfirm={() => {
              if (!archivo) return;
              importar.mutate(archivo, {
                onSuccess: (r) => {
                  setResultado(r);
                  if (r.reporte.aplicado) message.success('TRD importada');
                },
                onError: fallo,
              });
            }}
          >
            <Button type="primary" disabled={!puedeImportar} loading={importar.isPending}>
              Importar
            </Button>
          </Popconfirm>
        </Space>
        {error ? <Alert type="error" showIcon title={error} className="trd-reporte" /> : null}
        {resultado ? (
          <Reporte key={resultado.reporte.aplicado ? 'i' : 'v'} r={resultado.reporte} mensaje={resultado.mensaje} />
        ) : null}
      </Card>

      <Card title="TRD actual">
        {trd.isError ? (
          <ErrorDeCarga titulo="No se pudo cargar la TRD" error={trd.error} onReintentar={() => void trd.refetch()} />
        ) : (
          <>
            <Input.Search
              allowClear
              placeholder="Buscar por código, dependencia, serie, subserie o tipo"
              aria-label="Buscar en la TRD"
              className="trd-buscar"
              onChange={(e) => setQ(e.target.value)}
            />
            <Table<FilaTrd>
              size="small"
              loading={trd.isPending}
              rowKey={(f) => `${f.codigo}|${f.tipo_documental}`}
              dataSource={filas}
              scroll={{ x: 960 }}
              pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
              aria-label="TRD actual"
              locale={{
                emptyText: (
                  <Empty
                    description={q ? 'Ninguna fila coincide con la búsqueda' : 'La empresa aún no tiene TRD: importe un archivo.'}
                  />
                ),
              }}
              columns={[
                { key: 'codigo', dataIndex: 'codigo', title: 'Código', width: 110, fixed: 'left' },
                { key: 'dependencia', dataIndex: 'dependencia', title: 'Dependencia' },
                { key: 'serie', dataIndex: 'serie', title: 'Serie' },
                { key: 'subserie', dataIndex: 'subserie', title: 'Subserie' },
                { key: 'tipo', dataIndex: 'tipo_documental', title: 'Tipo documental' },
                { key: 'ag', dataIndex: 'anios_gestion', title: 'Gestión (años)', width: 84, align: 'right' },
                { key: 'ac', dataIndex: 'anios_central', title: 'Central (años)', width: 84, align: 'right' },
                {
                  key: 'disposicion',
                  title: 'Disposición final',
                  width: 140,
                  render: (_v, f) => (f.disposicion_final ? ETIQUETAS_DISPOSICION[f.disposicion_final] : ''),
                },
                {
                  key: 'soporte',
                  title: 'Soporte',
                  width: 110,
                  render: (_v, f) => (f.soporte ? ETIQUETAS_SOPORTE[f.soporte] : ''),
                },
              ]}
            />
          </>
        )}
      </Card>
    </Space>
  );
}
