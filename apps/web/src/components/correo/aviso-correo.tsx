import { lazy, Suspense, useState } from 'react';
import { Alert, Button } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { AVISO_CORREO_SIN_CONFIGURAR } from '@predio/contract/correo';
import { useSession } from '../../lib/session-store.ts';
import { useEstadoCorreo } from './api.ts';
import './correo.css';

// The outbox's table is loaded when it is first opened: the notice shows on Inicio, where a table would
// be the heaviest thing on the page.
const ColaCorreos = lazy(() => import('./cola-correos.tsx').then((m) => ({ default: m.ColaCorreos })));

/** Where a user sends mail: said before sending when the server cannot send it yet. */
export function AvisoCorreoSinConfigurar() {
  const estado = useEstadoCorreo();
  if (estado.data?.configurado !== false) return null;
  return <Alert type="warning" showIcon className="correo-aviso" title={AVISO_CORREO_SIN_CONFIGURAR} />;
}

/** The success message of a sending: «en cola» rather than «enviado» while mail cannot leave. */
export function useTextoEnviado(): (que: string) => string {
  const configurado = useEstadoCorreo().data?.configurado !== false;
  return (que) => (configurado ? `${que} en la bandeja de salida` : `${que} en cola: saldrá cuando el correo esté configurado`);
}

/**
 * For the company administrator (Configurar, Inicio): mail is not configured, or messages failed, and a
 * way to see them. Nothing for anyone else, nor when all is well.
 */
export function AvisoCorreoAdministrador() {
  const admin = useSession((s) => s.claims?.admemp === true);
  const estado = useEstadoCorreo();
  const [abierto, setAbierto] = useState(false);
  const [visto, setVisto] = useState(false);
  const e = estado.data;
  if (!admin || !e || (e.configurado && !e.conError)) return null;
  const enCola = e.enCola ?? 0;
  const conError = e.conError ?? 0;
  const detalle = [
    enCola > 0 ? `${enCola.toLocaleString('es-CO')} ${enCola === 1 ? 'correo espera' : 'correos esperan'} en cola` : null,
    conError > 0 ? `${conError.toLocaleString('es-CO')} no se ${conError === 1 ? 'pudo' : 'pudieron'} enviar` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <>
      <Alert
        type="warning"
        showIcon
        className="correo-aviso"
        title={e.configurado ? 'Hay correos que no se pudieron enviar' : 'El correo no está configurado'}
        description={
          e.configurado
            ? detalle
            : `El servidor no tiene SMTP_URL: ningún correo sale (fichas, avisos, confirmaciones).${detalle ? ` ${detalle}.` : ''}`
        }
        action={
          <Button
            size="small"
            icon={<MailOutlined />}
            onClick={() => {
              setVisto(true);
              setAbierto(true);
            }}
          >
            Ver correos en cola
          </Button>
        }
      />
      {visto && (
        <Suspense fallback={null}>
          <ColaCorreos abierto={abierto} onCerrar={() => setAbierto(false)} />
        </Suspense>
      )}
    </>
  );
}
