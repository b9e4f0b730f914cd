import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Card,
  Checkbox,
  Dropdown,
  Empty,
  Grid,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableProps,
} from 'antd';
import { MoreOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ROLES, TIPOS_DCTO, type TerceroResumen } from '@predio/contract/terceros';
import { totalDelPaginador } from '../../lib/paginador.ts';
import { formatNumero } from '../../lib/format.ts';
import { useCambiarActivoTercero } from './api/cambiar-activo-tercero.ts';
import { useEliminarTercero } from './api/eliminar-tercero.ts';
import { useExportarTerceros } from './api/exportar-terceros.ts';
import { useTerceros } from './api/get-terceros.ts';
import { FusionarDialog } from './fusionar-dialog.tsx';
import { TerceroFormDrawer } from './tercero-form.tsx';
import { useTercerosParams, type TercerosParams } from './terceros-params.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import './terceros.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';
import { useAvisos } from '../../components/foco.ts';

const COLOR_ROL: Record<string, string> = {
  propietario: 'green',
  arrendatario: 'blue',
  cliente: 'cyan',
  proveedor: 'purple',
  empleado: 'gold',
  fiador: 'magenta',
};

const documento = (t: TerceroResumen) =>
  `${TIPOS_DCTO.find((x) => x.value === t.tipo_dcto)?.sigla ?? ''} ${t.nro_id}${t.dv === null ? '' : `-${t.dv}`}`;

