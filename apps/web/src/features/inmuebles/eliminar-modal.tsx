import { useState } from 'react';
import { Alert, App, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ETIQUETAS_ESTADO, negocioDe, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { AppModal } from '../../components/app-modal.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useTagsView } from '../../lib/tags-view-store.ts';
import { useEliminarInmueble } from './api/eliminar-inmueble.ts';
import { useEstados } from './api/get-estados.ts';
import { RUTA_DISPONIBLES } from './inmuebles-params.ts';

const plural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/**
 * Deletes a property entered by mistake (company administrators): asks the reason, says what goes with
 * it, and points to withdrawing instead. The server refuses a property with business, requests or fichas
 * sent, and says so here.
 */
export function EliminarInmuebleModal({ inmueble, onCerrar }: { inmueble: InmuebleDetalle; onCerrar: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ motivo: string }>();
  const motivo = Form.useWatch('motivo', form) ?? '';
  const [error, setError] = useState<string | null>(null);
  const borrar = useEliminarInmueble();
  const n = inmueble.consecutivo;
  // Is, or ever was, reservado, arrendado or vendido: the server refuses it, so the dialog says so first.
  const estados = useEstados(n, true);
  const negocio = negocioDe(
    inmueble.estado,
    (estados.data ?? []).map((h) => h.hasta),
  );

  async function eliminar() {
    const v = await form.validateFields().catch(() => null);
    if (v === null) return;
    setError(null);
    try {
      const r = await borrar.mutateAsync({ consecutivo: n, body: { version: inmueble.version, motivo: v.motivo } });
      const con = [
        r.fotos ? plural(r.fotos, 'foto', 'fotos') : '',
        r.documentos ? plural(r.documentos, 'documento', 'documentos') : '',
      ]
        .filter(Boolean)
        .join(' y ');
      void message.success(`Inmueble ${n} eliminado${con ? `, con ${con}` : ''}`);
      onCerrar();
      // The page leaves and its tab closes.
      void navigate(RUTA_DISPONIBLES);
      useTagsView.getState().delView(`/propiedades/inmueble/${n}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, ['motivo']));
    }
  }

  return (
    <AppModal
      open
      title={`¿Eliminar el inmueble ${n}?`}
      okText="Eliminar inmueble"
      cancelText="Cancelar"
      okButtonProps={{ danger: true, disabled: negocio !== null || motivo.trim() === '' }}
      confirmLoading={borrar.isPending}
      onOk={() => void eliminar()}
      onCancel={onCerrar}
      destroyOnHidden
    >
      {negocio ? (
        <Alert
          type="info"
          showIcon
          title={`El inmueble ${negocio.ahora ? 'está' : 'estuvo'} ${ETIQUETAS_ESTADO[negocio.estado].toLowerCase()}: no se elimina.`}
          description="Un inmueble que está o estuvo reservado, arrendado o vendido conserva su historia y sus documentos."
        />
      ) : (
        <>
          <Typography.Paragraph>
            Eliminar es para un inmueble creado por error. Se borran sus datos, fotos, documentos e historial de estados, y su
            relación con los propietarios (los terceros se conservan). El consecutivo {n} no se vuelve a usar. Modificaciones de
            inmuebles conserva lo que tenía y el motivo.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {inmueble.estado === 'retirado'
              ? ''
              : 'Si el inmueble ya no se ofrece, cámbielo a retirado con una causal: así conserva su historia. '}
            No se elimina un inmueble con solicitudes o con fichas enviadas a clientes.
          </Typography.Paragraph>
          <Form form={form} layout="vertical">
            <Form.Item
              name="motivo"
              label="Motivo"
              rules={[{ required: true, whitespace: true, message: 'Escriba el motivo de la eliminación' }]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount placeholder="Ej.: quedó repetido, es el mismo del 128" />
            </Form.Item>
          </Form>
        </>
      )}
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </AppModal>
  );
}
