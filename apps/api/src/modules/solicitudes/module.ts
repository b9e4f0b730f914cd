import type { ApiModule } from '../../platform/module.ts';
import { solicitudesRoutes } from './solicitudes.routes.ts';

export const apiModule: ApiModule = {
  routes: solicitudesRoutes,
};
