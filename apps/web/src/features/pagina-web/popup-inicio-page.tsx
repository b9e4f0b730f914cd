import { useRef, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ETIQUETAS_FRECUENCIA_POPUP,
  FRECUENCIAS_POPUP,
  POPUPS_SORT,
  type Popup,
  type PopupForm,
} from '@predio/contract/pagina-web-popup';
import { EditorTextoRicoDiferido } from '../../components/texto-rico/editor-diferido.tsx';
import { Archivos, type TextosArchivos } from '../../components/archivos/archivos.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { formatFecha } from '../../lib/format.ts';
import { Acciones } from '../../components/acciones-fila.tsx';
import { useBorrarPopup, useGuardarPopup, usePopups } from './pagina-web-api.ts';
import './pagina-web.css';

const PATH = '/paginaweb/popupinicio';
const lista = definirLista({ filtros: { q: texto() }, orden: POPUPS_SORT });
const OPCIONES_FRECUENCIA = FRECUENCIAS_POPUP.map((f) => ({ value: f, label: ETIQUETAS_FRECUENCIA_POPUP[f] }));

const TEXTOS_IMAGEN: TextosArchivos = {
  singular: 'archivo de imagen',
  plural: 'archivos de imagen',
  vacio: 'Sin imagen (opcional).',
  vacioSoloLectura: 'Sin imagen.',
  ayuda: 'Una imagen JPG, PNG o WEBP de hasta 15 MB (horizontal, por ejemplo 1120 × 630).',
};

const vigencia = (b: Popup) =>
  b.vigente_desde || b.vigente_hasta
    ? `${b.vigente_desde ? formatFecha(b.vigente_desde) : '…'} – ${b.vigente_hasta ? formatFecha(b.vigente_hasta) : '…'}`
    : 'Siempre';

const estadoDe = (b: Popup) =>
  b.vigente ? <Tag color="green">En el sitio</Tag> : b.activo ? <Tag color="orange">Fuera de fechas</Tag> : <Tag>Inactivo</Tag>;

const miniatura = (b: Popup) =>
  b.imagen ? (
    <img className="pagina-web-miniatura" src={`/api/archivos/popup/${b.id}/${b.imagen}`} alt="" />
  ) : (
    <div className="pagina-web-miniatura" role="img" aria-label="Sin imagen" />
  );

/** Página web > Popup de inicio (idm 10538): the home's pop-up, its dates and how often a visitor sees it. */
export function PopupInicioPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const popups = usePopups(lista.consulta(params, true));
  const borrar = useBorrarPopup();
  const [editando, setEditando] = useState<Popup | 'nuevo' | null>(null);

  const acciones = (b: Popup) => (
    <Acciones
      titulo={b.titulo}
      onEditar={() => setEditando(b)}
      confirmar={{
        pregunta: `¿Eliminar el popup «${b.titulo}»?`,
        detalle: 'Se borra con su imagen y deja de verse en el sitio.',
      }}
      onEliminar={() => borrar.mutateAsync(b.id)}
    />
  );

  const columnas: ColumnaLista<Popup>[] = [
    {
      key: 'imagen',
      title: 'Imagen',
      fija: true,
      render: (_: unknown, b) => miniatura(b),
    },
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', ordenable: true },
    { key: 'prioridad', dataIndex: 'prioridad', title: 'Prioridad', ordenable: true, responsive: ['sm'] },
    {
      key: 'frecuencia',
      title: 'Frecuencia',
      responsive: ['md'],
      render: (_: unknown, b) => ETIQUETAS_FRECUENCIA_POPUP[b.frecuencia],
    },
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
    <Card title="Popup de inicio">
      <ListPage<Popup, (typeof POPUPS_SORT)[number]>
        sustantivo={{ singular: 'popup', plural: 'popups' }}
        consulta={popups}
        columnas={columnas}
        claveColumnas="popupinicio"
        estado={params}
        ordenPorDefecto={{ sort: 'prioridad', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título' }}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo popup
          </Button>
        }
        vacio={{ texto: 'Aún no hay popups de inicio' }}
        tarjeta={(b) => (
          <div className="pagina-web-tarjeta">
            {miniatura(b)}
            <div>
              <strong>{b.titulo}</strong>
              <div>{estadoDe(b)}</div>
              <div>{vigencia(b)}</div>
            </div>
            {acciones(b)}
          </div>
        )}
        filaClave={(b) => b.id}
        tituloError="No se pudo cargar la lista de popups"
      />
      {editando !== null ? (
        <PopupDialogo
          key={editando === 'nuevo' ? 'nuevo' : editando.id}
          popup={editando === 'nuevo' ? null : editando}
          onCerrar={(creado) => setEditando(creado ?? null)}
        />
      ) : null}
    </Card>
  );
}

type Valores = Omit<PopupForm, 'vigente_desde' | 'vigente_hasta'> & { vigente_desde: Dayjs | null; vigente_hasta: Dayjs | null };

const dia = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null);

/** Create and edit. A pop-up just created opens again as itself, to add its image. */
function PopupDialogo({ popup, onCerrar }: { popup: Popup | null; onCerrar: (creado?: Popup) => void }) {
  const guardar = useGuardarPopup();
  const creado = useRef<Popup | undefined>(undefined);
  return (
    <ModalForm<Valores>
      open
      title={popup ? `Popup «${popup.titulo}»` : 'Nuevo popup'}
      width={720}
      valores={
        popup
          ? {
              ...popup,
              vigente_desde: popup.vigente_desde ? dayjs(popup.vigente_desde) : null,
              vigente_hasta: popup.vigente_hasta ? dayjs(popup.vigente_hasta) : null,
            }
          : {
              titulo: '',
              contenido: '',
              enlace: '',
              texto_enlace: '',
              prioridad: 0,
              frecuencia: 'diaria',
              activo: true,
              vigente_desde: null,
              vigente_hasta: null,
            }
      }
      onGuardar={async (v) => {
        const r = await guardar.mutateAsync({
          id: popup?.id ?? null,
          body: {
            ...v,
            contenido: v.contenido ?? '',
            enlace: v.enlace ?? '',
            texto_enlace: v.texto_enlace ?? '',
            vigente_desde: dia(v.vigente_desde),
            vigente_hasta: dia(v.vigente_hasta),
          },
        });
        if (!popup) creado.current = r;
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
      <Form.Item name="contenido" label="Contenido">
        <EditorTextoRicoDiferido etiqueta="Contenido del popup" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="enlace" label="Enlace" extra="Una dirección web (https://…) o una ruta del sitio (/sitio/…). Opcional.">
          <Input maxLength={500} style={{ minWidth: 280 }} />
        </Form.Item>
        <Form.Item name="texto_enlace" label="Texto del botón">
          <Input maxLength={60} placeholder="Ver más" />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="frecuencia" label="Frecuencia" extra="Cada cuánto lo ve un mismo visitante.">
          <Select options={OPCIONES_FRECUENCIA} style={{ minWidth: 170 }} />
        </Form.Item>
        <Form.Item name="prioridad" label="Prioridad" extra="Si hay varios vigentes se ve el de mayor prioridad.">
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
      {popup ? (
        <Form.Item label="Imagen">
          <Archivos
            tipo="popup"
            dueno={String(popup.id)}
            categoria="imagen"
            textos={TEXTOS_IMAGEN}
            acepta="image/jpeg,image/png,image/webp"
          />
        </Form.Item>
      ) : (
        <Alert type="info" showIcon title="Al guardar el popup podrá agregarle una imagen." />
      )}
    </ModalForm>
  );
}
