import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { FilePdfOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ESTADOS_POSTULACION,
  ESTADOS_VACANTE,
  ETIQUETAS_ESTADO_POSTULACION,
  ETIQUETAS_ESTADO_VACANTE,
  POSTULACIONES_SORT,
  rangoSalario,
  TEXTO_CONSENTIMIENTO_POSTULACION,
  VACANTES_SORT,
  type EstadoPostulacion,
  type EstadoVacante,
  type Postulacion,
  type RevisionPostulacion,
  type Vacante,
  type VacanteForm,
} from '@predio/contract/pagina-web-banco';
import { Acciones } from '../../components/acciones-fila.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { definirLista, id, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { EditorTextoRicoDiferido } from '../../components/texto-rico/editor-diferido.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import {
  useBorrarPostulacion,
  useBorrarVacante,
  useGuardarVacante,
  usePostulaciones,
  useRevisarPostulacion,
  useVacantes,
} from './pagina-web-api.ts';
import './pagina-web.css';

const PATH = '/paginaweb/banco-de-trabajo';
const VISTAS = ['postulaciones'] as const;
type Orden = (typeof VACANTES_SORT)[number] | (typeof POSTULACIONES_SORT)[number];
const ORDEN: Orden[] = [...new Set<Orden>([...VACANTES_SORT, ...POSTULACIONES_SORT])];
// One URL for both tabs: `vista` picks the tab; a change of tab clears the other's criteria and sort.
const lista = definirLista({
  filtros: { vista: unoDe(VISTAS), q: texto(), estado: texto(40), vacante: id() },
  orden: ORDEN,
});

const COLOR_VACANTE: Record<EstadoVacante, string | undefined> = { borrador: undefined, publicada: 'green', cerrada: 'default' };
const COLOR_POSTULACION: Record<EstadoPostulacion, string> = {
  recibida: 'blue',
  en_revision: 'gold',
  preseleccionada: 'purple',
  descartada: 'default',
  contratada: 'green',
};

const estadoVacante = (v: Vacante) =>
  v.estado === 'publicada' && !v.abierta ? (
    <Tag color="orange">Publicada, cierre vencido</Tag>
  ) : (
    <Tag color={COLOR_VACANTE[v.estado]}>
      {v.estado === 'publicada' ? 'Publicada en el sitio' : ETIQUETAS_ESTADO_VACANTE[v.estado]}
    </Tag>
  );
const estadoPostulacion = (p: Postulacion) => (
  <Tag color={COLOR_POSTULACION[p.estado]}>{ETIQUETAS_ESTADO_POSTULACION[p.estado]}</Tag>
);

const enlaceCv = (p: Postulacion) =>
  p.cv ? (
    <a
      href={`/api/archivos/postulacion/${p.id}/${p.cv.id}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Hoja de vida de ${p.nombre}`}
      title={p.cv.nombre}
    >
      <FilePdfOutlined /> {p.cv.content_type === 'application/pdf' ? 'Abrir PDF' : 'Descargar DOCX'}
    </a>
  ) : (
    'Sin hoja de vida'
  );

/** Página web > Banco de trabajo (idm 202): vacancies published on the site and the applications they get. */
export function BancoTrabajoPage() {
  const { params, cambiar } = useListaUrl(lista, PATH);
  const vista = params.vista ?? 'vacantes';
  const ir = (v: 'vacantes' | 'postulaciones', vacante: number | null = null) =>
    cambiar({
      ...lista.vacios,
      vista: v === 'vacantes' ? null : 'postulaciones',
      vacante,
      sort: null,
      order: null,
    });
  return (
    <Card title="Banco de trabajo">
      <SectionTabs
        activeKey={vista}
        onChange={(k) => ir(k as 'vacantes' | 'postulaciones')}
        items={[
          {
            key: 'vacantes',
            label: 'Vacantes',
            children: vista === 'vacantes' ? <Vacantes params={params} cambiar={cambiar} ir={ir} /> : null,
          },
          {
            key: 'postulaciones',
            label: 'Postulaciones',
            children: vista === 'postulaciones' ? <Postulaciones params={params} cambiar={cambiar} /> : null,
          },
        ]}
      />
    </Card>
  );
}

type Lista = ReturnType<typeof useListaUrl<typeof lista.filtros, Orden>>;
type Params = Lista['params'];
type Cambiar = Lista['cambiar'];

