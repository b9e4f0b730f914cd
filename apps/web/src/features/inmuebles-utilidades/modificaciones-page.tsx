import { Card, DatePicker, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { MODIFICACIONES_SORT, etiquetaAccion, etiquetaCampo, type Modificacion } from '@predio/contract/inmuebles-utilidades';
import { definirLista, dia, id, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useExportarModificaciones } from './api/exportar-modificaciones.ts';
import { useModificaciones, useModificacionesValores } from './api/get-modificaciones.ts';
import './utilidades.css';

const PATH = '/archivo/utilidades/modificaciones-inmuebles';
const COLOR: Record<string, string> = {
  crear: 'blue',
  actualizar: 'geekblue',
  'cambiar estado': 'purple',
  reasignar: 'gold',
  geolocalizar: 'cyan',
  'romper bloqueo': 'red',
  eliminar: 'red',
};

const listaModificaciones = definirLista({
  filtros: { consecutivo: id(), usuario: texto(), campo: texto(), accion: texto(), desde: dia(), hasta: dia() },
  orden: MODIFICACIONES_SORT,
});

const Valor = ({ v }: { v: string }) =>
  v ? <span className="utilidades-valor">{v}</span> : <Typography.Text type="secondary">—</Typography.Text>;

/** Archivo > Utilidades > Modificaciones de inmuebles (idm 19): field-level history from the audit log. */
export function ModificacionesPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaModificaciones, PATH);
  const v = (x: string) => x || undefined;
  const filtros = {
    consecutivo: params.consecutivo ?? undefined,
    usuario: v(params.usuario),
    campo: v(params.campo),
    accion: v(params.accion),
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
  };
  const sort = params.sort ?? undefined;
  const order = params.sort ? (params.order ?? undefined) : undefined;
  const lista = useModificaciones({ ...filtros, page: params.page, pageSize: params.pageSize, sort, order });
  const valores = useModificacionesValores();
  const exportar = useExportarModificaciones();

  const columns: ColumnaLista<Modificacion>[] = [
    { key: 'fecha', title: 'Fecha', ordenable: true, render: (_: unknown, f) => formatFechaHora(f.fecha) },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', ordenable: true, responsive: ['sm'] },
    {
      key: 'consecutivo',
      title: 'Inmueble',
      ordenable: true,
      render: (_: unknown, f) =>
        f.consecutivo === null ? '—' : <Link to={`/propiedades/inmueble/${f.consecutivo}`}>{f.consecutivo}</Link>,
    },
    { key: 'campo', title: 'Campo', ordenable: true, render: (_: unknown, f) => etiquetaCampo(f.campo) },
    { key: 'antes', title: 'Antes', render: (_: unknown, f) => <Valor v={f.antes} /> },
    { key: 'despues', title: 'Después', render: (_: unknown, f) => <Valor v={f.despues} /> },
    {
      key: 'accion',
      title: 'Acción',
      responsive: ['md'],
      render: (_: unknown, f) => <Tag color={COLOR[f.accion]}>{etiquetaAccion(f.accion)}</Tag>,
    },
  ];

  return (
    <Card title="Modificaciones de inmuebles">
      <ListPage<Modificacion, (typeof MODIFICACIONES_SORT)[number]>
        sustantivo={{ singular: 'cambio', plural: 'cambios' }}
        consulta={lista}
        columnas={columns}
        claveColumnas="modificaciones-inmuebles"
        estado={params}
        ordenPorDefecto={{ sort: 'fecha', order: 'desc' }}
        onCambiar={cambiar}
        filtros={
          <>
            <Input.Search
              key={filtros.consecutivo ?? ''}
              defaultValue={filtros.consecutivo}
              allowClear
              inputMode="numeric"
              placeholder="Nº de inmueble"
              aria-label="Nº de inmueble"
              onSearch={(x) => cambiar({ consecutivo: listaModificaciones.filtros.consecutivo.leer(x.trim()) })}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Usuario"
              aria-label="Usuario"
              value={filtros.usuario}
              options={(valores.data?.usuarios ?? []).map((u) => ({ value: u, label: u }))}
              onChange={(x: string | undefined) => cambiar({ usuario: x ?? '' })}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Campo"
              aria-label="Campo"
              value={filtros.campo}
              options={(valores.data?.campos ?? [])
                .map((c) => ({ value: c, label: etiquetaCampo(c) }))
                .sort((a, b) => a.label.localeCompare(b.label, 'es'))}
              onChange={(x: string | undefined) => cambiar({ campo: x ?? '' })}
            />
            <Select
              allowClear
              placeholder="Acción"
              aria-label="Acción"
              value={filtros.accion}
              options={(valores.data?.acciones ?? []).map((a) => ({ value: a, label: etiquetaAccion(a) }))}
              onChange={(x: string | undefined) => cambiar({ accion: x ?? '' })}
            />
            <DatePicker.RangePicker
              aria-label="Fechas"
              format="DD/MM/YYYY"
              placeholder={['Desde', 'Hasta']}
              value={[filtros.desde ? dayjs(filtros.desde) : null, filtros.hasta ? dayjs(filtros.hasta) : null]}
              onChange={(r) =>
                cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
              }
            />
          </>
        }
        filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        onExportar={(formato) => exportar.mutateAsync({ ...filtros, sort, order, formato })}
        vacio={{ texto: 'Aún no hay cambios de inmuebles' }}
        filaClave={(f) => f.clave}
        tituloError="No se pudo cargar el historial"
      />
    </Card>
  );
}
