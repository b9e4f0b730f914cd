import dayjs, { type Dayjs } from 'dayjs';
import { ETIQUETA_ESTADO_CLIENTE, type EstadoCliente } from '@predio/contract/clientes';

export const aDayjs = (iso: string | null | undefined): Dayjs | null => (iso ? dayjs(iso.slice(0, 10)) : null);
export const deDayjs = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);
export const hoy = () => dayjs().format('YYYY-MM-DD');

export const COLOR_ESTADO: Record<EstadoCliente, string> = { activo: 'green', en_seguimiento: 'blue', cerrado: 'default' };
export const estadoTexto = (e: EstadoCliente) => ETIQUETA_ESTADO_CLIENTE[e];

/** COP in an InputNumber: 1.500.000 while typing, digits only when parsed. */
export const formatoPesos = (v: number | string | undefined) =>
  v === undefined || v === '' ? '' : `$ ${String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
export const leerPesos = (v: string | undefined) => Number((v ?? '').replace(/\D/g, '')) as unknown as number;
