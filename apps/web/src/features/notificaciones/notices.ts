import type { NotificationInstance } from 'antd/es/notification/interface';
import { MENSAJES_NOTIFICACIONES as M } from '@predio/contract/notificaciones';
import { ApiError } from '../../lib/http.ts';
import type { GrabarResultado } from './api/grabar-config-notificaciones.ts';

// spec §8 "Configuration load/save": texts and durations are verbatim.
const hasResponse = (error: unknown) => error instanceof ApiError && error.hasResponse;
const text = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function noticeLoadError(notification: NotificationInstance, error: unknown): void {
  if (hasResponse(error)) notification.error({ title: M.errorCarga, description: text(error), duration: 3 });
  else notification.error({ title: M.sinConexion, duration: 2 });
}

export function noticeSaved(notification: NotificationInstance, resultado: GrabarResultado): void {
  if (resultado.exito) notification.success({ title: M.guardadoOkTitulo, description: M.guardadoOk, duration: 4 });
  else notification.error({ title: resultado.mensaje || 'Error', duration: 2 });
}

export function noticeSaveError(notification: NotificationInstance, error: unknown): void {
  if (hasResponse(error)) notification.error({ title: M.errorGuardando, description: text(error) });
  else notification.error({ title: M.errorConexion, description: M.sinConexion });
}
