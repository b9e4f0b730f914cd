import { useState } from 'react';
import { Alert, Button, Empty, Grid, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { AVISO_CORREO_SIN_CONFIGURAR, ETIQUETAS_ESTADO_COLA, type CorreoEnCola, type EstadoCola } from '@predio/contract/correo';
import { Cajon } from '../cajon.tsx';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useColaCorreos, useEstadoCorreo } from './api.ts';
import './correo.css';

const COLOR_ESTADO: Record<EstadoCola, string> = { pendiente: 'gold', enviando: 'blue', error: 'red' };

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
          <Button size="small" icon={<MailOutlined />} onClick={() => setAbierto(true)}>
            Ver correos en cola
          </Button>
        }
      />
      <ColaCorreos abierto={abierto} onCerrar={() => setAbierto(false)} />
    </>
  );
}

const FILTROS: { value: EstadoCola | 'todos'; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'pendiente', label: ETIQUETAS_ESTADO_COLA.pendiente },
  { value: 'error', label: ETIQUETAS_ESTADO_COLA.error },
];

/** The outbox, read-only: what waits and what failed, newest first (the full mailbox is Correos y SMS). */
export function ColaCorreos({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const [filtro, setFiltro] = useState<EstadoCola | 'todos'>('todos');
  const cola = useColaCorreos(filtro === 'todos' ? null : filtro, abierto);
  const pantalla = Grid.useBreakpoint();
  return (
    <Cajon open={abierto} onClose={onCerrar} title="Correos en cola" size={pantalla.md ? 820 : '100%'}>
      <Segmented<EstadoCola | 'todos'> options={FILTROS} value={filtro} onChange={setFiltro} aria-label="Estado" />
      <div style={{ marginTop: 16 }}>
        {cola.isPending ? (
          <Skeleton active />
        ) : cola.isError ? (
          <ErrorDeCarga titulo="No se pudo cargar la cola" error={cola.error} onReintentar={() => void cola.refetch()} />
        ) : cola.data.length === 0 ? (
          <Empty description="No hay correos en cola" />
        ) : (
          <Table<CorreoEnCola>
            rowKey="id"
            size="small"
            dataSource={cola.data}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 640 }}
            columns={[
              {
                title: 'Estado',
                dataIndex: 'estado',
                render: (v: EstadoCola) => <Tag color={COLOR_ESTADO[v]}>{ETIQUETAS_ESTADO_COLA[v]}</Tag>,
              },
              { title: 'Para', dataIndex: 'para' },
              {
                title: 'Asunto',
                dataIndex: 'asunto',
                render: (v: string, c) => (
                  <>
                    {v}
                    {c.ultimo_error ? (
                      <div>
                        <Typography.Text type="danger">{c.ultimo_error}</Typography.Text>
                      </div>
                    ) : null}
                  </>
                ),
              },
              { title: 'Intentos', dataIndex: 'intentos', align: 'right' },
              { title: 'Creado', dataIndex: 'creado_en', render: (v: string) => formatFechaHora(v) },
            ]}
          />
        )}
      </div>
    </Cajon>
  );
}
