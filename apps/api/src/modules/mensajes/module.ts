import type { ApiModule } from '../../platform/module.ts';
import { mensajesRoutes } from './mensajes.routes.ts';

export const apiModule: ApiModule = {
  routes: mensajesRoutes,
};
