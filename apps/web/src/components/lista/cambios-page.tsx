import type { Key, ReactNode } from 'react';
import { Card, DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import type { FormatoExportacion } from '@predio/contract/maestros/schemas';
import { formatFechaHora } from '../../lib/format.ts';
import { ListPage, type CambioPagina, type ColumnaLista, type ConsultaLista } from './list-page.tsx';
import './lista.css';

/** One row of a change log: who changed which field of which record, from what to what. */
export type Cambio = { fecha: string; usuario: string; titulo: string; campo: string; antes: string; despues: string };

const Valor = ({ v }: { v: string }) => (v ? <span>{v}</span> : <Typography.Text type="secondary">—</Typography.Text>);

type Props<M extends Cambio> = {
  titulo: string;
  claveColumnas: string;
  consulta: ConsultaLista<M>;
  estado: { page: number; pageSize: number };
  onCambiar: (cambio: CambioPagina<never> & { desde?: string | null; hasta?: string | null }) => void;
  /** The record's column and card line («Cita 12», «Tarea 7», a link to it). */
  registro: { titulo: string; render: (m: M) => ReactNode; ancho?: number };
  etiquetaCampo: (campo: string) => string;
  /** What the change was (creó, movió, eliminó…), where the log records it. */
  accion?: (m: M) => string;
  /** The date range filter is shared; these are the log's own. */
  fechas: { desde?: string; hasta?: string };
  filtros: ReactNode;
  filtrosActivos: number;
  hayFiltros: boolean;
  onLimpiar: () => void;
  onExportar: (formato: FormatoExportacion) => Promise<unknown>;
  vacio: string;
  filaClave: (m: M) => Key;
};

/** A module's change log (Modificaciones de agenda, de tareas…): one list, filters in the URL, export. */
export function CambiosPage<M extends Cambio>(props: Props<M>) {
  const { accion, registro, etiquetaCampo } = props;
  const columnas: ColumnaLista<M>[] = [
    { key: 'fecha', title: 'Fecha', width: 170, render: (_v, m) => formatFechaHora(m.fecha) },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', width: 110 },
    { key: 'registro', title: registro.titulo, width: registro.ancho ?? 70, render: (_v, m) => registro.render(m) },
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', width: 200 },
    { key: 'campo', title: 'Campo', width: 150, render: (_v, m) => etiquetaCampo(m.campo) },
    { key: 'antes', title: 'Antes', render: (_v, m) => <Valor v={m.antes} /> },
    { key: 'despues', title: 'Después', render: (_v, m) => <Valor v={m.despues} /> },
    ...(accion ? [{ key: 'accion', title: 'Acción', width: 120, render: (_v: unknown, m: M) => accion(m) }] : []),
  ];
  return (
    <Card title={props.titulo}>
      <ListPage<M, never>
        sustantivo={{ singular: 'cambio', plural: 'cambios' }}
        consulta={props.consulta}
        columnas={columnas}
        claveColumnas={props.claveColumnas}
        estado={{ ...props.estado, sort: null, order: null }}
        onCambiar={props.onCambiar}
        filtros={
          <>
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              aria-label="Fechas"
              placeholder={['Desde', 'Hasta']}
              value={[
                props.fechas.desde ? dayjs(props.fechas.desde) : null,
                props.fechas.hasta ? dayjs(props.fechas.hasta) : null,
              ]}
              onChange={(r) =>
                props.onCambiar({
                  desde: r?.[0]?.format('YYYY-MM-DD') ?? null,
                  hasta: r?.[1]?.format('YYYY-MM-DD') ?? null,
                })
              }
            />
            {props.filtros}
          </>
        }
        filtrosActivos={props.filtrosActivos}
        hayFiltros={props.hayFiltros}
        onLimpiar={props.onLimpiar}
        onExportar={props.onExportar}
        vacio={{ texto: props.vacio }}
        tarjeta={(m) => (
          <div className="lista-cambio-tarjeta">
            <Typography.Text type="secondary">
              {formatFechaHora(m.fecha)} · {m.usuario}
              {accion ? ` · ${accion(m)}` : ''}
            </Typography.Text>
            <strong>
              {registro.titulo} {registro.render(m)} · {m.titulo}
            </strong>
            <span>
              {etiquetaCampo(m.campo)}: <Valor v={m.antes} /> → <Valor v={m.despues} />
            </span>
          </div>
        )}
        filaClave={props.filaClave}
        tituloError="No se pudieron cargar las modificaciones"
      />
    </Card>
  );
}
