import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Empty, Form, Input, Select, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import {
  CLASES_DE_PROGRAMA,
  ETIQUETAS_CLASE,
  ETIQUETAS_PROGRAMA,
  PROGRAMAS_CONTRATO,
  type ClaseContrato,
  type PlantillaContrato,
  type ProgramaContrato,
  type VersionPlantilla,
} from '@predio/contract/contratos';
import { AppModal } from '../../components/app-modal.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import {
  revisarContrato,
  useCamposContrato,
  useGuardarPlantillaContrato,
  usePlantillaContrato,
  useTiposDocumento,
  versionPlantilla,
  vistaPreviaContrato,
} from './contratos-api.ts';
import { rutaEditar } from './plantillas-contratos-page.tsx';
import './contratos.css';

const EditorPlantilla = lazy(() =>
  import('../../components/editor-plantilla/editor-plantilla.tsx').then((m) => ({ default: m.EditorPlantilla })),
);

const mensajeDe = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * editar-plantilla-contratos/{contrato}/{programa} (idm 10599, hidden): {contrato} is the template's id
 * («nueva» for a new one) and {programa} the register that uses it (contratos or coem, the mandates).
 */
export function EditarPlantillaContratosPage() {
  const params = useParams();
  const programa: ProgramaContrato = PROGRAMAS_CONTRATO.includes(params.programa as ProgramaContrato)
    ? (params.programa as ProgramaContrato)
    : 'contratos';
  const id = params.contrato === 'nueva' ? null : Number(params.contrato);
  const plantilla = usePlantillaContrato(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  if (id !== null && (!Number.isInteger(id) || id <= 0)) return <Empty description="La plantilla no existe" />;
  if (id !== null && plantilla.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id !== null && plantilla.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudo cargar la plantilla"
        error={plantilla.error}
        onReintentar={() => void plantilla.refetch()}
      />
    );
  return (
    <Editor key={`${id ?? 'nueva'}-${plantilla.data?.version ?? 0}`} programa={programa} plantilla={plantilla.data ?? null} />
  );
}

type Valores = { nombre: string; clase: ClaseContrato; id_tipo_documento: number; nota: string; activa: boolean };

function Editor({ programa, plantilla }: { programa: ProgramaContrato; plantilla: PlantillaContrato | null }) {
  const campos = useCamposContrato();
  const tipos = useTiposDocumento();
  const guardar = useGuardarPlantillaContrato();
  const navegar = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const [contenido, setContenido] = useState(plantilla?.contenido ?? '<p></p>');
  const [error, setError] = useState<string | null>(null);
  const [problemas, setProblemas] = useState<string[] | null>(null);
  const [previa, setPrevia] = useState<{ titulo: string; html: string } | null>(null);
  const clases = CLASES_DE_PROGRAMA[plantilla?.programa ?? programa];

  const enviar = async (v: Valores) => {
    setError(null);
    try {
      const p = await guardar.mutateAsync({ id: plantilla?.id ?? null, body: { ...v, nota: v.nota ?? '', contenido } });
      void message.success(
        plantilla && p.version === plantilla.version
          ? 'Plantilla guardada (el texto no cambió)'
          : `Guardada la versión ${p.version}`,
      );
      if (!plantilla) void navegar(rutaEditar(p.id, p.programa), { replace: true });
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      else throw e;
    }
  };
  const revisar = async () => {
    try {
      const r = await revisarContrato(contenido);
      setProblemas(r.problemas.map((p) => (p.linea ? `Línea ${p.linea}: ${p.mensaje}` : p.mensaje)));
    } catch (e) {
      setProblemas([mensajeDe(e)]);
    }
  };
  const verPrevia = async () => {
    try {
      setPrevia({ titulo: 'Vista previa con datos de ejemplo', html: (await vistaPreviaContrato(contenido)).html });
    } catch (e) {
      setError(mensajeDe(e));
    }
  };

  return (
    <Space orientation="vertical" size="middle" className="contratos-pagina">
      <Card
        title={plantilla ? `Plantilla «${plantilla.nombre}» · v${plantilla.version}` : 'Nueva plantilla de contrato'}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navegar('/firmas-electronicas/plantillas-contratos')}>
            Volver
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          Registro: {ETIQUETAS_PROGRAMA[plantilla?.programa ?? programa]}. Inserte los campos desde la lista del editor; al
          guardar se revisa cada campo y queda una versión nueva.
        </Typography.Paragraph>
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} closable onClose={() => setError(null)} />
        ) : null}
        <div className="contratos-editor-grid">
          <Form<Valores>
            layout="vertical"
            form={form}
            initialValues={{
              nombre: plantilla?.nombre ?? '',
              clase: plantilla?.clase ?? clases[0],
              id_tipo_documento: plantilla?.id_tipo_documento,
              nota: '',
              activa: plantilla?.activa ?? true,
            }}
            onFinish={(v) => void enviar(v)}
          >
            <Space wrap align="start">
              <Form.Item
                name="nombre"
                label="Nombre"
                rules={[{ required: true, whitespace: true, message: 'El campo Nombre es obligatorio' }]}
              >
                <Input maxLength={120} style={{ width: 'min(280px, calc(100vw - 110px))' }} />
              </Form.Item>
              <Form.Item
                name="clase"
                label="Clase de contrato"
                rules={[{ required: true, message: 'El campo Clase de contrato es obligatorio' }]}
              >
                <Select<ClaseContrato>
                  style={{ width: 'min(280px, calc(100vw - 110px))' }}
                  options={clases.map((c) => ({ value: c, label: ETIQUETAS_CLASE[c] }))}
                />
              </Form.Item>
              <Form.Item
                name="id_tipo_documento"
                label="Tipo de documento"
                rules={[{ required: true, message: 'El campo Tipo de documento es obligatorio' }]}
              >
                <Select<number>
                  style={{ width: 'min(280px, calc(100vw - 110px))' }}
                  loading={tipos.isPending}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(tipos.data ?? []).map((t) => ({ value: t.id, label: t.label }))}
                />
              </Form.Item>
              <Form.Item name="activa" label="Activa" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item label="Contenido" required>
              {campos.isError ? (
                <ErrorDeCarga titulo="No se pudieron cargar los campos" onReintentar={() => void campos.refetch()} />
              ) : campos.isPending ? (
                <Skeleton active paragraph={{ rows: 8 }} />
              ) : (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
                  <EditorPlantilla
                    value={contenido}
                    onChange={setContenido}
                    campos={campos.data}
                    etiqueta="Contenido de la plantilla"
                  />
                </Suspense>
              )}
            </Form.Item>
            {problemas !== null ? (
              problemas.length === 0 ? (
                <Alert type="success" showIcon title="La plantilla no tiene errores." style={{ marginBottom: 12 }} />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  title="Errores en la plantilla"
                  description={
                    <ul style={{ margin: 0, paddingLeft: 18 }}>
                      {problemas.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  }
                  style={{ marginBottom: 12 }}
                />
              )
            ) : null}
            <Form.Item name="nota" label="Nota de la versión" extra="Qué cambió (queda en el historial).">
              <Input maxLength={300} />
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={guardar.isPending}>
                {plantilla ? 'Guardar nueva versión' : 'Crear plantilla'}
              </Button>
              <Button icon={<CheckCircleOutlined />} onClick={() => void revisar()}>
                Revisar campos
              </Button>
              <Button icon={<EyeOutlined />} onClick={() => void verPrevia()}>
                Vista previa
              </Button>
            </Space>
          </Form>
          <Historial plantilla={plantilla} onVer={(v, html) => setPrevia({ titulo: `Versión ${v}`, html })} />
        </div>
      </Card>
      <AppModal open={previa !== null} title={previa?.titulo} footer={null} width={900} onCancel={() => setPrevia(null)}>
        {previa ? <SafeHtml html={previa.html} className="contratos-previa" /> : null}
      </AppModal>
    </Space>
  );
}

