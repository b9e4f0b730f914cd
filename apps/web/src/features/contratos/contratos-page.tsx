import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import {
  CheckOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CAMBIOS_MANUALES,
  CLASES_ARRENDAMIENTO,
  CLASES_DE_PROGRAMA,
  CONTRATOS_SORT,
  ESTADOS_CONTRATO,
  ETIQUETAS_CLASE,
  ETIQUETAS_ESTADO_CONTRATO,
  ETIQUETAS_INCREMENTO,
  ETIQUETAS_ROL,
  INCREMENTOS,
  type ClaseContrato,
  type Contrato,
  type ContratoForm,
  type ContratoResumen,
  type EstadoContrato,
  type Incremento,
  type ParteContrato,
  type ProgramaContrato,
} from '@predio/contract/contratos';
import { ETIQUETAS_ESTADO, type EstadoInmueble } from '@predio/contract/inmuebles';
import { IDM_INVENTARIOS } from '@predio/contract/inventarios';
import { hasIdm } from '@predio/contract/menu';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { definirLista, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { RemoteSelect, conocida } from '../../components/remote-select.tsx';
import { descargar } from '../../lib/descargar.ts';
import { formatFecha, formatFechaHora, formatMoneda } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { usePermisos } from '../../lib/session-store.ts';
import {
  opcionesDe,
  useContrato,
  useContratos,
  useEnviarContrato,
  useEstadoContrato,
  useGuardarContrato,
  usePlantillasDeRegistro,
  baseDe,
} from './contratos-api.ts';
import { InventariosContrato } from './inventarios-contrato.tsx';
import './contratos.css';

const COLOR_ESTADO: Record<EstadoContrato, string> = {
  borrador: 'default',
  enviado: 'blue',
  firmado: 'green',
  vigente: 'cyan',
  terminado: 'orange',
};
const EstadoTag = ({ estado }: { estado: EstadoContrato }) => (
  <Tag color={COLOR_ESTADO[estado]}>{ETIQUETAS_ESTADO_CONTRATO[estado]}</Tag>
);

const listas = {
  contratos: definirLista({
    filtros: { q: texto(), estado: unoDe(ESTADOS_CONTRATO), clase: unoDe(CLASES_DE_PROGRAMA.contratos) },
    orden: CONTRATOS_SORT,
  }),
  coem: definirLista({
    filtros: { q: texto(), estado: unoDe(ESTADOS_CONTRATO), clase: unoDe(CLASES_DE_PROGRAMA.coem) },
    orden: CONTRATOS_SORT,
  }),
};
const TEXTOS: Record<ProgramaContrato, { titulo: string; nuevo: string; singular: string; plural: string; vacio: string }> = {
  contratos: {
    titulo: 'Contratos',
    nuevo: 'Nuevo contrato',
    singular: 'contrato',
    plural: 'contratos',
    vacio: 'Aún no hay contratos. Cree uno desde un inmueble, sus partes y una plantilla.',
  },
  coem: {
    titulo: 'Contratos COEM: mandato y consignación',
    nuevo: 'Nuevo contrato de mandato',
    singular: 'contrato de mandato',
    plural: 'contratos de mandato',
    vacio: 'Aún no hay contratos de mandato/consignación con propietarios.',
  },
};

/** Firmas electrónicas › Contratos (idm 76): leases and other contracts made from templates and signed. */
export const ContratosPage = () => <Registro programa="contratos" />;
/** Firmas electrónicas › Contratos COEM (idm 10600): the agency's mandate/consignment contracts with owners. */
export const ContratosCoemPage = () => <Registro programa="coem" />;

function Registro({ programa }: { programa: ProgramaContrato }) {
  const lista = listas[programa];
  const path = programa === 'coem' ? '/firmas-electronicas/contratos-coem' : '/firmas-electronicas/contratos';
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, path);
  const contratos = useContratos(programa, lista.consulta(params, true));
  const [editando, setEditando] = useState<Contrato | 'nuevo' | null>(null);
  // ?ver=<id> opens a contract (an inventory links to its contract this way). Read in an effect, not
  // only on mount: the list stays alive in its tab, so a second link arrives at a mounted page.
  const [sp, setSp] = useSearchParams();
  const [abierto, setAbierto] = useState<number | null>(null);
  const pedido = Number(sp.get('ver')) || null;
  const [visto, setVisto] = useState<number | null>(null);
  if (pedido !== visto) {
    setVisto(pedido);
    if (pedido) setAbierto(pedido);
  }
  useEffect(() => {
    if (!sp.has('ver')) return;
    sp.delete('ver');
    setSp(sp, { replace: true });
  }, [sp, setSp]);
  const pantalla = Grid.useBreakpoint();
  const t = TEXTOS[programa];
  const ver = (c: ContratoResumen) => (
    <Button size="small" icon={<EyeOutlined />} aria-label={`Ver el contrato ${c.numero}`} onClick={() => setAbierto(c.id)}>
      Ver
    </Button>
  );

  const columnas: ColumnaLista<ContratoResumen>[] = [
    {
      key: 'numero',
      title: 'Número',
      ordenable: true,
      render: (_: unknown, c) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setAbierto(c.id)}>
          {c.numero}
        </Button>
      ),
    },
    { key: 'clase', title: 'Clase', responsive: ['lg'], render: (_: unknown, c) => ETIQUETAS_CLASE[c.clase] },
    { key: 'inmueble', title: 'Inmueble', render: (_: unknown, c) => `${c.inmueble} · ${c.direccion}` },
    {
      key: 'partes',
      title: 'Partes',
      responsive: ['md'],
      render: (_: unknown, c) => (
        <Space orientation="vertical" size={0}>
          <span>{c.propietarios}</span>
          {c.arrendatario ? <Typography.Text type="secondary">Arrendatario: {c.arrendatario}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'canon', title: 'Canon', ordenable: true, responsive: ['md'], render: (_: unknown, c) => formatMoneda(c.canon) },
    {
      key: 'fecha_inicio',
      title: 'Inicio',
      ordenable: true,
      responsive: ['lg'],
      render: (_: unknown, c) => formatFecha(c.fecha_inicio),
    },
    { key: 'estado', title: 'Estado', ordenable: true, render: (_: unknown, c) => <EstadoTag estado={c.estado} /> },
    {
      key: 'acciones',
      fija: true,
      title: <span className="contratos-sr-only">Acciones</span>,
      render: (_: unknown, c) => ver(c),
    },
  ];

  return (
    <Card title={t.titulo}>
      {programa === 'coem' ? (
        <Typography.Paragraph type="secondary">
          El registro de los contratos de mandato/consignación de la inmobiliaria con los propietarios, aparte de los contratos de
          arrendamiento.
        </Typography.Paragraph>
      ) : null}
      <ListPage<ContratoResumen, (typeof CONTRATOS_SORT)[number]>
        sustantivo={{ singular: t.singular, plural: t.plural }}
        consulta={contratos}
        columnas={columnas}
        claveColumnas={`contratos-${programa}`}
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{
          valor: params.q,
          onBuscar: (q) => cambiar({ q }),
          placeholder: 'Buscar por número, dirección, parte o documento',
        }}
        filtros={
          <Space wrap>
            <Select<EstadoContrato>
              allowClear
              aria-label="Estado"
              placeholder="Estado"
              style={{ minWidth: 160 }}
              value={params.estado ?? undefined}
              options={ESTADOS_CONTRATO.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_CONTRATO[e] }))}
              onChange={(estado) => cambiar({ estado: estado ?? null })}
            />
            {CLASES_DE_PROGRAMA[programa].length > 1 ? (
              <Select<ClaseContrato>
                allowClear
                aria-label="Clase"
                placeholder="Clase"
                style={{ minWidth: 220 }}
                value={(params.clase as ClaseContrato | null) ?? undefined}
                options={CLASES_DE_PROGRAMA[programa].map((c) => ({ value: c, label: ETIQUETAS_CLASE[c] }))}
                onChange={(clase) => cambiar({ clase: clase ?? null } as never)}
              />
            ) : null}
          </Space>
        }
        filtrosActivos={(params.estado ? 1 : 0) + (params.clase ? 1 : 0)}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            {t.nuevo}
          </Button>
        }
        vacio={{ texto: t.vacio }}
        tarjeta={(c) => (
          <div className="contratos-tarjeta">
            <div>
              <strong>{c.numero}</strong> <EstadoTag estado={c.estado} />
              <div>{c.direccion}</div>
              <Typography.Text type="secondary">{c.arrendatario ?? c.propietarios}</Typography.Text>
            </div>
            {ver(c)}
          </div>
        )}
        filaClave={(c) => c.id}
        tituloError={`No se pudo cargar la lista de ${t.plural}`}
      />
      <AppDrawer
        title="Contrato"
        open={abierto !== null}
        onClose={() => setAbierto(null)}
        size={pantalla.lg ? 820 : '100%'}
        destroyOnHidden
      >
        {abierto !== null ? (
          <Detalle programa={programa} id={abierto} onEditar={(c) => setEditando(c)} onSalir={() => setAbierto(null)} />
        ) : null}
      </AppDrawer>
      {editando !== null ? (
        <ContratoDialogo
          key={editando === 'nuevo' ? 'nuevo' : editando.id}
          programa={programa}
          contrato={editando === 'nuevo' ? null : editando}
          onCerrar={(c) => {
            setEditando(null);
            if (c) setAbierto(c.id);
          }}
        />
      ) : null}
    </Card>
  );
}

