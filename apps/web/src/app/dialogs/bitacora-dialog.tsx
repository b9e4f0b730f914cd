import { Button } from 'antd';
import { Dialogo } from '../../components/dialogo.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { useActualizarBitacora } from './api/actualizar-bitacora.ts';
import { useBitacora } from './api/consultar-bitacora.ts';

/** Blocking notice shown only when the server has non-empty content (spec §2, §4). */
export function BitacoraDialog() {
  const bitacora = useBitacora();
  const aceptar = useActualizarBitacora();
  const html = bitacora.data ?? '';
  return (
    <Dialogo
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
      <SafeHtml html={html} className="bitacora-content" />
    </Dialogo>
  );
}

export function useBitacoraPending(): boolean {
  const bitacora = useBitacora();
  return bitacora.isPending || (bitacora.data ?? '').trim() !== '';
}
