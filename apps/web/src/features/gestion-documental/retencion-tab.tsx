import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Grid, Input, List, Segmented, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, ExportOutlined, SafetyCertificateOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_RETENCION,
  ETIQUETAS_VISTA_RETENCION,
  VISTAS_RETENCION,
  ZEliminarExpediente,
  type DisposicionLote,
  type EliminarExpediente,
  type Expediente,
  type TransferenciaLote,
  type VistaRetencion,
} from '@predio/contract/gestion-documental-expedientes';
import { ETIQUETAS_DISPOSICION, type DisposicionTrd } from '@predio/contract/gestion-documental-trd';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { AppModal } from '../../components/app-modal.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { zodRule } from '../../components/zod-rule.ts';
import { formatFecha } from '../../lib/format.ts';
import {
  useConservarExpediente,
  useDisponerExpedientes,
  useEliminarExpediente,
  useRetencion,
  useTransferirExpediente,
  useTransferirExpedientes,
} from './api/expedientes.ts';
import { DetalleExpediente } from './expedientes-tab.tsx';

const fecha = (d: string | null) => (d ? formatFecha(`${d}T12:00:00`) : '—');
export const disposicion = (e: Expediente) =>
  e.subserie.disposicion_final
    ? (ETIQUETAS_DISPOSICION[e.subserie.disposicion_final as DisposicionTrd] ?? e.subserie.disposicion_final)
    : 'Sin disposición';
const conCodigo = (r: { codigo: string | null; nombre: string }) => (r.codigo ? `${r.codigo} ${r.nombre}` : r.nombre);
const numerosDe = (sel: Expediente[]) =>
  `${sel
    .slice(0, 10)
    .map((e) => e.numero)
    .join(', ')}${sel.length > 10 ? ` y ${sel.length - 10} más` : ''}.`;
const expedientes = (n: number) => (n === 1 ? '1 expediente' : `${n} expedientes`);

/** What a batch did, in the terms of its action: the totals, and each expediente done or refused with why. */
type ResultadoLote = {
  titulo: string;
  resumen: string;
  hechos: number;
  rechazados: number;
  hecho: string;
  noHecho: string;
  resultados: { id: number; numero: string | null; hecho: boolean; motivo: string | null }[];
};
const noSePudo = (n: number, verbo: string) => (n ? `; ${n} no ${n === 1 ? 'se pudo' : 'se pudieron'} ${verbo}` : '');
const deTransferencia = (r: TransferenciaLote): ResultadoLote => ({
  titulo: 'Resultado de la transferencia',
  resumen: `${r.transferidos} ${r.transferidos === 1 ? 'expediente transferido' : 'expedientes transferidos'} al archivo central${noSePudo(r.rechazados, 'transferir')}.`,
  hechos: r.transferidos,
  rechazados: r.rechazados,
  hecho: 'Transferido',
  noHecho: 'No transferido',
  resultados: r.resultados.map(({ transferido, ...x }) => ({ ...x, hecho: transferido })),
});
const deDisposicion = (r: DisposicionLote): ResultadoLote =>
  r.accion === 'conservar'
    ? {
        titulo: 'Resultado de la conservación',
        resumen: `${r.hechos} ${r.hechos === 1 ? 'expediente conservado' : 'expedientes conservados'}${noSePudo(r.rechazados, 'conservar')}.`,
        hechos: r.hechos,
        rechazados: r.rechazados,
        hecho: 'Conservado',
        noHecho: 'No conservado',
        resultados: r.resultados,
      }
    : {
        titulo: 'Resultado de la eliminación',
        resumen: `${r.hechos} ${r.hechos === 1 ? 'expediente eliminado, con su acta' : 'expedientes eliminados, cada uno con su acta'}${noSePudo(r.rechazados, 'eliminar')}.`,
        hechos: r.hechos,
        rechazados: r.rechazados,
        hecho: 'Eliminado',
        noHecho: 'No eliminado',
        resultados: r.resultados,
      };

