import { useState } from 'react';
import { App, Button, Card, Checkbox, Dropdown, Grid, Select, Space, Tag, Tooltip } from 'antd';
import { MoreOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ROLES, TIPOS_DCTO, type TerceroResumen } from '@predio/contract/terceros';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useAvisos } from '../../components/foco.ts';
import { useCambiarActivoTercero } from './api/cambiar-activo-tercero.ts';
import { useEliminarTercero } from './api/eliminar-tercero.ts';
import { useExportarTerceros } from './api/exportar-terceros.ts';
import { useTerceros } from './api/get-terceros.ts';
import { FusionarDialog } from './fusionar-dialog.tsx';
import { TerceroFormDrawer } from './tercero-form.tsx';
import { useTercerosParams, type TercerosParams } from './terceros-params.ts';
import './terceros.css';

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
  const { params, cambiar, limpiar, hayFiltros, abierto, abrir, enlace } = useTercerosParams();
  const lista = useTerceros(params);
  const exportar = useExportarTerceros();
  const activar = useCambiarActivoTercero();
  const eliminar = useEliminarTercero();
  const [fusionarCon, setFusionarCon] = useState<TerceroResumen | null>(null);
  const ancho = Grid.useBreakpoint();
  const movil = ancho.md === false;

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

  const columnas: ColumnaLista<TerceroResumen>[] = [
    {
      key: 'nro_id',
      title: 'Identificación',
      ordenable: true,
      render: (_v, t) => <span className="tercero-doc">{documento(t)}</span>,
      width: 170,
    },
    { key: 'nombre', title: 'Nombre', ordenable: true, render: (_v, t) => nombre(t) },
    { key: 'celular', dataIndex: 'celular', title: 'Celular', ordenable: true, width: 140 },
    { key: 'email', dataIndex: 'email', title: 'Correo', ordenable: true, ellipsis: true },
    { key: 'municipio', dataIndex: 'municipio', title: 'Municipio', ordenable: true, oculta: true },
    { key: 'roles', title: 'Roles', render: (_v, t) => etiquetas(t) },
    {
      key: 'acciones',
      fija: true,
      title: <span className="sr-only">Acciones</span>,
      width: 56,
      fixed: 'right',
      render: (_v, t) => acciones(t),
    },
  ];

  const filtros = (
    <>
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
    </>
  );

  return (
    <Card title="Terceros" className="terceros-page">
      <ListPage<TerceroResumen, NonNullable<TercerosParams['sort']>>
        sustantivo={{ singular: 'tercero', plural: 'terceros' }}
        consulta={lista}
        columnas={columnas}
        claveColumnas="terceros"
        estado={params}
        ordenPorDefecto={{ sort: 'nombre', order: 'asc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: 'Buscar por nombre, documento, teléfono o correo',
          titulo: 'Busca por nombre, documento, teléfono o correo, sin importar tildes ni mayúsculas',
        }}
        filtros={filtros}
        filtrosActivos={[params.rol, params.activo].filter((v) => v !== null).length + (params.sinAutorizacionDatos ? 1 : 0)}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nuevo')} aria-label="Nuevo tercero">
            {movil ? 'Nuevo' : 'Nuevo tercero'}
          </Button>
        }
        onExportar={(formato) => exportar.mutateAsync({ params, formato })}
        vacio={{
          texto: 'Aún no hay terceros',
          accion: (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir('nuevo')}>
              Crear tercero
            </Button>
          ),
        }}
        tarjeta={(t) => (
          <div className="tercero-tarjeta">
            <div className="tercero-celda-movil">
              {nombre(t)}
              <span className="tercero-doc">{documento(t)}</span>
              {t.celular ? <span>{t.celular}</span> : null}
              {etiquetas(t)}
            </div>
            {acciones(t)}
          </div>
        )}
        filaClave={(t) => t.id}
        tituloError="No se pudo cargar la lista de terceros"
      />
      <TerceroFormDrawer abierto={abierto} onCerrar={() => abrir(null)} onAbrir={(id) => abrir(id)} />
      <FusionarDialog origen={fusionarCon} onCerrar={() => setFusionarCon(null)} />
    </Card>
  );
}
