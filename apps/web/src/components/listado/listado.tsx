import { Fragment, type HTMLAttributes, type Key, type LiHTMLAttributes, type ReactNode } from 'react';
import { ConfigProvider, Empty, Spin } from 'antd';
import './listado.css';

type Tamano = 'small' | 'middle' | 'large';

export type ListadoProps<T> = {
  dataSource: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  /** The React key of each row: a field of the item or a function of it; the index when absent. */
  rowKey?: keyof T | ((item: T) => Key);
  loading?: boolean;
  locale?: { emptyText?: ReactNode };
  /** Defaults to the ConfigProvider's componentSize, as antd's List did. */
  size?: Tamano;
  bordered?: boolean;
  header?: ReactNode;
  /** 'vertical' lays each row out as a block instead of a flex row (antd's itemLayout). */
  itemLayout?: 'horizontal' | 'vertical';
} & Omit<HTMLAttributes<HTMLDivElement>, 'children'>;

/** antd's 'middle' (and 6.x's 'medium') keep the base padding. */
const CLASE_TAMANO: Partial<Record<string, string>> = { small: 'listado-sm', large: 'listado-lg' };

function clave<T>(item: T, index: number, rowKey: ListadoProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(item);
  if (rowKey !== undefined) return item[rowKey] as Key;
  return `listado-item-${index}`;
}

/**
 * A plain list of rows with the look of antd's deprecated List (antd 6.6): its replacement, Listy, is a
 * virtualised list that takes no List.Item/Meta, so this keeps the subset the app uses, as a ul of li.
 */
export function Listado<T>({
  dataSource,
  renderItem,
  rowKey,
  loading = false,
  locale,
  size,
  bordered = false,
  header,
  itemLayout = 'horizontal',
  className,
  ...props
}: ListadoProps<T>) {
  const { componentSize } = ConfigProvider.useConfig();
  const clases = [
    'listado',
    CLASE_TAMANO[size ?? componentSize ?? 'middle'] ?? '',
    bordered ? 'listado-bordeado' : '',
    itemLayout === 'vertical' ? 'listado-vertical' : '',
    className ?? '',
  ];
  let contenido: ReactNode;
  if (dataSource.length > 0)
    contenido = (
      <ul className="listado-items">
        {dataSource.map((item, i) => (
          <Fragment key={clave(item, i, rowKey)}>{renderItem(item, i)}</Fragment>
        ))}
      </ul>
    );
  // Keeps room for the spinner while the first page loads, as antd's List did.
  else if (loading) contenido = <div className="listado-cargando" />;
  else contenido = <div className="listado-vacio">{locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>;
  return (
    <div className={clases.filter(Boolean).join(' ')} {...props}>
      {header === undefined || header === null ? null : <div className="listado-cabecera">{header}</div>}
      {/* Spin wraps the rows even when idle: its root carries antd's CSS variables that listado.css reads. */}
      <Spin spinning={loading}>{contenido}</Spin>
    </div>
  );
}

export type ListadoItemProps = {
  /** Buttons or links at the end of the row, split by thin lines. */
  actions?: ReactNode[];
} & LiHTMLAttributes<HTMLLIElement>;

/** One row of a Listado. */
export function ListadoItem({ actions, className, children, ...props }: ListadoItemProps) {
  return (
    <li className={className ? `listado-item ${className}` : 'listado-item'} {...props}>
      {children}
      {actions && actions.length > 0 ? (
        <ul className="listado-item-acciones">
          {actions.map((accion, i) => (
            <li key={i}>
              {accion}
              {i < actions.length - 1 ? <em className="listado-item-separador" /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The title over a description that fills a ListadoItem; the title stays an h4, as in antd's List.Item.Meta. */
export function ListadoItemMeta({ title, description }: { title?: ReactNode; description?: ReactNode }) {
  const hayTitulo = title !== undefined && title !== null && title !== false;
  const hayDescripcion = description !== undefined && description !== null && description !== false;
  return (
    <div className="listado-item-meta">
      {hayTitulo || hayDescripcion ? (
        <div className="listado-item-contenido">
          {hayTitulo ? <h4 className="listado-item-titulo">{title}</h4> : null}
          {hayDescripcion ? <div className="listado-item-descripcion">{description}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
