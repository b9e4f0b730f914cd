import type { CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, ConfigProvider, Button, Empty, Image, Skeleton, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CameraOutlined,
  DeleteOutlined,
  HolderOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  FOTO_ACEPTA,
  FOTO_INMUEBLE_MAX_BYTES,
  FOTO_INMUEBLE_MIN_PX,
  FOTOS_POR_INMUEBLE,
  type FotoInmueble,
} from '@predio/contract/inmuebles-archivos';
import { useEliminarFoto } from '../api/fotos-eliminar.ts';
import { fotosKeys, urlFoto, useFotos } from '../api/fotos-listar.ts';
import { useOrdenarFotos } from '../api/fotos-ordenar.ts';
import { useUsarComoPortada } from '../api/fotos-portada.ts';
import { subirFoto } from '../api/fotos-subir.ts';
import { problemaFoto } from '../../../components/archivos/cola-subida.ts';
import { ColaSubida } from '../../../components/archivos/cola-subida-lista.tsx';
import { moverPaso, ordenTrasSoltar } from './orden.ts';
import { useColaSubida } from '../../../components/archivos/use-cola-subida.ts';
import './archivos.css';
import { ErrorDeCarga } from '../../../components/error-de-carga.tsx';
import { useAvisos } from '../../../components/foco.ts';

type Props = { consecutivo: number; soloLectura?: boolean };

const MB = 1024 * 1024;

/** The photos of a property: upload many with progress, reorder by drag or buttons, cover, preview, delete. */
export function InmuebleFotos(props: Props) {
  // The tab may sit in a read-only (disabled) form: viewing, previewing, downloading and retrying must
  // still work there; soloLectura alone decides what can change.
  return (
    <ConfigProvider componentDisabled={false}>
      <Fotos {...props} />
    </ConfigProvider>
  );
}

