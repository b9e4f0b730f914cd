import { Button, Card, Checkbox, DatePicker, Grid, Progress, Segmented, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined, UnorderedListOutlined, AppstoreOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ESTADOS_TAREA,
  ETIQUETAS_ESTADO_TAREA,
  ETIQUETAS_VISTA_TAREAS,
  ORDEN_TAREAS,
  VISTAS_TAREAS,
  type EstadoTarea,
  type TareaResumen,
} from '@predio/contract/tareas';
import { bandera, definirLista, dia, id, texto, unoDe, variosDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { parametros, useCambiarTarea, useOpcionesTareas, useTareas, type FiltrosTareas } from '../../components/tareas/api.ts';
import { TareaFormModal } from '../../components/tareas/tarea-form.tsx';
import { COLOR_ESTADO, Vence } from '../../components/tareas/comun.tsx';
import '../../components/tareas/tareas.css';

const PATH = '/tareas/asignar-tareas';

const listaTareas = definirLista({
  filtros: {
    vista: unoDe(VISTAS_TAREAS),
    modo: unoDe(['lista', 'tablero'] as const),
    q: texto(),
    responsable: id(),
    categoria: id(),
    prioridad: id(),
    estado: variosDe(ESTADOS_TAREA),
    cerradas: bandera('si'),
    vencidas: bandera('si'),
    vence_desde: dia(),
    vence_hasta: dia(),
    consecutivo_inmueble: id(),
  },
  orden: ORDEN_TAREAS,
});

function Checklist({ t }: { t: TareaResumen }) {
  if (!t.items_total) return null;
  return (
    <Progress
      percent={Math.round((t.items_hechos / t.items_total) * 100)}
      size="small"
      format={() => `${t.items_hechos}/${t.items_total}`}
      aria-label={`Lista: ${t.items_hechos} de ${t.items_total}`}
    />
  );
}

/** One card of the kanban: dragged between columns, or moved with its estado select (keyboard). */
function Tarjeta({ t, onMover }: { t: TareaResumen; onMover: (e: EstadoTarea) => void }) {
  return (
    <div
      className={`tareas-tarjeta${t.vencida ? ' tareas-vencida' : ''}`}
      draggable
      onDragStart={(e: DragEvent) => e.dataTransfer.setData('text/plain', String(t.consecutivo))}
      data-consecutivo={t.consecutivo}
    >
      <Link to={`/tareas/tarea/${t.consecutivo}`}>
        <strong>
          {t.consecutivo} · {t.titulo}
        </strong>
      </Link>
      <Space size={4} wrap>
        {t.prioridad && <Tag color={t.prioridad.color ?? undefined}>{t.prioridad.nombre}</Tag>}
        {t.categoria && <Tag color={t.categoria.color ?? undefined}>{t.categoria.nombre}</Tag>}
      </Space>
      <Vence t={t} />
      <Typography.Text type="secondary">{t.responsables.map((r) => r.nombre).join(', ')}</Typography.Text>
      <Checklist t={t} />
      <Select<EstadoTarea>
        size="small"
        value={t.estado}
        aria-label={`Mover la tarea ${t.consecutivo} a`}
        options={ESTADOS_TAREA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_TAREA[e] }))}
        onChange={onMover}
      />
    </div>
  );
}