/** Why «Eliminar» is not offered for a row, or null when it is. */
const sinEliminar = (e: Expediente) =>
  e.retencion_legal
    ? 'Tiene retención legal: levántela en el expediente para poder eliminarlo'
    : e.subserie.disposicion_final === 'CT'
      ? 'Su subserie es de conservación total'
      : !e.subserie.disposicion_final
        ? 'Su subserie no tiene disposición final en la TRD'
        : null;

/**
 * Retención (a tab of Gestión documental, idm 10579): closed expedientes whose time in the archivo de
 * gestión ran out (transfer them to the central) and those whose time in the central ran out (their final
 * disposition: conservar, or eliminar with an acta de eliminación; a legal hold blocks eliminating).
 */
export function RetencionTab({ puedeEditar }: { puedeEditar: boolean }) {
  const [vista, setVista] = useState<VistaRetencion>('transferir');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [abierto, setAbierto] = useState<number | null>(null);
  const [eliminando, setEliminando] = useState<Expediente | null>(null);
  const movil = Grid.useBreakpoint().md === false;
  const lista = useRetencion({ vista, q: q || undefined, page, pageSize: 50 });
  const avisos = useAvisos();
  const { message } = App.useApp();
  const transferir = useTransferirExpediente();
  const transferirVarios = useTransferirExpedientes();
  const conservar = useConservarExpediente();
  const disponerVarios = useDisponerExpedientes();
  const [seleccion, setSeleccion] = useState<Expediente[]>([]);
  const [resultado, setResultado] = useState<ResultadoLote | null>(null);
  const [eliminandoVarios, setEliminandoVarios] = useState<Expediente[] | null>(null);
  const enLote = puedeEditar;
  const limpiar = () => setSeleccion([]);
  const cuantos = seleccion.length === 0 ? '' : ` (${seleccion.length})`;

  /** Confirms a batch over the selection (how many, their numbers), runs it and shows what it did. */
  const confirmarLote = (o: {
    titulo: string;
    como: string;
    verbo: string;
    ejecutar: (ids: number[]) => Promise<ResultadoLote>;
  }) => {
    const n = seleccion.length;
    avisos.confirm({
      title: o.titulo,
      content: (
        <>
          <Typography.Paragraph>{numerosDe(seleccion)}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Cada expediente se revisa como si {o.como} solo: los que no cumplan se informan con el motivo y no impiden {o.verbo}{' '}
            los demás.
          </Typography.Paragraph>
        </>
      ),
      okText: `${o.verbo.charAt(0).toUpperCase()}${o.verbo.slice(1)} ${n}`,
      cancelText: 'Cancelar',
      onOk: () =>
        o
          .ejecutar(seleccion.map((e) => e.id))
          .then((r) => {
            limpiar();
            setResultado(r);
          })
          .catch((x: Error) => void message.error(x.message)),
    });
  };
  const transferirSeleccion = () =>
    confirmarLote({
      titulo: `¿Transferir ${expedientes(seleccion.length)} al archivo central?`,
      como: 'se transfiriera',
      verbo: 'transferir',
      ejecutar: (ids) => transferirVarios.mutateAsync(ids).then(deTransferencia),
    });
  const conservarSeleccion = () =>
    confirmarLote({
      titulo: `¿Conservar ${expedientes(seleccion.length)} de forma permanente?`,
      como: 'se conservara',
      verbo: 'conservar',
      ejecutar: (ids) => disponerVarios.mutateAsync({ accion: 'conservar', ids }).then(deDisposicion),
    });

  const acciones = (e: Expediente) =>
    !puedeEditar ? null : vista === 'transferir' ? (
      <Button
        size="small"
        icon={<ExportOutlined />}
        aria-label={`Transferir ${e.numero} al archivo central`}
        onClick={() =>
          avisos.confirm({
            title: `¿Transferir el expediente ${e.numero} al archivo central?`,
            content: `Cumplió su tiempo en el archivo de gestión (${fecha(e.vence_gestion)}). Permanecerá en el central hasta el ${fecha(e.vence_central)}.`,
            okText: 'Transferir',
            cancelText: 'Cancelar',
            onOk: () => transferir.mutateAsync(e.id).then(() => message.success(`Expediente ${e.numero} transferido`)),
          })
        }
      >
        Transferir
      </Button>
    ) : (
      <Space wrap size={4}>
        <Button
          size="small"
          icon={<SafetyCertificateOutlined />}
          aria-label={`Conservar ${e.numero}`}
          onClick={() =>
            avisos.confirm({
              title: `¿Conservar el expediente ${e.numero}?`,
              content: `Queda conservado de forma permanente (disposición de su subserie: ${disposicion(e)}).`,
              okText: 'Conservar',
              cancelText: 'Cancelar',
              onOk: () => conservar.mutateAsync(e.id).then(() => message.success(`Expediente ${e.numero} conservado`)),
            })
          }
        >
          Conservar
        </Button>
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={`Eliminar ${e.numero}`}
          disabled={sinEliminar(e) !== null}
          title={sinEliminar(e) ?? undefined}
          onClick={() => setEliminando(e)}
        >
          Eliminar
        </Button>
      </Space>
    );

  const retencionTag = (e: Expediente) =>
    e.retencion_legal ? (
      <Tag color="red" icon={<SafetyOutlined />} title={e.motivo_retencion ?? undefined}>
        Retención legal
      </Tag>
    ) : null;

  return (
    <Card title="Retención documental">
      <Space wrap className="gd-expedientes-filtros">
        <Segmented<VistaRetencion>
          aria-label="Vista de retención"
          value={vista}
          options={VISTAS_RETENCION.map((v) => ({ value: v, label: ETIQUETAS_VISTA_RETENCION[v] }))}
          onChange={(v) => {
            setVista(v);
            setPage(1);
            limpiar();
          }}
        />
        <Input.Search
          allowClear
          aria-label="Buscar en retención"
          placeholder="Número, nombre o tercero"
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
            limpiar();
          }}
          className="gd-filtro"
        />
        {enLote && vista === 'transferir' ? (
          <Button
            type="primary"
            icon={<ExportOutlined />}
            disabled={seleccion.length === 0}
            loading={transferirVarios.isPending}
            onClick={transferirSeleccion}
          >
            {`Transferir seleccionados${cuantos}`}
          </Button>
        ) : null}
        {enLote && vista === 'disponer' ? (
          <>
            <Button
              icon={<SafetyCertificateOutlined />}
              disabled={seleccion.length === 0}
              loading={disponerVarios.isPending && disponerVarios.variables?.accion === 'conservar'}
              onClick={conservarSeleccion}
            >
              {`Conservar seleccionados${cuantos}`}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={seleccion.length === 0}
              onClick={() => setEliminandoVarios(seleccion)}
            >
              {`Eliminar seleccionados${cuantos}`}
            </Button>
          </>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" className="gd-retencion-ayuda">
        {vista === 'transferir'
          ? 'Expedientes cerrados cuyo tiempo en el archivo de gestión ya se cumplió: transfiéralos al archivo central.'
          : 'Expedientes del archivo central cuyo tiempo de retención ya se cumplió: aplique su disposición final.'}
      </Typography.Paragraph>
      {lista.isError ? (
        <ErrorDeCarga titulo="No se pudo cargar la retención" error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <Table<Expediente>
          rowKey="id"
          size="middle"
          loading={lista.isPending}
          dataSource={lista.data?.items ?? []}
          rowSelection={
            enLote
              ? {
                  selectedRowKeys: seleccion.map((e) => e.id),
                  onChange: (_k, filas) => setSeleccion(filas),
                  getCheckboxProps: (e) => ({ 'aria-label': `Seleccionar ${e.numero}` }),
                }
              : undefined
          }
          pagination={
            (lista.data?.total ?? 0) > 50
              ? {
                  current: page,
                  pageSize: 50,
                  total: lista.data?.total,
                  onChange: (p) => {
                    setPage(p);
                    limpiar();
                  },
                  showSizeChanger: false,
                }
              : false
          }
          scroll={{ x: movil ? undefined : 1000 }}
          locale={{
            emptyText: (
              <Empty
                description={
                  q
                    ? 'Ningún expediente coincide.'
                    : vista === 'transferir'
                      ? 'No hay expedientes por transferir'
                      : 'No hay expedientes por disponer'
                }
              />
            ),
          }}
          columns={
            movil
              ? [
                  {
                    key: 'expediente',
                    title: 'Expediente',
                    render: (_v, e) => (
                      <div className="gd-tarjeta">
                        <div className="gd-tarjeta-cabeza">
                          <Button type="link" className="gd-enlace" onClick={() => setAbierto(e.id)}>
                            {e.numero}
                          </Button>
                          {retencionTag(e)}
                        </div>
                        <span>{e.nombre}</span>
                        <Typography.Text type="secondary">
                          {conCodigo(e.subserie)} · {disposicion(e)}
                        </Typography.Text>
                        <Typography.Text type="secondary">
                          Venció {fecha(vista === 'transferir' ? e.vence_gestion : e.vence_central)} · {e.radicados}{' '}
                          {e.radicados === 1 ? 'radicado' : 'radicados'}
                        </Typography.Text>
                        {acciones(e)}
                      </div>
                    ),
                  },
                ]
              : [
                  {
                    key: 'numero',
                    title: 'Número',
                    width: 140,
                    render: (_v, e) => (
                      <Button type="link" className="gd-enlace" onClick={() => setAbierto(e.id)}>
                        {e.numero}
                      </Button>
                    ),
                  },
                  { key: 'nombre', title: 'Nombre', dataIndex: 'nombre' },
                  {
                    key: 'subserie',
                    title: 'Serie / subserie',
                    render: (_v, e) => `${conCodigo(e.serie)} / ${conCodigo(e.subserie)}`,
                  },
                  {
                    key: 'vence',
                    title: 'Venció',
                    width: 110,
                    render: (_v, e) => fecha(vista === 'transferir' ? e.vence_gestion : e.vence_central),
                  },
                  { key: 'disposicion', title: 'Disposición', width: 150, render: (_v, e) => disposicion(e) },
                  { key: 'radicados', title: 'Radicados', dataIndex: 'radicados', width: 95 },
                  {
                    key: 'retencion',
                    title: 'Retención legal',
                    width: 140,
                    render: (_v, e) => retencionTag(e) ?? <Typography.Text type="secondary">No</Typography.Text>,
                  },
                  ...(puedeEditar
                    ? [
                        {
                          key: 'acciones',
                          title: 'Acciones',
                          width: vista === 'transferir' ? 130 : 240,
                          render: (_v: unknown, e: Expediente) => acciones(e),
                        },
                      ]
                    : []),
                ]
          }
        />
      )}
      <AppDrawer
        open={abierto !== null}
        onClose={() => setAbierto(null)}
        title="Expediente"
        size={movil ? 'default' : 'large'}
        destroyOnHidden
      >
        {abierto !== null ? <DetalleExpediente id={abierto} puedeEditar={puedeEditar} /> : null}
      </AppDrawer>
      <ResultadoDelLote resultado={resultado} onCerrar={() => setResultado(null)} />
      <EliminarVariosDialogo
        seleccion={eliminandoVarios}
        onCerrar={() => setEliminandoVarios(null)}
        onHecho={(r) => {
          setEliminandoVarios(null);
          limpiar();
          setResultado(deDisposicion(r));
        }}
      />
      <EliminarDialogo
        e={eliminando}
        onCerrar={() => setEliminando(null)}
        onEliminado={(id) => {
          setEliminando(null);
          setAbierto(id);
        }}
      />
    </Card>
  );
}

