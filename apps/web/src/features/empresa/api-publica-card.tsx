import { useEffect } from 'react';
import { App, Button, Card, Descriptions, Divider, Form, Input, Skeleton, Space, Typography } from 'antd';
import { ApiOutlined, SaveOutlined } from '@ant-design/icons';
import { z } from 'zod';
import { MAX_ORIGENES_CORS, ZDominioPropio, ZOrigenCors, type ApiPublicaCambio } from '@predio/contract/empresa';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { useApiPublica, useCambiarApiPublica } from './api/api-publica.ts';

const ZOrigenes = z.array(ZOrigenCors).max(MAX_ORIGENES_CORS, {
  error: `El campo Orígenes permitidos admite máximo ${MAX_ORIGENES_CORS} orígenes`,
});

/** One origin a line (commas and spaces also separate them); empty lines are nothing. */
const lineas = (v: unknown): string[] =>
  String(v ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);

/** What the website's developer pastes: a fetch with the key, from one of the allowed origins. */
export function ejemploApi(base: string, clave: string): string {
  return `const r = await fetch('${base}/api/publico/api/inmuebles?gestion=arriendo', {
  headers: { 'X-Api-Key': '${clave}' },
});
const { data: inmuebles } = await r.json();`;
}

/**
 * Compañía › API pública: the key that names the company to the read-only API (instead of its id), and
 * the origins whose browsers may read it (CORS). A new key replaces a leaked one at once.
 */
