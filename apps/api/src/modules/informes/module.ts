import type { ApiModule } from '../../platform/module.ts';
import { informesRoutes } from './informes.routes.ts';

export const apiModule: ApiModule = {
  routes: informesRoutes,
};
