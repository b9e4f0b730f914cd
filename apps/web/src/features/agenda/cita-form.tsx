import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Collapse,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Rate,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { RetweetOutlined } from '@ant-design/icons';
import {
  ESTADOS_CITA,
  ETIQUETAS_CITA as L,
  ETIQUETAS_ESTADO_CITA,
  type AlcanceCita,
  type AvisosCita,
  type Cita,
  type OpcionesAgenda,
  type VinculoCita,
} from '@predio/contract/agenda';
import { mismaRepeticion } from '@predio/contract/agenda-repeticion';
import { preguntarAlcance } from './alcance.tsx';
import { aRepeticion, RepetirCampos, repetirInicial, type RepetirValores } from './repetir-campos.tsx';
import { tituloAvisos } from './avisos.ts';
import { CODES } from '@predio/contract/codes';
import { ApiError, http } from '../../lib/http.ts';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { useAvisos } from '../../components/foco.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useBorrarCita, useGuardarCita } from './api/citas.ts';
import { InvitarParticipantes } from './invitar-participantes.tsx';
import { hasIdm } from '@predio/contract/menu';
import { IDM_TAREAS } from '@predio/contract/tareas';
import { TareasDeRegistro } from '../../components/tareas/tareas-registro.tsx';
import { MensajesDeRegistro } from '../../components/redactar-correo/mensajes-registro.tsx';
import { usePermisos } from '../../lib/session-store.ts';

export type Inicial = {
  inicio: Date;
  fin: Date;
  todoElDia: boolean;
  asesor: number | null;
  consecutivoInmueble?: number;
  /** A cita from a lead, a solicitud or a tercero: the link, and its tercero as participant. */
  vinculo?: VinculoCita;
};

type Valores = {
  titulo: string;
  id_categoria: number | null;
  rango: [Dayjs, Dayjs];
  todo_el_dia: boolean;
  asesores: number[];
  participantes: number[];
  consecutivo_inmueble: number | null;
  lugar: string;
  notas: string;
  estado: (typeof ESTADOS_CITA)[number];
  id_resultado: number | null;
  comentario_resultado: string;
  interes: number | null;
  repetir: RepetirValores;
};

/** es-CO writes 12-hour times as «2:30 p. m.». */
const formatoFechaHora = (v: Dayjs) => formatFechaHora(v.toDate());

function ParticipantesSelect(p: {
  id?: string;
  value?: number[];
  onChange?: (v: number[]) => void;
  conocidos: Cita['participantes'];
}) {
  const [texto, setTexto] = useState('');
  const q = useDebouncedValue(texto, 250);
  const terceros = useQuery({
    queryKey: ['agenda', 'terceros', q],
    queryFn: async ({ signal }) =>
      (
        await http.get<{ id: number; nro_id: string; nombre: string; celular: string }[]>(
          `/citas/terceros?q=${encodeURIComponent(q)}`,
          { signal, silent: true },
        )
      ).data,
  });
  const opciones = useMemo(() => {
    const xs = (terceros.data ?? []).map((t) => ({ value: t.id, label: `${t.nombre} (${t.nro_id})` }));
    for (const c of p.conocidos) if (!xs.some((x) => x.value === c.id)) xs.push({ value: c.id, label: c.nombre });
    return xs;
  }, [terceros.data, p.conocidos]);
  return (
    <Select
      id={p.id}
      mode="multiple"
      value={p.value ?? []}
      onChange={p.onChange}
      options={opciones}
      placeholder="Busque por nombre, documento o teléfono"
      showSearch={{ filterOption: false, onSearch: setTexto }}
      loading={terceros.isFetching}
      notFoundContent={terceros.isFetching ? 'Buscando…' : 'Sin resultados'}
    />
  );
}

type Props = {
  cita: Cita | null;
  inicial: Inicial | null;
  opciones: OpcionesAgenda;
  alGuardar: (c: Cita) => void;
  alBorrar: () => void;
};