/** What a batch did: how many, and each expediente done or refused with its reason. */
function ResultadoDelLote({ resultado, onCerrar }: { resultado: ResultadoLote | null; onCerrar: () => void }) {
  const r = resultado;
  return (
    <AppModal
      open={r !== null}
      title={r?.titulo}
      onCancel={onCerrar}
      onOk={onCerrar}
      okText="Cerrar"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {r ? (
        <>
          <Alert type={r.rechazados === 0 ? 'success' : r.hechos === 0 ? 'error' : 'warning'} showIcon message={r.resumen} />
          <List
            size="small"
            className="gd-resultado-lote"
            dataSource={r.resultados}
            renderItem={(x) => (
              <List.Item>
                <Space direction="vertical" size={0}>
                  <Space size={6} wrap>
                    <Typography.Text strong>{x.numero ?? `Expediente ${x.id}`}</Typography.Text>
                    {x.hecho ? <Tag color="green">{r.hecho}</Tag> : <Tag color="red">{r.noHecho}</Tag>}
                  </Space>
                  {x.motivo ? <Typography.Text type="secondary">{x.motivo}</Typography.Text> : null}
                </Space>
              </List.Item>
            )}
          />
        </>
      ) : null}
    </AppModal>
  );
}

/** Eliminating the selected expedientes: one motivo, written in the acta each one gets. */
function EliminarVariosDialogo({
  seleccion,
  onCerrar,
  onHecho,
}: {
  seleccion: Expediente[] | null;
  onCerrar: () => void;
  onHecho: (r: DisposicionLote) => void;
}) {
  const disponer = useDisponerExpedientes();
  const n = seleccion?.length ?? 0;
  const conReparo = (seleccion ?? []).filter((e) => sinEliminar(e) !== null);
  return (
    <ModalForm<EliminarExpediente>
      open={seleccion !== null}
      title={`Eliminar ${expedientes(n)}`}
      okText={`Eliminar ${n} y generar sus actas`}
      valores={{ motivo: '' }}
      guardando={disponer.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        onHecho(await disponer.mutateAsync({ accion: 'eliminar', ids: seleccion!.map((e) => e.id), motivo: v.motivo }));
      }}
      formProps={{ layout: 'vertical' }}
    >
      {seleccion ? (
        <>
          <Typography.Paragraph>{numerosDe(seleccion)}</Typography.Paragraph>
          <Typography.Paragraph>
            Cada expediente se elimina con sus radicados y recibe su propia <strong>acta de eliminación documental</strong> en
            PDF, que queda guardada con él. Esta acción no se puede deshacer.
          </Typography.Paragraph>
          {conReparo.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              className="gd-retencion-reparo"
              message={`${expedientes(conReparo.length)} no se ${conReparo.length === 1 ? 'eliminará' : 'eliminarán'}: ${conReparo
                .slice(0, 5)
                .map((e) => `${e.numero} (${sinEliminar(e)!.toLowerCase()})`)
                .join('; ')}${conReparo.length > 5 ? '…' : '.'}`}
            />
          ) : null}
        </>
      ) : null}
      <Form.Item
        name="motivo"
        label={ETIQUETAS_RETENCION.motivo}
        rules={[zodRule(ZEliminarExpediente.shape.motivo, ETIQUETAS_RETENCION.motivo)]}
        extra="Queda escrito en el acta de cada expediente."
      >
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </ModalForm>
  );
}

