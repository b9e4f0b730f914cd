import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Radio, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  ETIQUETA_ROL,
  ROLES_ASESOR,
  etiquetaTipo,
  type InmuebleReasignable,
  type ReasignarResultado,
  type RolAsesor,
} from '@predio/contract/inmuebles-utilidades';
import { ETIQUETAS_ESTADO, ESTADOS_INMUEBLE, type EstadoInmueble } from '@predio/contract/inmuebles';
import { formatNumero } from '../../lib/format.ts';
import { useOpcionesUtilidades } from './api/get-opciones.ts';
import { useReasignarPrevia } from './api/get-reasignar-previa.ts';
import { useReasignar } from './api/reasignar.ts';
import { nombreAsesor } from './formato.ts';
import './utilidades.css';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';

const POR_PAGINA = 50;

const plural = (n: number, uno: string, varios: string) => `${formatNumero(n)} ${n === 1 ? uno : varios}`;

/** Archivo > Utilidades > Reasignar inmuebles (idm 10545): from one asesor to another, with a preview. */
export function ReasignarPage() {
  const modal = useAvisos();
  const opciones = useOpcionesUtilidades();
  const [origen, setOrigen] = useState<number | undefined>();
  const [destino, setDestino] = useState<number | undefined>();
  const [rol, setRol] = useState<RolAsesor>('ambos');
  const [estado, setEstado] = useState<EstadoInmueble[]>([]);
  // The choice belongs to one preview answer; a new answer starts with everything selected.
  const [eleccion, setEleccion] = useState<{ de: number; consecutivos: number[] } | null>(null);
  const [resultado, setResultado] = useState<ReasignarResultado | null>(null);
  // The preview is read whole (the action takes it all); its pages are turned here, from the first
  // page of each new answer.
  const [hoja, setHoja] = useState<{ de: number; page: number } | null>(null);
  const reasignar = useReasignar();

  const criterios = origen !== undefined && destino !== undefined ? { origen, destino, rol, estado } : null;
  const previa = useReasignarPrevia(criterios);
  const items = useMemo(() => previa.data?.items ?? [], [previa.data]);
  const elegibles = useMemo(() => items.filter((i) => !i.editando).map((i) => i.consecutivo), [items]);

  const seleccion = eleccion?.de === previa.dataUpdatedAt ? eleccion.consecutivos : elegibles;
  const setSeleccion = (consecutivos: number[]) => setEleccion({ de: previa.dataUpdatedAt, consecutivos });

  const asesores = opciones.data?.asesores ?? [];
  const porId = new Map(asesores.map((a) => [a.id, a]));
  const nombre = (id: number | null | undefined) => {
    const a = id ? porId.get(id) : undefined;
    return a ? nombreAsesor(a) : '—';
  };
  const todos = seleccion.length === elegibles.length && elegibles.length > 0;
  const pagina = hoja?.de === previa.dataUpdatedAt ? hoja.page : 1;

  const confirmar = () => {
    if (!criterios) return;
    const n = seleccion.length;
    modal.confirm({
      title: `¿Reasignar ${plural(n, 'inmueble', 'inmuebles')}?`,
      content: (
        <Typography.Paragraph>
          Pasarán de <strong>{nombre(origen)}</strong> a <strong>{nombre(destino)}</strong> como {ETIQUETA_ROL[rol].toLowerCase()}
          . Queda registrado en el historial de cada inmueble y {nombre(destino)} recibe un aviso.
        </Typography.Paragraph>
      ),
      okText: 'Reasignar',
      cancelText: 'Cancelar',
      onOk: async () => {
        const r = await reasignar.mutateAsync({
          ...criterios,
          todos,
          consecutivos: todos ? [] : seleccion,
          ...(todos ? { esperados: items.length } : {}),
        });
        setResultado(r);
      },
    });
  };

  const columns: ColumnaLista<InmuebleReasignable>[] = [
    {
      key: 'consecutivo',
      title: 'Nº',
      render: (_: unknown, i) => <Link to={`/propiedades/inmueble/${i.consecutivo}`}>{i.consecutivo}</Link>,
    },
    { key: 'tipo', title: 'Tipo', render: (_: unknown, i) => etiquetaTipo(i.tipo) },
    { key: 'direccion', dataIndex: 'direccion', title: 'Dirección', ellipsis: true },
    { key: 'municipio', dataIndex: 'municipio', title: 'Municipio', responsive: ['md'], render: (v: string | null) => v ?? '—' },
    { key: 'estado', title: 'Estado', render: (_: unknown, i) => ETIQUETAS_ESTADO[i.estado] },
    { key: 'comercial', title: 'Asesor comercial', responsive: ['lg'], render: (_: unknown, i) => nombre(i.id_asesor_comercial) },
    { key: 'captador', title: 'Asesor captador', responsive: ['lg'], render: (_: unknown, i) => nombre(i.id_asesor_captador) },
    {
      key: 'editando',
      title: '',
      fija: true,
      render: (_: unknown, i) => (i.editando ? <Tag color="orange">Lo edita {i.editando}: se omitirá</Tag> : null),
    },
  ];

  if (opciones.isPending)
    return (
      <Card title="Reasignar inmuebles">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (opciones.isError)
    return <ErrorDeCarga titulo="No se pudieron cargar los asesores" onReintentar={() => void opciones.refetch()} />;

  return (
    <Card title="Reasignar inmuebles">
      <Typography.Paragraph type="secondary">
        Pase los inmuebles de un asesor a otro, por ejemplo cuando un asesor se retira. Revise la lista antes de confirmar.
      </Typography.Paragraph>
      <Form layout="vertical" className="utilidades-criterios">
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="Asesor de origen" htmlFor="reasignar-origen">
              <Select
                id="reasignar-origen"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Quién tiene los inmuebles"
                value={origen}
                onChange={(v: number) => {
                  setOrigen(v);
                  setResultado(null);
                }}
                options={asesores.map((a) => ({ value: a.id, label: `${nombreAsesor(a)}${a.activo ? '' : ' — inactivo'}` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="Asesor de destino" htmlFor="reasignar-destino">
              <Select
                id="reasignar-destino"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Quién los recibe"
                value={destino}
                onChange={(v: number) => {
                  setDestino(v);
                  setResultado(null);
                }}
                options={asesores
                  .filter((a) => a.activo)
                  .map((a) => ({ value: a.id, label: nombreAsesor(a), disabled: a.id === origen }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="Como">
              <Radio.Group
                value={rol}
                onChange={(e) => setRol(e.target.value as RolAsesor)}
                options={ROLES_ASESOR.map((r) => ({ value: r, label: ETIQUETA_ROL[r] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="Estado del inmueble" htmlFor="reasignar-estado">
              <Select
                id="reasignar-estado"
                mode="multiple"
                allowClear
                placeholder="Todos los estados"
                value={estado}
                onChange={(v: EstadoInmueble[]) => setEstado(v)}
                options={ESTADOS_INMUEBLE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO[e] }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>

      {resultado ? (
        <Alert
          type={resultado.reasignados.length > 0 ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setResultado(null) }}
          style={{ marginBottom: 16 }}
          title={`Se reasignaron ${plural(resultado.reasignados.length, 'inmueble', 'inmuebles')} de ${resultado.origen} a ${resultado.destino}.`}
          description={
            resultado.omitidos.length > 0 ? (
              <ul className="utilidades-omitidos">
                {resultado.omitidos.map((o) => (
                  <li key={o.consecutivo}>
                    Inmueble {o.consecutivo}: {o.motivo}
                  </li>
                ))}
              </ul>
            ) : resultado.reasignados.length > 0 ? (
              `Inmuebles: ${resultado.reasignados.join(', ')}`
            ) : undefined
          }
        />
      ) : null}

      {!criterios ? (
        <Empty description="Elija el asesor de origen y el de destino para ver los inmuebles que se reasignarían." />
      ) : (
        <ListPage<InmuebleReasignable>
          sustantivo={{ singular: 'inmueble', plural: 'inmuebles' }}
          consulta={{
            data: previa.data && { items, total: items.length },
            isFetching: previa.isFetching,
            error: previa.error,
            refetch: () => void previa.refetch(),
          }}
          tituloError="No se pudo calcular la vista previa"
          columnas={columns}
          estado={{ page: pagina, pageSize: POR_PAGINA, sort: null, order: null }}
          pageSizes={[POR_PAGINA]}
          onCambiar={(c) => c.page !== undefined && setHoja({ de: previa.dataUpdatedAt, page: c.page })}
          hayFiltros={false}
          vacio={{ texto: '' }}
          vacioPropio={
            <Empty
              description={`${nombre(origen)} no tiene inmuebles como ${ETIQUETA_ROL[rol].toLowerCase()}${estado.length > 0 ? ' en esos estados' : ''}.`}
            />
          }
          resumen={
            previa.data ? (
              <Typography.Text strong>
                {plural(items.length, 'inmueble', 'inmuebles')} de {nombre(origen)}
                {items.length > 0 ? ` · ${plural(seleccion.length, 'seleccionado', 'seleccionados')}` : ''}
              </Typography.Text>
            ) : undefined
          }
          acciones={
            previa.data ? (
              <>
                {items.length > 0 ? (
                  <Button onClick={() => setSeleccion(todos ? [] : elegibles)}>
                    {todos ? 'Quitar selección' : 'Seleccionar todos'}
                  </Button>
                ) : null}
                <Button
                  type="primary"
                  icon={<SwapOutlined />}
                  disabled={seleccion.length === 0}
                  loading={reasignar.isPending}
                  onClick={confirmar}
                >
                  {seleccion.length === 0
                    ? 'Reasignar'
                    : todos
                      ? `Reasignar todos (${formatNumero(seleccion.length)})`
                      : `Reasignar ${plural(seleccion.length, 'seleccionado', 'seleccionados')}`}
                </Button>
              </>
            ) : null
          }
          filaClave={(i) => i.consecutivo}
          tamano="middle"
          seleccion={{
            selectedRowKeys: seleccion,
            onChange: (keys) => setSeleccion(keys as number[]),
            getCheckboxProps: (i) => ({ disabled: Boolean(i.editando), 'aria-label': `Seleccionar inmueble ${i.consecutivo}` }),
          }}
        />
      )}
    </Card>
  );
}
