import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_SECCION_TEXTO,
  RUTA_SECCION_TEXTO,
  type TextoSitio,
  type TextoSitioForm,
} from '@predio/contract/pagina-web-textos';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { EditorTextoRicoDiferido } from '../../components/texto-rico/editor-diferido.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session-store.ts';
import { useGuardarTextoSitio, useTextosSitio } from './pagina-web-api.ts';
import './pagina-web.css';

/** Página web > Sesión de texto (idm 10565): the site's text blocks, one tab each, with the rich-text editor. */
export function SesionTextoPage() {
  const textos = useTextosSitio();
  return (
    <Card title="Sesión de texto">
      <Typography.Paragraph type="secondary">
        Los textos publicados se ven en el sitio web: cada sección tiene su página y un enlace en el menú del sitio; el pie de
        página se ve en todas las páginas.
      </Typography.Paragraph>
      {textos.isLoading ? (
        <Skeleton active />
      ) : textos.error ? (
        <Alert
          type="error"
          showIcon
          title="No se pudieron cargar los textos del sitio"
          action={<Button onClick={() => void textos.refetch()}>Reintentar</Button>}
        />
      ) : (
        <SectionTabs
          items={(textos.data ?? []).map((t) => ({
            key: t.seccion,
            label: ETIQUETAS_SECCION_TEXTO[t.seccion],
            children: <TextoForm key={`${t.seccion}-${t.modificado_en ?? ''}`} texto={t} />,
          }))}
        />
      )}
    </Card>
  );
}

function TextoForm({ texto }: { texto: TextoSitio }) {
  const guardar = useGuardarTextoSitio();
  const [form] = Form.useForm<TextoSitioForm>();
  const [error, setError] = useState<string | null>(null);
  const { message } = App.useApp();
  const idEmpresa = useSession((s) => s.claims?.idempresa ?? 0);
  const etiqueta = ETIQUETAS_SECCION_TEXTO[texto.seccion];
  const ruta = texto.seccion === 'pie' ? '' : `/${RUTA_SECCION_TEXTO[texto.seccion]}`;
  const enviar = async (v: TextoSitioForm) => {
    setError(null);
    try {
      await guardar.mutateAsync({
        seccion: texto.seccion,
        body: { titulo: v.titulo ?? '', contenido: v.contenido ?? '', publicado: v.publicado ?? false },
      });
      void message.success(`Se guardó «${etiqueta}»`);
    } catch (e) {
      if (e instanceof ApiError) setError(erroresEnCampos(form, e));
      else throw e;
    }
  };
  return (
    <Form<TextoSitioForm>
      form={form}
      layout="vertical"
      initialValues={{ titulo: texto.titulo, contenido: texto.contenido, publicado: texto.publicado }}
      onFinish={(v) => void enviar(v)}
      className="texto-sitio-form"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Space wrap align="start" size="large">
        <Form.Item name="titulo" label="Título" extra="Se ve como título de la página y en el menú del sitio.">
          <Input maxLength={160} style={{ minWidth: 280 }} />
        </Form.Item>
        <Form.Item name="publicado" label="Publicado" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="contenido" label="Contenido">
        <EditorTextoRicoDiferido etiqueta={`Contenido de ${etiqueta}`} />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          Guardar
        </Button>
        {texto.publicado && texto.contenido ? (
          <Button icon={<ExportOutlined />} href={`/sitio/${idEmpresa}${ruta}`} target="_blank" rel="noopener">
            Ver en el sitio
          </Button>
        ) : null}
        {texto.publicado && texto.contenido ? <Tag color="green">En el sitio</Tag> : <Tag>No se ve en el sitio</Tag>}
        {texto.modificado_en ? (
          <Typography.Text type="secondary">
            Modificado por {texto.modificado_por} el {formatFechaHora(texto.modificado_en)}
          </Typography.Text>
        ) : null}
      </Space>
    </Form>
  );
}
