import { App, Button, Card, Descriptions, Skeleton, Space, Switch, Typography } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { SOLICITUDES_WEB_POR_IP_HORA, type FormularioWebCambio } from '@predio/contract/solicitudes';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { useCambiarFormularioWeb, useFormularioWeb } from './api/formulario-web.ts';

/** What the website's developer pastes: a plain form, sent with fetch, with the hidden field robots fill. */
export function ejemploFormulario(url: string, clave: string): string {
  return `<form id="predio-solicitud">
  <input name="nombre" placeholder="Nombre" required>
  <input name="telefono" placeholder="Teléfono">
  <input name="email" type="email" placeholder="Correo electrónico">
  <textarea name="mensaje" placeholder="Mensaje" required></textarea>
  <!-- Oculto: las personas lo dejan vacío -->
  <input name="sitio" tabindex="-1" autocomplete="off" style="position:absolute;left:-9999px">
  <label><input name="autoriza_datos" type="checkbox" required>
    Autorizo el tratamiento de mis datos personales (Ley 1581 de 2012)</label>
  <button>Enviar</button>
</form>
<script>
document.getElementById('predio-solicitud').addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const r = await fetch('${url}', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clave: '${clave}',
      nombre: f.get('nombre'), telefono: f.get('telefono'), email: f.get('email'),
      mensaje: f.get('mensaje'), sitio: f.get('sitio'), autoriza_datos: f.get('autoriza_datos') === 'on',
    }),
  });
  const b = await r.json();
  alert(r.ok ? 'Gracias: recibimos su solicitud.' : b.message);
});
</script>`;
}

/**
 * Compañía › Formulario del sitio web: the agency's own website sends its contact form to Solicitudes
 * (canal sitio web). On, it has a key the website sends; a new key replaces a leaked one at once.
 */
export function FormularioWebCard() {
  const { message } = App.useApp();
  const avisos = useAvisos();
  const estado = useFormularioWeb();
  const cambiar = useCambiarFormularioWeb();
  const url = `${window.location.origin}/api/publico/solicitudes`;

  const aplicar = async (cambio: FormularioWebCambio, ok: string) => {
    try {
      await cambiar.mutateAsync(cambio);
      void message.success(ok);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card
      title={
        <Space>
          <GlobalOutlined />
          Formulario del sitio web
        </Space>
      }
    >
      {estado.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : estado.isError ? (
        <ErrorDeCarga titulo="No se pudo leer el formulario del sitio web" onReintentar={() => void estado.refetch()} />
      ) : !estado.data.activo || !estado.data.clave ? (
        <Space orientation="vertical">
          <Typography.Paragraph>
            Lo que los visitantes escriben en el formulario de contacto del sitio web de la agencia llega a Solicitudes como una
            solicitud nueva, y se avisa a quienes atienden solicitudes. Está desactivado.
          </Typography.Paragraph>
          <Button
            type="primary"
            loading={cambiar.isPending}
            onClick={() => void aplicar({ activar: true }, 'Formulario del sitio web activado')}
          >
            Activar formulario
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical" className="empresa-formulario-web">
          <Typography.Paragraph>
            Activo: lo que se envíe a esta dirección con esta clave llega a Solicitudes (canal sitio web). Se piden nombre,
            teléfono o correo, mensaje y la autorización de datos personales; se aceptan {SOLICITUDES_WEB_POR_IP_HORA} por hora
            desde cada conexión.
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'url', label: 'Dirección', children: <Typography.Text copyable>{url}</Typography.Text> },
              {
                key: 'clave',
                label: 'Clave',
                children: (
                  <Typography.Text copyable code>
                    {estado.data.clave}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Space align="start" className="empresa-formulario-confirmar">
            <Switch
              id="confirmar-formulario-web"
              checked={estado.data.confirmar}
              loading={cambiar.isPending}
              onChange={(confirmar) =>
                void aplicar(
                  { confirmar },
                  confirmar ? 'Se confirmará por correo a cada visitante' : 'Ya no se confirmará por correo a los visitantes',
                )
              }
            />
            <label htmlFor="confirmar-formulario-web">
              <Typography.Text strong>Confirmar por correo al visitante</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                Quien deja su correo recibe el número de su solicitud y los teléfonos de la agencia. El correo no repite lo que el
                visitante escribió.
              </Typography.Text>
            </label>
          </Space>
          <Typography.Text strong>Ejemplo para el sitio web</Typography.Text>
          <Typography.Paragraph copyable={{ text: ejemploFormulario(url, estado.data.clave) }} className="empresa-codigo">
            <pre tabIndex={0} role="region" aria-label="Ejemplo de formulario para el sitio web">
              {ejemploFormulario(url, estado.data.clave)}
            </pre>
          </Typography.Paragraph>
          <Space wrap>
            <Button
              loading={cambiar.isPending}
              onClick={() =>
                avisos.confirm({
                  title: '¿Cambiar la clave del formulario?',
                  content: 'La clave actual deja de funcionar de inmediato: el sitio web debe usar la nueva.',
                  okText: 'Cambiar clave',
                  cancelText: 'Cancelar',
                  onOk: () => aplicar({ activar: true }, 'Clave del formulario cambiada'),
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
                  title: '¿Desactivar el formulario del sitio web?',
                  content: 'Las solicitudes que envíe el sitio web serán rechazadas hasta que lo active de nuevo.',
                  okText: 'Desactivar',
                  okButtonProps: { danger: true },
                  cancelText: 'Cancelar',
                  onOk: () => aplicar({ activar: false }, 'Formulario del sitio web desactivado'),
                })
              }
            >
              Desactivar
            </Button>
          </Space>
        </Space>
      )}
    </Card>
  );
}
