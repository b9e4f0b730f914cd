import type { ApiModule } from '../../platform/module.ts';
import { portalesRoutes } from './portales.routes.ts';

export const apiModule: ApiModule = {
  routes: portalesRoutes,
};
