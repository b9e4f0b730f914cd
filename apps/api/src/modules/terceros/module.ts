import type { ApiModule } from '../../platform/module.ts';
import { tercerosRoutes } from './terceros.routes.ts';

export const apiModule: ApiModule = {
  routes: tercerosRoutes,
};