function Vacantes({
  params,
  cambiar,
  ir,
}: {
  params: Params;
  cambiar: Cambiar;
  ir: (v: 'postulaciones', vacante: number) => void;
}) {
  const consulta = lista.consulta({ ...params, vacante: null }, true);
  const vacantes = useVacantes(consulta);
  const borrar = useBorrarVacante();
  const [editando, setEditando] = useState<Vacante | 'nueva' | null>(null);
  const estado = (ESTADOS_VACANTE as readonly string[]).includes(params.estado) ? (params.estado as EstadoVacante) : undefined;

  const acciones = (v: Vacante) => (
    <Acciones
      titulo={v.titulo}
      onEditar={() => setEditando(v)}
      confirmar={{
        pregunta: `¿Eliminar la vacante «${v.titulo}»?`,
        detalle:
          v.postulaciones === 0
            ? 'Deja de verse en el sitio.'
            : v.postulaciones === 1
              ? 'Se borra también su postulación con la hoja de vida, y deja de verse en el sitio.'
              : `Se borran también sus ${v.postulaciones} postulaciones con sus hojas de vida, y deja de verse en el sitio.`,
      }}
      onEliminar={() => borrar.mutateAsync(v.id)}
    />
  );
  const verPostulaciones = (v: Vacante) => (
    <Button
      type="link"
      icon={<TeamOutlined />}
      onClick={() => ir('postulaciones', v.id)}
      aria-label={`Postulaciones a «${v.titulo}»`}
    >
      {v.postulaciones}
      {v.sin_revisar > 0 ? ` (${v.sin_revisar} sin revisar)` : ''}
    </Button>
  );

  const columnas: ColumnaLista<Vacante>[] = [
    { key: 'titulo', dataIndex: 'titulo', title: 'Título', ordenable: true, fija: true },
    { key: 'area', dataIndex: 'area', title: 'Área', ordenable: true, responsive: ['sm'] },
    {
      key: 'salario',
      title: 'Salario',
      responsive: ['lg'],
      render: (_: unknown, v) => rangoSalario(v.salario_min, v.salario_max),
    },
    {
      key: 'fecha_cierre',
      title: 'Cierre',
      ordenable: true,
      responsive: ['md'],
      render: (_: unknown, v) => formatFecha(v.fecha_cierre),
    },
    { key: 'estado', title: 'Estado', render: (_: unknown, v) => estadoVacante(v) },
    { key: 'postulaciones', title: 'Postulaciones', ordenable: true, render: (_: unknown, v) => verPostulaciones(v) },
    { key: 'creado_en', title: 'Creada', ordenable: true, oculta: true, render: (_: unknown, v) => formatFechaHora(v.creado_en) },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, v) => acciones(v),
    },
  ];

  return (
    <>
      <ListPage<Vacante, Orden>
        sustantivo={{ singular: 'vacante', plural: 'vacantes' }}
        consulta={vacantes}
        columnas={columnas}
        claveColumnas="banco-vacantes"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título o área' }}
        filtros={
          <Select<EstadoVacante>
            allowClear
            aria-label="Estado de la vacante"
            placeholder="Estado"
            style={{ minWidth: 160 }}
            value={estado}
            options={ESTADOS_VACANTE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_VACANTE[e] }))}
            onChange={(e) => cambiar({ estado: e ?? '' })}
          />
        }
        filtrosActivos={estado ? 1 : 0}
        hayFiltros={Boolean(params.q || estado)}
        onLimpiar={() => cambiar({ q: '', estado: '' })}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
            Nueva vacante
          </Button>
        }
        vacio={{ texto: 'Aún no hay vacantes' }}
        tarjeta={(v) => (
          <div className="pagina-web-tarjeta">
            <div>
              <strong>{v.titulo}</strong>
              <span>
                {v.area} · cierra {formatFecha(v.fecha_cierre)}
              </span>
              <div>{estadoVacante(v)}</div>
              <div>{verPostulaciones(v)}</div>
            </div>
            {acciones(v)}
          </div>
        )}
        filaClave={(v) => v.id}
        tituloError="No se pudo cargar la lista de vacantes"
      />
      {editando !== null ? (
        <VacanteDialogo
          key={editando === 'nueva' ? 'nueva' : editando.id}
          vacante={editando === 'nueva' ? null : editando}
          onCerrar={() => setEditando(null)}
        />
      ) : null}
    </>
  );
}

type ValoresVacante = Omit<VacanteForm, 'fecha_cierre'> & { fecha_cierre: Dayjs | null };

