import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Card, Spin, Typography } from 'antd';
import { ETIQUETA_PORTAL_SINCRONIZADO, type PortalSincronizado } from '@predio/contract/portales';
import { useAutorizarPortal } from './api/portales.ts';

/**
 * Where an OAuth2 portal sends the person back (Propiedades › Portales › authmercadolibre, hidden): the
 * code and state go to the server once, and the person returns to the portal's screen.
 */
export function autorizacionPage(portal: PortalSincronizado, ruta: string) {
  return function AutorizacionPage() {
    const nombre = ETIQUETA_PORTAL_SINCRONIZADO[portal];
    const [params] = useSearchParams();
    const autorizar = useAutorizarPortal(portal);
    const navigate = useNavigate();
    const { message } = App.useApp();
    const [error, setError] = useState<string | null>(null);
    const enviado = useRef(false);
    const code = params.get('code');
    const state = params.get('state');
    const negado = params.get('error');

    useEffect(() => {
      // One exchange per return: a code is single-use, and React may run effects twice in development.
      if (enviado.current || negado || !code || !state) return;
      enviado.current = true;
      autorizar
        .mutateAsync({ code, state })
        .then(() => {
          void message.success(`Cuenta de ${nombre} conectada`);
          void navigate(ruta, { replace: true });
        })
        .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    }, [autorizar, code, state, negado, message, navigate, nombre]);

    const problema = negado
      ? `${nombre} no autorizó la conexión (${negado}${params.get('error_description') ? `: ${params.get('error_description')}` : ''})`
      : !code || !state
        ? `Falta el código o el estado de la autorización: use «Conectar con ${nombre}» de nuevo`
        : error;
    return (
      <Card title={`Autorización de ${nombre}`}>
        {problema ? (
          <>
            <Alert type="error" showIcon title={problema} role="alert" style={{ marginBottom: 12 }} />
            <Link to={ruta}>Volver a {nombre}</Link>
          </>
        ) : (
          <Typography.Paragraph>
            <Spin size="small" /> Conectando la cuenta de {nombre}…
          </Typography.Paragraph>
        )}
      </Card>
    );
  };
}