/** One form for a new cita and an existing one. A conflict with another cita asks before saving anyway. */
export function CitaForm({ cita, inicial, opciones, alGuardar, alBorrar }: Props) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const modal = useAvisos();
  const guardar = useGuardarCita();
  const borrar = useBorrarCita();
  const [error, setError] = useState<string | null>(null);
  const estado = Form.useWatch('estado', form);
  const vinculo = inicial?.vinculo;
  const conocidos = cita?.participantes ?? (vinculo?.participante ? [vinculo.participante] : []);
  const lugar = Form.useWatch('lugar', form);
  // A follow-up task from the visit (issue 26), for those who may see tasks.
  const puedeTareas = hasIdm(usePermisos(), IDM_TAREAS);

  const iniciales: Partial<Valores> = cita
    ? {
        titulo: cita.titulo,
        id_categoria: cita.categoria?.id ?? null,
        rango: [dayjs(cita.inicio), dayjs(cita.fin)],
        todo_el_dia: cita.todo_el_dia,
        asesores: cita.asesores.map((a) => a.id),
        participantes: cita.participantes.map((p) => p.id),
        consecutivo_inmueble: cita.inmueble?.consecutivo ?? null,
        lugar: cita.lugar,
        notas: cita.notas,
        estado: cita.estado,
        id_resultado: cita.resultado?.id ?? null,
        comentario_resultado: cita.comentario_resultado,
        interes: cita.interes,
        repetir: repetirInicial(cita.serie?.repeticion),
      }
    : {
        titulo: '',
        id_categoria: inicial?.consecutivoInmueble ? (opciones.categorias.find((c) => c.nombre === 'Visita')?.id ?? null) : null,
        rango: inicial
          ? [dayjs(inicial.inicio), dayjs(inicial.fin)]
          : [dayjs().add(1, 'hour').startOf('hour'), dayjs().add(2, 'hour').startOf('hour')],
        todo_el_dia: inicial?.todoElDia ?? false,
        asesores: inicial?.asesor ? [inicial.asesor] : [],
        participantes: inicial?.vinculo?.participante ? [inicial.vinculo.participante.id] : [],
        consecutivo_inmueble: inicial?.consecutivoInmueble ?? null,
        lugar: '',
        notas: '',
        estado: 'programada',
        id_resultado: null,
        comentario_resultado: '',
        interes: null,
        repetir: repetirInicial(null),
      };
  const rango = Form.useWatch('rango', form);
  const inicioElegido = rango?.[0]?.toDate() ?? null;

  const enviar = async (v: Valores, confirmar = false, alcanceElegido?: AlcanceCita) => {
    setError(null);
    const repetir = aRepeticion(v.repetir);
    // An occurrence of a series: a new rule is the series'; any other change asks «solo esta o toda la serie».
    let alcance = alcanceElegido;
    if (cita?.serie && !alcance) {
      const cambiaRegla = !repetir || !mismaRepeticion(repetir, cita.serie.repeticion);
      alcance = cambiaRegla ? 'serie' : ((await preguntarAlcance(modal)) ?? undefined);
      if (!alcance) return;
    }
    const serie = cita?.serie ? (alcance === 'serie' ? { alcance, repetir } : { alcance }) : repetir ? { repetir } : {};
    const valores = {
      titulo: v.titulo ?? '',
      id_categoria: v.id_categoria ?? null,
      inicio: v.rango?.[0]?.toISOString() ?? '',
      fin: v.rango?.[1]?.toISOString() ?? '',
      todo_el_dia: v.todo_el_dia ?? false,
      asesores: v.asesores ?? [],
      participantes: v.participantes ?? [],
      consecutivo_inmueble: v.consecutivo_inmueble ?? null,
      // Only a new cita from a record sends its link; a change leaves the saved one as it is.
      ...(cita ? {} : { id_cliente_atendido: vinculo?.id_cliente_atendido ?? null, id_solicitud: vinculo?.id_solicitud ?? null }),
      lugar: v.lugar ?? '',
      notas: v.notas ?? '',
      estado: v.estado,
      id_resultado: v.id_resultado ?? null,
      comentario_resultado: v.comentario_resultado ?? '',
      interes: v.interes || null,
      ...serie,
      confirmar,
    };
    try {
      const c = await guardar.mutateAsync({
        id: cita?.id ?? null,
        valores: cita ? { ...valores, version: cita.version } : valores,
      });
      void message.success(cita ? `Cita «${c.titulo}» guardada` : `Cita «${c.titulo}» agendada`);
      alGuardar(c);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const avisos = e.data as AvisosCita | undefined;
      if (e.code === CODES.CONFLICTO && (avisos?.conflictos?.length || avisos?.festivo || avisos?.fueraDeHorario)) {
        modal.confirm({
          title: tituloAvisos(avisos),
          content: (
            <>
              <p>{e.message}</p>
              <ul>
                {avisos.conflictos.map((c) => (
                  <li key={c.id}>
                    {c.asesor}: «{c.titulo}», {formatFechaHora(c.inicio)}
                  </li>
                ))}
              </ul>
            </>
          ),
          okText: 'Guardar de todos modos',
          cancelText: 'Revisar',
          onOk: () => enviar(v, true, alcance),
        });
        return;
      }
      const deRepetir = ['frecuencia', 'intervalo', 'dias', 'hasta', 'veces'].map((k) => `repetir.${k}`);
      setError(erroresEnCampos(form, e, [...Object.keys(L), 'inicio', 'fin', ...deRepetir]) ?? null);
      if (e.campos.some((c) => c.campo === 'inicio' || c.campo === 'fin'))
        form.setFields([
          { name: 'rango', errors: e.campos.filter((c) => c.campo === 'inicio' || c.campo === 'fin').map((c) => c.mensaje) },
        ]);
    }
  };

  const eliminar = async (alcance: AlcanceCita) => {
    if (!cita) return;
    await borrar.mutateAsync({ id: cita.id, alcance });
    void message.success(alcance === 'serie' ? `Serie «${cita.titulo}» eliminada` : `Cita «${cita.titulo}» eliminada`);
    alBorrar();
  };

  const asesoresOpc = opciones.asesores.map((a) => ({
    value: a.id,
    label: a.desactivado ? `${a.nombre} (oculto en agenda)` : a.nombre,
  }));
  const mapa = lugar ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lugar)}` : null;
  const hecha = estado === 'realizada' || estado === 'no_asistio';

  return (
    <Form form={form} layout="vertical" initialValues={iniciales} onFinish={(v) => void enviar(v)} className="cita-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {vinculo && !cita && <Alert type="info" showIcon title={`Cita de: ${vinculo.etiqueta}`} style={{ marginBottom: 12 }} />}
      <Form.Item name="titulo" label={L.titulo} rules={[{ required: true, message: `El campo ${L.titulo} es obligatorio` }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="id_categoria" label={L.id_categoria}>
        <Select
          allowClear
          options={opciones.categorias.map((c) => ({
            value: c.id,
            label: (
              <Space size={6}>
                <span className="agenda-punto" style={{ background: c.color }} />
                {c.nombre}
              </Space>
            ),
            title: c.nombre,
          }))}
        />
      </Form.Item>
      <Form.Item name="rango" label={`${L.inicio} y ${L.fin}`} rules={[{ required: true, message: 'Elija el inicio y el fin' }]}>
        <DatePicker.RangePicker
          showTime={{ use12Hours: true, format: 'hh:mm a', minuteStep: 5 }}
          format={formatoFechaHora}
          placeholder={[L.inicio, L.fin]}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="todo_el_dia" label={L.todo_el_dia} valuePropName="checked">
        <Switch />
      </Form.Item>
      {cita?.serie && (
        <Alert
          type="info"
          showIcon
          icon={<RetweetOutlined />}
          style={{ marginBottom: 12 }}
          title={`Se repite: ${cita.serie.descripcion}`}
          description={cita.serie.excepcion ? 'Esta cita se cambió sola: los cambios a toda la serie no la tocan.' : undefined}
        />
      )}
      <RepetirCampos inicio={inicioElegido} />
      <Form.Item
        name="asesores"
        label={L.asesores}
        rules={[{ required: true, message: `El campo ${L.asesores} es obligatorio` }]}
      >
        <Select mode="multiple" options={asesoresOpc} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="participantes" label={L.participantes}>
        <ParticipantesSelect conocidos={conocidos} />
      </Form.Item>
      {cita && cita.participantes.length > 0 && (
        <ul className="cita-participantes">
          {cita.participantes.map((p) => (
            <li key={p.id}>
              {p.nombre}
              {p.telefono && (
                <>
                  {' · '}
                  <a href={`tel:${p.telefono}`}>{p.telefono}</a>
                </>
              )}
              {p.email && (
                <>
                  {' · '}
                  <a href={`mailto:${p.email}`}>{p.email}</a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form.Item
        name="consecutivo_inmueble"
        label={L.consecutivo_inmueble}
        extra="Consecutivo del inmueble; el lugar será su dirección si no escribe otro."
      >
        <InputNumber min={1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="lugar"
        label={L.lugar}
        extra={
          mapa ? (
            <a href={mapa} target="_blank" rel="noreferrer">
              Ver en el mapa
            </a>
          ) : undefined
        }
      >
        <Input maxLength={300} />
      </Form.Item>
      <Form.Item name="notas" label={L.notas}>
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Form.Item name="estado" label={L.estado}>
        <Select options={ESTADOS_CITA.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_CITA[e] }))} />
      </Form.Item>
      {hecha && (
        <>
          <Form.Item name="id_resultado" label={L.id_resultado}>
            <Select allowClear options={opciones.resultados.map((r) => ({ value: r.id, label: r.nombre }))} />
          </Form.Item>
          <Form.Item name="comentario_resultado" label={L.comentario_resultado}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="interes" label={L.interes}>
            <Rate count={5} />
          </Form.Item>
        </>
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={guardar.isPending}>
          {cita ? 'Guardar cambios' : 'Agendar cita'}
        </Button>
        {cita && (
          <Popconfirm
            title={cita.serie ? `¿Eliminar solo esta cita de «${cita.titulo}»?` : `¿Eliminar la cita «${cita.titulo}»?`}
            description={
              cita.serie
                ? 'Las demás citas de la serie siguen. Sus asesores reciben el aviso.'
                : 'Sus asesores reciben el aviso de cancelación.'
            }
            okText="Eliminar"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => eliminar('esta')}
          >
            <Button danger loading={borrar.isPending}>
              {cita.serie ? 'Eliminar esta cita' : 'Eliminar'}
            </Button>
          </Popconfirm>
        )}
        {cita?.serie && (
          <Popconfirm
            title={`¿Eliminar toda la serie «${cita.titulo}»?`}
            description="Se eliminan sus citas programadas y confirmadas; las realizadas y canceladas quedan en el historial."
            okText="Eliminar la serie"
            cancelText="No"
            okButtonProps={{ danger: true }}
            onConfirm={() => eliminar('serie')}
          >
            <Button danger loading={borrar.isPending}>
              Eliminar la serie
            </Button>
          </Popconfirm>
        )}
        {cita && cita.participantes.length > 0 && <InvitarParticipantes cita={cita} />}
      </Space>
      {cita && (
        <Collapse
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'correos',
              label: 'Correos de la cita',
              children: <MensajesDeRegistro registro={{ entidad: 'cita', clave: cita.id }} />,
            },
          ]}
        />
      )}
      {cita && puedeTareas && (
        <Collapse
          style={{ marginTop: 16 }}
          items={[{ key: 'tareas', label: 'Tareas de la cita', children: <TareasDeRegistro vinculo={{ id_cita: cita.id }} /> }]}
        />
      )}
      {cita && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Cita {cita.id} · versión {cita.version}
        </Typography.Paragraph>
      )}
    </Form>
  );
}