function VacanteDialogo({ vacante, onCerrar }: { vacante: Vacante | null; onCerrar: () => void }) {
  const guardar = useGuardarVacante();
  return (
    <ModalForm<ValoresVacante>
      open
      title={vacante ? `Vacante «${vacante.titulo}»` : 'Nueva vacante'}
      width={760}
      valores={
        vacante
          ? { ...vacante, fecha_cierre: dayjs(vacante.fecha_cierre) }
          : {
              titulo: '',
              area: '',
              descripcion: '',
              salario_min: null,
              salario_max: null,
              estado: 'borrador',
              fecha_cierre: null,
            }
      }
      onGuardar={(v) =>
        guardar.mutateAsync({
          id: vacante?.id ?? null,
          body: {
            ...v,
            descripcion: v.descripcion ?? '',
            salario_min: v.salario_min ?? null,
            salario_max: v.salario_max ?? null,
            fecha_cierre: v.fecha_cierre ? v.fecha_cierre.format('YYYY-MM-DD') : '',
          },
        })
      }
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={160} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name="area"
          label="Área"
          rules={[{ required: true, whitespace: true, message: 'El campo Área es obligatorio' }]}
        >
          <Input maxLength={80} placeholder="Comercial, Contabilidad…" style={{ minWidth: 220 }} />
        </Form.Item>
        <Form.Item
          name="fecha_cierre"
          label="Fecha de cierre"
          rules={[{ required: true, message: 'El campo Fecha de cierre es obligatorio' }]}
          extra="Último día en que se reciben postulaciones."
        >
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="estado" label="Estado" extra="Solo las publicadas y sin cerrar se ven en el sitio.">
          <Select
            style={{ minWidth: 150 }}
            options={ESTADOS_VACANTE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_VACANTE[e] }))}
          />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="salario_min" label="Salario desde (COP)" extra="Opcional. Sin salario, el sitio dice «A convenir».">
          <InputNumber<number>
            min={0}
            step={100_000}
            style={{ width: 200 }}
            formatter={(v) => (v ? Number(v).toLocaleString('es-CO') : '')}
            parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
          />
        </Form.Item>
        <Form.Item name="salario_max" label="Salario hasta (COP)">
          <InputNumber<number>
            min={0}
            step={100_000}
            style={{ width: 200 }}
            formatter={(v) => (v ? Number(v).toLocaleString('es-CO') : '')}
            parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
          />
        </Form.Item>
      </Space>
      <Form.Item name="descripcion" label="Descripción">
        <EditorTextoRicoDiferido etiqueta="Descripción de la vacante" />
      </Form.Item>
    </ModalForm>
  );
}

function Postulaciones({ params, cambiar }: { params: Params; cambiar: Cambiar }) {
  const consulta = lista.consulta(params, true);
  const postulaciones = usePostulaciones(consulta);
  const vacantes = useVacantes('page=1&pageSize=200&sort=creado_en&order=desc');
  const borrar = useBorrarPostulacion();
  const [revisando, setRevisando] = useState<Postulacion | null>(null);
  const estado = (ESTADOS_POSTULACION as readonly string[]).includes(params.estado)
    ? (params.estado as EstadoPostulacion)
    : undefined;

  const acciones = (p: Postulacion) => (
    <Acciones
      titulo={`${p.nombre} — ${p.vacante}`}
      onEditar={() => setRevisando(p)}
      confirmar={{
        pregunta: `¿Eliminar la postulación de ${p.nombre} a «${p.vacante}»?`,
        detalle: 'Se borra con su hoja de vida; no se puede deshacer.',
      }}
      onEliminar={() => borrar.mutateAsync(p.id)}
    />
  );
  const columnas: ColumnaLista<Postulacion>[] = [
    {
      key: 'creado_en',
      title: 'Fecha',
      ordenable: true,
      responsive: ['md'],
      render: (_: unknown, p) => formatFechaHora(p.creado_en),
    },
    { key: 'nombre', dataIndex: 'nombre', title: 'Nombre', ordenable: true, fija: true },
    { key: 'vacante', dataIndex: 'vacante', title: 'Vacante', responsive: ['sm'] },
    {
      key: 'contacto',
      title: 'Contacto',
      responsive: ['lg'],
      render: (_: unknown, p) => (
        <>
          <div>{p.email}</div>
          <div>{p.telefono}</div>
        </>
      ),
    },
    { key: 'estado', title: 'Estado', ordenable: true, render: (_: unknown, p) => estadoPostulacion(p) },
    { key: 'cv', title: 'Hoja de vida', responsive: ['md'], render: (_: unknown, p) => enlaceCv(p) },
    { key: 'notas', dataIndex: 'notas', title: 'Notas', oculta: true },
    {
      key: 'acciones',
      fija: true,
      title: <span className="pagina-web-sr-only">Acciones</span>,
      render: (_: unknown, p) => acciones(p),
    },
  ];
  const filtros = new URLSearchParams(lista.consulta(params, false));
  filtros.delete('sort');
  filtros.delete('order');

  return (
    <>
      <ListPage<Postulacion, Orden>
        sustantivo={{ singular: 'postulación', plural: 'postulaciones' }}
        consulta={postulaciones}
        columnas={columnas}
        claveColumnas="banco-postulaciones"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }),
          placeholder: 'Buscar por nombre, correo, teléfono o vacante',
        }}
        filtros={
          <Space wrap>
            <Select<EstadoPostulacion>
              allowClear
              aria-label="Estado de la postulación"
              placeholder="Estado"
              style={{ minWidth: 170 }}
              value={estado}
              options={ESTADOS_POSTULACION.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_POSTULACION[e] }))}
              onChange={(e) => cambiar({ estado: e ?? '' })}
            />
            <Select<number>
              allowClear
              showSearch
              optionFilterProp="label"
              aria-label="Vacante"
              placeholder="Vacante"
              style={{ minWidth: 240 }}
              value={params.vacante ?? undefined}
              loading={vacantes.isLoading}
              options={(vacantes.data?.items ?? []).map((v) => ({ value: v.id, label: v.titulo }))}
              onChange={(v) => cambiar({ vacante: v ?? null })}
            />
          </Space>
        }
        filtrosActivos={(estado ? 1 : 0) + (params.vacante ? 1 : 0)}
        hayFiltros={Boolean(params.q || estado || params.vacante)}
        onLimpiar={() => cambiar({ q: '', estado: '', vacante: null })}
        onExportar={(formato) => {
          filtros.delete('vista');
          filtros.set('formato', formato);
          return descargar(`/paginaweb/banco-de-trabajo/postulaciones/exportar?${filtros.toString()}`);
        }}
        vacio={{ texto: 'Aún no hay postulaciones: llegan desde el sitio web cuando una vacante está publicada.' }}
        tarjeta={(p) => (
          <div className="pagina-web-tarjeta">
            <div>
              <strong>{p.nombre}</strong>
              <span>{p.vacante}</span>
              <span>{formatFechaHora(p.creado_en)}</span>
              <div>{estadoPostulacion(p)}</div>
              <div>{enlaceCv(p)}</div>
            </div>
            {acciones(p)}
          </div>
        )}
        filaClave={(p) => p.id}
        tituloError="No se pudo cargar la lista de postulaciones"
      />
      {revisando ? <RevisionDialogo key={revisando.id} postulacion={revisando} onCerrar={() => setRevisando(null)} /> : null}
    </>
  );
}