function EliminarDialogo({
  e,
  onCerrar,
  onEliminado,
}: {
  e: Expediente | null;
  onCerrar: () => void;
  onEliminado: (id: number) => void;
}) {
  const eliminar = useEliminarExpediente();
  const { message } = App.useApp();
  return (
    <ModalForm<EliminarExpediente>
      open={e !== null}
      title={e ? `Eliminar el expediente ${e.numero}` : 'Eliminar expediente'}
      okText="Eliminar y generar acta"
      valores={{ motivo: '' }}
      guardando={eliminar.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        const d = await eliminar.mutateAsync({ id: e!.id, motivo: v.motivo });
        void message.success(`Expediente ${d.numero} eliminado; el acta de eliminación quedó guardada`);
        onEliminado(d.id);
      }}
      formProps={{ layout: 'vertical' }}
    >
      {e ? (
        <Typography.Paragraph>
          {e.radicados === 1 ? 'Se eliminará el radicado' : `Se eliminarán los ${e.radicados} radicados`} del expediente «
          {e.nombre}» ({disposicion(e)}). Se generará un <strong>acta de eliminación documental</strong> en PDF, que queda
          guardada con el expediente. Esta acción no se puede deshacer.
        </Typography.Paragraph>
      ) : null}
      <Form.Item
        name="motivo"
        label={ETIQUETAS_RETENCION.motivo}
        rules={[zodRule(ZEliminarExpediente.shape.motivo, ETIQUETAS_RETENCION.motivo)]}
        extra="Queda escrito en el acta."
      >
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </ModalForm>
  );
}
