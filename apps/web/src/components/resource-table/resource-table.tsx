import { useEffect, useId, useState } from 'react';
import { Alert, App, Button, Empty, Grid, Result, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  FilterOutlined,
  PlusOutlined,
  ReloadOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ListResult } from '@predio/contract/list';
import { esOrdenable, etiquetaReferencia, refLabelKey, type ResourceDef } from '@predio/contract/maestros/resource';
import type { FormatoExportacion, Item } from '@predio/contract/maestros/schemas';
import { ApiError } from '../../lib/http.ts';
import { formatNumero } from '../../lib/format.ts';
import type { OpcionesFuente } from '../resource-form/opciones-fuente.ts';
import { mayuscula, nombreDe, participio, preguntaEliminar, tituloNuevo } from '../resource-texts.ts';
import { CellValue } from './cells.tsx';
import { ColumnSettings } from './column-settings.tsx';
import { ResourceCards, SortSelect } from './resource-cards.tsx';
import { FilterBar } from './filter-bar.tsx';
import { ImportModal, type Importar } from './import-modal.tsx';
import { ACTIVO_KEY, PAGE_SIZES, filtrosDe, hayCriterios, type ListState, type Orden } from './list-params.ts';
import { SearchBox } from './search-box.tsx';
import { useColumnSettings } from './use-column-settings.ts';
import './resource-table.css';
import { ExportarMenu } from '../exportar-menu.tsx';
import { useAvisos } from '../../components/foco.ts';

export type ListaConsulta = {
  data: ListResult<Item> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: Error | null;
  refetch: () => unknown;
};

type Props = {
  def: ResourceDef;
  state: ListState;
  onStateChange: (cambio: Partial<ListState>, opciones?: { replace?: boolean }) => void;
  lista: ListaConsulta;
  fuente: OpcionesFuente;
  onCrear: () => void;
  onEditar: (item: Item) => void;
  /** Rejects with the server's ApiError (409 when something uses the row). */
  onEliminar: (item: Item) => Promise<unknown>;
  onCambiarActivo: (item: Item, activo: boolean) => Promise<unknown>;
  onExportar: (formato: FormatoExportacion) => Promise<unknown>;
  onImportar: Importar;
};

const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;

/**
 * The list screen of any resource, driven by its definition: search, filters, sort and paging kept in the
 * URL by the caller, column choice, export of the current filter, import, and row actions.
 */
