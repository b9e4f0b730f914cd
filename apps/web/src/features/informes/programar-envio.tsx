import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Form, Grid, InputNumber, Radio, Select, Space, Switch, Tag, Typography } from 'antd';
import { MailOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  DIAS_SEMANA,
  FORMATO_ENVIO_LABEL,
  FORMATOS_ENVIO,
  FRECUENCIA_ENVIO_LABEL,
  FRECUENCIAS_ENVIO,
  INFORMES,
  MAX_DIA_MES_ENVIO,
  type ClaveInforme,
  type ProgramacionForm,
  type ProgramacionInforme,
} from '@predio/contract/informes';
import { Acciones } from '../../components/acciones-fila.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import {
  useActivarProgramacion,
  useAsesoresInforme,
  useDestinatarios,
  useEliminarProgramacion,
  useEnviarAhora,
  useGuardarProgramacion,
  useProgramaciones,
} from './informes-api.ts';

// «Programar envío» (docs/informes.md): the report e-mailed weekly or monthly, as PDF or Excel, to chosen
// users, over the previous complete week or month.

const hora = (h: number) => `${String(h).padStart(2, '0')}:00`;
const HORAS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: hora(h) }));
const DIAS_MES = Array.from({ length: MAX_DIA_MES_ENVIO }, (_, i) => ({ value: i + 1, label: String(i + 1) }));
const DIAS_SEM = DIAS_SEMANA.map((d, i) => ({ value: i + 1, label: d }));

/** «Cada lunes a las 07:00», «El día 5 de cada mes a las 07:00». */
export const cuandoSeEnvia = (p: Pick<ProgramacionForm, 'frecuencia' | 'dia' | 'hora'>) =>
  p.frecuencia === 'semanal'
    ? `Cada ${DIAS_SEMANA[p.dia - 1]?.toLowerCase() ?? p.dia} a las ${hora(p.hora)}`
    : `El día ${p.dia} de cada mes a las ${hora(p.hora)}`;

const NUEVA: Partial<ProgramacionForm> = {
  frecuencia: 'semanal',
  dia: 1,
  hora: 7,
  formato: 'pdf',
  destinatarios: [],
  asesor: null,
  dias: null,
  activo: true,
};

/** The button on the report page and its drawer of schedules. */
export function ProgramarEnvio({ clave }: { clave: ClaveInforme }) {
  const [abierto, setAbierto] = useState(false);
  const pantalla = Grid.useBreakpoint();
  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setAbierto(true)}>
        Programar envío
      </Button>
      <AppDrawer
        title={`Programar envío: ${INFORMES[clave].titulo}`}
        open={abierto}
        onClose={() => setAbierto(false)}
        size={pantalla.md ? 640 : '100%'}
        destroyOnHidden
      >
        {abierto ? <Programaciones clave={clave} /> : null}
      </AppDrawer>
    </>
  );
}

function Programaciones({ clave }: { clave: ClaveInforme }) {
  const meta = INFORMES[clave];
  const lista = useProgramaciones(clave);
  const destinatarios = useDestinatarios(clave);
  const [editando, setEditando] = useState<ProgramacionInforme | 'nueva' | null>(null);
  const nombres = new Map((destinatarios.data ?? []).map((d) => [d.id, d.nombre]));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {meta.periodo
          ? 'El informe se envía por correo con la semana anterior completa (de lunes a domingo) o el mes anterior completo, '
          : 'El informe se envía por correo con los datos del día del envío, '}
        con los permisos de quien lo programa.
      </Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nueva')}>
        Nuevo envío programado
      </Button>
      {lista.isError ? (
        <ErrorDeCarga
          titulo="No se pudieron cargar los envíos programados"
          error={lista.error}
          onReintentar={() => void lista.refetch()}
        />
      ) : lista.isPending ? (
        <PageLoading />
      ) : lista.data.length === 0 ? (
        <Empty description="Este informe no tiene envíos programados" />
      ) : (
        <ul className="informe-programaciones" aria-label="Envíos programados">
          {lista.data.map((p) => (
            <li key={p.id}>
              <Tarjeta clave={clave} p={p} nombres={nombres} onEditar={() => setEditando(p)} />
            </li>
          ))}
        </ul>
      )}
      <FormProgramacion clave={clave} editando={editando} onCerrar={() => setEditando(null)} />
    </Space>
  );
}