/** The staff read the application, open its CV and set its estado and notes. */
function RevisionDialogo({ postulacion: p, onCerrar }: { postulacion: Postulacion; onCerrar: () => void }) {
  const revisar = useRevisarPostulacion();
  return (
    <ModalForm<RevisionPostulacion>
      open
      title={`Postulación de ${p.nombre}`}
      width={680}
      valores={{ estado: p.estado, notas: p.notas }}
      onGuardar={(v) => revisar.mutateAsync({ id: p.id, body: { estado: v.estado, notas: v.notas ?? '' } })}
      onCerrar={onCerrar}
      guardando={revisar.isPending}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'vacante', label: 'Vacante', children: p.vacante },
          { key: 'fecha', label: 'Recibida', children: formatFechaHora(p.creado_en) },
          { key: 'email', label: 'Correo electrónico', children: <a href={`mailto:${p.email}`}>{p.email}</a> },
          { key: 'telefono', label: 'Teléfono', children: <a href={`tel:${p.telefono.replace(/[^+\d]/g, '')}`}>{p.telefono}</a> },
          { key: 'cv', label: 'Hoja de vida', children: enlaceCv(p) },
          ...(p.mensaje
            ? [
                {
                  key: 'mensaje',
                  label: 'Mensaje',
                  children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{p.mensaje}</Typography.Text>,
                },
              ]
            : []),
          ...(p.revisado_por
            ? [{ key: 'revisado', label: 'Última revisión', children: `${p.revisado_por}, ${formatFechaHora(p.revisado_en!)}` }]
            : []),
        ]}
      />
      <Alert
        className="formulario-consentimiento"
        type="success"
        showIcon
        title={`Autorizó el tratamiento de sus datos el ${formatFechaHora(p.consentimiento_en)}`}
        description={TEXTO_CONSENTIMIENTO_POSTULACION}
      />
      <Form.Item
        name="estado"
        label="Estado"
        style={{ marginTop: 16 }}
        rules={[{ required: true, message: 'El campo Estado es obligatorio' }]}
      >
        <Select options={ESTADOS_POSTULACION.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_POSTULACION[e] }))} />
      </Form.Item>
      <Form.Item name="notas" label="Notas" extra="Internas: el postulante no las ve.">
        <Input.TextArea rows={4} maxLength={4000} showCount />
      </Form.Item>
    </ModalForm>
  );
}
