import { useState } from 'react';
import { App, Button, Card, Segmented, Space, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, EditOutlined, KeyOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { parsePermisos } from '@predio/contract/menu';
import { USUARIOS_SORT, type Usuario } from '@predio/contract/usuarios';
import { useAgencias } from '../../lib/api/get-agencias.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import { useCambiarEstadoUsuario } from './api/cambiar-estado-usuario.ts';
import { useExportarUsuarios } from './api/exportar-usuarios.ts';
import { useUsuarios } from './api/get-usuarios.ts';
import { RestablecerClaveModal } from './restablecer-clave-modal.tsx';
import { UsuarioForm, type Edicion } from './usuario-form.tsx';
import { booleano, definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import './usuarios.css';
import { useAvisos } from '../../components/foco.ts';

const PATH = '/archivo/usuarios';

const listaUsuarios = definirLista({ filtros: { q: texto(), activo: booleano() }, orden: USUARIOS_SORT });

function resumenPermisos(permisos: string): string {
  const p = parsePermisos(permisos);
  if (p === 'All') return 'Todos';
  return p.size === 0 ? 'Ninguno' : `${p.size} ${p.size === 1 ? 'permiso' : 'permisos'}`;
}

/** Archivo > Usuarios (idm 37): the company's users, their permissions, passwords and state. */
export function UsuariosPage() {
  const { message } = App.useApp();
  const modal = useAvisos();
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaUsuarios, PATH);
  const miId = useSession((s) => s.claims?.idUsuario ?? null);
  const criterios = {
    q: params.q || undefined,
    activo: params.activo ?? undefined,
    sort: params.sort ?? undefined,
    order: params.sort ? (params.order ?? undefined) : undefined,
  };
  const lista = useUsuarios({ page: params.page, pageSize: params.pageSize, ...criterios });
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

  const columns: ColumnaLista<Usuario>[] = [
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', ordenable: true },
    { key: 'nombre', dataIndex: 'nombre', title: 'Nombre', ordenable: true },
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
      ordenable: true,
      render: (v: string | null) => (v ? formatFechaHora(v) : 'Nunca'),
    },
    {
      key: 'activo',
      title: 'Estado',
      render: (_: unknown, u) => (u.activo ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
    },
    {
      key: 'acciones',
      fija: true,
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

  return (
    <Card title="Usuarios">
      <ListPage<Usuario, (typeof USUARIOS_SORT)[number]>
        sustantivo={{ singular: 'usuario', plural: 'usuarios' }}
        consulta={lista}
        columnas={columns}
        claveColumnas="usuarios"
        estado={params}
        ordenPorDefecto={{ sort: 'usuario', order: 'asc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }),
          placeholder: 'Buscar por usuario, nombre o documento',
        }}
        filtros={
          <Segmented
            aria-label="Estado"
            value={params.activo === null ? 'todos' : String(params.activo)}
            options={[
              { value: 'todos', label: 'Todos' },
              { value: 'true', label: 'Activos' },
              { value: 'false', label: 'Inactivos' },
            ]}
            onChange={(v) => cambiar({ activo: v === 'todos' ? null : v === 'true' })}
          />
        }
        filtrosActivos={params.activo === null ? 0 : 1}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdicion({ usuario: null })}>
            Nuevo usuario
          </Button>
        }
        onExportar={(formato) => exportar.mutateAsync({ ...criterios, formato })}
        vacio={{ texto: 'No hay usuarios' }}
        filaClave={(u) => u.id}
        tituloError="No se pudo cargar la lista de usuarios"
      />
      <UsuarioForm edicion={edicion} onClose={() => setEdicion(null)} />
      <RestablecerClaveModal usuario={clave} onClose={() => setClave(null)} />
    </Card>
  );
}
