import { useEffect, useId, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Empty, Grid, Pagination, Result, Skeleton, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import type { FormatoExportacion } from '@predio/contract/maestros/schemas';
import { formatNumero } from '../../lib/format.ts';
import { totalDelPaginador } from '../../lib/paginador.ts';
import { ExportarMenu } from '../exportar-menu.tsx';
import { ColumnSettings } from './column-settings.tsx';
import { SearchBox } from './search-box.tsx';
import { useColumnas } from './use-columnas.ts';
import './lista.css';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export type Orden = 'asc' | 'desc';

/** What the list's query gives (TanStack Query's result has these). */
export type ConsultaLista<T> = {
  data: { items: T[]; total: number; totalExacto?: boolean } | undefined;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  error: Error | null;
  refetch: () => unknown;
};

export type ColumnaLista<T> = Omit<ColumnType<T>, 'key' | 'title' | 'sorter' | 'sortOrder'> & {
  key: string;
  /** The header; also the name in «Columnas» unless `etiqueta` says otherwise. */
  title: ReactNode;
  etiqueta?: string;
  /** The API can sort by this column (its key is the `sort` value). */
  ordenable?: boolean;
  /** Starts hidden; the user can show it in «Columnas». */
  oculta?: boolean;
  /** Always shown and not offered in «Columnas» (actions). */
  fija?: boolean;
};

export type CambioPagina<S extends string = string> = { page?: number; pageSize?: number; sort?: S | null; order?: Orden | null };

type Props<T, S extends string> = {
  /** The records' names, for the total («1 tercero», «25 terceros»), the empty state and screen readers. */
  sustantivo: { singular: string; plural: string };
  consulta: ConsultaLista<T>;
  columnas: ColumnaLista<T>[];
  /** Where the column choice is stored; without it there is no «Columnas» button. */
  claveColumnas?: string;
  estado: { page: number; pageSize: number; sort: S | null; order: Orden | null };
  /** The order the API uses when the URL says none, so the header shows it. */
  ordenPorDefecto?: { sort: S; order: Orden };
  onCambiar: (cambio: CambioPagina<S>, opciones?: { replace?: boolean }) => void;
  busqueda?: { valor: string; onBuscar: (q: string) => void; placeholder: string; titulo?: string };
  /** The filter controls; on a phone they fold behind «Filtros». */
  filtros?: ReactNode;
  /** How many criteria are set (the folded button says it). */
  filtrosActivos?: number;
  /** The folded filters' button («Filtros y orden» when the sort is among them). */
  etiquetaFiltros?: string;
  hayFiltros: boolean;
  /** Clears the criteria; without it the page offers its own «Limpiar filtros» elsewhere. */
  onLimpiar?: () => void;
  /** Buttons beside the total (create, import, …). */
  acciones?: ReactNode;
  onExportar?: (formato: FormatoExportacion) => Promise<unknown>;
  /** Shown when there is no record at all (and no criterion set): a sentence and maybe a create button. */
  vacio: { texto: string; accion?: ReactNode };
  /** A phone shows one card per record instead of the table (`visibles`: the columns the user shows). */
  tarjeta?: (item: T, visibles: string[]) => ReactNode;
  /** The cards show the chosen columns, so «Columnas» stays on a phone. */
  tarjetaUsaColumnas?: boolean;
  /** The table's scroll width (default: as wide as its columns). */
  ancho?: number;
  filaClave?: (item: T) => Key;
  filaClase?: (item: T) => string;
  /** A click on a row (choosing a property to place on the map). */
  onFila?: (item: T) => void;
  /** The table's accessible name when it is not just the plural. */
  etiquetaTabla?: string;
  /** Rows that open to show more (the audit log's before → after). */
  expandible?: TableProps<T>['expandable'];
  pageSizes?: readonly number[];
  /** Loading and error texts name the list («la lista de terceros»). */
  tituloError?: string;
  /** Overrides the total's sentence (e.g. «con el filtro actual»). */
  textoTotal?: (total: number, exacto: boolean) => string;
  /** Replaces the total's sentence whole: a search that counts apart says «Contando…» meanwhile. */
  resumen?: ReactNode;
  /** The pager's total when the page knows more than `data.total` (matches its pages showed before the count). */
  totalPaginador?: number;
  /** Another view of the same page (cards in a grid, a map) in place of the table, over the same pager. */
  contenido?: ReactNode;
  /** The empty state whole, when the page words it itself (a page past the last one). */
  vacioPropio?: ReactNode;
  /** A double click on a row (opens the record, as the table's link does). */
  onFilaDoble?: (item: T) => void;
  /** Rows ticked for an action on them (a preview before reassigning or closing). */
  seleccion?: TableProps<T>['rowSelection'];
  /** The table's density («small» for a long preview). */
  tamano?: TableProps<T>['size'];
};

const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;

/**
 * One list screen: search and filters, the total (with «Más de …» when the count stopped), actions and
 * export, a sortable table with column choice, paging, and its loading, empty and error states; cards on
 * a phone. The caller keeps the state in the URL (useListaUrl) and fetches the page.
 */
export function ListPage<T extends object, S extends string = string>(props: Props<T, S>) {
  const { consulta, estado, onCambiar, sustantivo } = props;
  const screens = Grid.useBreakpoint();
  const angosta = screens.md === false;
  const [verFiltros, setVerFiltros] = useState(false);
  const idFiltros = useId();
  const [exportando, setExportando] = useState(false);
  const columnas = useColumnas(
    props.claveColumnas ?? '',
    props.columnas
      .filter((c) => !c.fija)
      .map((c) => ({ key: c.key, label: c.etiqueta ?? String(c.title), porDefecto: !c.oculta })),
  );
  const data = consulta.data;
  const total = data?.total ?? 0;
  const exacto = data?.totalExacto !== false;

  // A page beyond the end (the last row of the last page was deleted, an old link): go to the last one.
  const ultima = Math.max(1, Math.ceil(total / estado.pageSize));
  const fueraDeRango = data !== undefined && !consulta.isPlaceholderData && data.items.length === 0 && estado.page > ultima;
  useEffect(() => {
    if (fueraDeRango && exacto) onCambiar({ page: ultima }, { replace: true });
  }, [fueraDeRango, exacto, ultima, onCambiar]);

  const sortActual: string | null = estado.sort ?? props.ordenPorDefecto?.sort ?? null;
  const ordenActual: Orden = estado.order ?? (estado.sort ? 'asc' : (props.ordenPorDefecto?.order ?? 'asc'));

  const visibles = new Set(props.claveColumnas ? columnas.visibles : props.columnas.map((c) => c.key));
  const columns: ColumnType<T>[] = props.columnas
    .filter((c) => c.fija || visibles.has(c.key))
    .map(({ ordenable, oculta: _o, fija: _f, etiqueta: _e, ...c }) => ({
      ...c,
      sorter: ordenable === true,
      sortOrder: ordenable && sortActual === c.key ? ORDEN_ANTD[ordenActual] : null,
    }));

  const textoTotal =
    props.textoTotal ??
    ((n: number, ex: boolean) =>
      ex
        ? `${formatNumero(n)} ${n === 1 ? sustantivo.singular : sustantivo.plural}`
        : `Más de ${formatNumero(n)} ${sustantivo.plural}`);

  const vacio =
    props.vacioPropio ??
    (props.hayFiltros ? (
      <Empty description={`Ningún registro de ${sustantivo.plural} coincide con la búsqueda o los filtros.`}>
        {props.onLimpiar ? <Button onClick={props.onLimpiar}>Limpiar filtros</Button> : null}
      </Empty>
    ) : (
      <Empty description={props.vacio.texto}>{props.vacio.accion}</Empty>
    ));

  const exportar = async (formato: FormatoExportacion) => {
    if (!props.onExportar) return;
    setExportando(true);
    try {
      await props.onExportar(formato);
    } catch {
      // The HTTP client already showed why.
    } finally {
      setExportando(false);
    }
  };

  const pagerTotal = props.totalPaginador ?? totalDelPaginador(total, data?.totalExacto);
  const tamanos = props.pageSizes ?? PAGE_SIZES;
  const filtrosActivos = props.filtrosActivos ?? 0;
  const etiquetaFiltros = props.etiquetaFiltros ?? 'Filtros';
  const conFiltros = props.filtros !== undefined;

  return (
    <div className="lista">
      {props.busqueda || conFiltros ? (
        <div className="lista-toolbar">
          {props.busqueda ? (
            <SearchBox
              value={props.busqueda.valor}
              label={`Buscar ${sustantivo.plural}`}
              placeholder={props.busqueda.placeholder}
              title={props.busqueda.titulo ?? props.busqueda.placeholder}
              onSearch={props.busqueda.onBuscar}
            />
          ) : null}
          {conFiltros && angosta ? (
            <Button
              icon={<FilterOutlined />}
              aria-expanded={verFiltros}
              aria-controls={idFiltros}
              onClick={() => setVerFiltros((v) => !v)}
            >
              {filtrosActivos > 0 ? `${etiquetaFiltros} (${filtrosActivos})` : etiquetaFiltros}
            </Button>
          ) : null}
          {conFiltros && (!angosta || verFiltros) ? (
            <div className="lista-filtros" id={idFiltros}>
              {props.filtros}
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="lista-resumen">
        {props.resumen !== undefined ? (
          <div aria-live="polite">{props.resumen}</div>
        ) : (
          <Typography.Text type="secondary" aria-live="polite">
            {data === undefined ? ' ' : textoTotal(total, exacto)}
          </Typography.Text>
        )}
        {props.hayFiltros && props.onLimpiar ? (
          <Button type="link" size="small" onClick={props.onLimpiar}>
            Limpiar filtros
          </Button>
        ) : null}
        <Space wrap className="lista-acciones">
          {props.acciones}
          {props.onExportar ? (
            <ExportarMenu onElegir={(f) => void exportar(f)} cargando={exportando} soloIcono={angosta} />
          ) : null}
          {/* The columns are the table's: cards that do not show them, or another view, have none to choose. */}
          {props.claveColumnas && props.contenido === undefined && !(angosta && props.tarjeta && !props.tarjetaUsaColumnas) ? (
            <ColumnSettings
              columnas={columnas.columnas}
              visibles={columnas.visibles}
              onChange={columnas.mostrar}
              onReset={columnas.restablecer}
            />
          ) : null}
        </Space>
      </div>

      {consulta.error !== null && data !== undefined ? (
        <Alert
          type="warning"
          showIcon
          className="lista-alerta"
          title={`No se pudo actualizar la lista: ${consulta.error.message}`}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void consulta.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : null}

      {data === undefined && consulta.error !== null ? (
        <Result
          status="warning"
          title={props.tituloError ?? `No se pudo cargar la lista de ${sustantivo.plural}`}
          subTitle={consulta.error.message}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void consulta.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : data === undefined ? (
        <div role="status" aria-busy="true" aria-label={`Cargando ${sustantivo.plural}`}>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : props.contenido !== undefined ? (
        <>
          {props.contenido}
          {pagerTotal > estado.pageSize ? (
            <Pagination
              className="lista-tarjetas-paginas"
              simple={angosta}
              current={estado.page}
              pageSize={estado.pageSize}
              total={pagerTotal}
              showSizeChanger={false}
              onChange={(page) => onCambiar({ page })}
            />
          ) : null}
        </>
      ) : angosta && props.tarjeta ? (
        data.items.length === 0 ? (
          <div className="lista-tarjetas-vacia">{vacio}</div>
        ) : (
          <>
            <ul className="lista-tarjetas" aria-label={sustantivo.plural} aria-busy={consulta.isFetching}>
              {data.items.map((item, i) => (
                <li key={props.filaClave?.(item) ?? i} className={`lista-tarjeta ${props.filaClase?.(item) ?? ''}`.trim()}>
                  {props.tarjeta!(item, [...visibles])}
                </li>
              ))}
            </ul>
            <Pagination
              className="lista-tarjetas-paginas"
              simple
              current={estado.page}
              pageSize={estado.pageSize}
              total={pagerTotal}
              showSizeChanger={false}
              onChange={(page) => onCambiar({ page })}
            />
          </>
        )
      ) : (
        <Table<T>
          rowKey={props.filaClave ?? ((item: T) => (item as { id?: Key }).id ?? JSON.stringify(item))}
          aria-label={props.etiquetaTabla ?? sustantivo.plural}
          dataSource={data.items}
          onRow={(item) => ({
            ...(props.onFila ? { onClick: () => props.onFila!(item), style: { cursor: 'pointer' } } : {}),
            ...(props.onFilaDoble ? { onDoubleClick: () => props.onFilaDoble!(item) } : {}),
          })}
          columns={columns}
          loading={consulta.isFetching && consulta.isPlaceholderData === true}
          scroll={{ x: props.ancho ?? 'max-content' }}
          rowClassName={(item) => props.filaClase?.(item) ?? ''}
          expandable={props.expandible}
          rowSelection={props.seleccion}
          size={props.tamano}
          locale={{ emptyText: vacio }}
          showSorterTooltip={false}
          pagination={{
            current: estado.page,
            pageSize: estado.pageSize,
            total: pagerTotal,
            pageSizeOptions: tamanos.map(String),
            showSizeChanger: tamanos.length > 1,
            showTotal: (_t, [desde, hasta]) =>
              exacto
                ? `${formatNumero(desde)}–${formatNumero(hasta)} de ${formatNumero(total)}`
                : `${formatNumero(desde)}–${formatNumero(hasta)} de más de ${formatNumero(total)}`,
            // A list of one page size has nothing to change on a single page.
            hideOnSinglePage: tamanos.length <= 1,
          }}
          onChange={(paginacion, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
              const key = typeof s?.columnKey === 'string' ? s.columnKey : undefined;
              if (s?.order == null || key === undefined) onCambiar({ sort: null, order: null });
              // Only columns declared ordenable sort, and their keys are the list's sort values.
              else onCambiar({ sort: key as S, order: s.order === 'descend' ? 'desc' : 'asc' });
            } else if (extra.action === 'paginate') {
              const pageSize = paginacion.pageSize ?? estado.pageSize;
              if (pageSize !== estado.pageSize) onCambiar({ pageSize });
              else onCambiar({ page: paginacion.current ?? 1 });
            }
          }}
        />
      )}
    </div>
  );
}
