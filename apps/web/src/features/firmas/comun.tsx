import { Tag } from 'antd';
import {
  ETIQUETAS_ESTADO_DOCUMENTO,
  ETIQUETAS_ESTADO_FIRMANTE,
  type EstadoDocumentoFirma,
  type EstadoFirmante,
} from '@predio/contract/firmas';

const COLOR_DOCUMENTO: Record<EstadoDocumentoFirma, string> = {
  borrador: 'default',
  enviado: 'processing',
  firmado: 'success',
  rechazado: 'error',
  cancelado: 'default',
  vencido: 'warning',
};
const COLOR_FIRMANTE: Record<EstadoFirmante, string> = { pendiente: 'processing', firmado: 'success', rechazado: 'error' };

export const EstadoDocumento = ({ estado }: { estado: EstadoDocumentoFirma }) => (
  <Tag color={COLOR_DOCUMENTO[estado]}>{ETIQUETAS_ESTADO_DOCUMENTO[estado]}</Tag>
);
export const EstadoFirmanteTag = ({ estado }: { estado: EstadoFirmante }) => (
  <Tag color={COLOR_FIRMANTE[estado]}>{ETIQUETAS_ESTADO_FIRMANTE[estado]}</Tag>
);
