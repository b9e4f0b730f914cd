import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="standalone-page">
      <Result
        status="404"
        title="404"
        subTitle="La página que busca no existe o usted no tiene permiso para verla."
        extra={
          <Link to="/inicio">
            <Button type="primary">Volver a Inicio</Button>
          </Link>
        }
      />
    </main>
  );
}
