import type { ApiModule } from '../../platform/module.ts';
import { notificacionesRoutes } from './notificaciones.routes.ts';

export const apiModule: ApiModule = {
  routes: notificacionesRoutes,
};
