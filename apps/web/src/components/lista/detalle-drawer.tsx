import type { ReactNode } from 'react';
import { Grid, Skeleton } from 'antd';
import { AppDrawer } from '../app-drawer.tsx';
import { ErrorDeCarga } from '../error-de-carga.tsx';
import { SectionTabs } from '../section-tabs.tsx';

/** What the record's query gives (TanStack Query's result has these). */
export type ConsultaDetalle<D> = {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
};

export type Pestana = { key: string; label: ReactNode; children: ReactNode };

type Props<D> = {
  abierto: boolean;
  onCerrar: () => void;
  titulo: ReactNode;
  /** Actions in the drawer's header (Editar, Eliminar, …). */
  extra?: ReactNode;
  /** The record being shown; absent for a create form (then `children` is the form). */
  consulta?: ConsultaDetalle<D>;
  /** Names the record in the error state («la solicitud 12»). */
  nombre?: string;
  /** The record's tabs (datos, archivos, historial, …); without them, `contenido` is the whole body. */
  pestanas?: (d: D) => Pestana[];
  contenido?: (d: D) => ReactNode;
  /** The open tab, when the page keeps it (in the URL, for a deep link). */
  pestana?: string;
  onPestana?: (key: string) => void;
  /** The body when there is no record to load (a create form), or dialogs that float above it. */
  children?: ReactNode;
};

/**
 * A record opened beside its list: a drawer (full width on a phone) that loads the record, shows a
 * skeleton meanwhile and «Reintentar» on failure, then its tabs. One pattern for every module's detail.
 */
export function DetalleDrawer<D>(props: Props<D>) {
  const pantalla = Grid.useBreakpoint();
  const { consulta } = props;
  let cuerpo: ReactNode = null;
  if (consulta) {
    if (consulta.isPending) cuerpo = <Skeleton active paragraph={{ rows: 10 }} />;
    else if (consulta.isError || consulta.data === undefined)
      cuerpo = (
        <ErrorDeCarga
          titulo={`No se pudo cargar ${props.nombre ?? 'el registro'}`}
          error={consulta.error ?? new Error('Sin datos')}
          onReintentar={() => void consulta.refetch()}
        />
      );
    else if (props.pestanas)
      cuerpo = (
        <SectionTabs
          activeKey={props.pestana}
          onChange={props.onPestana}
          items={props.pestanas(consulta.data)}
          destroyOnHidden={false}
        />
      );
    else cuerpo = props.contenido?.(consulta.data) ?? null;
  }
  return (
    <AppDrawer
      open={props.abierto}
      onClose={props.onCerrar}
      title={props.titulo}
      extra={props.extra}
      size={pantalla.md ? 760 : '100%'}
      destroyOnHidden
      styles={{ body: { paddingTop: 12 } }}
    >
      {cuerpo}
      {props.children}
    </AppDrawer>
  );
}
