import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ClienteDetalle } from '@predio/contract/clientes';
import { EnviarFichasModal, type DestinoFichas } from '../../components/enviar-fichas/enviar-fichas-modal.tsx';
import { http } from '../../lib/http.ts';
import type { FilaTabla } from './agrupar.ts';

/**
 * «Enviar ficha» on a row of the cruce de clientes e inmuebles: the same message the lead's «Inmuebles que
 * coinciden» sends (PDF ficha, noted in the lead's follow-up), for whoever may write to leads (463). The
 * lead's address is read when the button is pressed, so the report itself carries no e-mail addresses.
 */
export function EnviarFichaCruce({ fila }: { fila: FilaTabla }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [destino, setDestino] = useState<DestinoFichas | null>(null);
  const [cargando, setCargando] = useState(false);
  const cliente = Number(fila.consecutivo_cliente);
  const inmueble = Number(fila.consecutivo_inmueble);
  const abrir = async () => {
    setCargando(true);
    try {
      const c = (await http.get<ClienteDetalle>(`/clientes-atendidos/${cliente}`, { silent: true })).data;
      setDestino({ consecutivo: c.consecutivo, nombre: c.tercero.nombre, email: c.tercero.email });
    } catch (e) {
      void message.error(e instanceof Error ? e.message : 'No se pudo abrir el cliente');
    } finally {
      setCargando(false);
    }
  };
  return (
    <>
      <Button size="small" icon={<SendOutlined />} loading={cargando} onClick={() => void abrir()}>
        Enviar ficha
      </Button>
      {destino ? (
        <EnviarFichasModal
          abierto
          cliente={destino}
          inmuebles={[inmueble]}
          onCerrar={() => setDestino(null)}
          onEnviado={() => {
            setDestino(null);
            // «Ficha enviada» now has today's date.
            void queryClient.invalidateQueries({ queryKey: ['informes', 'cruceclientesinmuebles'] });
          }}
        />
      ) : null}
    </>
  );
}
