import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { App, Button, Grid, Space, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import type { ListResult } from '@predio/contract/list';
import { esOrdenable, etiquetaReferencia, refLabelKey, type ResourceDef } from '@predio/contract/maestros/resource';
import type { FormatoExportacion, Item } from '@predio/contract/maestros/schemas';
import { ApiError } from '../../lib/http.ts';
import { formatNumero } from '../../lib/format.ts';
import type { OpcionesFuente } from '../resource-form/opciones-fuente.ts';
import { nombreDe, participio, preguntaEliminar, tituloNuevo } from '../resource-texts.ts';
import { ListPage, type CambioPagina, type ColumnaLista } from '../lista/list-page.tsx';
import { CellValue } from './cells.tsx';
import { ResourceCard, SortSelect } from './resource-cards.tsx';
import { FilterBar } from './filter-bar.tsx';
import { ImportModal, type Importar } from './import-modal.tsx';
import { ACTIVO_KEY, PAGE_SIZES, filtrosDe, hayCriterios, type ListState, type Orden } from './list-params.ts';
import { columnasDe } from './use-column-settings.ts';
import './resource-table.css';
import { useAvisos } from '../../components/foco.ts';

export type ListaConsulta = {
  data: ListResult<Item> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** An action of its own on each row of a master (app/routes/page-registry.ts says which master has one). */
export type AccionFilaMaestro = ComponentType<{ item: Item; nombre: string }>;

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
  /** One more action per row, before «Editar», for a master with a rule of its own (a category's «Guion»). */
  accionFila?: (item: Item, nombre: string) => ReactNode;
};

/**
 * The list screen of any resource, driven by its definition, on the one list shell (ListPage): search,
 * filters, sort and paging kept in the URL by the caller, column choice, export, import and row actions.
 */
export function ResourceTable(props: Props) {
  const { def, state, onStateChange, lista, fuente } = props;
  const { message } = App.useApp();
  const modal = useAvisos();
  const [importando, setImportando] = useState(false);
  const screens = Grid.useBreakpoint();
  const angosta = screens.md === false;
  const filtros = filtrosDe(def);
  const data = lista.data;

  const sortActual = state.sort ?? def.defaultSort.field;
  const ordenActual: Orden = state.order ?? (state.sort ? 'asc' : def.defaultSort.order);

  const cambiarPagina = useCallback(
    (c: CambioPagina, opciones?: { replace?: boolean }) => {
      const cambio: Partial<ListState> = {};
      if (c.page !== undefined) cambio.page = c.page;
      if (c.pageSize !== undefined) cambio.pageSize = c.pageSize;
      if (c.sort !== undefined) cambio.sort = c.sort ?? undefined;
      if (c.order !== undefined) cambio.order = c.order ?? undefined;
      onStateChange(cambio, opciones);
    },
    [onStateChange],
  );

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

  const acciones = (item: Item) => {
    const nombre = nombreDe(def, item);
    const activo = item.activo !== false;
    return (
      <Space size={0}>
        {props.accionFila?.(item, nombre)}
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
  const columnas: ColumnaLista<Item>[] = columnasDe(def).flatMap((c): ColumnaLista<Item>[] => {
    if (c.key === ACTIVO_KEY)
      return [
        {
          key: c.key,
          title: 'Estado',
          etiqueta: c.label,
          render: (_: unknown, item: Item) => (item.activo === false ? <Tag>Inactivo</Tag> : <Tag color="green">Activo</Tag>),
        },
      ];
    const f = porKey.get(c.key);
    if (f === undefined) return [];
    return [
      {
        key: f.key,
        title: f.label,
        oculta: !c.porDefecto,
        dataIndex: f.type === 'reference' ? refLabelKey(f.key) : f.key,
        ordenable: esOrdenable(f),
        align: f.type === 'number' || f.type === 'money' ? ('right' as const) : undefined,
        render: (_: unknown, item: Item) => <CellValue field={f} item={item} />,
        ...(f.type === 'text' && f.multiline ? { ellipsis: true, width: 280 } : {}),
      },
    ];
  });
  columnas.push({
    key: 'acciones',
    fija: true,
    title: <span className="resource-sr-only">Acciones</span>,
    fixed: 'right',
    width: (def.activo ? 128 : 92) + (props.accionFila ? 36 : 0),
    render: (_: unknown, item: Item) => acciones(item),
  });

  const etiquetasFiltro = Object.fromEntries(
    filtros
      .filter((f) => f.field?.type === 'reference')
      .map((f) => [f.key, data?.items[0] ? etiquetaReferencia(f.key, data.items[0]) : undefined]),
  );
  const buscables = def.fields.filter((f) => f.search).map((f) => f.label);
  const conCriterios = hayCriterios(state);
  const limpiar = () => onStateChange({ q: undefined, filters: {} });

  return (
    <div className="resource-table">
      <ListPage<Item>
        sustantivo={{ singular: def.singular, plural: def.plural }}
        consulta={lista}
        columnas={columnas}
        claveColumnas={def.key}
        estado={{ page: state.page, pageSize: state.pageSize, sort: state.sort ?? null, order: state.order ?? null }}
        ordenPorDefecto={{ sort: def.defaultSort.field, order: def.defaultSort.order }}
        onCambiar={cambiarPagina}
        busqueda={{
          valor: state.q ?? '',
          onBuscar: (q) => onStateChange({ q: q || undefined }),
          placeholder: `Buscar ${def.plural}`,
          titulo: `Busca en ${buscables.join(', ')}, sin importar tildes ni mayúsculas`,
        }}
        filtros={
          <>
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
          </>
        }
        filtrosActivos={Object.keys(state.filters).length + (state.sort ? 1 : 0)}
        etiquetaFiltros="Filtros y orden"
        hayFiltros={conCriterios}
        onLimpiar={limpiar}
        textoTotal={(n) =>
          `${formatNumero(n)} ${n === 1 ? def.singular : def.plural}${conCriterios ? ' con el filtro actual' : ''}`
        }
        acciones={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onCrear}>
              {tituloNuevo(def)}
            </Button>
            <Button icon={<UploadOutlined />} aria-label="Importar" onClick={() => setImportando(true)}>
              {angosta ? null : 'Importar'}
            </Button>
          </>
        }
        onExportar={props.onExportar}
        vacio={{
          texto: `Aún no hay ${def.plural}.`,
          accion: (
            <Button type="primary" icon={<PlusOutlined />} onClick={props.onCrear}>
              Crear {def.singular}
            </Button>
          ),
        }}
        tarjeta={(item, visibles) => <ResourceCard def={def} item={item} visibles={visibles} acciones={acciones} />}
        tarjetaUsaColumnas
        filaClave={(item) => item.id}
        filaClase={(item) => (item.activo === false ? 'resource-row-inactive' : '')}
        pageSizes={PAGE_SIZES}
        tituloError={`No se pudo cargar la lista de ${def.plural}`}
      />
      <ImportModal def={def} open={importando} onClose={() => setImportando(false)} onImportar={props.onImportar} />
    </div>
  );
}
