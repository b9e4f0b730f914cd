import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Form, Input, InputNumber, Progress, Select, Space, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, DragOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CANALES_FIRMA,
  ETIQUETAS_CANAL_FIRMA,
  MAX_BYTES_PDF_FIRMA,
  MAX_FIRMANTES,
  type DocumentoFirmaForm,
  type DocumentoFirmaResumen,
} from '@predio/contract/firmas';
import { definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useCanalesFirma, useCrearBorrador, useDocumentosFirma, useEnviarAFirma } from './api/firmas-api.ts';
import { CertificadoSelloCard } from './certificado-sello-card.tsx';
import { EstadoDocumento } from './comun.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import './firmas.css';

// The placement screen loads only when a draft is opened: the list and the form never need it, and the
// first load of /inicio (whose page registry lists each page's chunks) stays the same.
const UbicarCampos = lazy(() => import('./ubicar-campos.tsx').then((m) => ({ default: m.UbicarCampos })));

const PATH = '/firmas-electronicas/firmar-electronicamente-documentos-pdf';
const DETALLE = '/firmas-electronicas/detalle-documento';
const lista = definirLista({ filtros: { q: texto() } });
const FIRMANTE_NUEVO = { nombre: '', documento: '', email: '', canal: 'correo' as const, celular: '' };

function NuevoEnvio({ onEnviado, onBorrador }: { onEnviado: (id: number) => void; onBorrador: (id: number) => void }) {
  const [form] = Form.useForm<DocumentoFirmaForm>();
  const borrador = useCrearBorrador();
  // «Ubicar campos» keeps the draft unsent and opens the placement screen; «Enviar» sends at once.
  const [ubicar, setUbicar] = useState(false);
  const [pdf, setPdf] = useState<File | null>(null);
  const [avance, setAvance] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enviar = useEnviarAFirma();
  const canales = useCanalesFirma().data;
  const { message } = App.useApp();
  const alEnviar = async (v: DocumentoFirmaForm) => {
    setError(null);
    if (!pdf) return setError('Archivo PDF: adjunte el PDF que se va a firmar.');
    try {
      if (ubicar) {
        const id = await borrador.mutateAsync({ form: v, pdf, onProgress: setAvance });
        form.resetFields();
        setPdf(null);
        return onBorrador(id);
      }
      const d = await enviar.mutateAsync({ form: v, pdf, onProgress: setAvance });
      message.success(`Enviado a ${d.firmantes} firmante${d.firmantes === 1 ? '' : 's'}`);
      form.resetFields();
      setPdf(null);
      onEnviado(d.id);
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(form, e));
      else throw e;
    } finally {
      setAvance(null);
    }
  };
  return (
    <Card size="small" title="Enviar un PDF a firmar" className="firmas-nuevo">
      {error && <Alert type="error" showIcon title={error} className="firmas-alerta" />}
      <Form<DocumentoFirmaForm>
        form={form}
        layout="vertical"
        onFinish={(v) => void alEnviar(v)}
        initialValues={{
          titulo: '',
          mensaje: '',
          vence_dias: 15,
          secuencial: false,
          recordar_dias: 3,
          firmantes: [FIRMANTE_NUEVO],
        }}
      >
        <Form.Item label="Archivo PDF" required>
          <Upload
            accept="application/pdf,.pdf"
            maxCount={1}
            fileList={pdf ? [{ uid: '1', name: pdf.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (f.size > MAX_BYTES_PDF_FIRMA) setError('Archivo PDF: el archivo supera los 20 MB.');
              else {
                setPdf(f);
                if (!form.getFieldValue('titulo')) form.setFieldValue('titulo', f.name.replace(/\.pdf$/i, ''));
              }
              return false;
            }}
            onRemove={() => setPdf(null)}
          >
            <Button icon={<UploadOutlined />}>Elegir PDF</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="titulo" label="Título" rules={[{ required: true, message: 'El campo Título es obligatorio' }]}>
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="mensaje" label="Mensaje para los firmantes">
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="vence_dias" label="Vence en (días)">
            <InputNumber min={1} max={90} />
          </Form.Item>
          <Form.Item
            name="recordar_dias"
            label="Recordar cada (días)"
            tooltip="A quien no haya firmado se le reenvía su enlace cada tantos días (hasta 5 veces); 0 no envía recordatorios."
          >
            <InputNumber min={0} max={30} />
          </Form.Item>
          <Form.Item
            name="secuencial"
            label="Firmar en orden"
            valuePropName="checked"
            tooltip="Cada firmante recibe su enlace cuando el anterior haya firmado, en el orden de la lista."
          >
            <Switch />
          </Form.Item>
        </Space>
        <div>
          <Typography.Text strong>Firmantes</Typography.Text>
        </div>
        <Form.List name="firmantes">
          {(campos, { add, remove }) => (
            <>
              {campos.map((c, i) => (
                <div key={c.key} className="firmas-firmante">
                  <Form.Item
                    name={[c.name, 'nombre']}
                    label={`Nombre del firmante ${i + 1}`}
                    rules={[{ required: true, message: 'El campo Nombre del firmante es obligatorio' }]}
                  >
                    <Input maxLength={120} autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'documento']}
                    label={`Documento del firmante ${i + 1}`}
                    rules={[{ required: true, message: 'El campo Documento del firmante es obligatorio' }]}
                  >
                    <Input maxLength={20} autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'email']}
                    label={`Correo del firmante ${i + 1}`}
                    rules={[{ required: true, type: 'email', message: 'El campo Correo del firmante no es un correo válido' }]}
                  >
                    <Input maxLength={120} type="email" autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={[c.name, 'canal']}
                    label={`Canal del firmante ${i + 1}`}
                    tooltip="SMS y WhatsApp salen por el proveedor de Correos › Configurar mensajes. La copia firmada siempre va al correo."
                  >
                    <Select
                      popupMatchSelectWidth={false}
                      options={CANALES_FIRMA.map((k) => ({
                        value: k,
                        label: ETIQUETAS_CANAL_FIRMA[k] + (k !== 'correo' && canales && !canales[k] ? ' (sin proveedor)' : ''),
                        disabled: k !== 'correo' && !canales?.[k],
                      }))}
                    />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['firmantes', c.name, 'canal']]}>
                    {({ getFieldValue }) => {
                      const canal = getFieldValue(['firmantes', c.name, 'canal']) as string | undefined;
                      const porCelular = canal === 'sms' || canal === 'whatsapp';
                      return (
                        <Form.Item
                          name={[c.name, 'celular']}
                          label={`Celular del firmante ${i + 1}`}
                          rules={[
                            {
                              required: porCelular,
                              message: `El campo Celular del firmante es obligatorio para enviar por ${porCelular ? ETIQUETAS_CANAL_FIRMA[canal] : ''}`,
                            },
                          ]}
                        >
                          <Input maxLength={30} type="tel" autoComplete="off" placeholder="300 123 4567" disabled={!porCelular} />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  {campos.length > 1 && (
                    <Button
                      aria-label={`Quitar firmante ${i + 1}`}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(c.name)}
                      className="firmas-quitar"
                    />
                  )}
                </div>
              ))}
              {campos.length < MAX_FIRMANTES && (
                <Button icon={<PlusOutlined />} onClick={() => add(FIRMANTE_NUEVO)}>
                  Agregar firmante
                </Button>
              )}
            </>
          )}
        </Form.List>
        {avance !== null && <Progress percent={avance} size="small" />}
        <div className="firmas-acciones">
          <Space wrap>
            <Button
              type="primary"
              htmlType="submit"
              icon={<DragOutlined />}
              loading={borrador.isPending}
              onClick={() => setUbicar(true)}
            >
              Ubicar campos en el PDF
            </Button>
            <Button htmlType="submit" icon={<SendOutlined />} loading={enviar.isPending} onClick={() => setUbicar(false)}>
              Enviar a firmar
            </Button>
          </Space>
        </div>
      </Form>
    </Card>
  );
}