export function ResourceTable(props: Props) {
  const { def, state, onStateChange, lista, fuente } = props;
  const { message } = App.useApp();
  const modal = useAvisos();
  const [importando, setImportando] = useState(false);
  const [exportando, setExportando] = useState<FormatoExportacion | null>(null);
  const columnas = useColumnSettings(def);
  const screens = Grid.useBreakpoint();
  const angosta = screens.md === false;
  // Narrow screens fold the filters away so the rows start near the top.
  const [verFiltros, setVerFiltros] = useState(false);
  const idFiltros = useId();
  const filtros = filtrosDe(def);
  const data = lista.data;
  const total = data?.total ?? 0;

  // A page beyond the end (the last row of the last page was deleted, an old link): go to the last one.
  const ultima = Math.max(1, Math.ceil(total / state.pageSize));
  const fueraDeRango = data !== undefined && !lista.isPlaceholderData && data.items.length === 0 && state.page > ultima;
  useEffect(() => {
    if (fueraDeRango) onStateChange({ page: ultima }, { replace: true });
  }, [fueraDeRango, ultima, onStateChange]);

  const sortActual = state.sort ?? def.defaultSort.field;
  const ordenActual: Orden = state.order ?? (state.sort ? 'asc' : def.defaultSort.order);

  const cambiarActivo = async (item: Item, activo: boolean) => {
    await props.onCambiarActivo(item, activo);
    void message.success(`${participio(def, activo ? 'activad' : 'desactivad')}: «${nombreDe(def, item)}»`);
  };

  const noSePuedeEliminar = (item: Item, mensaje: string) => {
    if (def.activo && item.activo !== false)
      modal.confirm({
        title: 'No se puede eliminar',
        content: mensaje,
        okText: 'Desactivar',
        cancelText: 'Cerrar',
        onOk: () => cambiarActivo(item, false).catch(() => undefined),
      });
    else modal.error({ title: 'No se puede eliminar', content: mensaje, okText: 'Cerrar' });
  };

  const eliminar = (item: Item) =>
    modal.confirm({
      title: preguntaEliminar(def, item),
      content: 'Esta acción no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await props.onEliminar(item);
          void message.success(`${participio(def, 'eliminad')}: «${nombreDe(def, item)}»`);
        } catch (e) {
          if (e instanceof ApiError && e.status === 409) noSePuedeEliminar(item, e.message);
          else modal.error({ title: 'No se pudo eliminar', content: e instanceof Error ? e.message : String(e) });
        }
      },
    });

  const exportar = async (formato: FormatoExportacion) => {
    setExportando(formato);
    try {
      await props.onExportar(formato);
    } catch {
      // The HTTP client already showed why.
    } finally {
      setExportando(null);
    }
  };

  const acciones = (item: Item) => {
    const nombre = nombreDe(def, item);
    const activo = item.activo !== false;
    return (
      <Space size={0}>
        <Tooltip title="Editar">
          <Button type="text" icon={<EditOutlined />} aria-label={`Editar «${nombre}»`} onClick={() => props.onEditar(item)} />
        </Tooltip>
        {def.activo ? (
          <Tooltip title={activo ? 'Desactivar' : 'Activar'}>
            <Button
              type="text"
              icon={activo ? <StopOutlined /> : <CheckCircleOutlined />}
              aria-label={`${activo ? 'Desactivar' : 'Activar'} «${nombre}»`}
              onClick={() => void cambiarActivo(item, !activo).catch(() => undefined)}
            />
          </Tooltip>
        ) : null}
        <Tooltip title="Eliminar">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Eliminar «${nombre}»`}
            onClick={() => eliminar(item)}
          />
        </Tooltip>
      </Space>
    );
  };

  const porKey = new Map(def.fields.map((f) => [f.key, f]));
  const columns: ColumnsType<Item> = columnas.visibles.flatMap((key) => {
    if (key === ACTIVO_KEY)
      return [
        {
          key,
          title: 'Estado',
          render: (_: unknown, item: Item) => (item.activo === false ? <Tag>Inactivo</Tag> : <Tag color="green">Activo</Tag>),
        },
      ];
    const f = porKey.get(key);
    if (f === undefined) return [];
    const ordenable = esOrdenable(f);
    return [
      {
        key,
        dataIndex: f.type === 'reference' ? refLabelKey(f.key) : f.key,
        title: f.label,
        sorter: ordenable,
        sortOrder: ordenable && sortActual === f.key ? ORDEN_ANTD[ordenActual] : null,
        align: f.type === 'number' || f.type === 'money' ? ('right' as const) : undefined,
        render: (_: unknown, item: Item) => <CellValue field={f} item={item} />,
        ...(f.type === 'text' && f.multiline ? { ellipsis: true, width: 280 } : {}),
      },
    ];
  });
  columns.push({
    key: 'acciones',
    title: <span className="resource-sr-only">Acciones</span>,
    fixed: 'right',
    width: def.activo ? 128 : 92,
    render: (_: unknown, item: Item) => acciones(item),
  });

  const etiquetasFiltro = Object.fromEntries(
    filtros
      .filter((f) => f.field?.type === 'reference')
      .map((f) => [f.key, data?.items[0] ? etiquetaReferencia(f.key, data.items[0]) : undefined]),
  );
  const buscables = def.fields.filter((f) => f.search).map((f) => f.label);
  const conCriterios = hayCriterios(state);
  const filtrosActivos = Object.keys(state.filters).length + (state.sort ? 1 : 0);

  const vacio = conCriterios ? (
    <Empty description={`Ningún registro de ${def.plural} coincide con la búsqueda o los filtros.`}>
      <Button onClick={() => onStateChange({ q: undefined, filters: {} })}>Limpiar filtros</Button>
    </Empty>
  ) : (
    <Empty description={`Aún no hay ${def.plural}.`}>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onCrear}>
        Crear {def.singular}
      </Button>
    </Empty>
  );

  return (
    <div className="resource-table">
      <div className="resource-toolbar">
        <SearchBox
          value={state.q}
          label={`Buscar ${def.plural}`}
          placeholder={`Buscar ${def.plural}`}
          title={`Busca en ${buscables.join(', ')}, sin importar tildes ni mayúsculas`}
          onSearch={(q) => onStateChange({ q: q || undefined })}
        />
        {angosta ? (
          <Button
            icon={<FilterOutlined />}
            aria-expanded={verFiltros}
            aria-controls={idFiltros}
            onClick={() => setVerFiltros((v) => !v)}
          >
            {filtrosActivos > 0 ? `Filtros y orden (${filtrosActivos})` : 'Filtros y orden'}
          </Button>
        ) : null}
        {!angosta || verFiltros ? (
          <div className="resource-filters" id={idFiltros}>
            <FilterBar
              filtros={filtros}
              valores={state.filters}
              fuente={fuente}
              etiquetas={etiquetasFiltro}
              onChange={(key, value) => {
                const { [key]: _, ...resto } = state.filters;
                onStateChange({ filters: value === undefined ? resto : { ...resto, [key]: value } });
              }}
            />
            {angosta ? (
              <SortSelect
                campos={def.fields.filter(esOrdenable)}
                sort={sortActual}
                order={ordenActual}
                onChange={(sort, order) => onStateChange({ sort, order })}
              />
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="resource-summary">
        <Typography.Text type="secondary" aria-live="polite">
          {data === undefined
            ? ' '
            : `${formatNumero(total)} ${total === 1 ? def.singular : def.plural}${conCriterios ? ' con el filtro actual' : ''}`}
        </Typography.Text>
        {conCriterios ? (
          <Button type="link" size="small" onClick={() => onStateChange({ q: undefined, filters: {} })}>
            Limpiar filtros
          </Button>
        ) : null}
        <Space wrap className="resource-actions">
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onCrear}>
            {tituloNuevo(def)}
          </Button>
          <Button icon={<UploadOutlined />} aria-label="Importar" onClick={() => setImportando(true)}>
            {angosta ? null : 'Importar'}
          </Button>
          <ExportarMenu onElegir={(formato) => void exportar(formato)} cargando={exportando !== null} soloIcono={angosta} />
          <ColumnSettings
            columnas={columnas.columnas}
            visibles={columnas.visibles}
            onChange={columnas.mostrar}
            onReset={columnas.restablecer}
          />
        </Space>
      </div>

      {lista.error !== null && data !== undefined ? (
        <Alert
          type="warning"
          showIcon
          className="resource-alert"
          title={`No se pudo actualizar la lista: ${lista.error.message}`}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void lista.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : null}

      {data === undefined && lista.error !== null ? (
        <Result
          status="warning"
          title={`No se pudo cargar la lista de ${def.plural}`}
          subTitle={lista.error.message}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void lista.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : data === undefined ? (
        <div role="status" aria-busy="true" aria-label={`Cargando ${def.plural}`}>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : angosta ? (
        <ResourceCards
          def={def}
          items={data.items}
          total={total}
          state={state}
          visibles={columnas.visibles}
          acciones={acciones}
          vacio={vacio}
          cargando={lista.isFetching}
          onPage={(page) => onStateChange({ page })}
        />
      ) : (
        <Table<Item>
          rowKey="id"
          aria-label={mayuscula(def.plural)}
          dataSource={data.items}
          columns={columns}
          loading={lista.isFetching && lista.isPlaceholderData}
          scroll={{ x: 'max-content' }}
          rowClassName={(item) => (item.activo === false ? 'resource-row-inactive' : '')}
          locale={{ emptyText: vacio }}
          showSorterTooltip={false}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (t, [desde, hasta]) => `${formatNumero(desde)}–${formatNumero(hasta)} de ${formatNumero(t)}`,
            hideOnSinglePage: false,
          }}
          onChange={(paginacion, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Item> | undefined;
              const key = typeof s?.columnKey === 'string' ? s.columnKey : undefined;
              if (s?.order == null || key === undefined) onStateChange({ sort: undefined, order: undefined });
              else onStateChange({ sort: key, order: s.order === 'descend' ? 'desc' : 'asc' });
            } else if (extra.action === 'paginate') {
              const pageSize = paginacion.pageSize ?? state.pageSize;
              if (pageSize !== state.pageSize) onStateChange({ pageSize });
              else onStateChange({ page: paginacion.current ?? 1 });
            }
          }}
        />
      )}

      <ImportModal def={def} open={importando} onClose={() => setImportando(false)} onImportar={props.onImportar} />
    </div>
  );
}
