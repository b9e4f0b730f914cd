import { Card, DatePicker, Input, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { ETIQUETAS_ACCION_CITA, etiquetaCampoCita, type ModificacionAgenda } from '@predio/contract/agenda';
import { definirLista, dia, id } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useOpcionesAgenda } from './api/citas.ts';
import { parametros, useModificacionesAgenda, type FiltrosModificaciones } from './api/modificaciones.ts';
import './agenda.css';

const PATH = '/archivo/utilidades/modificaciones-agenda';

const listaModificaciones = definirLista({ filtros: { asesor: id(), id_cita: id(), desde: dia(), hasta: dia() } });

const Valor = ({ v }: { v: string }) => (v ? <span>{v}</span> : <Typography.Text type="secondary">—</Typography.Text>);

/** Archivo > Utilidades > Modificaciones de agenda (idm 19): who changed what in which cita, and when. */
export function ModificacionesAgendaPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaModificaciones, PATH);
  const opciones = useOpcionesAgenda();
  const filtros: FiltrosModificaciones = {
    asesor: params.asesor ?? undefined,
    id_cita: params.id_cita ?? undefined,
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
  };
  const lista = useModificacionesAgenda({ ...filtros, page: params.page, pageSize: params.pageSize });

  const columnas: ColumnaLista<ModificacionAgenda>[] = [
    { key: 'fecha', title: 'Fecha', width: 170, render: (_v, m) => formatFechaHora(m.fecha) },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', width: 110 },
    { key: 'id_cita', dataIndex: 'id_cita', title: 'Cita', width: 70 },
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', width: 200 },
    { key: 'campo', title: 'Campo', width: 150, render: (_v, m) => etiquetaCampoCita(m.campo) },
    { key: 'antes', title: 'Antes', render: (_v, m) => <Valor v={m.antes} /> },
    { key: 'despues', title: 'Después', render: (_v, m) => <Valor v={m.despues} /> },
    { key: 'accion', title: 'Acción', width: 120, render: (_v, m) => ETIQUETAS_ACCION_CITA[m.accion] ?? m.accion },
  ];

  return (
    <Card title="Modificaciones de agenda">
      <ListPage<ModificacionAgenda>
        sustantivo={{ singular: 'cambio', plural: 'cambios' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="modificaciones-agenda"
        estado={{ ...params, sort: null, order: null }}
        onCambiar={cambiar}
        filtros={
          <>
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              aria-label="Fechas"
              placeholder={['Desde', 'Hasta']}
              value={[filtros.desde ? dayjs(filtros.desde) : null, filtros.hasta ? dayjs(filtros.hasta) : null]}
              onChange={(r) =>
                cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
              }
            />
            <Select
              allowClear
              aria-label="Asesor"
              placeholder="Todos los asesores"
              value={filtros.asesor}
              options={(opciones.data?.asesores ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v?: number) => cambiar({ asesor: v ?? null })}
            />
            <Input.Search
              key={filtros.id_cita ?? ''}
              defaultValue={filtros.id_cita}
              allowClear
              inputMode="numeric"
              placeholder="Cita n.º"
              aria-label="Cita"
              onSearch={(x) => cambiar({ id_cita: listaModificaciones.filtros.id_cita.leer(x.trim()) })}
            />
          </>
        }
        filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        onExportar={(formato) => descargar(`/citas/modificaciones/exportar?${parametros(filtros)}&formato=${formato}`)}
        vacio={{ texto: 'Aún no hay cambios de citas' }}
        tarjeta={(m) => (
          <div className="agenda-cambio-tarjeta">
            <Typography.Text type="secondary">
              {formatFechaHora(m.fecha)} · {m.usuario} · {ETIQUETAS_ACCION_CITA[m.accion] ?? m.accion}
            </Typography.Text>
            <strong>
              Cita {m.id_cita} · {m.titulo}
            </strong>
            <span>
              {etiquetaCampoCita(m.campo)}: <Valor v={m.antes} /> → <Valor v={m.despues} />
            </span>
          </div>
        )}
        filaClave={(m) => m.clave}
        tituloError="No se pudieron cargar las modificaciones"
      />
    </Card>
  );
}
