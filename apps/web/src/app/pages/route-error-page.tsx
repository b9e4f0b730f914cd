import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useErrorLog } from '../../lib/error-log-store.ts';

/** A page that crashed while rendering: logged, and the user can reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  const add = useErrorLog((s) => s.add);
  useEffect(() => add(error), [add, error]);
  return (
    <main className="standalone-page">
      <Result
        status="error"
        title="Algo salió mal"
        subTitle="La página tuvo un error inesperado. Recárguela; si se repite, escriba a soporte."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Recargar la página
          </Button>
        }
      />
    </main>
  );
}
