import { Card, DatePicker, Descriptions, Input, Select, Tag, Typography } from 'antd';
import { SectionTabs } from '../../components/section-tabs.tsx';
import dayjs from 'dayjs';
import { ACCIONES, AUDITORIA_SORT, type Auditoria } from '@predio/contract/auditoria';
import { ESTADOS_TRABAJO } from '@predio/contract/trabajos';
import { formatFechaHora } from '../../lib/format.ts';
import { useExportarAuditoria } from './api/exportar-auditoria.ts';
import { useAuditoria, useAuditoriaValores } from './api/get-auditoria.ts';
import { definirLista, dia, texto as textoUrl } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import './logs.css';
import { useSession } from '../../lib/session-store.ts';
import { TrabajosTab } from './trabajos-tab.tsx';

const PATH = '/archivo/utilidades/logs-sistema';
const COLOR: Record<string, string> = {
  login: 'green',
  logout: 'default',
  login_fallido: 'red',
  login_soporte: 'purple',
  eliminar: 'red',
  desactivar: 'orange',
  crear: 'blue',
};

const texto = (v: unknown) =>
  v === null || v === undefined || v === ''
    ? '—'
    : typeof v === 'string'
      ? v
      : typeof v === 'boolean'
        ? v
          ? 'Sí'
          : 'No'
        : JSON.stringify(v);

/** The changed fields of an audit row, before → after. */
function Cambios({ cambios }: { cambios: unknown }) {
  if (typeof cambios !== 'object' || cambios === null || Object.keys(cambios).length === 0)
    return <Typography.Text type="secondary">Sin detalle de cambios.</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={Object.entries(cambios as Record<string, unknown>).map(([campo, v]) => ({
        key: campo,
        label: campo,
        children:
          typeof v === 'object' && v !== null && 'antes' in v && 'despues' in v ? (
            <span className="logs-cambio">
              <span className="logs-antes">{texto((v as { antes: unknown }).antes)}</span>
              <span aria-hidden> → </span>
              <span className="logs-despues">{texto((v as { despues: unknown }).despues)}</span>
            </span>
          ) : (
            texto(v)
          ),
      }))}
    />
  );
}

/**
 * Archivo > Utilidades > Logs del sistema (idm 31): the audit log with filters in the URL and export;
 * for the company administrator a second tab, Trabajos en segundo plano (`?vista=trabajos`).
 */
export function LogsPage() {
  const auditoria = useListaUrl(listaAuditoria, PATH);
  const { sp: params, set: setParams } = auditoria;
  const admin = useSession((s) => s.claims?.admemp === true);
  const registro = <RegistroAuditoria lista={auditoria} />;
  if (!admin) return <Card title="Logs del sistema">{registro}</Card>;
  const estado = params.get('estado');
  return (
    <Card title="Logs del sistema">
      <SectionTabs
        activeKey={params.get('vista') === 'trabajos' ? 'trabajos' : 'registro'}
        onChange={(k) => setParams({ vista: k === 'trabajos' ? k : undefined, estado: undefined })}
        items={[
          { key: 'registro', label: 'Auditoría', children: registro },
          {
            key: 'trabajos',
            label: 'Trabajos en segundo plano',
            children: (
              <TrabajosTab estado={ESTADOS_TRABAJO.find((e) => e === estado)} onEstado={(e) => setParams({ estado: e })} />
            ),
          },
        ]}
      />
    </Card>
  );
}

const listaAuditoria = definirLista({
  filtros: { usuario: textoUrl(), entidad: textoUrl(), accion: textoUrl(), entidad_id: textoUrl(), desde: dia(), hasta: dia() },
  orden: AUDITORIA_SORT,
});

function RegistroAuditoria({
  lista: url,
}: {
  lista: ReturnType<typeof useListaUrl<(typeof listaAuditoria)['filtros'], (typeof AUDITORIA_SORT)[number]>>;
}) {
  const { params, cambiar } = url;
  const v = (x: string) => x || undefined;
  const filtros = {
    usuario: v(params.usuario),
    entidad: v(params.entidad),
    accion: v(params.accion),
    entidad_id: v(params.entidad_id),
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
  };
  const sort = params.sort ?? undefined;
  const order = params.sort ? (params.order ?? undefined) : undefined;
  const lista = useAuditoria({ ...filtros, page: params.page, pageSize: params.pageSize, sort, order });
  const valores = useAuditoriaValores();
  const exportar = useExportarAuditoria();

  const columns: ColumnaLista<Auditoria>[] = [
    { key: 'fecha', title: 'Fecha', ordenable: true, render: (_: unknown, f) => formatFechaHora(f.fecha) },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', ordenable: true },
    {
      key: 'accion',
      title: 'Acción',
      ordenable: true,
      render: (_: unknown, f) => <Tag color={COLOR[f.accion]}>{ACCIONES[f.accion] ?? f.accion}</Tag>,
    },
    { key: 'entidad', dataIndex: 'entidad', title: 'Entidad', ordenable: true },
    {
      key: 'entidad_id',
      dataIndex: 'entidad_id',
      title: 'Registro',
      responsive: ['lg'],
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'ip', dataIndex: 'ip', title: 'IP', responsive: ['xl'], render: (v: string) => v || '—' },
  ];
  const opciones = (xs: string[] | undefined, etiqueta?: (x: string) => string) =>
    (xs ?? []).map((x) => ({ value: x, label: etiqueta ? etiqueta(x) : x }));

  return (
    <ListPage<Auditoria, (typeof AUDITORIA_SORT)[number]>
      sustantivo={{ singular: 'registro', plural: 'registros' }}
      consulta={lista}
      columnas={columns}
      claveColumnas="auditoria"
      estado={params}
      ordenPorDefecto={{ sort: 'fecha', order: 'desc' }}
      onCambiar={cambiar}
      filtros={
        <>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Usuario"
            aria-label="Usuario"
            value={filtros.usuario}
            options={opciones(valores.data?.usuarios)}
            onChange={(x: string | undefined) => cambiar({ usuario: x ?? '' })}
          />
          <Select
            allowClear
            placeholder="Entidad"
            aria-label="Entidad"
            value={filtros.entidad}
            options={opciones(valores.data?.entidades)}
            onChange={(x: string | undefined) => cambiar({ entidad: x ?? '' })}
          />
          <Select
            allowClear
            placeholder="Acción"
            aria-label="Acción"
            value={filtros.accion}
            options={opciones(valores.data?.acciones, (a) => ACCIONES[a] ?? a)}
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
          <Input.Search
            key={filtros.entidad_id ?? ''}
            defaultValue={filtros.entidad_id}
            allowClear
            placeholder="Id del registro"
            aria-label="Id del registro"
            onSearch={(x) => cambiar({ entidad_id: x.trim() })}
          />
        </>
      }
      filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
      hayFiltros={url.hayFiltros}
      onLimpiar={url.limpiar}
      onExportar={(formato) => exportar.mutateAsync({ ...filtros, sort, order, formato })}
      vacio={{ texto: 'No hay registros' }}
      filaClave={(f) => f.id}
      expandible={{ expandedRowRender: (f) => <Cambios cambios={f.cambios} />, rowExpandable: (f) => f.cambios !== null }}
      tituloError="No se pudo cargar el registro"
    />
  );
}