function Tablero({ tareas, onMover }: { tareas: TareaResumen[]; onMover: (c: number, e: EstadoTarea) => void }) {
  const [sobre, setSobre] = useState<EstadoTarea | null>(null);
  return (
    <div className="tareas-tablero" role="list" aria-label="Tablero de tareas">
      {ESTADOS_TAREA.map((e) => {
        const columna = tareas.filter((t) => t.estado === e);
        return (
          <section
            key={e}
            role="listitem"
            aria-label={ETIQUETAS_ESTADO_TAREA[e]}
            className={`tareas-columna${sobre === e ? ' tareas-columna-sobre' : ''}`}
            onDragOver={(ev) => {
              ev.preventDefault();
              setSobre(e);
            }}
            onDragLeave={() => setSobre(null)}
            onDrop={(ev) => {
              ev.preventDefault();
              setSobre(null);
              const c = Number(ev.dataTransfer.getData('text/plain'));
              const t = tareas.find((x) => x.consecutivo === c);
              if (t && t.estado !== e) onMover(c, e);
            }}
          >
            <header>
              <Tag color={COLOR_ESTADO[e]}>{ETIQUETAS_ESTADO_TAREA[e]}</Tag> {columna.length}
            </header>
            {columna.map((t) => (
              <Tarjeta key={t.id} t={t} onMover={(n) => onMover(t.consecutivo, n)} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

/** Tareas > Asignar tareas (idm 10584): my tasks, those I assigned, all (supervisors); list or kanban. */
export function TareasPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaTareas, PATH);
  const opciones = useOpcionesTareas();
  const navigate = useNavigate();
  const movil = Grid.useBreakpoint().md === false;
  const [nueva, setNueva] = useState(false);
  const mover = useCambiarTarea();
  const vista = params.vista ?? 'mias';
  const modo = params.modo ?? 'lista';
  const filtros: FiltrosTareas = {
    vista,
    q: params.q || undefined,
    responsable: params.responsable ?? undefined,
    categoria: params.categoria ?? undefined,
    prioridad: params.prioridad ?? undefined,
    estado: params.estado.length ? params.estado : undefined,
    // The kanban shows the closed columns too; the list only when asked.
    abiertas: params.cerradas || modo === 'tablero' ? 'no' : 'si',
    vencidas: params.vencidas ? 'si' : undefined,
    vence_desde: params.vence_desde ?? undefined,
    vence_hasta: params.vence_hasta ?? undefined,
    consecutivo_inmueble: params.consecutivo_inmueble ?? undefined,
  };
  const lista = useTareas(
    modo === 'tablero'
      ? { ...filtros, page: 1, pageSize: 500 }
      : {
          ...filtros,
          page: params.page,
          pageSize: params.pageSize,
          sort: params.sort ?? undefined,
          order: params.order ?? undefined,
        },
  );
  const o = opciones.data;
  const vistas = VISTAS_TAREAS.filter((v) => v !== 'todas' || o?.ve_todas);

  const columnas: ColumnaLista<TareaResumen>[] = [
    { key: 'consecutivo', dataIndex: 'consecutivo', title: 'N.º', width: 70, ordenable: true },
    {
      key: 'titulo',
      title: 'Título',
      ordenable: true,
      render: (_v, t) => <Link to={`/tareas/tarea/${t.consecutivo}`}>{t.titulo}</Link>,
    },
    {
      key: 'estado',
      title: 'Estado',
      width: 110,
      ordenable: true,
      render: (_v, t) => <Tag color={COLOR_ESTADO[t.estado]}>{ETIQUETAS_ESTADO_TAREA[t.estado]}</Tag>,
    },
    { key: 'vence_en', title: 'Vence', width: 200, ordenable: true, render: (_v, t) => <Vence t={t} /> },
    {
      key: 'prioridad',
      title: 'Prioridad',
      width: 100,
      render: (_v, t) => (t.prioridad ? <Tag color={t.prioridad.color ?? undefined}>{t.prioridad.nombre}</Tag> : null),
    },
    { key: 'categoria', title: 'Categoría', width: 130, render: (_v, t) => t.categoria?.nombre ?? '' },
    { key: 'responsables', title: 'Responsables', width: 180, render: (_v, t) => t.responsables.map((r) => r.nombre).join(', ') },
    { key: 'lista', title: 'Lista', width: 120, render: (_v, t) => <Checklist t={t} /> },
    {
      key: 'inmueble',
      title: 'Inmueble',
      width: 110,
      oculta: true,
      render: (_v, t) =>
        t.inmueble ? <Link to={`/propiedades/inmueble/${t.inmueble.consecutivo}`}>{t.inmueble.consecutivo}</Link> : '',
    },
    { key: 'solicitante', title: 'Solicitante', width: 140, oculta: true, render: (_v, t) => t.solicitante?.nombre ?? '' },
  ];

  const filtrosUi = (
    <>
      <Select
        allowClear
        aria-label="Responsable"
        placeholder="Responsable"
        value={filtros.responsable}
        options={(o?.usuarios ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v?: number) => cambiar({ responsable: v ?? null })}
        className="tareas-filtro"
      />
      <Select
        allowClear
        aria-label="Categoría"
        placeholder="Categoría"
        value={filtros.categoria}
        options={(o?.categorias ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        onChange={(v?: number) => cambiar({ categoria: v ?? null })}
        className="tareas-filtro"
      />
      <Select
        allowClear
        aria-label="Prioridad"
        placeholder="Prioridad"
        value={filtros.prioridad}
        options={(o?.prioridades ?? []).map((u) => ({ value: u.id, label: u.nombre }))}
        onChange={(v?: number) => cambiar({ prioridad: v ?? null })}
        className="tareas-filtro"
      />
      <Select
        mode="multiple"
        allowClear
        aria-label="Estado"
        placeholder={modo === 'tablero' ? 'Estado' : 'Estado (abiertas)'}
        value={params.estado}
        options={ESTADOS_TAREA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_TAREA[e] }))}
        onChange={(v: EstadoTarea[]) => cambiar({ estado: v })}
        className="tareas-filtro"
      />
      <DatePicker.RangePicker
        format="DD/MM/YYYY"
        aria-label="Vence entre"
        placeholder={['Vence desde', 'Vence hasta']}
        value={[params.vence_desde ? dayjs(params.vence_desde) : null, params.vence_hasta ? dayjs(params.vence_hasta) : null]}
        onChange={(r) =>
          cambiar({ vence_desde: r?.[0]?.format('YYYY-MM-DD') ?? null, vence_hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
        }
      />
      <Checkbox checked={params.vencidas} onChange={(e) => cambiar({ vencidas: e.target.checked })}>
        Solo vencidas
      </Checkbox>
      {modo === 'lista' && (
        <Checkbox checked={params.cerradas} onChange={(e) => cambiar({ cerradas: e.target.checked })}>
          Incluir terminadas y canceladas
        </Checkbox>
      )}
    </>
  );
  const activos = [
    filtros.responsable,
    filtros.categoria,
    filtros.prioridad,
    filtros.estado,
    filtros.vencidas,
    filtros.vence_desde,
    filtros.vence_hasta,
    params.cerradas || undefined,
    filtros.consecutivo_inmueble,
  ].filter((x) => x !== undefined).length;

  const cabecera = (
    <div className="tareas-cabecera">
      <Segmented
        aria-label="Qué tareas"
        value={vista}
        options={vistas.map((v) => ({ value: v, label: ETIQUETAS_VISTA_TAREAS[v] }))}
        onChange={(v) => cambiar({ vista: v === 'mias' ? null : v })}
      />
      <Segmented
        aria-label="Vista"
        value={modo}
        options={[
          { value: 'lista', label: 'Lista', icon: <UnorderedListOutlined /> },
          { value: 'tablero', label: 'Tablero', icon: <AppstoreOutlined /> },
        ]}
        onChange={(v) => cambiar({ modo: v === 'lista' ? null : (v as 'tablero') })}
      />
    </div>
  );
  const boton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setNueva(true)} aria-label="Nueva tarea">
      {movil ? 'Nueva' : 'Nueva tarea'}
    </Button>
  );

  return (
    <Card title="Asignar tareas" extra={modo === 'tablero' ? boton : undefined}>
      {cabecera}
      {modo === 'lista' ? (
        <ListPage<TareaResumen, (typeof ORDEN_TAREAS)[number]>
          sustantivo={{ singular: 'tarea', plural: 'tareas' }}
          consulta={lista}
          columnas={columnas}
          claveColumnas="tareas"
          estado={params}
          ordenPorDefecto={{ sort: 'vence_en', order: 'asc' }}
          onCambiar={cambiar}
          busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }, { replace: true }), placeholder: 'Número o título' }}
          filtros={filtrosUi}
          filtrosActivos={activos}
          hayFiltros={hayFiltros}
          onLimpiar={limpiar}
          acciones={boton}
          onExportar={(formato) => descargar(`/tareas/exportar?${parametros({ ...filtros, formato })}`)}
          vacio={{ texto: vista === 'mias' ? 'No tiene tareas abiertas' : 'No hay tareas con estos criterios' }}
          filaClave={(t) => t.id}
          filaClase={(t) => (t.vencida ? 'tareas-fila-vencida' : '')}
          onFila={(t) => void navigate(`/tareas/tarea/${t.consecutivo}`)}
          tarjeta={(t) => (
            <div className={`tareas-tarjeta-lista${t.vencida ? ' tareas-vencida' : ''}`}>
              <strong>
                {t.consecutivo} · {t.titulo}
              </strong>
              <Space size={4} wrap>
                <Tag color={COLOR_ESTADO[t.estado]}>{ETIQUETAS_ESTADO_TAREA[t.estado]}</Tag>
                {t.prioridad && <Tag color={t.prioridad.color ?? undefined}>{t.prioridad.nombre}</Tag>}
              </Space>
              <Vence t={t} />
              <Typography.Text type="secondary">{t.responsables.map((r) => r.nombre).join(', ')}</Typography.Text>
              <Checklist t={t} />
            </div>
          )}
          tituloError="No se pudieron cargar las tareas"
        />
      ) : (
        <>
          <Space wrap className="tareas-filtros-tablero">
            {filtrosUi}
          </Space>
          {lista.data && lista.data.total > lista.data.items.length && (
            <Typography.Paragraph type="warning">
              El tablero muestra {lista.data.items.length} de {lista.data.total} tareas: acote los filtros.
            </Typography.Paragraph>
          )}
          <Tablero
            tareas={lista.data?.items ?? []}
            onMover={(c, e) => mover.mutate({ consecutivo: c, cambios: { estado: e } })}
          />
        </>
      )}
      <TareaFormModal abierto={nueva} onCerrar={() => setNueva(false)} />
    </Card>
  );
}
