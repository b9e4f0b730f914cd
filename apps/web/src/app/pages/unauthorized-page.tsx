import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function UnauthorizedPage() {
  return (
    <main className="standalone-page">
      <Result
        status="403"
        title="401"
        subTitle="No tiene permiso para entrar a esta página. Si lo necesita, pídalo al administrador de su empresa."
        extra={
          <Link to="/inicio">
            <Button type="primary">Volver a Inicio</Button>
          </Link>
        }
      />
    </main>
  );
}
