import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { useActualizarBitacora } from './api/actualizar-bitacora.ts';
import { useBitacora } from './api/consultar-bitacora.ts';

// The sanitiser is loaded only when there is a notice to show: most loads of the shell have none.
const SafeHtml = lazy(() => import('../../components/safe-html.tsx').then((m) => ({ default: m.SafeHtml })));

/** Blocking notice shown only when the server has non-empty content (spec §2, §4). */
export function BitacoraDialog() {
  const bitacora = useBitacora();
  const aceptar = useActualizarBitacora();
  const html = bitacora.data ?? '';
  return (
    <AppModal
      title="Informacion Importante"
      open={html.trim() !== ''}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      footer={
        <Button type="primary" loading={aceptar.isPending} onClick={() => aceptar.mutate()}>
          Aceptar
        </Button>
      }
    >
      <Suspense fallback={null}>
        <SafeHtml html={html} className="bitacora-content" />
      </Suspense>
    </AppModal>
  );
}

export function useBitacoraPending(): boolean {
  const bitacora = useBitacora();
  return bitacora.isPending || (bitacora.data ?? '').trim() !== '';
}
