import { useState } from 'react';
import { Alert, App, Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ESTADOS_NO_ELIMINABLES, ETIQUETAS_ESTADO, type InmuebleDetalle } from '@predio/contract/inmuebles';
import { Dialogo } from '../../components/dialogo.tsx';
import { erroresEnCampos } from '../../lib/errores-en-campos.ts';
import { ApiError } from '../../lib/http.ts';
import { useTagsView } from '../../lib/tags-view-store.ts';
import { eliminarInmueble } from './api/eliminar-inmueble.ts';
import { useEstados } from './api/get-estados.ts';
import { inmueblesKeys } from './api/get-inmuebles.ts';
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
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ motivo: string }>();
  const motivo = Form.useWatch('motivo', form) ?? '';
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const n = inmueble.consecutivo;
  // Is, or ever was, reservado, arrendado or vendido: the server refuses it, so the dialog says so first.
  const estados = useEstados(n, true);
  const conNegocio = (e: string) => (ESTADOS_NO_ELIMINABLES as readonly string[]).includes(e);
  const negocio = conNegocio(inmueble.estado)
    ? { estado: inmueble.estado, verbo: 'está' }
    : (estados.data ?? []).filter((h) => conNegocio(h.hasta)).map((h) => ({ estado: h.hasta, verbo: 'estuvo' }))[0];

  async function eliminar() {
    const v = await form.validateFields().catch(() => null);
    if (v === null) return;
    setError(null);
    setEnviando(true);
    try {
      const r = await eliminarInmueble(n, { version: inmueble.version, motivo: v.motivo });
      const con = [
        r.fotos ? plural(r.fotos, 'foto', 'fotos') : '',
        r.documentos ? plural(r.documentos, 'documento', 'documentos') : '',
      ]
        .filter(Boolean)
        .join(' y ');
      void message.success(`Inmueble ${n} eliminado${con ? `, con ${con}` : ''}`);
      onCerrar();
      // The page leaves, its tab closes, and nothing asks for the property again.
      void navigate(RUTA_DISPONIBLES);
      useTagsView.getState().delView(`/propiedades/inmueble/${n}`);
      queryClient.removeQueries({ queryKey: inmueblesKeys.detalle(n) });
      void queryClient.invalidateQueries({ queryKey: inmueblesKeys.all });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(erroresEnCampos(form, e, ['motivo']));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialogo
      open
      title={`¿Eliminar el inmueble ${n}?`}
      okText="Eliminar inmueble"
      cancelText="Cancelar"
      okButtonProps={{ danger: true, disabled: negocio !== undefined || motivo.trim() === '' }}
      confirmLoading={enviando}
      onOk={() => void eliminar()}
      onCancel={onCerrar}
      destroyOnHidden
    >
      {negocio ? (
        <Alert
          type="info"
          showIcon
          title={`El inmueble ${negocio.verbo} ${ETIQUETAS_ESTADO[negocio.estado].toLowerCase()}: no se elimina.`}
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
    </Dialogo>
  );
}