function Tarjeta({
  clave,
  p,
  nombres,
  onEditar,
}: {
  clave: ClaveInforme;
  p: ProgramacionInforme;
  nombres: Map<number, string>;
  onEditar: () => void;
}) {
  const { message } = App.useApp();
  const activar = useActivarProgramacion(clave);
  const eliminar = useEliminarProgramacion(clave);
  const enviar = useEnviarAhora(clave);
  const titulo = `${FRECUENCIA_ENVIO_LABEL[p.frecuencia]} · ${cuandoSeEnvia(p).toLowerCase()}`;
  const para = p.destinatarios.map((d) => nombres.get(d) ?? `Usuario ${d}`).join(', ');
  const enviarAhora = async () => {
    try {
      const r = await enviar.mutateAsync(p.id);
      void message.success(
        r.desde && r.hasta
          ? `Envío en curso: el informe del ${formatFecha(`${r.desde}T12:00:00`)} al ${formatFecha(`${r.hasta}T12:00:00`)} sale por correo en unos segundos`
          : 'Envío en curso: el informe sale por correo en unos segundos',
      );
    } catch (e) {
      void message.error(e instanceof Error ? e.message : 'No se pudo enviar');
    }
  };
  const cambiarActivo = async (activo: boolean) => {
    try {
      await activar.mutateAsync({ id: p.id, activo });
    } catch (e) {
      void message.error(e instanceof Error ? e.message : 'No se pudo cambiar');
    }
  };
  return (
    <Card
      size="small"
      title={titulo}
      extra={
        <Acciones
          titulo={titulo}
          onEditar={onEditar}
          confirmar={{ pregunta: '¿Eliminar este envío programado?', detalle: `${titulo}, para ${para}. No se enviará más.` }}
          onEliminar={() => eliminar.mutateAsync(p.id)}
        />
      }
    >
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Typography.Text>
          <Tag>{FORMATO_ENVIO_LABEL[p.formato]}</Tag>
          Para: {para}
        </Typography.Text>
        <Typography.Text type="secondary">
          {p.activo && p.proximo_envio ? `Próximo envío: ${formatFechaHora(p.proximo_envio)}` : 'Desactivado: no se enviará'}
          {p.ultimo_envio ? ` · Último envío: ${formatFechaHora(p.ultimo_envio)}` : ' · Aún no se ha enviado'}
        </Typography.Text>
        <Typography.Text type="secondary">Programado por {p.creado_por}</Typography.Text>
        {p.ultimo_error ? <Alert type="error" showIcon title={`Último intento: ${p.ultimo_error}`} /> : null}
        {p.ultimo_aviso ? <Alert type="warning" showIcon title={p.ultimo_aviso} /> : null}
        <Space wrap>
          <Space>
            <Switch
              id={`programacion-${p.id}-activo`}
              checked={p.activo}
              loading={activar.isPending}
              onChange={(v) => void cambiarActivo(v)}
            />
            <label htmlFor={`programacion-${p.id}-activo`}>Activo</label>
          </Space>
          <Button icon={<SendOutlined />} loading={enviar.isPending} onClick={() => void enviarAhora()}>
            Enviar ahora
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

function FormProgramacion({
  clave,
  editando,
  onCerrar,
}: {
  clave: ClaveInforme;
  editando: ProgramacionInforme | 'nueva' | null;
  onCerrar: () => void;
}) {
  const meta = INFORMES[clave];
  const filtros = meta.filtros as readonly string[];
  const [form] = Form.useForm<ProgramacionForm>();
  const frecuencia = Form.useWatch('frecuencia', form);
  const destinatarios = useDestinatarios(clave);
  const asesores = useAsesoresInforme(clave);
  const guardar = useGuardarProgramacion(clave);
  const { message } = App.useApp();
  const valores: Partial<ProgramacionForm> =
    editando === null || editando === 'nueva'
      ? NUEVA
      : {
          frecuencia: editando.frecuencia,
          dia: editando.dia,
          hora: editando.hora,
          formato: editando.formato,
          destinatarios: editando.destinatarios,
          asesor: editando.asesor,
          dias: editando.dias,
          activo: editando.activo,
        };
  return (
    <ModalForm<ProgramacionForm>
      open={editando !== null}
      title={editando === 'nueva' ? 'Nuevo envío programado' : 'Editar envío programado'}
      valores={valores}
      form={form}
      guardando={guardar.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        await guardar.mutateAsync({
          id: editando === null || editando === 'nueva' ? null : editando.id,
          body: { ...v, asesor: v.asesor ?? null, dias: v.dias ?? null, activo: v.activo ?? true },
        });
        void message.success('Envío programado guardado');
      }}
    >
      <Form.Item label="Frecuencia" name="frecuencia" rules={[{ required: true, message: 'El campo Frecuencia es obligatorio' }]}>
        <Radio.Group
          options={FRECUENCIAS_ENVIO.map((f) => ({ value: f, label: FRECUENCIA_ENVIO_LABEL[f] }))}
          onChange={() => form.setFieldValue('dia', 1)}
        />
      </Form.Item>
      <Space wrap size="middle">
        <Form.Item
          label={frecuencia === 'mensual' ? 'Día del mes' : 'Día de la semana'}
          name="dia"
          rules={[{ required: true, message: 'El campo Día es obligatorio' }]}
        >
          <Select options={frecuencia === 'mensual' ? DIAS_MES : DIAS_SEM} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Hora" name="hora" rules={[{ required: true, message: 'El campo Hora es obligatorio' }]}>
          <Select options={HORAS} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Form.Item label="Formato" name="formato" rules={[{ required: true, message: 'El campo Formato es obligatorio' }]}>
        <Radio.Group options={FORMATOS_ENVIO.map((f) => ({ value: f, label: FORMATO_ENVIO_LABEL[f] }))} />
      </Form.Item>
      <Form.Item
        label="Destinatarios"
        name="destinatarios"
        extra="Usuarios activos de la empresa; quien no tiene correo en Terceros no lo recibe."
        rules={[{ required: true, message: 'El campo Destinatarios es obligatorio: elija al menos un usuario' }]}
      >
        <Select
          mode="multiple"
          showSearch
          optionFilterProp="label"
          loading={destinatarios.isPending}
          placeholder="Elija uno o varios usuarios"
          options={(destinatarios.data ?? []).map((d) => ({
            value: d.id,
            label: d.correo ? d.nombre : `${d.nombre} (sin correo)`,
          }))}
        />
      </Form.Item>
      {filtros.includes('asesor') ? (
        <Form.Item label="Asesor" name="asesor" extra="Vacío: todos los asesores que ve quien lo programa.">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="Todos los asesores"
            options={(asesores.data ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
          />
        </Form.Item>
      ) : null}
      {filtros.includes('dias') ? (
        <Form.Item label="Días" name="dias" extra={'diasPorDefecto' in meta ? `Vacío: ${meta.diasPorDefecto} días.` : undefined}>
          <InputNumber min={1} max={3650} />
        </Form.Item>
      ) : null}
      <Form.Item label="Activo" name="activo" valuePropName="checked">
        <Switch />
      </Form.Item>
    </ModalForm>
  );
}
