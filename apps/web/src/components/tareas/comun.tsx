import { Typography } from 'antd';
import type { EstadoTarea, TareaResumen } from '@predio/contract/tareas';
import { formatFechaHora } from '../../lib/format.ts';
import './tareas.css';

export const COLOR_ESTADO: Record<EstadoTarea, string> = {
  pendiente: 'blue',
  en_curso: 'geekblue',
  en_espera: 'orange',
  terminada: 'green',
  cancelada: 'default',
};

/** The due date; an overdue task's in red with «vencida». */
export function Vence({ t }: { t: Pick<TareaResumen, 'vence_en' | 'vencida'> }) {
  if (!t.vence_en) return <Typography.Text type="secondary">Sin fecha</Typography.Text>;
  return t.vencida ? (
    <Typography.Text type="danger" strong>
      {formatFechaHora(t.vence_en)} · vencida
    </Typography.Text>
  ) : (
    <span>{formatFechaHora(t.vence_en)}</span>
  );
}
