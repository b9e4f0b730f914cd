import { lazy, Suspense, useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Skeleton, Space, Tag, Tooltip } from 'antd';
import { GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ESTADOS_NOTICIA,
  ETIQUETAS_ESTADO_NOTICIA,
  NOTICIAS_SORT,
  type EstadoNoticia,
  type Noticia,
  type NoticiaForm,
} from '@predio/contract/pagina-web';
import { Archivos, type TextosArchivos } from '../../components/archivos/archivos.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { definirLista, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useSession } from '../../lib/session-store.ts';
import './pagina-web.css';
import { Acciones } from '../../components/acciones-fila.tsx';
import { useAutoresNoticia, useBorrarNoticia, useGuardarNoticia, useNoticias } from './pagina-web-api.ts';

const EditorPlantilla = lazy(() =>
  import('../../components/editor-plantilla/editor-plantilla.tsx').then((m) => ({ default: m.EditorPlantilla })),
);

const PATH = '/paginaweb/noticias';
const lista = definirLista({ filtros: { q: texto(), estado: unoDe(ESTADOS_NOTICIA) }, orden: NOTICIAS_SORT });

const COLOR_ESTADO: Record<EstadoNoticia, string> = {
  borrador: 'default',
  programada: 'blue',
  publicada: 'green',
  despublicada: 'orange',
};

const TEXTOS_PORTADA: TextosArchivos = {
  singular: 'archivo de portada',
  plural: 'archivos de portada',
  vacio: 'Sin portada: suba una imagen para la noticia.',
  vacioSoloLectura: 'Sin portada.',
  ayuda: 'Una imagen JPG, PNG o WEBP de hasta 15 MB (mejor horizontal, 1200 × 630).',
};

const estadoDe = (n: Noticia) => (
  <Space size={4} wrap>
    <Tag color={COLOR_ESTADO[n.estado]}>{ETIQUETAS_ESTADO_NOTICIA[n.estado]}</Tag>
    {n.visible ? <Tag color="green">En el sitio</Tag> : null}
  </Space>
);

/** Página web > Noticias (idm 202): the news of the company's website, from draft to published. */
export function NoticiasPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const noticias = useNoticias(lista.consulta(params, true));
  const borrar = useBorrarNoticia();
  const empresa = useSession((s) => s.claims?.idempresa ?? null);
  const [editando, setEditando] = useState<Noticia | 'nueva' | null>(null);

  const acciones = (n: Noticia) => (
    <Acciones
      titulo={n.titulo}
      onEditar={() => setEditando(n)}
      confirmar={{
        pregunta: `¿Eliminar la noticia «${n.titulo}»?`,
        detalle: 'Se borran su contenido y su portada, y deja de verse en el sitio.',
      }}
      onEliminar={() => borrar.mutateAsync(n.id)}
    >
      {n.visible && empresa ? (
        <Tooltip title="Ver en el sitio">
          <Button
            type="text"
            icon={<GlobalOutlined />}
            aria-label={`Ver «${n.titulo}» en el sitio`}
            href={`/sitio/${empresa}/noticias/${n.slug}`}
            target="_blank"
          />
        </Tooltip>
      ) : null}
    </Acciones>
  );

  const columnas: ColumnaLista<Noticia>[] = [
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', ordenable: true },
    {
      key: 'estado',
      title: 'Estado',
      ordenable: true,
      render: (_: unknown, n) => estadoDe(n),
    },
    {
      key: 'publicar_en',
      title: 'Publicación',
      ordenable: true,
      responsive: ['md'],
      render: (_: unknown, n) => (n.publicar_en ? formatFechaHora(n.publicar_en) : '—'),
    },
    { key: 'autor', dataIndex: 'autor_nombre', title: 'Autor', responsive: ['lg'] },
    { key: 'slug', dataIndex: 'slug', title: 'Dirección', responsive: ['lg'], oculta: true },
    { key: 'creado_por', dataIndex: 'creado_por', title: 'Creada por', responsive: ['xl'], oculta: true },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, n) => acciones(n),
    },
  ];

  return (
    <Card title="Noticias">
      <ListPage<Noticia, (typeof NOTICIAS_SORT)[number]>
        sustantivo={{ singular: 'noticia', plural: 'noticias' }}
        consulta={noticias}
        columnas={columnas}
        claveColumnas="noticias"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título o resumen' }}
        filtros={
          <Select<EstadoNoticia>
            allowClear
            aria-label="Estado"
            placeholder="Estado"
            style={{ minWidth: 160 }}
            value={params.estado ?? undefined}
            options={ESTADOS_NOTICIA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_NOTICIA[e] }))}
            onChange={(estado) => cambiar({ estado: estado ?? null })}
          />
        }
        filtrosActivos={params.estado ? 1 : 0}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
            Nueva noticia
          </Button>
        }
        vacio={{ texto: 'Aún no hay noticias' }}
        tarjeta={(n) => (
          <div className="pagina-web-tarjeta">
            <div>
              <strong>{n.titulo}</strong>
              <div>{estadoDe(n)}</div>
              {n.publicar_en ? <div>{formatFechaHora(n.publicar_en)}</div> : null}
            </div>
            {acciones(n)}
          </div>
        )}
        filaClave={(n) => n.id}
        tituloError="No se pudo cargar la lista de noticias"
      />
      {editando !== null ? (
        <NoticiaDialogo
          key={editando === 'nueva' ? 'nueva' : editando.id}
          noticia={editando === 'nueva' ? null : editando}
          onCerrar={(creada) => setEditando(creada ?? null)}
        />
      ) : null}
    </Card>
  );
}

