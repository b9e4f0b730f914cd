import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { MODULOS, type FlatRoute } from '@predio/contract/menu';

/** A permitted page whose screen is not built yet: said plainly, with the route and module named. */
export function ConstructionPage({ route }: { route: FlatRoute }) {
  const modulo = route.modulo === undefined ? null : MODULOS[route.modulo];
  return (
    <Result
      icon={<ToolOutlined className="construction-icon" />}
      title="Módulo en construcción"
      subTitle={
        <>
          La pantalla <strong>{route.title}</strong>
          {modulo === null ? null : (
            <>
              {' '}
              del módulo <strong>{modulo}</strong>
            </>
          )}{' '}
          todavía no está disponible en esta versión. Su permiso para verla ya está activo.
        </>
      }
      extra={
        <Link to="/inicio">
          <Button type="primary">Volver a Inicio</Button>
        </Link>
      }
    />
  );
}
