import { useState } from 'react';
import { App, Button, Card, Empty, Input, Segmented, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { CheckCircleOutlined, EditOutlined, KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { parsePermisos } from '@predio/contract/menu';
import type { Usuario } from '@predio/contract/usuarios';
import { useAgencias } from '../../lib/api/get-agencias.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCambiarEstadoUsuario } from './api/cambiar-estado-usuario.ts';
import { useExportarUsuarios } from './api/exportar-usuarios.ts';
import { useUsuarios } from './api/get-usuarios.ts';
import { RestablecerClaveModal } from './restablecer-clave-modal.tsx';
import { UsuarioForm, type Edicion } from './usuario-form.tsx';
import { useUrlEstado } from '../../components/lista/use-url-estado.ts';
import './usuarios.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { ExportarMenu } from '../../components/exportar-menu.tsx';
import { useAvisos } from '../../components/foco.ts';

const PATH = '/archivo/usuarios';
const ORDEN_ANTD = { asc: 'ascend', desc: 'descend' } as const;

function resumenPermisos(permisos: string): string {
  const p = parsePermisos(permisos);
  if (p === 'All') return 'Todos';
  return p.size === 0 ? 'Ninguno' : `${p.size} ${p.size === 1 ? 'permiso' : 'permisos'}`;
}

/** Archivo > Usuarios (idm 37): the company's users, their permissions, passwords and state. */
export function UsuariosPage() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const [params, setParams] = useUrlEstado(PATH);
  const miId = useSession((s) => s.claims?.idUsuario ?? null);
  const page = Number(params.get('page') ?? 1) || 1;
  const pageSize = Number(params.get('pageSize') ?? 20) || 20;
  const q = params.get('q') ?? '';
  const activoParam = params.get('activo');
  const activo = activoParam === 'true' ? true : activoParam === 'false' ? false : undefined;
  const sort = params.get('sort') ?? undefined;
  const order = (params.get('order') as 'asc' | 'desc' | null) ?? undefined;
  const lista = useUsuarios({ page, pageSize, q: q || undefined, activo, sort, order });
  const agencias = useAgencias();
  const estado = useCambiarEstadoUsuario();
  const exportar = useExportarUsuarios();
  const [edicion, setEdicion] = useState<Edicion | null>(null);
  const [clave, setClave] = useState<Usuario | null>(null);

  const nombreAgencia = (id: number) => (id === 0 ? '—' : (agencias.data?.find((a) => a.id === id)?.nombre ?? `#${id}`));

  const cambiarEstado = (u: Usuario) => {
    const desactivar = u.activo;
    modal.confirm({
      title: desactivar ? `¿Desactivar el usuario «${u.usuario}»?` : `¿Activar el usuario «${u.usuario}»?`,
      content: desactivar
        ? `${u.nombre || u.usuario} no podrá ingresar y sus sesiones abiertas se cerrarán de inmediato.`
        : `${u.nombre || u.usuario} podrá ingresar de nuevo con su contraseña.`,
      okText: desactivar ? 'Desactivar' : 'Activar',
      okButtonProps: { danger: desactivar },
      cancelText: 'Cancelar',
      onOk: async () => {
        await estado.mutateAsync({ id: u.id, activo: !desactivar });
        void message.success(`Usuario «${u.usuario}» ${desactivar ? 'desactivado' : 'activado'}`);
      },
    });
  };

  const columns: ColumnsType<Usuario> = [
    {
      key: 'usuario',
      dataIndex: 'usuario',
      title: 'Usuario',
      sorter: true,
      sortOrder: sort === 'usuario' || !sort ? ORDEN_ANTD[order ?? 'asc'] : null,
    },
    {
      key: 'nombre',
      dataIndex: 'nombre',
      title: 'Nombre',
      sorter: true,
      sortOrder: sort === 'nombre' ? ORDEN_ANTD[order ?? 'asc'] : null,
    },
    { key: 'nro_id', dataIndex: 'nro_id', title: 'Documento', responsive: ['lg'], render: (v: string | null) => v ?? '—' },
    { key: 'agencia', title: 'Agencia', responsive: ['lg'], render: (_: unknown, u) => nombreAgencia(u.agencia) },
    {
      key: 'permisos',
      title: 'Permisos',
      responsive: ['md'],
      render: (_: unknown, u) => (
        <Space size={4} wrap>
          {u.admemp ? <Tag color="gold">Administrador</Tag> : null}
          <span>{resumenPermisos(u.permisos)}</span>
        </Space>
      ),
    },
    {
      key: 'ultimo_ingreso',
      dataIndex: 'ultimo_ingreso',
      title: 'Último ingreso',
      responsive: ['xl'],
      sorter: true,
      sortOrder: sort === 'ultimo_ingreso' ? ORDEN_ANTD[order ?? 'asc'] : null,
      render: (v: string | null) => (v ? formatFechaHora(v) : 'Nunca'),
    },
    {
      key: 'activo',
      title: 'Estado',
      render: (_: unknown, u) => (u.activo ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
    },
    {
      key: 'acciones',
      title: <span className="usuarios-sr-only">Acciones</span>,
      fixed: 'right',
      width: 132,
      // The server says which users the caller may not change, and why: the actions it would refuse are off.
      render: (_: unknown, u) => (
        <Space size={0}>
          <Tooltip title={u.restriccion ?? 'Editar'}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`Editar «${u.usuario}»`}
              disabled={u.restriccion !== null}
              onClick={() => setEdicion({ usuario: u })}
            />
          </Tooltip>
          <Tooltip title={u.restriccion ?? 'Restablecer contraseña'}>
            <Button
              type="text"
              icon={<KeyOutlined />}
              aria-label={`Restablecer la contraseña de «${u.usuario}»`}
              disabled={u.restriccion !== null}
              onClick={() => setClave(u)}
            />
          </Tooltip>
          {u.id === miId ? null : (
            <Tooltip title={u.restriccion ?? (u.activo ? 'Desactivar' : 'Activar')}>
              <Button
                type="text"
                danger={u.activo}
                icon={u.activo ? <StopOutlined /> : <CheckCircleOutlined />}
                aria-label={`${u.activo ? 'Desactivar' : 'Activar'} «${u.usuario}»`}
                disabled={u.restriccion !== null}
                onClick={() => cambiarEstado(u)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const conCriterios = q !== '' || activo !== undefined;

  return (
    <Card title="Usuarios">
      <div className="usuarios-toolbar">
        <Space wrap>
          <Input.Search
            key={q}
            defaultValue={q}
            placeholder="Buscar por usuario, nombre o documento"
            aria-label="Buscar usuarios"
            allowClear
            onSearch={(v) => setParams({ q: v.trim() })}
          />
          <Segmented
            aria-label="Estado"
            value={activoParam ?? 'todos'}
            options={[
              { value: 'todos', label: 'Todos' },
              { value: 'true', label: 'Activos' },
              { value: 'false', label: 'Inactivos' },
            ]}
            onChange={(v) => setParams({ activo: v === 'todos' ? undefined : String(v) })}
          />
        </Space>
        <Space wrap>
          <ExportarMenu
            onElegir={(formato) => exportar.mutate({ q: q || undefined, activo, sort, order, formato })}
            cargando={exportar.isPending}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ usuario: null })}>
            Nuevo usuario
          </Button>
        </Space>
      </div>
      {lista.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : lista.isError && lista.data === undefined ? (
        <ErrorDeCarga
          titulo="No se pudo cargar la lista de usuarios"
          error={lista.error}
          onReintentar={() => void lista.refetch()}
        />
      ) : (
        <Table<Usuario>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={lista.data?.items ?? []}
          loading={lista.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <Empty description={conCriterios ? 'Ningún usuario coincide con la búsqueda' : 'No hay usuarios'} />,
          }}
          onChange={(pag, _f, sorter) => {
            const s = sorter as SorterResult<Usuario>;
            const campo = s.order ? String(s.columnKey) : undefined;
            setParams({
              page: pag.current === 1 ? undefined : pag.current,
              pageSize: pag.pageSize === 20 ? undefined : pag.pageSize,
              sort: campo,
              order: s.order === 'descend' ? 'desc' : s.order === 'ascend' && campo ? 'asc' : undefined,
            });
          }}
          pagination={{
            current: page,
            pageSize,
            total: lista.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'usuario' : 'usuarios'}`,
          }}
        />
      )}
      <UsuarioForm edicion={edicion} onClose={() => setEdicion(null)} />
      <RestablecerClaveModal usuario={clave} onClose={() => setClave(null)} />
    </Card>
  );
}
