import { Button, Space } from 'antd';
import type { AlcanceCita } from '@predio/contract/agenda';
import type { useAvisos } from '../../components/foco.ts';

type Avisos = ReturnType<typeof useAvisos>;

/**
 * Asks, before changing or moving an occurrence of a series, whether the change is for it alone or for
 * the whole series; null when the person closes the question (nothing is saved).
 */
export function preguntarAlcance(modal: Avisos): Promise<AlcanceCita | null> {
  return new Promise((resolve) => {
    const elegir = (a: AlcanceCita | null) => {
      resolve(a);
      dialogo.destroy();
    };
    const dialogo = modal.confirm({
      title: '¿Cambiar solo esta cita o toda la serie?',
      content:
        'Esta cita se repite. «Toda la serie» cambia sus citas programadas y confirmadas; las realizadas, las canceladas y las cambiadas una por una quedan como están.',
      closable: true,
      mask: { closable: true },
      onCancel: () => resolve(null),
      footer: () => (
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%', marginTop: 16 }}>
          <Button onClick={() => elegir(null)}>Cancelar</Button>
          <Button onClick={() => elegir('esta')}>Solo esta cita</Button>
          <Button type="primary" onClick={() => elegir('serie')}>
            Toda la serie
          </Button>
        </Space>
      ),
    });
  });
}