type Valores = Omit<NoticiaForm, 'publicar_en' | 'cuerpo'> & { publicar_en: Dayjs | null };

/** Create and edit. A news just created opens again as itself, to add its cover. */
function NoticiaDialogo({ noticia, onCerrar }: { noticia: Noticia | null; onCerrar: (creada?: Noticia) => void }) {
  const guardar = useGuardarNoticia();
  const [form] = Form.useForm<Valores>();
  const estado = Form.useWatch('estado', form);
  // The editor keeps its own state: the dialog is mounted per record (key), so it starts from it.
  const [cuerpo, setCuerpo] = useState(noticia?.cuerpo ?? '');
  const guardada = noticia;
  const creada = useRef<Noticia | undefined>(undefined);
  const autores = useAutoresNoticia(guardada?.id_autor ?? null);
  const yo = useSession((s) => s.claims?.idUsuario ?? null);
  return (
    <ModalForm<Valores>
      open
      width={820}
      form={form}
      title={guardada ? `Noticia «${guardada.titulo}»` : 'Nueva noticia'}
      valores={
        guardada
          ? { ...guardada, publicar_en: guardada.publicar_en ? dayjs(guardada.publicar_en) : null }
          : { titulo: '', resumen: '', autor: '', id_autor: yo, etiquetas: [], estado: 'borrador', publicar_en: null }
      }
      onGuardar={async (v) => {
        const r = await guardar.mutateAsync({
          id: guardada?.id ?? null,
          body: {
            ...v,
            cuerpo,
            etiquetas: v.etiquetas ?? [],
            publicar_en: v.publicar_en ? v.publicar_en.toISOString() : null,
            // The old free-text author stays on a news until a user is chosen for it.
            id_autor: v.id_autor ?? null,
            autor: v.id_autor ? '' : (guardada?.autor ?? ''),
          },
        });
        if (!guardada) creada.current = r;
      }}
      onCerrar={() => onCerrar(creada.current)}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={160} />
      </Form.Item>
      <Form.Item name="resumen" label="Resumen">
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="estado" label="Estado" rules={[{ required: true, message: 'El campo Estado es obligatorio' }]}>
          <Select<EstadoNoticia>
            style={{ minWidth: 180 }}
            options={ESTADOS_NOTICIA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_NOTICIA[e] }))}
          />
        </Form.Item>
        <Form.Item
          name="publicar_en"
          label="Fecha de publicación"
          rules={[
            {
              required: estado === 'programada',
              message: 'El campo Fecha de publicación es obligatorio para una noticia programada',
            },
          ]}
          extra={estado === 'programada' ? 'Se publica sola en ese momento.' : undefined}
        >
          <DatePicker showTime={{ format: 'h:mm a' }} format={(d) => formatFechaHora(d.toDate())} style={{ minWidth: 220 }} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item
          name="id_autor"
          label="Autor"
          extra={
            guardada && !guardada.id_autor && guardada.autor
              ? `Autor anterior (texto): «${guardada.autor}». Elija un usuario para reemplazarlo.`
              : undefined
          }
        >
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={guardada && !guardada.id_autor && guardada.autor ? guardada.autor : 'Elija un usuario'}
            loading={autores.isLoading}
            style={{ minWidth: 240 }}
            options={(autores.data ?? []).map((u) => ({ value: u.id, label: u.activo ? u.nombre : `${u.nombre} (inactivo)` }))}
          />
        </Form.Item>
        <Form.Item name="etiquetas" label="Etiquetas">
          <Select mode="tags" style={{ minWidth: 220 }} tokenSeparators={[',']} open={false} suffixIcon={null} />
        </Form.Item>
      </Space>
      <Form.Item label="Contenido">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <EditorPlantilla value={cuerpo} onChange={setCuerpo} campos={[]} etiqueta="Contenido de la noticia" />
        </Suspense>
      </Form.Item>
      {guardada ? (
        <Form.Item label="Portada">
          <Archivos
            tipo="noticia"
            dueno={String(guardada.id)}
            categoria="portada"
            textos={TEXTOS_PORTADA}
            acepta="image/jpeg,image/png,image/webp"
          />
        </Form.Item>
      ) : (
        <Alert type="info" showIcon title="Al guardar la noticia podrá agregarle la portada." />
      )}
    </ModalForm>
  );
}
