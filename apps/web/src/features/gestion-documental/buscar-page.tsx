import { Button, Card, Grid, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { hasIdm } from '@predio/contract/menu';
import { IDM_GESTION_DOCUMENTAL, type Radicado } from '@predio/contract/gestion-documental';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatFecha } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useOpcionesRadicado, useRadicadoPorNumero, useRadicados } from './api/radicados.ts';
import { FiltrosTrd } from './filtros-trd.tsx';
import { FiltrosRelacionados } from './selectores-relacionados.tsx';
import { listaRadicados, type OrdenRadicados } from './listado-filtros.ts';
import { RadicadoDetalle, TipoTag } from './radicado-detalle.tsx';
import './gestion-documental.css';

const PATH = '/gestion-documental/buscar-gestion-documental';
const fecha = (d: string) => formatFecha(`${d}T12:00:00`);
const enlace = (r: Radicado) => `${PATH}/${encodeURIComponent(r.radicado)}`;

/**
 * Buscar gestión documental (idm 10581): find radicados by number, asunto, tercero or a word inside their
 * PDFs, filtered by serie, subserie, tipo documental, inmueble and contrato; /:consecutivo opens one.
 */
export function BuscarGestionDocumentalPage() {
  const { consecutivo } = useParams();
  return consecutivo ? <UnRadicado radicado={consecutivo} /> : <Busqueda />;
}

function UnRadicado({ radicado }: { radicado: string }) {
  const r = useRadicadoPorNumero(radicado);
  const puedeEditar = hasIdm(usePermisos(), IDM_GESTION_DOCUMENTAL);
  const movil = Grid.useBreakpoint().md === false;
  return (
    <Card
      title={`Radicado ${radicado}`}
      extra={
        <Link to={PATH} aria-label="Volver a la búsqueda">
          <Button icon={<ArrowLeftOutlined />}>{movil ? null : 'Volver a la búsqueda'}</Button>
        </Link>
      }
    >
      {r.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : r.isError || !r.data ? (
        <ErrorDeCarga
          titulo={`No se pudo abrir el radicado ${radicado}`}
          error={r.error ?? new Error('Sin datos')}
          onReintentar={() => void r.refetch()}
        />
      ) : (
        <RadicadoDetalle r={r.data} soloLectura={!puedeEditar} />
      )}
    </Card>
  );
}

function Busqueda() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaRadicados, PATH);
  const movil = Grid.useBreakpoint().md === false;
  const opciones = useOpcionesRadicado();
  const lista = useRadicados(
    {
      q: params.q || undefined,
      id_serie: params.id_serie ?? undefined,
      id_subserie: params.id_subserie ?? undefined,
      id_tipo_documental: params.id_tipo_documental ?? undefined,
      inmueble: params.inmueble ?? undefined,
      id_contrato: params.id_contrato ?? undefined,
      sort: params.sort ?? undefined,
      order: params.order ?? undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    '/gestion-documental/buscar',
  );
  const columnas: ColumnaLista<Radicado>[] = [
    {
      key: 'radicado',
      title: 'Radicado',
      ordenable: true,
      width: 190,
      render: (_v, r) => <Link to={enlace(r)}>{r.radicado}</Link>,
    },
    { key: 'tipo', title: 'Tipo', width: 90, render: (_v, r) => <TipoTag tipo={r.tipo} /> },
    { key: 'fecha', title: 'Fecha', ordenable: true, width: 110, render: (_v, r) => fecha(r.fecha) },
    { key: 'asunto', dataIndex: 'asunto', title: 'Asunto', ordenable: true },
    { key: 'tercero', title: 'Remitente / destinatario', width: 200, render: (_v, r) => r.tercero?.nombre ?? '—' },
    { key: 'area', title: 'Área', width: 150, render: (_v, r) => r.area.nombre },
  ];
  return (
    <Card title="Buscar gestión documental">
      <ListPage<Radicado, OrdenRadicados>
        sustantivo={{ singular: 'radicado', plural: 'radicados' }}
        consulta={lista}
        columnas={columnas}
        estado={params}
        ordenPorDefecto={{ sort: 'radicado', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: movil ? 'Buscar' : 'Número de radicado, asunto, tercero o texto del documento',
          titulo: 'Busca por número de radicado, asunto, remitente / destinatario o una palabra dentro de sus PDF',
        }}
        filtros={
          <>
            <FiltrosTrd opciones={opciones.data} valores={params} cambiar={cambiar} />
            <FiltrosRelacionados valores={params} cambiar={cambiar} />
          </>
        }
        filtrosActivos={
          [params.id_serie, params.id_subserie, params.id_tipo_documental, params.inmueble, params.id_contrato].filter(
            (x) => x !== null,
          ).length
        }
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        vacio={{ texto: 'Aún no hay radicados' }}
        tarjeta={(r) => (
          <div className="gd-tarjeta">
            <div className="gd-tarjeta-cabeza">
              <Link to={enlace(r)}>
                <strong>{r.radicado}</strong>
              </Link>
              <TipoTag tipo={r.tipo} />
            </div>
            <span>{r.asunto}</span>
            <Typography.Text type="secondary">
              {fecha(r.fecha)} · {r.area.nombre}
              {r.tercero ? ` · ${r.tercero.nombre}` : ''}
            </Typography.Text>
          </div>
        )}
        filaClave={(r) => r.id}
        tituloError="No se pudo buscar en los radicados"
      />
    </Card>
  );
}
