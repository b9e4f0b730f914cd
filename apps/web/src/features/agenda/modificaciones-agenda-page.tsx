import { useState } from 'react';
import { App, DatePicker, Grid, InputNumber, Select, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { ETIQUETAS_ACCION_CITA, etiquetaCampoCita, type ModificacionAgenda } from '@predio/contract/agenda';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu, type FormatoArchivo } from '../../components/exportar-menu.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useOpcionesAgenda } from './api/citas.ts';
import { parametros, useModificacionesAgenda, type FiltrosModificaciones } from './api/modificaciones.ts';

/** Archivo > Utilidades > Modificaciones de agenda (idm 19): who changed what in which cita, and when. */
export function ModificacionesAgendaPage() {
  const movil = !Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const [f, setF] = useState<FiltrosModificaciones>({ page: 1, pageSize: 20 });
  const [exportando, setExportando] = useState(false);
  const lista = useModificacionesAgenda(f);
  const opciones = useOpcionesAgenda();
  const poner = (cambio: FiltrosModificaciones) => setF((x) => ({ ...x, ...cambio, page: 1 }));

  const exportar = async (formato: FormatoArchivo) => {
    setExportando(true);
    try {
      const { page: _p, pageSize: _s, ...resto } = f;
      const nombre = await descargar(
        `/citas/modificaciones/exportar?${parametros({ ...resto, formato } as FiltrosModificaciones)}`,
      );
      void message.success(`Descargado ${nombre}`);
    } finally {
      setExportando(false);
    }
  };

  if (lista.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar las modificaciones"
        error={lista.error}
        onReintentar={() => void lista.refetch()}
      />
    );

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          aria-label="Fechas"
          placeholder={['Desde', 'Hasta']}
          onChange={(r: [Dayjs | null, Dayjs | null] | null) =>
            poner({ desde: r?.[0]?.format('YYYY-MM-DD'), hasta: r?.[1]?.format('YYYY-MM-DD') })
          }
        />
        <Select
          allowClear
          aria-label="Asesor"
          placeholder="Todos los asesores"
          style={{ minWidth: 240 }}
          options={(opciones.data?.asesores ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
          optionFilterProp="label"
          showSearch
          onChange={(v?: number) => poner({ asesor: v })}
        />
        <InputNumber min={1} placeholder="Cita n.º" aria-label="Cita" onChange={(v) => poner({ id_cita: v ?? undefined })} />
        <ExportarMenu onElegir={(x) => void exportar(x)} cargando={exportando} soloIcono={movil} />
      </Space>
      <Table<ModificacionAgenda>
        rowKey="clave"
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data?.items ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'No hay cambios con este filtro' }}
        pagination={{
          current: f.page,
          pageSize: f.pageSize,
          total: lista.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, pageSize) => setF((x) => ({ ...x, page, pageSize })),
        }}
        columns={[
          { title: 'Fecha', dataIndex: 'fecha', width: 170, render: (v: string) => formatFechaHora(v) },
          { title: 'Usuario', dataIndex: 'usuario', width: 110 },
          { title: 'Cita', dataIndex: 'id_cita', width: 70 },
          { title: 'Título', dataIndex: 'titulo', width: 200 },
          { title: 'Campo', dataIndex: 'campo', width: 150, render: (v: string) => etiquetaCampoCita(v) },
          { title: 'Antes', dataIndex: 'antes' },
          { title: 'Después', dataIndex: 'despues' },
          { title: 'Acción', dataIndex: 'accion', width: 120, render: (v: string) => ETIQUETAS_ACCION_CITA[v] ?? v },
        ]}
      />
    </div>
  );
}