function Detalle({
  programa,
  id,
  onEditar,
  onSalir,
}: {
  programa: ProgramaContrato;
  id: number;
  onEditar: (c: Contrato) => void;
  /** Going to another screen from the drawer closes it (the list stays open in its tab). */
  onSalir: () => void;
}) {
  const contrato = useContrato(programa, id);
  const enviar = useEnviarContrato(programa);
  const estado = useEstadoContrato(programa);
  const { message } = App.useApp();
  const avisos = useAvisos();
  const verInventarios = hasIdm(usePermisos(), IDM_INVENTARIOS);
  const [mensaje, setMensaje] = useState('');
  if (contrato.isPending) return <PageLoading />;
  if (contrato.isError)
    return (
      <ErrorDeCarga titulo="No se pudo cargar el contrato" error={contrato.error} onReintentar={() => void contrato.refetch()} />
    );
  const c = contrato.data;
  const fallo = (e: unknown) => {
    if (e instanceof ApiError) void message.error(e.message);
    else throw e;
  };
  const cambiarA = (hasta: EstadoContrato) =>
    avisos.confirm({
      title: `¿Pasar el contrato ${c.numero} a ${ETIQUETAS_ESTADO_CONTRATO[hasta].toLowerCase()}?`,
      content: hasta === 'terminado' ? 'Un contrato terminado no vuelve a cambiar.' : undefined,
      okText: ETIQUETAS_ESTADO_CONTRATO[hasta],
      cancelText: 'Cancelar',
      okButtonProps: hasta === 'terminado' ? { danger: true } : {},
      onOk: () =>
        estado
          .mutateAsync({ id: c.id, estado: hasta, observacion: '' })
          .then(() => void message.success(`Contrato ${ETIQUETAS_ESTADO_CONTRATO[hasta].toLowerCase()}`))
          .catch(fallo),
    });
  return (
    <Space orientation="vertical" size="middle" className="contratos-pagina">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {c.numero} · {ETIQUETAS_CLASE[c.clase]}
        </Typography.Title>
        <EstadoTag estado={c.estado} />
      </Space>
      <Space wrap>
        <Button icon={<DownloadOutlined />} onClick={() => void descargar(`${baseDe(programa)}/${c.id}/pdf`).catch(fallo)}>
          Descargar PDF
        </Button>
        {c.id_firma_documento && (c.estado === 'firmado' || c.estado === 'vigente') ? (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            onClick={() => void descargar(`${baseDe(programa)}/${c.id}/firmado`).catch(fallo)}
          >
            Descargar PDF firmado
          </Button>
        ) : null}
        {c.estado === 'borrador' ? (
          <Button icon={<EditOutlined />} onClick={() => onEditar(c)}>
            Editar
          </Button>
        ) : null}
        {CAMBIOS_MANUALES[c.estado].map((e) => (
          <Button
            key={e}
            icon={e === 'terminado' ? <StopOutlined /> : <CheckOutlined />}
            danger={e === 'terminado'}
            onClick={() => cambiarA(e)}
          >
            {e === 'terminado' ? 'Terminar' : `Marcar ${ETIQUETAS_ESTADO_CONTRATO[e].toLowerCase()}`}
          </Button>
        ))}
        {c.id_firma_documento ? (
          <Link to={`/firmas-electronicas/detalle-documento/${c.id_firma_documento}`}>
            Ver la firma (documento {c.id_firma_documento})
          </Link>
        ) : null}
      </Space>
      {c.estado === 'borrador' ? (
        <Card size="small" title="Enviar a firma">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Cada parte recibe por correo su enlace personal para firmar desde el celular, con un código de verificación.
          </Typography.Paragraph>
          <Input.TextArea
            aria-label="Mensaje para los firmantes"
            placeholder="Mensaje para los firmantes (opcional)"
            maxLength={1000}
            autoSize={{ minRows: 2 }}
            value={mensaje}
            onChange={(e) => setMensaje(e.target.value)}
          />
          <Button
            type="primary"
            icon={<SendOutlined />}
            style={{ marginTop: 8 }}
            loading={enviar.isPending}
            onClick={() =>
              void enviar
                .mutateAsync({ id: c.id, mensaje, vence_dias: 15 })
                .then(() => void message.success('Contrato enviado a firma'))
                .catch(fallo)
            }
          >
            Enviar a firma
          </Button>
        </Card>
      ) : null}
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="Inmueble">
          {c.inmueble} · {c.direccion}
        </Descriptions.Item>
        <Descriptions.Item label="Estado del inmueble">
          {ETIQUETAS_ESTADO[c.estado_inmueble as EstadoInmueble] ?? c.estado_inmueble}
        </Descriptions.Item>
        <Descriptions.Item label="Canon">{formatMoneda(c.canon)}</Descriptions.Item>
        <Descriptions.Item label="Día de pago">{c.dia_pago}</Descriptions.Item>
        <Descriptions.Item label="Inicio">{formatFecha(c.fecha_inicio)}</Descriptions.Item>
        <Descriptions.Item label="Terminación">
          {formatFecha(c.fecha_fin)} ({c.duracion_meses} meses)
        </Descriptions.Item>
        <Descriptions.Item label="Incremento">
          {ETIQUETAS_INCREMENTO[c.incremento]}
          {c.incremento === 'ipc_mas' || c.incremento === 'fijo' ? ` (${c.incremento_puntos})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Plantilla">
          {c.plantilla} · v{c.version_plantilla}
        </Descriptions.Item>
        {c.clausulas ? (
          <Descriptions.Item label="Cláusulas adicionales" span={2}>
            {c.clausulas}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table<ParteContrato>
        size="small"
        rowKey={(p) => `${p.rol}-${p.id_tercero}`}
        pagination={false}
        dataSource={c.partes}
        scroll={{ x: true }}
        title={() => <strong>Partes</strong>}
        columns={[
          { title: 'Rol', dataIndex: 'rol', render: (r: ParteContrato['rol']) => ETIQUETAS_ROL[r] },
          { title: 'Nombre', dataIndex: 'nombre' },
          { title: 'Documento', dataIndex: 'nro_id', responsive: ['md'] },
          {
            title: 'Correo',
            dataIndex: 'email',
            render: (e: string) => e || <Typography.Text type="danger">Sin correo</Typography.Text>,
          },
          { title: 'Participación', dataIndex: 'porcentaje', render: (p: number | null) => (p === null ? '—' : `${p} %`) },
        ]}
      />
      {verInventarios ? <InventariosContrato id={c.id} inmueble={c.inmueble} onSalir={onSalir} /> : null}
      <Card size="small" title="Historial de estados">
        <Timeline
          items={c.historial.map((h) => ({
            children: (
              <>
                <strong>{ETIQUETAS_ESTADO_CONTRATO[h.hasta]}</strong> · {formatFechaHora(h.creado_en)} · {h.usuario}
                {h.observacion ? <div>{h.observacion}</div> : null}
              </>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}

type Valores = Omit<ContratoForm, 'fecha_inicio'> & { fecha_inicio: Dayjs | null };

function ContratoDialogo({
  programa,
  contrato,
  onCerrar,
}: {
  programa: ProgramaContrato;
  contrato: Contrato | null;
  onCerrar: (c?: Contrato) => void;
}) {
  const guardar = useGuardarContrato(programa);
  const plantillas = usePlantillasDeRegistro(programa);
  const [form] = Form.useForm<Valores>();
  const clase = Form.useWatch('clase', form) as ClaseContrato | undefined;
  const deposito = Form.useWatch('deposito', form) as number | undefined;
  const incremento = Form.useWatch('incremento', form) as Incremento | undefined;
  // Read when the dialog closes, right after the save resolves (a state would still hold the old value).
  const guardado = useRef<Contrato | undefined>(undefined);
  const clases = CLASES_DE_PROGRAMA[programa];
  const arriendo = clase !== undefined && clase !== 'mandato' && clase !== 'autorizacion_datos' && clase !== 'otro';
  const opcionesPlantilla = (plantillas.data ?? []).filter((p) => !clase || p.clase === clase);
  return (
    <ModalForm<Valores>
      open
      width={820}
      form={form}
      title={contrato ? `Contrato ${contrato.numero}` : TEXTOS[programa].nuevo}
      valores={
        contrato
          ? { ...contrato, fecha_inicio: dayjs(contrato.fecha_inicio), deposito: 0 }
          : {
              clase: clases[0],
              codeudores: [],
              id_arrendatario: null,
              incremento: 'ipc',
              incremento_puntos: 0,
              deposito: 0,
              duracion_meses: 12,
              dia_pago: 5,
              clausulas: '',
              fecha_inicio: null,
            }
      }
      onGuardar={async (v) => {
        const c = await guardar.mutateAsync({
          id: contrato?.id ?? null,
          body: {
            ...v,
            id_arrendatario: v.id_arrendatario ?? null,
            codeudores: v.codeudores ?? [],
            clausulas: v.clausulas ?? '',
            incremento_puntos: v.incremento_puntos ?? 0,
            deposito: v.deposito ?? 0,
            fecha_inicio: v.fecha_inicio ? v.fecha_inicio.format('YYYY-MM-DD') : '',
          },
        });
        guardado.current = c;
      }}
      onCerrar={() => onCerrar(guardado.current)}
      guardando={guardar.isPending}
    >
      <Space wrap align="start">
        <Form.Item
          name="clase"
          label="Clase de contrato"
          rules={[{ required: true, message: 'El campo Clase de contrato es obligatorio' }]}
        >
          <Select<ClaseContrato>
            style={{ width: 'min(300px, calc(100vw - 110px))' }}
            options={clases.map((c) => ({ value: c, label: ETIQUETAS_CLASE[c] }))}
            onChange={() => form.setFieldValue('id_plantilla', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="id_plantilla"
          label="Plantilla"
          rules={[{ required: true, message: 'El campo Plantilla es obligatorio' }]}
        >
          <Select<number>
            style={{ width: 'min(300px, calc(100vw - 110px))' }}
            loading={plantillas.isPending}
            notFoundContent={<Empty description="No hay plantillas activas de esta clase" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            options={opcionesPlantilla.map((p) => ({ value: p.id, label: `${p.label} (${p.detalle})` }))}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="inmueble"
        label="Inmueble"
        rules={[{ required: true, message: 'El campo Inmueble es obligatorio' }]}
        extra="Sus propietarios, con su participación, son las partes propietarias del contrato."
      >
        <RemoteSelect
          fuente={`contratos-${programa}-inmuebles`}
          opciones={opcionesDe(programa, 'inmuebles')}
          conocidas={conocida(contrato?.inmueble, contrato ? `${contrato.inmueble} · ${contrato.direccion}` : null)}
          placeholder="Busque por dirección o número"
          aria-label="Inmueble"
        />
      </Form.Item>
      {arriendo ? (
        <Space wrap align="start">
          <Form.Item
            name="id_arrendatario"
            label="Arrendatario"
            rules={[
              {
                required: clase !== undefined && CLASES_ARRENDAMIENTO.includes(clase),
                message: 'El campo Arrendatario es obligatorio',
              },
            ]}
          >
            <RemoteSelect
              fuente={`contratos-${programa}-terceros`}
              opciones={opcionesDe(programa, 'terceros')}
              placeholder="Busque por nombre o documento"
              aria-label="Arrendatario"
              style={{ width: 'min(300px, calc(100vw - 110px))' }}
            />
          </Form.Item>
          <Form.Item name="codeudores" label="Codeudores">
            <RemoteSelect
              multiple
              fuente={`contratos-${programa}-terceros`}
              opciones={opcionesDe(programa, 'terceros')}
              placeholder="Busque por nombre o documento"
              aria-label="Codeudores"
              style={{ width: 'min(300px, calc(100vw - 110px))' }}
            />
          </Form.Item>
        </Space>
      ) : null}
      <Space wrap align="start">
        <Form.Item name="canon" label="Canon" rules={[{ required: true, message: 'El campo Canon es obligatorio' }]}>
          <InputNumber<number>
            min={0}
            style={{ width: 180 }}
            formatter={(v) => (v === undefined || v === null || `${v}` === '' ? '' : `$ ${Number(v).toLocaleString('es-CO')}`)}
            parser={(v) => Number((v ?? '').replace(/[^\d]/g, ''))}
          />
        </Form.Item>
        <Form.Item
          name="fecha_inicio"
          label="Fecha de inicio"
          rules={[{ required: true, message: 'El campo Fecha de inicio es obligatorio' }]}
        >
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item
          name="duracion_meses"
          label="Duración (meses)"
          rules={[{ required: true, message: 'El campo Duración (meses) es obligatorio' }]}
        >
          <InputNumber min={1} max={240} />
        </Form.Item>
        <Form.Item
          name="dia_pago"
          label="Día de pago"
          rules={[{ required: true, message: 'El campo Día de pago es obligatorio' }]}
        >
          <InputNumber min={1} max={31} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="incremento" label="Incremento">
          <Select<Incremento>
            style={{ minWidth: 220 }}
            options={INCREMENTOS.map((i) => ({ value: i, label: ETIQUETAS_INCREMENTO[i] }))}
          />
        </Form.Item>
        {incremento === 'ipc_mas' || incremento === 'fijo' ? (
          <Form.Item name="incremento_puntos" label={incremento === 'fijo' ? 'Porcentaje anual' : 'Puntos sobre el IPC'}>
            <InputNumber min={0} max={100} step={0.5} />
          </Form.Item>
        ) : null}
        {arriendo ? (
          <Form.Item name="deposito" label="Depósito">
            <InputNumber<number> min={0} style={{ width: 180 }} />
          </Form.Item>
        ) : null}
      </Space>
      {clase === 'arrendamiento_vivienda' && (deposito ?? 0) > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="La Ley 820 de 2003 (art. 16) prohíbe exigir depósitos en dinero en el arrendamiento de vivienda urbana."
          description="Deje el depósito en cero: las garantías admitidas son el codeudor, la póliza o el seguro de arrendamiento."
        />
      ) : null}
      <Form.Item name="clausulas" label="Cláusulas adicionales">
        <Input.TextArea maxLength={5000} autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
    </ModalForm>
  );
}