/** Firmar documentos PDF (idm 10582): send a PDF for signature and follow what was sent. */
export function FirmarDocumentosPage() {
  const idDocumento = Number(useParams().idDocumento ?? 0);
  if (Number.isInteger(idDocumento) && idDocumento > 0)
    return (
      <Suspense fallback={<PageLoading />}>
        <UbicarCampos key={idDocumento} id={idDocumento} />
      </Suspense>
    );
  return <ListaYEnvio />;
}

function ListaYEnvio() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const consulta = useDocumentosFirma(lista.consulta(params, true));
  const navigate = useNavigate();
  const abrir = (id: number) => void navigate(`${DETALLE}/${id}`);
  const columnas: ColumnaLista<DocumentoFirmaResumen>[] = [
    { key: 'id', title: 'N°', render: (_v, d) => d.id },
    { key: 'titulo', title: 'Título', render: (_v, d) => d.titulo },
    { key: 'estado', title: 'Estado', render: (_v, d) => <EstadoDocumento estado={d.estado} /> },
    { key: 'firmados', title: 'Firmas', render: (_v, d) => `${d.firmados} de ${d.firmantes}` },
    { key: 'creado_por', title: 'Enviado por', render: (_v, d) => d.creado_por },
    { key: 'creado_en', title: 'Creado', render: (_v, d) => formatFechaHora(d.creado_en) },
  ];
  return (
    <Space orientation="vertical" size="middle" className="firmas-pagina">
      <NuevoEnvio onEnviado={abrir} onBorrador={(id) => void navigate(`${PATH}/${id}`)} />
      <Card size="small" title="Documentos enviados">
        <ListPage<DocumentoFirmaResumen, string>
          sustantivo={{ singular: 'documento', plural: 'documentos' }}
          consulta={consulta}
          columnas={columnas}
          claveColumnas="firmas-documentos"
          estado={params}
          onCambiar={cambiar}
          busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }, { replace: true }), placeholder: 'Título' }}
          hayFiltros={hayFiltros}
          onLimpiar={limpiar}
          vacio={{ texto: 'Aún no ha enviado documentos a firmar' }}
          filaClave={(d) => d.id}
          onFila={(d) => abrir(d.id)}
          tarjeta={(d) => (
            <div className="firmas-tarjeta">
              <strong>
                {d.id} · {d.titulo}
              </strong>
              <Space size={4} wrap>
                <EstadoDocumento estado={d.estado} />
                <span>
                  {d.firmados} de {d.firmantes} firmas
                </span>
              </Space>
              <Typography.Text type="secondary">{formatFechaHora(d.creado_en)}</Typography.Text>
            </div>
          )}
          tituloError="No se pudieron cargar los documentos"
        />
      </Card>
      <CertificadoSelloCard />
    </Space>
  );
}
