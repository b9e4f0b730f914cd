import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Radio, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResult } from '@predio/contract/list';
import {
  ACCEPT_DOCUMENTO_CLIENTE,
  DOCUMENTO_CLIENTE_MAX_MB,
  ETIQUETAS_VISIBLE_PARA,
  ORIGENES_DOCUMENTO,
  SORT_DOCUMENTOS_CLIENTES,
  type DocumentoCliente,
  type OpcionesDocumentosClientes,
} from '@predio/contract/zona-clientes';
import { ModalForm } from '../../components/modal-form.tsx';
import { useAvisos } from '../../components/foco.ts';
import { definirLista, id, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { consultaInmuebles, consultaTerceros, zonaKeys } from '../../components/zona-clientes/api.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';

const PATH = '/zonaclientes/categoriasdocumentosclientes';
const lista = definirLista({
  filtros: { q: texto(), id_categoria: id(), origen: unoDe(ORIGENES_DOCUMENTO) },
  orden: SORT_DOCUMENTOS_CLIENTES,
});
export const documentosKeys = {
  all: () => [...zonaKeys.all, 'documentos'] as const,
  lista: (c: string) => [...documentosKeys.all(), 'lista', c] as const,
  opciones: () => [...documentosKeys.all(), 'opciones'] as const,
};

export function useOpcionesDocumentos() {
  return useQuery({
    queryKey: documentosKeys.opciones(),
    queryFn: async () =>
      (await http.get<OpcionesDocumentosClientes>('/zona-clientes/documentos/opciones', { silent: true })).data,
  });
}

/**
 * Zona clientes > Categorías de documentos (idm 10525): the categories (the generic master, given as
 * `maestro`, with «El cliente puede subir» on each row) and the documents shared with clients.
 * `?pestana=documentos` opens the second tab (notice 702 links there).
 */
export function DocumentosClientesPage({ maestro }: { maestro?: ReactNode }) {
  const [sp, setSp] = useSearchParams();
  const [pestana, setPestana] = useState(sp.get('pestana') === 'documentos' || !maestro ? 'documentos' : 'categorias');
  return (
    <SectionTabs
      activeKey={pestana}
      destroyOnHidden
      onChange={(k) => {
        setPestana(k);
        // Each tab's list keeps its own criteria in the URL: the other's go.
        setSp(k === 'documentos' ? { pestana: 'documentos' } : {}, { replace: true });
      }}
      items={[
        ...(maestro ? [{ key: 'categorias', label: 'Categorías', children: maestro }] : []),
        { key: 'documentos', label: 'Documentos compartidos', children: <DocumentosCompartidos /> },
      ]}
    />
  );
}

const paraQuien = (d: DocumentoCliente) =>
  d.id_tercero !== null
    ? `${d.tercero ?? ''}${d.inmueble ? ` · ${d.inmueble}` : ''}`
    : `Clientes del inmueble ${d.inmueble_consecutivo ?? ''} · ${d.inmueble ?? ''}`;

function DocumentosCompartidos() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH, { efimeras: ['pestana'], restaurar: false });
  const consulta = lista.consulta(params, true);
  const docs = useQuery({
    queryKey: documentosKeys.lista(consulta),
    queryFn: async ({ signal }) =>
      (await http.get<ListResult<DocumentoCliente>>(`/zona-clientes/documentos?${consulta}`, { signal, silent: true })).data,
    placeholderData: keepPreviousData,
  });
  const opciones = useOpcionesDocumentos();
  const qc = useQueryClient();
  const avisos = useAvisos();
  const { message } = App.useApp();
  const borrar = useMutation({
    mutationFn: (d: DocumentoCliente) => http.delete(`/zona-clientes/documentos/${d.id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: documentosKeys.all() }),
  });
  const [compartiendo, setCompartiendo] = useState(false);
  const bajar = (d: DocumentoCliente) =>
    void descargar(`/archivos/documento_cliente/${d.id}/${d.archivo.id}`).catch((e: Error) => void message.error(e.message));

  const acciones = (d: DocumentoCliente) => (
    <Space size={0}>
      <Tooltip title="Descargar">
        <Button type="text" icon={<DownloadOutlined />} aria-label={`Descargar «${d.titulo}»`} onClick={() => bajar(d)} />
      </Tooltip>
      <Tooltip title="Eliminar">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Eliminar «${d.titulo}»`}
          onClick={() =>
            avisos.confirm({
              title: `¿Eliminar el documento «${d.titulo}»?`,
              content: d.subido_por_cliente
                ? 'El cliente que lo subió deja de verlo y el archivo se borra.'
                : 'Los clientes dejan de verlo en la zona clientes y el archivo se borra.',
              okText: 'Eliminar',
              okButtonProps: { danger: true },
              cancelText: 'Cancelar',
              onOk: () => borrar.mutateAsync(d),
            })
          }
        />
      </Tooltip>
    </Space>
  );
  const origen = (d: DocumentoCliente) => (d.subido_por_cliente ? <Tag color="blue">Subido por el cliente</Tag> : null);
  const columnas: ColumnaLista<DocumentoCliente>[] = [
    {
      key: 'titulo',
      title: 'Título',
      render: (_: unknown, d) => (
        <>
          <Typography.Link onClick={() => bajar(d)}>{d.titulo}</Typography.Link> {origen(d)}
          <div>
            <Typography.Text type="secondary">{d.archivo.nombre}</Typography.Text>
          </div>
        </>
      ),
    },
    { key: 'categoria', title: 'Categoría', render: (_: unknown, d) => d.categoria },
    { key: 'para', title: 'Compartido con', render: (_: unknown, d) => paraQuien(d) },
    {
      key: 'creado_en',
      title: 'Fecha',
      responsive: ['md'],
      render: (_: unknown, d) => `${formatFechaHora(d.creado_en)} · ${d.creado_por}`,
    },
    {
      key: 'acciones',
      fija: true,
      title: <span className="visually-hidden">Acciones</span>,
      render: (_: unknown, d) => acciones(d),
    },
  ];
  const filtros = (
    <>
      <Select
        aria-label="Categoría"
        placeholder="Todas las categorías"
        allowClear
        value={params.id_categoria ?? undefined}
        onChange={(v?: number) => cambiar({ id_categoria: v ?? null })}
        options={(opciones.data?.categorias ?? []).map((c) => ({ value: c.id, label: c.nombre }))}
        style={{ minWidth: 220 }}
      />
      <Select
        aria-label="Origen"
        placeholder="De la inmobiliaria y de los clientes"
        allowClear
        value={params.origen ?? undefined}
        onChange={(v?: (typeof ORIGENES_DOCUMENTO)[number]) => cambiar({ origen: v ?? null })}
        options={[
          { value: 'inmobiliaria', label: 'Compartidos por la inmobiliaria' },
          { value: 'cliente', label: 'Subidos por los clientes' },
        ]}
        style={{ minWidth: 240 }}
      />
    </>
  );
  return (
    <Card title="Documentos compartidos con los clientes">
      <ListPage<DocumentoCliente, (typeof SORT_DOCUMENTOS_CLIENTES)[number]>
        sustantivo={{ singular: 'documento', plural: 'documentos' }}
        consulta={docs}
        columnas={columnas}
        claveColumnas="documentos-clientes"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }, { replace: true }),
          placeholder: 'Título, cliente, inmueble o categoría',
        }}
        filtros={filtros}
        filtrosActivos={[params.id_categoria, params.origen].filter(Boolean).length}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setCompartiendo(true)}>
            Compartir documento
          </Button>
        }
        vacio={{ texto: 'Aún no hay documentos compartidos con los clientes' }}
        tarjeta={(d) => (
          <div className="pagina-web-tarjeta">
            <div>
              <strong>{d.titulo}</strong> {origen(d)}
              <div>{d.categoria}</div>
              <div>{paraQuien(d)}</div>
              <Typography.Text type="secondary">{formatFechaHora(d.creado_en)}</Typography.Text>
            </div>
            {acciones(d)}
          </div>
        )}
        filaClave={(d) => d.id}
        tituloError="No se pudo cargar la lista de documentos compartidos"
      />
      {compartiendo ? <CompartirDialogo opciones={opciones.data} onCerrar={() => setCompartiendo(false)} /> : null}
    </Card>
  );
}

