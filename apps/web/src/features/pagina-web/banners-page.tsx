import { useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BANNERS_SORT,
  ETIQUETAS_UBICACION_BANNER,
  UBICACIONES_BANNER,
  type Banner,
  type BannerForm,
  type UbicacionBanner,
} from '@predio/contract/pagina-web';
import { Archivos, type TextosArchivos } from '../../components/archivos/archivos.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { definirLista, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatFecha } from '../../lib/format.ts';
import { Acciones } from '../../components/acciones-fila.tsx';
import { useBanners, useBorrarBanner, useGuardarBanner } from './pagina-web-api.ts';
import './pagina-web.css';

const PATH = '/paginaweb/banners';
const lista = definirLista({ filtros: { q: texto(), ubicacion: unoDe(UBICACIONES_BANNER) }, orden: BANNERS_SORT });

const TEXTOS_IMAGEN: TextosArchivos = {
  singular: 'archivo de imagen',
  plural: 'archivos de imagen',
  vacio: 'Sin imagen: suba la imagen del banner.',
  vacioSoloLectura: 'Sin imagen.',
  ayuda: 'Una imagen JPG, PNG o WEBP de hasta 15 MB (horizontal, por ejemplo 1600 × 600).',
};

const TEXTOS_IMAGEN_MOVIL: TextosArchivos = {
  singular: 'archivo de imagen para celular',
  plural: 'archivos de imagen para celular',
  vacio: 'Sin imagen para celular: en los teléfonos se ve la imagen principal.',
  vacioSoloLectura: 'Sin imagen para celular.',
  ayuda: 'Opcional. Una imagen JPG, PNG o WEBP para pantallas de hasta 600 px de ancho (por ejemplo 800 × 600).',
};

const OPCIONES_UBICACION = UBICACIONES_BANNER.map((u) => ({ value: u, label: ETIQUETAS_UBICACION_BANNER[u] }));
/** Short names for the list's column and cards. */
const UBICACION_CORTA: Record<UbicacionBanner, string> = {
  inicio_principal: 'Inicio principal',
  inicio_secundario: 'Inicio secundario',
  busqueda: 'Búsqueda',
  noticias: 'Noticias',
};

const vigencia = (b: Banner) =>
  b.vigente_desde || b.vigente_hasta
    ? `${b.vigente_desde ? formatFecha(b.vigente_desde) : '…'} – ${b.vigente_hasta ? formatFecha(b.vigente_hasta) : '…'}`
    : 'Siempre';

const estadoDe = (b: Banner) =>
  b.vigente ? <Tag color="green">En el sitio</Tag> : b.activo ? <Tag color="orange">Fuera de fechas</Tag> : <Tag>Inactivo</Tag>;

const miniatura = (b: Banner) =>
  b.imagen ? (
    <img className="pagina-web-miniatura" src={`/api/archivos/banner/${b.id}/${b.imagen}`} alt="" />
  ) : (
    <div className="pagina-web-miniatura" role="img" aria-label="Sin imagen" />
  );

