import { App, Button, Card, Col, Descriptions, Row, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { APP_TITLE } from '@predio/contract/constants';
import { parsePermisos } from '@predio/contract/menu';
import { useConfiguracion } from '../../lib/api/get-configuracion.ts';
import { useEmpresa } from '../../lib/api/get-empresa.ts';
import { usePermisosEspeciales } from '../../lib/api/get-permisos-especiales.ts';
import { usePermisosPorUsuario } from '../../lib/api/get-permisos-por-usuario.ts';
import { useTerceroLog } from '../../lib/api/get-tercero-log.ts';
import { currentDeviceInfo } from '../../lib/device-info.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useShellProfile } from '../../lib/use-shell-profile.ts';
import './soporte-page.css';

type Dato = { label: string; value: string };

function describePermisos(permisos: string): string {
  const parsed = parsePermisos(permisos);
  return parsed === 'All' ? 'Todos' : `${parsed.size} módulos`;
}

function useDiagnostico(): Dato[] {
  const claims = useSession((s) => s.claims);
  const profile = useShellProfile();
  const empresa = useEmpresa().data;
  const tercero = useTerceroLog().data;
  const configuracion = useConfiguracion().data;
  const especiales = usePermisosEspeciales().data;
  const porUsuario = usePermisosPorUsuario().data;
  const device = currentDeviceInfo();
  const pendiente = 'cargando…';

  return [
    { label: 'Empresa', value: `${claims?.idempresa ?? ''} · ${profile.empresa || pendiente}` },
    { label: 'NIT', value: empresa?.nit || 'sin NIT' },
    { label: 'Usuario', value: claims?.nombre_usuario ?? '' },
    { label: 'Persona', value: tercero === undefined ? pendiente : `${tercero.nombre} (${tercero.nro_id})` },
    { label: 'Agencia', value: String(claims?.agencia ?? '') },
    { label: 'Administrador de la empresa', value: claims?.admemp === true ? 'Sí' : 'No' },
    { label: 'Permisos', value: describePermisos(claims?.permisos ?? '') },
    { label: 'Permisos especiales', value: especiales === undefined ? pendiente : especiales.ids.join(', ') || 'ninguno' },
    { label: 'Permisos por usuario', value: porUsuario === undefined ? pendiente : porUsuario.ids.join(', ') || 'ninguno' },
    { label: 'Sitio web con HTTPS', value: configuracion === undefined ? pendiente : configuracion.https ? 'Sí' : 'No' },
    { label: 'Aplicación', value: `${APP_TITLE} ${__APP_VERSION__}` },
    { label: 'Navegador', value: `${device.browser} ${device.version} · ${device.os}` },
    { label: 'Pantalla', value: `${window.innerWidth} × ${window.innerHeight}` },
    { label: 'Fecha y hora', value: formatFechaHora(new Date()) },
  ];
}

export function SoportePage() {
  const { message } = App.useApp();
  const datos = useDiagnostico();

  const copiar = async () => {
    const texto = [
      `Diagnóstico ${APP_TITLE}`,
      ...datos.map((d) => `${d.label}: ${d.value}`),
      `Agente: ${navigator.userAgent}`,
    ].join('\n');
    try {
      await navigator.clipboard.writeText(texto);
      void message.success('Datos de diagnóstico copiados. Péguelos en su mensaje a soporte.');
    } catch {
      void message.error('El navegador no permitió copiar. Seleccione los datos de la tabla y cópielos a mano.');
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="¿Cómo pedir ayuda?">
          <ol className="soporte-pasos">
            <li>
              Anote qué intentaba hacer, en qué pantalla estaba y el mensaje exacto que vio. Una captura de pantalla ayuda mucho.
            </li>
            <li>
              Pulse <strong>Copiar datos de diagnóstico</strong> y pegue el resultado en su mensaje: así soporte sabe su empresa,
              su usuario y la versión sin tener que preguntarle.
            </li>
            <li>
              Escriba al equipo de <strong>Soporte de empatia</strong> por el canal acordado con su empresa. Si no lo conoce,
              pregúntele al administrador de Predio de su empresa.
            </li>
          </ol>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Soporte entra a su empresa con un usuario propio para revisar el caso: nunca le pedirá su contraseña. No la comparta
            con nadie.
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="Datos de diagnóstico">
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copiar()} className="soporte-copiar">
            Copiar datos de diagnóstico
          </Button>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={datos.map((d) => ({ key: d.label, label: d.label, children: d.value }))}
          />
        </Card>
      </Col>
    </Row>
  );
}