type Valores = {
  id_categoria?: number;
  titulo: string;
  con: 'cliente' | 'inmueble';
  id_tercero?: number | null;
  inmueble?: number | null;
  archivo?: File;
};

function CompartirDialogo({ opciones, onCerrar }: { opciones: OpcionesDocumentosClientes | undefined; onCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const con = Form.useWatch('con', form) ?? 'cliente';
  const [guardando, setGuardando] = useState(false);
  const categorias = (opciones?.categorias ?? []).filter((c) => c.activo);
  return (
    <ModalForm<Valores>
      open
      form={form}
      formProps={{ name: 'compartir-documento' }}
      title="Compartir documento"
      okText="Compartir"
      valores={{ titulo: '', con: 'cliente' }}
      guardando={guardando}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        setGuardando(true);
        try {
          const p = new URLSearchParams({ id_categoria: String(v.id_categoria ?? ''), titulo: v.titulo });
          if (v.con === 'cliente' && v.id_tercero) p.set('id_tercero', String(v.id_tercero));
          if (v.inmueble) p.set('inmueble', String(v.inmueble));
          const fd = new FormData();
          if (v.archivo) fd.append('file', v.archivo);
          await http.upload(`/zona-clientes/documentos?${p}`, fd);
          void message.success(`«${v.titulo}» compartido`);
          await qc.invalidateQueries({ queryKey: documentosKeys.all() });
        } finally {
          setGuardando(false);
        }
      }}
    >
      <Form.Item name="id_categoria" label="Categoría" rules={[{ required: true, message: 'El campo Categoría es obligatorio' }]}>
        <Select
          placeholder="Elija la categoría"
          options={categorias.map((c) => ({
            value: c.id,
            label: `${c.nombre} (${ETIQUETAS_VISIBLE_PARA[c.visible_para].toLowerCase()})`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={160} placeholder="Por ejemplo: Contrato de arrendamiento 2026" />
      </Form.Item>
      <Form.Item name="con" label="Compartir con">
        <Radio.Group
          options={[
            { value: 'cliente', label: 'Un cliente' },
            { value: 'inmueble', label: 'Todos los clientes de un inmueble' },
          ]}
        />
      </Form.Item>
      {con === 'cliente' ? (
        <Form.Item name="id_tercero" label="Cliente" rules={[{ required: true, message: 'El campo Cliente es obligatorio' }]}>
          <RemoteSelect fuente="zona-clientes:terceros" opciones={consultaTerceros} placeholder="Busque por nombre o documento" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="inmueble"
        label={con === 'cliente' ? 'Inmueble (opcional)' : 'Inmueble'}
        rules={con === 'inmueble' ? [{ required: true, message: 'El campo Inmueble es obligatorio' }] : []}
        extra={
          con === 'inmueble'
            ? 'Lo ven el propietario, el arrendatario y los codeudores del inmueble a quienes la categoría muestra documentos.'
            : undefined
        }
      >
        <RemoteSelect fuente="zona-clientes:inmuebles" opciones={consultaInmuebles} placeholder="Consecutivo o dirección" />
      </Form.Item>
      <Form.Item
        name="archivo"
        label="Archivo"
        valuePropName="fileList"
        getValueFromEvent={(e: { target: { files: FileList | null } }) => e.target.files?.[0]}
        getValueProps={() => ({})}
        rules={[{ required: true, message: 'El campo Archivo es obligatorio' }]}
        extra={`PDF, JPG, PNG o DOCX de hasta ${DOCUMENTO_CLIENTE_MAX_MB} MB.`}
      >
        <input type="file" accept={ACCEPT_DOCUMENTO_CLIENTE} aria-label="Archivo" />
      </Form.Item>
    </ModalForm>
  );
}