function Fotos({ consecutivo, soloLectura = false }: Props) {
  const { message } = App.useApp();
  const modal = useAvisos();
  const queryClient = useQueryClient();
  const fotos = useFotos(consecutivo);
  const ordenar = useOrdenarFotos(consecutivo);
  const portada = useUsarComoPortada(consecutivo);
  const eliminar = useEliminarFoto(consecutivo);
  const cola = useColaSubida({
    subir: (archivo, alProgreso) => subirFoto({ consecutivo, archivo, alProgreso }),
    validar: problemaFoto,
    alSubir: () => void queryClient.invalidateQueries({ queryKey: fotosKeys.lista(consecutivo) }),
  });
  const sensores = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (fotos.isPending)
    return (
      <div className="fotos-grid" role="status" aria-busy="true" aria-label="Cargando fotos">
        {[1, 2, 3, 4].map((i) => (
          <Skeleton.Image key={i} active className="foto-skeleton" />
        ))}
      </div>
    );
  if (fotos.isError)
    return (
      <ErrorDeCarga titulo="No se pudieron cargar las fotos" error={fotos.error} onReintentar={() => void fotos.refetch()} />
    );

  const lista = fotos.data;
  const ids = lista.map((f) => f.id);
  const posicion = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const reordenar = (nuevo: number[] | null) => {
    if (nuevo) ordenar.mutate(nuevo);
  };
  const alSoltar = ({ active, over }: DragEndEvent) =>
    reordenar(ordenTrasSoltar(ids, Number(active.id), over ? Number(over.id) : null));

  const confirmarEliminar = (f: FotoInmueble) => {
    const n = posicion(f.id);
    modal.confirm({
      title: `¿Eliminar la foto ${n} «${f.nombre_original}»?`,
      content: f.portada
        ? 'Es la portada: la siguiente foto pasará a ser la portada. La foto se borra del inmueble y de la ficha; no se puede deshacer.'
        : 'La foto se borra del inmueble y de la ficha; no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await eliminar.mutateAsync(f.id);
        void message.success(`Foto «${f.nombre_original}» eliminada`);
      },
    });
  };

  const anuncios: Announcements = {
    onDragStart: ({ active }) => `Tomó la foto ${posicion(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `La foto ${posicion(active.id)} está sobre la posición ${posicion(over.id)}.`
        : 'La foto no está sobre ninguna posición.',
    onDragEnd: ({ active, over }) =>
      over ? `Soltó la foto ${posicion(active.id)} en la posición ${posicion(over.id)}.` : 'Soltó la foto sin moverla.',
    onDragCancel: ({ active }) => `Canceló el movimiento de la foto ${posicion(active.id)}.`,
  };

  const cupo = FOTOS_POR_INMUEBLE - lista.length;

  return (
    <div className="inmueble-fotos">
      {soloLectura ? null : (
        <>
          <Upload.Dragger
            multiple
            accept={FOTO_ACEPTA}
            showUploadList={false}
            disabled={cupo <= 0}
            beforeUpload={(archivo, archivos) => {
              // Called once per file with the whole selection: queue the selection once.
              if (archivo === archivos[0]) cola.agregar(archivos.slice(0, Math.max(cupo, 0)));
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <CameraOutlined />
            </p>
            <p className="ant-upload-text">Haga clic o arrastre aquí las fotos del inmueble</p>
            <p className="ant-upload-hint">
              Varias a la vez: JPG, PNG, WEBP o HEIC (iPhone) de hasta {FOTO_INMUEBLE_MAX_BYTES / MB} MB y mínimo{' '}
              {FOTO_INMUEBLE_MIN_PX} px por lado.{' '}
              {cupo > 0 ? `Caben ${cupo} más.` : `El inmueble ya tiene el máximo de ${FOTOS_POR_INMUEBLE} fotos.`}
            </p>
          </Upload.Dragger>
          <ColaSubida items={cola.items} onReintentar={cola.reintentar} onQuitar={cola.quitar} titulo="Subiendo fotos" />
        </>
      )}

      {lista.length === 0 ? (
        <Empty
          className="archivos-vacio"
          description={
            soloLectura
              ? 'Este inmueble no tiene fotos.'
              : 'Este inmueble aún no tiene fotos. La primera que suba será la portada.'
          }
        />
      ) : (
        <>
          <div className="fotos-encabezado">
            <Typography.Text strong>{lista.length === 1 ? '1 foto' : `${lista.length} fotos`}</Typography.Text>
            {soloLectura || lista.length < 2 ? null : (
              <Typography.Text type="secondary">
                Arrastre con <HolderOutlined aria-hidden /> o use las flechas para ordenar; los clientes ven primero la portada.
              </Typography.Text>
            )}
          </div>
          <DndContext
            sensors={sensores}
            collisionDetection={closestCenter}
            onDragEnd={alSoltar}
            accessibility={{
              announcements: anuncios,
              screenReaderInstructions: {
                draggable:
                  'Para mover una foto, presione espacio o Enter; use las flechas para cambiar su posición, y espacio o Enter para soltarla. Escape cancela.',
              },
            }}
          >
            <SortableContext items={ids} strategy={rectSortingStrategy}>
              <Image.PreviewGroup>
                <ul className="fotos-grid" aria-label="Fotos del inmueble">
                  {lista.map((f, i) => (
                    <TarjetaFoto
                      key={f.id}
                      foto={f}
                      numero={i + 1}
                      total={lista.length}
                      consecutivo={consecutivo}
                      soloLectura={soloLectura}
                      ocupado={ordenar.isPending || portada.isPending}
                      onMover={(paso) => reordenar(moverPaso(ids, f.id, paso))}
                      onPortada={() =>
                        portada.mutate(f.id, {
                          onSuccess: () => void message.success(`La foto ${i + 1} es ahora la portada`),
                        })
                      }
                      onEliminar={() => confirmarEliminar(f)}
                    />
                  ))}
                </ul>
              </Image.PreviewGroup>
            </SortableContext>
          </DndContext>
        </>
      )}
    </div>
  );
}

type TarjetaProps = {
  foto: FotoInmueble;
  numero: number;
  total: number;
  consecutivo: number;
  soloLectura: boolean;
  ocupado: boolean;
  onMover: (paso: -1 | 1) => void;
  onPortada: () => void;
  onEliminar: () => void;
};

function TarjetaFoto({ foto, numero, total, consecutivo, soloLectura, ocupado, onMover, onPortada, onEliminar }: TarjetaProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: foto.id,
    disabled: soloLectura,
  });
  const estilo: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
  };
  const etiqueta = `Foto ${numero}${foto.portada ? ' (portada)' : ''}: ${foto.nombre_original}`;
  return (
    <li
      ref={setNodeRef}
      style={estilo}
      className={`foto-card${isDragging ? ' foto-card-arrastrando' : ''}`}
      aria-label={etiqueta}
    >
      <div className="foto-card-img">
        <Image
          src={urlFoto(consecutivo, foto.id, 'miniatura')}
          preview={{ src: urlFoto(consecutivo, foto.id, 'grande') }}
          alt={etiqueta}
          width="100%"
          height="100%"
        />
        <span className="foto-numero" aria-hidden>
          {numero}
        </span>
        {foto.portada ? (
          <Tag color="green" icon={<StarFilled />} className="foto-portada">
            Portada
          </Tag>
        ) : null}
      </div>
      <div className="foto-card-pie">
        <Typography.Text ellipsis={{ tooltip: foto.nombre_original }} className="foto-nombre">
          {foto.nombre_original}
        </Typography.Text>
        {soloLectura ? null : (
          <Space size={0} className="foto-acciones">
            <Button
              type="text"
              size="small"
              icon={<HolderOutlined />}
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-roledescription="foto que se puede mover"
              aria-label={`Arrastrar la foto ${numero} para ordenarla`}
              className="foto-arrastrar"
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowLeftOutlined />}
              disabled={numero === 1 || ocupado}
              onClick={() => onMover(-1)}
              aria-label={`Mover la foto ${numero} a la izquierda`}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowRightOutlined />}
              disabled={numero === total || ocupado}
              onClick={() => onMover(1)}
              aria-label={`Mover la foto ${numero} a la derecha`}
            />
            <Tooltip title={foto.portada ? 'Es la portada' : 'Usar como portada'}>
              <Button
                type="text"
                size="small"
                icon={foto.portada ? <StarFilled className="foto-estrella" /> : <StarOutlined />}
                disabled={foto.portada || ocupado}
                onClick={onPortada}
                aria-label={`Usar como portada la foto ${numero}`}
              />
            </Tooltip>
            <Tooltip title="Eliminar">
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={onEliminar}
                aria-label={`Eliminar la foto ${numero}`}
              />
            </Tooltip>
          </Space>
        )}
      </div>
    </li>
  );
}
