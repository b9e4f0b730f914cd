import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Popconfirm, Skeleton, Space, Tag, Upload } from 'antd';
import { ReloadOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_BYTES_P12, type CertificadoFirmaForm, type SelloTiempoForm } from '@predio/contract/firmas';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFecha } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useCambiarCertificado, useCertificadoFirma } from './api/firmas-api.ts';

async function base64(f: File): Promise<string> {
  const b = new Uint8Array(await f.arrayBuffer());
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The certificate that seals signed PDFs; a company administrator may replace it or add a TSA. */
export function CertificadoSelloCard() {
  const consulta = useCertificadoFirma();
  const cambiar = useCambiarCertificado();
  const [p12, setP12] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ clave: string }>();
  const [formTsa] = Form.useForm<SelloTiempoForm>();
  const { message } = App.useApp();
  const c = consulta.data;

  const hacer = async (v: Parameters<typeof cambiar.mutateAsync>[0], hecho: string) => {
    setError(null);
    try {
      await cambiar.mutateAsync(v);
      message.success(hecho);
      return true;
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(v.accion === 'tsa' ? formTsa : form, e));
      else throw e;
      return false;
    }
  };
  const subir = async ({ clave }: { clave: string }) => {
    if (!p12) return setError('Archivo del certificado: elija el archivo .p12 o .pfx.');
    const body: CertificadoFirmaForm = { archivo: await base64(p12), clave };
    if (await hacer({ accion: 'subir', form: body }, 'Certificado propio guardado: los próximos documentos se sellan con él')) {
      form.resetFields();
      setP12(null);
    }
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <SafetyCertificateOutlined />
          Certificado del sello
        </Space>
      }
      className="firmas-certificado"
    >
      {consulta.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : consulta.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudo cargar el certificado"
          action={<Button onClick={() => void consulta.refetch()}>Reintentar</Button>}
        />
      ) : (
        <>
          <Descriptions size="small" column={1} bordered className="firmas-certificado-datos">
            <Descriptions.Item label="Tipo">
              {c?.autogenerado ? <Tag>Autogenerado</Tag> : <Tag color="green">Propio</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="Titular (CN)">{c?.sujeto ?? 'Se crea con el primer documento sellado'}</Descriptions.Item>
            <Descriptions.Item label="Emisor">{c?.emisor ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Válido hasta">{c?.vence_en ? formatFecha(c.vence_en) : '—'}</Descriptions.Item>
            <Descriptions.Item label="Sello de tiempo">{c?.url_tsa ?? 'Sin sello de tiempo'}</Descriptions.Item>
          </Descriptions>
          {c?.autogenerado && (
            <Alert
              type="info"
              showIcon
              className="firmas-alerta firmas-certificado-nota"
              title="El certificado autogenerado prueba que el PDF no cambió después de sellado, pero no lo emite una entidad de certificación: para que el sello identifique a la empresa ante terceros, suba el certificado propio."
            />
          )}
          {!c?.puede_cambiar ? (
            <Alert type="info" showIcon title="Solo un administrador de la empresa cambia el certificado del sello." />
          ) : (
            <>
              {error && <Alert type="error" showIcon title={error} className="firmas-alerta" />}
              <Form form={form} layout="vertical" onFinish={(v) => void subir(v)} className="firmas-certificado-form">
                <Form.Item label="Archivo del certificado" required extra=".p12 o .pfx con la llave privada">
                  <Upload
                    accept=".p12,.pfx,application/x-pkcs12"
                    maxCount={1}
                    fileList={p12 ? [{ uid: '1', name: p12.name, status: 'done' }] : []}
                    beforeUpload={(f) => {
                      if (f.size > MAX_BYTES_P12) setError('Archivo del certificado: admite máximo 64 KB.');
                      else setP12(f);
                      return false;
                    }}
                    onRemove={() => setP12(null)}
                  >
                    <Button icon={<UploadOutlined />}>Elegir archivo</Button>
                  </Upload>
                </Form.Item>
                <Form.Item label="Contraseña del certificado" name="clave">
                  <Input.Password autoComplete="off" />
                </Form.Item>
                <Space wrap>
                  <Button type="primary" htmlType="submit" loading={cambiar.isPending}>
                    Usar este certificado
                  </Button>
                  {!c?.autogenerado && (
                    <Popconfirm
                      title="¿Volver al certificado autogenerado?"
                      description={`Los próximos documentos ya no se sellan con «${c?.sujeto ?? ''}».`}
                      okText="Sí, volver"
                      cancelText="No"
                      onConfirm={() =>
                        hacer({ accion: 'autogenerar' }, 'Los próximos documentos se sellan con un certificado autogenerado')
                      }
                    >
                      <Button icon={<ReloadOutlined />}>Volver al certificado autogenerado</Button>
                    </Popconfirm>
                  )}
                </Space>
              </Form>
              <Form<SelloTiempoForm>
                form={formTsa}
                layout="vertical"
                className="firmas-certificado-form"
                initialValues={{ url_tsa: c?.url_tsa ?? '' }}
                onFinish={(v) => void hacer({ accion: 'tsa', form: v }, 'Servidor de sello de tiempo guardado')}
              >
                <Form.Item
                  label="Servidor de sello de tiempo"
                  name="url_tsa"
                  extra="Opcional: dirección RFC 3161 (http o https) que fecha cada sello. Vacío: sin sello de tiempo."
                >
                  <Input placeholder="https://freetsa.org/tsr" />
                </Form.Item>
                <Button htmlType="submit" loading={cambiar.isPending}>
                  Guardar servidor
                </Button>
              </Form>
            </>
          )}
        </>
      )}
    </Card>
  );
}
