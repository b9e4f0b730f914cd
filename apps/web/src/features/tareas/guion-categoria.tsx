import { useEffect, useState } from 'react';
import { App, Button, Form, InputNumber, Select, Skeleton, Tooltip } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { ETIQUETAS_GUION as L, type PlaybookFormEntrada } from '@predio/contract/tareas';
import { ModalForm } from '../../components/modal-form.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useGuardarPlaybook, useGuionCategoria, useListasVerificacion } from '../../components/tareas/api.ts';
import type { AccionFilaMaestro } from '../../components/resource-table/resource-table.tsx';

type Valores = { id_lista_verificacion: number | null; dias_habiles_vence: number | null };

/**
 * «Guion» on each row of Categorías de tareas: the checklist and the business days (Colombian holidays
 * out) a new task of the category starts with when its form leaves them empty.
 */
export const GuionCategoriaAccion: AccionFilaMaestro = ({ item, nombre }) => {
  const [abierto, setAbierto] = useState(false);
  return (
    <>
      <Tooltip title="Guion">
        <Button type="text" icon={<ProfileOutlined />} aria-label={`Guion de «${nombre}»`} onClick={() => setAbierto(true)} />
      </Tooltip>
      {abierto ? <GuionDialogo idCategoria={item.id} nombre={nombre} onCerrar={() => setAbierto(false)} /> : null}
    </>
  );
};

function GuionDialogo({ idCategoria, nombre, onCerrar }: { idCategoria: number; nombre: string; onCerrar: () => void }) {
  const guion = useGuionCategoria(idCategoria, true);
  const listas = useListasVerificacion();
  const guardar = useGuardarPlaybook();
  const { message } = App.useApp();
  const cargando = guion.isPending || listas.isPending;
  const error = guion.error ?? listas.error;
  const g = guion.data;
  const [form] = Form.useForm<Valores>();
  // The dialog opens before its data arrives (or with it, from the cache): the fields take it when it does.
  useEffect(() => {
    if (g) form.setFieldsValue({ id_lista_verificacion: g.id_lista_verificacion, dias_habiles_vence: g.dias_habiles_vence });
  }, [g, form]);
  // Inactive lists are not offered, except the one the category already has.
  const opciones = (listas.data ?? [])
    .filter((l) => l.activo || l.id === g?.id_lista_verificacion)
    .map((l) => ({ value: l.id, label: l.activo ? l.nombre : `${l.nombre} (inactiva)` }));
  return (
    <ModalForm<Valores>
      open
      title={`Guion de «${nombre}»`}
      form={form}
      guardando={guardar.isPending}
      onCerrar={onCerrar}
      onGuardar={async (v) => {
        const playbook: PlaybookFormEntrada = {
          id_lista_verificacion: v.id_lista_verificacion ?? null,
          dias_habiles_vence: v.dias_habiles_vence ?? null,
        };
        await guardar.mutateAsync({ idCategoria, playbook, silent: true });
        void message.success(`Guion de «${nombre}» guardado`);
      }}
    >
      {cargando ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error ? (
        <ErrorDeCarga
          titulo="No se pudo cargar el guion"
          error={error}
          onReintentar={() => void Promise.all([guion.refetch(), listas.refetch()])}
        />
      ) : (
        <>
          <Form.Item
            name="id_lista_verificacion"
            label={L.id_lista_verificacion}
            extra="Las tareas nuevas de la categoría la copian cuando no eligen otra lista ni ítems."
          >
            <Select allowClear placeholder="Sin lista" options={opciones} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item
            name="dias_habiles_vence"
            label={L.dias_habiles_vence}
            extra="Sin fecha propia, la tarea vence ese número de días hábiles después, a las 6:00 p. m. (sin sábados, domingos ni festivos de Colombia)."
            rules={[{ type: 'integer', min: 0, max: 365, message: `El campo ${L.dias_habiles_vence} debe estar entre 0 y 365` }]}
          >
            <InputNumber min={0} max={365} precision={0} placeholder="Sin vencimiento" style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </ModalForm>
  );
}