/** Página web > Banners (idm 10535): the images of the site's home, in order, with their dates. */
export function BannersPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const banners = useBanners(lista.consulta(params, true));
  const borrar = useBorrarBanner();
  const [editando, setEditando] = useState<Banner | 'nuevo' | null>(null);

  const acciones = (b: Banner) => (
    <Acciones
      titulo={b.titulo}
      onEditar={() => setEditando(b)}
      confirmar={{
        pregunta: `¿Eliminar el banner «${b.titulo}»?`,
        detalle: 'Se borra con su imagen y deja de verse en el sitio.',
      }}
      onEliminar={() => borrar.mutateAsync(b.id)}
    />
  );

  const columnas: ColumnaLista<Banner>[] = [
    {
      key: 'imagen',
      title: 'Imagen',
      fija: true,
      render: (_: unknown, b) => miniatura(b),
    },
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', ordenable: true },
    {
      key: 'ubicacion',
      title: 'Ubicación',
      responsive: ['sm'],
      render: (_: unknown, b) => (
        <Space size={4} wrap>
          <span>{UBICACION_CORTA[b.ubicacion]}</span>
          {b.imagen_movil ? <Tag>Con imagen para celular</Tag> : null}
        </Space>
      ),
    },
    { key: 'orden', dataIndex: 'orden', title: 'Orden', ordenable: true, responsive: ['sm'] },
    { key: 'vigente_hasta', title: 'Vigencia', ordenable: true, responsive: ['md'], render: (_: unknown, b) => vigencia(b) },
    {
      key: 'estado',
      title: 'Estado',
      render: (_: unknown, b) =>
        b.vigente ? (
          <Tag color="green">En el sitio</Tag>
        ) : b.activo ? (
          <Tag color="orange">Fuera de fechas</Tag>
        ) : (
          <Tag>Inactivo</Tag>
        ),
    },
    { key: 'enlace', dataIndex: 'enlace', title: 'Enlace', responsive: ['lg'], oculta: true },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, b) => acciones(b),
    },
  ];

  return (
    <Card title="Banners">
      <ListPage<Banner, (typeof BANNERS_SORT)[number]>
        sustantivo={{ singular: 'banner', plural: 'banners' }}
        consulta={banners}
        columnas={columnas}
        claveColumnas="banners"
        estado={params}
        ordenPorDefecto={{ sort: 'orden', order: 'asc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título' }}
        filtros={
          <Select<UbicacionBanner>
            allowClear
            aria-label="Ubicación"
            placeholder="Ubicación"
            style={{ minWidth: 200 }}
            value={params.ubicacion ?? undefined}
            options={UBICACIONES_BANNER.map((u) => ({ value: u, label: UBICACION_CORTA[u] }))}
            onChange={(ubicacion) => cambiar({ ubicacion: ubicacion ?? null })}
          />
        }
        filtrosActivos={params.ubicacion ? 1 : 0}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo banner
          </Button>
        }
        vacio={{ texto: 'Aún no hay banners' }}
        tarjeta={(b) => (
          <div className="pagina-web-tarjeta">
            {miniatura(b)}
            <div>
              <strong>{b.titulo}</strong>
              <div>{UBICACION_CORTA[b.ubicacion]}</div>
              <div>{estadoDe(b)}</div>
              <div>{vigencia(b)}</div>
            </div>
            {acciones(b)}
          </div>
        )}
        filaClave={(b) => b.id}
        tituloError="No se pudo cargar la lista de banners"
      />
      {editando !== null ? (
        <BannerDialogo
          key={editando === 'nuevo' ? 'nuevo' : editando.id}
          banner={editando === 'nuevo' ? null : editando}
          onCerrar={(creado) => setEditando(creado ?? null)}
        />
      ) : null}
    </Card>
  );
}

type Valores = Omit<BannerForm, 'vigente_desde' | 'vigente_hasta'> & { vigente_desde: Dayjs | null; vigente_hasta: Dayjs | null };

const dia = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

/** Create and edit. A banner just created opens again as itself, to add its image. */
function BannerDialogo({ banner, onCerrar }: { banner: Banner | null; onCerrar: (creado?: Banner) => void }) {
  const guardar = useGuardarBanner();
  const creado = useRef<Banner | undefined>(undefined);
  return (
    <ModalForm<Valores>
      open
      width={760}
      title={banner ? `Banner «${banner.titulo}»` : 'Nuevo banner'}
      valores={
        banner
          ? {
              ...banner,
              vigente_desde: banner.vigente_desde ? dayjs(banner.vigente_desde) : null,
              vigente_hasta: banner.vigente_hasta ? dayjs(banner.vigente_hasta) : null,
            }
          : {
              titulo: '',
              enlace: '',
              ubicacion: 'inicio_principal',
              orden: 0,
              activo: true,
              vigente_desde: null,
              vigente_hasta: null,
            }
      }
      onGuardar={async (v) => {
        const r = await guardar.mutateAsync({
          id: banner?.id ?? null,
          body: { ...v, enlace: v.enlace ?? '', vigente_desde: dia(v.vigente_desde), vigente_hasta: dia(v.vigente_hasta) },
        });
        if (!banner) creado.current = r;
      }}
      onCerrar={() => onCerrar(creado.current)}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={160} />
      </Form.Item>
      <Form.Item
        name="ubicacion"
        label="Ubicación"
        extra="Dónde se ve en el sitio web."
        rules={[{ required: true, message: 'El campo Ubicación es obligatorio' }]}
      >
        <Select options={OPCIONES_UBICACION} />
      </Form.Item>
      <Form.Item name="enlace" label="Enlace" extra="Una dirección web (https://…) o una ruta del sitio (/sitio/…). Opcional.">
        <Input maxLength={500} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="orden" label="Orden">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item name="vigente_desde" label="Vigente desde">
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="vigente_hasta" label="Vigente hasta">
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="activo" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {banner ? (
        <Form.Item label="Imagen">
          <Archivos
            tipo="banner"
            dueno={String(banner.id)}
            categoria="imagen"
            textos={TEXTOS_IMAGEN}
            acepta="image/jpeg,image/png,image/webp"
          />
        </Form.Item>
      ) : null}
      {banner ? (
        <Form.Item label="Imagen para celular">
          <Archivos
            tipo="banner"
            dueno={String(banner.id)}
            categoria="imagen_movil"
            textos={TEXTOS_IMAGEN_MOVIL}
            acepta="image/jpeg,image/png,image/webp"
          />
        </Form.Item>
      ) : (
        <Alert type="info" showIcon title="Al guardar el banner podrá agregarle la imagen." />
      )}
    </ModalForm>
  );
}
