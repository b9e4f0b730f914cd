import { Button, Progress, Typography } from 'antd';
import './archivos.css';
import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatTamano, type ItemSubida } from './cola-subida.ts';

type Props = {
  items: ItemSubida[];
  titulo: string;
  onReintentar: (uid: string) => void;
  onQuitar: (uid: string) => void;
};

const TEXTO_ESTADO: Record<ItemSubida['estado'], string> = {
  pendiente: 'En espera',
  subiendo: 'Subiendo…',
  procesando: 'Procesando en el servidor…',
  lista: 'Listo',
  error: 'No se subió',
};

/** The files being uploaded, each with its progress, and its error with retry or remove. */
export function ColaSubida({ items, titulo, onReintentar, onQuitar }: Props) {
  if (items.length === 0) return null;
  return (
    <section className="cola-subida" aria-label={titulo}>
      <ul>
        {items.map((i) => (
          <li key={i.uid} className={`cola-item cola-item-${i.estado}`}>
            <div className="cola-item-cabeza">
              <Typography.Text ellipsis={{ tooltip: i.nombre }} className="cola-item-nombre">
                {i.nombre}
              </Typography.Text>
              <Typography.Text type="secondary" className="cola-item-tamano">
                {formatTamano(i.bytes)}
              </Typography.Text>
              {i.estado === 'error' ? (
                <span className="cola-item-botones">
                  {i.reintentable ? (
                    <Button size="small" icon={<ReloadOutlined />} onClick={() => onReintentar(i.uid)}>
                      Reintentar
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    onClick={() => onQuitar(i.uid)}
                    aria-label={`Quitar ${i.nombre} de la lista`}
                  />
                </span>
              ) : null}
            </div>
            {i.estado === 'error' ? (
              <Typography.Text type="danger" role="alert" className="cola-item-error">
                {i.error}
              </Typography.Text>
            ) : (
              <Progress
                percent={i.progreso}
                size="small"
                status={i.estado === 'lista' ? 'success' : i.estado === 'pendiente' ? 'normal' : 'active'}
                format={(p) => (i.estado === 'subiendo' ? `${p ?? 0} %` : TEXTO_ESTADO[i.estado])}
                aria-label={`${i.nombre}: ${TEXTO_ESTADO[i.estado]}`}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