export function ApiPublicaCard() {
  const { message } = App.useApp();
  const avisos = useAvisos();
  const estado = useApiPublica();
  const cambiar = useCambiarApiPublica();
  const [form] = Form.useForm<{ origenes: string }>();
  const [formDominio] = Form.useForm<{ dominio: string }>();
  const base = window.location.origin;
  const origenes = estado.data?.origenes;
  const dominio = estado.data?.dominio;

  useEffect(() => {
    if (origenes) form.setFieldsValue({ origenes: origenes.join('\n') });
  }, [form, origenes]);
  useEffect(() => {
    if (dominio !== undefined) formDominio.setFieldsValue({ dominio: dominio ?? '' });
  }, [formDominio, dominio]);

  const aplicar = async (cambio: ApiPublicaCambio, ok: string) => {
    try {
      await cambiar.mutateAsync(cambio);
      void message.success(ok);
      return true;
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          API pública y dominio del sitio web
        </Space>
      }
    >
      {estado.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : estado.isError ? (
        <ErrorDeCarga titulo="No se pudo leer la API pública" onReintentar={() => void estado.refetch()} />
      ) : (
        <Space orientation="vertical" className="empresa-formulario-web">
          <Typography.Paragraph>
            El sitio web de la agencia puede leer de Predio los inmuebles disponibles, noticias, banners, textos y vacantes
            publicados (nunca datos internos). Se identifica con esta clave, enviada en el encabezado <code>X-Api-Key</code> o en
            el parámetro <code>key</code>; los navegadores solo la leen desde los orígenes permitidos.
          </Typography.Paragraph>
          {estado.data.clave ? (
            <>
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  {
                    key: 'url',
                    label: 'Dirección',
                    children: <Typography.Text copyable>{`${base}/api/publico/api/inmuebles`}</Typography.Text>,
                  },
                  {
                    key: 'feed',
                    label: 'Feed de inmuebles (portales)',
                    children: (
                      <Space orientation="vertical" size={0}>
                        {(['xml', 'json'] as const).map((f) => (
                          <Typography.Text key={f} copyable className="empresa-feed">
                            {`${base}/api/publico/api/feed/inmuebles.${f}?key=${estado.data.clave}`}
                          </Typography.Text>
                        ))}
                      </Space>
                    ),
                  },
                  {
                    key: 'clave',
                    label: 'Clave',
                    children: (
                      <Typography.Text copyable code className="empresa-clave-api">
                        {estado.data.clave}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
              <Typography.Text strong>Ejemplo para el sitio web</Typography.Text>
              <Typography.Paragraph copyable={{ text: ejemploApi(base, estado.data.clave) }} className="empresa-codigo">
                <pre tabIndex={0} role="region" aria-label="Ejemplo de consulta a la API pública">
                  {ejemploApi(base, estado.data.clave)}
                </pre>
              </Typography.Paragraph>
              <Space wrap>
                <Button
                  loading={cambiar.isPending}
                  onClick={() =>
                    avisos.confirm({
                      title: '¿Cambiar la clave de la API pública?',
                      content: 'La clave actual deja de funcionar de inmediato: el sitio web y los portales deben usar la nueva.',
                      okText: 'Cambiar clave',
                      cancelText: 'Cancelar',
                      onOk: () => aplicar({ clave: 'generar' }, 'Clave de la API pública cambiada'),
                    })
                  }
                >
                  Cambiar clave
                </Button>
                <Button
                  danger
                  loading={cambiar.isPending}
                  onClick={() =>
                    avisos.confirm({
                      title: '¿Quitar la clave de la API pública?',
                      content:
                        'El sitio web y los portales que la usan dejarán de recibir datos. El sitio de Predio (/sitio) sigue igual.',
                      okText: 'Quitar clave',
                      okButtonProps: { danger: true },
                      cancelText: 'Cancelar',
                      onOk: () => aplicar({ clave: 'quitar' }, 'Clave de la API pública quitada'),
                    })
                  }
                >
                  Quitar clave
                </Button>
              </Space>
            </>
          ) : (
            <Space orientation="vertical">
              <Typography.Text type="secondary">
                Sin clave: solo el sitio de Predio (/sitio) lee los datos publicados.
              </Typography.Text>
              <Button
                type="primary"
                loading={cambiar.isPending}
                onClick={() => void aplicar({ clave: 'generar' }, 'Clave de la API pública generada')}
              >
                Generar clave
              </Button>
            </Space>
          )}
          <Form
            form={form}
            name="api-publica"
            layout="vertical"
            initialValues={{ origenes: estado.data.origenes.join('\n') }}
            onFinish={(v) => void aplicar({ origenes: lineas(v.origenes) }, 'Orígenes permitidos guardados')}
          >
            <Form.Item
              name="origenes"
              label="Orígenes permitidos (CORS)"
              extra="Uno por línea: https://dominio (con :puerto si lo usa), o http://localhost:puerto para pruebas. Sin ruta. Con algún origen, el formulario de contacto del sitio web solo se acepta desde ellos."
              rules={[
                {
                  validator: (_r, v: unknown) => {
                    const r = ZOrigenes.safeParse(lineas(v));
                    return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message));
                  },
                },
              ]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                placeholder={'https://www.suinmobiliaria.com\nhttps://suinmobiliaria.com'}
                spellCheck={false}
              />
            </Form.Item>
            <Button htmlType="submit" icon={<SaveOutlined />} loading={cambiar.isPending}>
              Guardar orígenes
            </Button>
          </Form>
          <Divider />
          <Form
            form={formDominio}
            name="dominio-propio"
            layout="vertical"
            initialValues={{ dominio: estado.data.dominio ?? '' }}
            onFinish={(v) =>
              void aplicar(
                { dominio: v.dominio.trim() || null },
                v.dominio.trim() ? 'Dominio propio guardado' : 'Dominio propio quitado',
              )
            }
          >
            <Form.Item
              name="dominio"
              label="Dominio propio del sitio"
              extra={`Apunte el DNS del dominio (registro A o CNAME) a este servidor: ${window.location.host}. Las páginas de /sitio se verán en su raíz. Vacío: sin dominio propio.`}
              rules={[
                {
                  validator: (_r, v: unknown) => {
                    const r = ZDominioPropio.safeParse(v ?? '');
                    return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message));
                  },
                },
              ]}
            >
              <Input maxLength={253} placeholder="www.suinmobiliaria.com" spellCheck={false} />
            </Form.Item>
            <Button htmlType="submit" icon={<SaveOutlined />} loading={cambiar.isPending}>
              Guardar dominio
            </Button>
          </Form>
        </Space>
      )}
    </Card>
  );
}