export function TercerosPage() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const { params, cambiar, abierto, abrir, enlace } = useTercerosParams();
  const [texto, setTexto] = useState(params.q);
  const q = useDebouncedValue(texto, 300);
  const lista = useTerceros(params);
  const exportar = useExportarTerceros();
  const activar = useCambiarActivoTercero();
  const eliminar = useEliminarTercero();
  const [fusionarCon, setFusionarCon] = useState<TerceroResumen | null>(null);
  const ancho = Grid.useBreakpoint();
  const movil = ancho.md === false;

  useEffect(() => {
    if (q !== params.q) cambiar({ q }, { replace: true });
    // Only the typed text drives this; the URL's q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const confirmarEliminar = (t: TerceroResumen) =>
    modal.confirm({
      title: `¿Eliminar el tercero «${t.nombre}»?`,
      content: `Se eliminará ${documento(t)}. Si algo lo usa (un usuario, por ejemplo) no se eliminará: desactívelo o fusiónelo.`,
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await eliminar.mutateAsync(t.id);
        void message.success(`«${t.nombre}» eliminado`);
      },
    });

  const etiquetas = (t: TerceroResumen) => (
    <Space size={[0, 4]} wrap>
      {ROLES.filter((r) => t[r.key]).map((r) => (
        <Tag key={r.key} color={COLOR_ROL[r.key]}>
          {r.label}
        </Tag>
      ))}
      {t.sinAutorizacionDatos ? (
        <Tooltip title="No hay autorización de tratamiento de datos (Ley 1581): no le envíe mensajes sin verificarla">
          <Tag color="warning" icon={<WarningOutlined />}>
            Sin autorización de datos
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
  const nombre = (t: TerceroResumen) => (
    <Space size={4} wrap>
      <Link to={enlace(t.id)}>{t.nombre || '(sin nombre)'}</Link>
      {t.activo ? null : <Tag>Inactivo</Tag>}
    </Space>
  );
  const orden = (k: TercerosParams['sort']) =>
    params.sort === k || (k === 'nombre' && params.sort === null) ? (params.order === 'desc' ? 'descend' : 'ascend') : null;

  const acciones = (t: TerceroResumen) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'editar', label: 'Editar', onClick: () => abrir(t.id) },
          {
            key: 'activo',
            label: t.activo ? 'Desactivar' : 'Activar',
            onClick: () =>
              void activar
                .mutateAsync({ id: t.id, activo: !t.activo })
                .then(() => message.success(`«${t.nombre}» ${t.activo ? 'desactivado' : 'activado'}`)),
          },
          { key: 'fusionar', label: 'Fusionar con…', onClick: () => setFusionarCon(t) },
          { type: 'divider' },
          { key: 'eliminar', label: 'Eliminar', danger: true, onClick: () => confirmarEliminar(t) },
        ],
      }}
    >
      <Button type="text" icon={<MoreOutlined />} aria-label={`Acciones de ${t.nombre}`} />
    </Dropdown>
  );

  // A phone shows one column with everything stacked; a wide screen, one column per datum.
  const columnasMovil: TableProps<TerceroResumen>['columns'] = [
    {
      key: 'nombre',
      dataIndex: 'nombre',
      title: 'Tercero',
      sorter: true,
      sortOrder: orden('nombre'),
      render: (_v, t) => (
        <div className="tercero-celda-movil">
          {nombre(t)}
          <span className="tercero-doc">{documento(t)}</span>
          {t.celular ? <span>{t.celular}</span> : null}
          {etiquetas(t)}
        </div>
      ),
    },
    { key: 'acciones', title: <span className="sr-only">Acciones</span>, width: 48, render: (_v, t) => acciones(t) },
  ];

  const columnas: TableProps<TerceroResumen>['columns'] = [
    {
      key: 'nro_id',
      dataIndex: 'nro_id',
      title: 'Identificación',
      sorter: true,
      sortOrder: orden('nro_id'),
      render: (_v, t) => <span className="tercero-doc">{documento(t)}</span>,
      width: 170,
    },
    {
      key: 'nombre',
      dataIndex: 'nombre',
      title: 'Nombre',
      sorter: true,
      sortOrder: orden('nombre'),
      render: (_v, t) => nombre(t),
    },
    { key: 'celular', dataIndex: 'celular', title: 'Celular', sorter: true, width: 140, sortOrder: orden('celular') },
    { key: 'email', dataIndex: 'email', title: 'Correo', sorter: true, ellipsis: true, sortOrder: orden('email') },
    { key: 'roles', title: 'Roles', render: (_v, t) => etiquetas(t) },
    {
      key: 'acciones',
      title: <span className="sr-only">Acciones</span>,
      width: 56,
      fixed: 'right',
      render: (_v, t) => acciones(t),
    },
  ];

  const filtros = (
    <div className="terceros-filtros">
      <Input.Search
        aria-label="Buscar terceros"
        placeholder="Buscar por nombre, documento, teléfono o correo"
        allowClear
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        className="terceros-buscar"
      />
      <Select
        aria-label="Rol"
        placeholder="Todos los roles"
        allowClear
        value={params.rol}
        onChange={(v?: TercerosParams['rol']) => cambiar({ rol: v ?? null })}
        options={ROLES.map((r) => ({ value: r.key, label: r.label }))}
        className="terceros-filtro"
      />
      <Select
        aria-label="Estado"
        value={params.activo === null ? 'todos' : String(params.activo)}
        onChange={(v: string) => cambiar({ activo: v === 'todos' ? null : v === 'true' })}
        options={[
          { value: 'todos', label: 'Activos e inactivos' },
          { value: 'true', label: 'Solo activos' },
          { value: 'false', label: 'Solo inactivos' },
        ]}
        className="terceros-filtro"
      />
      <Checkbox checked={params.sinAutorizacionDatos} onChange={(e) => cambiar({ sinAutorizacionDatos: e.target.checked })}>
        Sin autorización de datos
      </Checkbox>
    </div>
  );

  const botones = (
    <Space wrap>
      <ExportarMenu
        onElegir={(formato) => void exportar.mutateAsync({ params, formato })}
        cargando={exportar.isPending}
        soloIcono={movil}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nuevo')} aria-label="Nuevo tercero">
        {movil ? 'Nuevo' : 'Nuevo tercero'}
      </Button>
    </Space>
  );

  let cuerpo;
  if (lista.isPending) cuerpo = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (lista.isError)
    cuerpo = (
      <ErrorDeCarga
        titulo="No se pudo cargar la lista de terceros"
        error={lista.error}
        onReintentar={() => void lista.refetch()}
      />
    );
  else
    cuerpo = (
      <Table<TerceroResumen>
        rowKey="id"
        size="middle"
        columns={movil ? columnasMovil : columnas}
        dataSource={lista.data.items}
        loading={lista.isFetching}
        scroll={movil ? undefined : { x: 900 }}
        locale={{
          emptyText: (
            <Empty
              description={
                params.q || params.rol || params.activo !== null || params.sinAutorizacionDatos
                  ? 'Ningún tercero coincide con la búsqueda'
                  : 'Aún no hay terceros'
              }
            />
          ),
        }}
        onChange={(pag, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort = s?.order ? (s.columnKey as TercerosParams['sort']) : null;
          cambiar({
            page: pag.current ?? 1,
            pageSize: pag.pageSize ?? params.pageSize,
            sort,
            order: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : null,
          });
        }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          // Past TOPE_CONTEO the server stops counting: the number is a lower bound.
          total: totalDelPaginador(lista.data.total, lista.data.totalExacto),
          showSizeChanger: true,
          showTotal: () =>
            lista.data.totalExacto === false
              ? `Más de ${formatNumero(lista.data.total)} terceros`
              : `${formatNumero(lista.data.total)} ${lista.data.total === 1 ? 'tercero' : 'terceros'}`,
        }}
      />
    );

  return (
    <Card title="Terceros" extra={botones} className="terceros-page">
      {filtros}
      {cuerpo}
      <TerceroFormDrawer abierto={abierto} onCerrar={() => abrir(null)} onAbrir={(id) => abrir(id)} />
      <FusionarDialog origen={fusionarCon} onCerrar={() => setFusionarCon(null)} />
    </Card>
  );
}