function Historial({
  plantilla,
  onVer,
}: {
  plantilla: PlantillaContrato | null;
  onVer: (version: number, html: string) => void;
}) {
  const [viendo, setViendo] = useState<number | null>(null);
  const { message } = App.useApp();
  const ver = async (id: number, v: number) => {
    setViendo(v);
    try {
      onVer(v, (await versionPlantilla(id, v)).contenido);
    } catch (e) {
      void message.error(mensajeDe(e));
    } finally {
      setViendo(null);
    }
  };
  return (
    <Card size="small" title="Historial de versiones">
      {!plantilla ? (
        <Typography.Text type="secondary">La versión 1 queda al crear la plantilla.</Typography.Text>
      ) : (
        <Table<VersionPlantilla>
          rowKey="version"
          size="small"
          pagination={false}
          dataSource={plantilla.versiones}
          aria-label="Historial de versiones"
          columns={[
            { title: 'Versión', dataIndex: 'version', render: (v: number) => `v${v}` },
            {
              title: 'Cambio',
              key: 'cambio',
              render: (_: unknown, v) => (
                <Space orientation="vertical" size={0}>
                  <span>{v.nota || '—'}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatFechaHora(v.creado_en)} · {v.creado_por}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: <span className="contratos-sr-only">Ver</span>,
              key: 'ver',
              render: (_: unknown, v) => (
                <Button
                  size="small"
                  aria-label={`Ver la versión ${v.version}`}
                  loading={viendo === v.version}
                  onClick={() => void ver(plantilla.id, v.version)}
                >
                  Ver
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
